"""An organization's ATS API keys in its dashboard (ADR 0039): the list (never a secret), a new
key (its secret answered this once) and revoking one."""

from __future__ import annotations

from datetime import datetime
from enum import StrEnum
from typing import Annotated

import strawberry
from strawberry.types import Info

from jobs.domain import api_keys
from jobs.domain.errors import JobErrorCode, one_error
from jobs.domain.errors import JobErrors as DomainErrors
from jobs.domain.models import ApiKey as ApiKeyModel
from jobs.graphql.context import JobContext
from jobs.graphql.types import JobErrors, parse_id


@strawberry.enum(
    description="What a key may do: JOBS (post, change, close and list the organization's "
    "jobs), APPLICATIONS (read its applications and move them along the pipeline)."
)
class ApiKeyScope(StrEnum):
    JOBS = "jobs"
    APPLICATIONS = "applications"


@strawberry.type(description="An API key of an organization (its secret is shown once only).")
class ApiKey:
    id: strawberry.ID
    name: str
    prefix: str = strawberry.field(description="The secret's first characters, to tell keys apart.")
    scopes: list[ApiKeyScope]
    created_at: datetime
    created_by_email: str | None = strawberry.field(description="Who made it (it acts as them).")
    last_used_at: datetime | None
    revoked_at: datetime | None

    @classmethod
    def from_model(cls, key: ApiKeyModel) -> ApiKey:
        return cls(
            id=strawberry.ID(str(key.id)),
            name=key.name,
            prefix=key.prefix,
            scopes=[ApiKeyScope(scope) for scope in key.scopes],
            created_at=key.created_at,
            created_by_email=key.created_by_email,
            last_used_at=key.last_used_at,
            revoked_at=key.revoked_at,
        )


@strawberry.type(description="A new key and its secret: shown this once, never again.")
class ApiKeyCreated:
    key: ApiKey
    secret: str


@strawberry.type(description="The key as saved.")
class ApiKeySaved:
    key: ApiKey


@strawberry.type(description="The revoked key was removed from the list.")
class ApiKeyDeleted:
    id: strawberry.ID


CreateApiKeyResult = Annotated[ApiKeyCreated | JobErrors, strawberry.union("CreateApiKeyResult")]
ApiKeyResult = Annotated[ApiKeySaved | JobErrors, strawberry.union("ApiKeyResult")]
DeleteApiKeyResult = Annotated[ApiKeyDeleted | JobErrors, strawberry.union("DeleteApiKeyResult")]


def _not_found(field: str) -> JobErrors:
    return JobErrors.from_domain(one_error(JobErrorCode.NOT_FOUND, api_keys.NO_SUCH_KEY, field))


async def api_keys_of(info: Info[JobContext, None], organization_id: strawberry.ID) -> list[ApiKey]:
    key = parse_id(organization_id)
    if key is None:
        return []
    found = await api_keys.api_keys_of(
        sessions=info.context.sessions,
        principal=info.context.require_principal(),
        organization_id=key,
    )
    return [] if isinstance(found, DomainErrors) else [ApiKey.from_model(k) for k in found]


async def create_api_key(
    info: Info[JobContext, None],
    organization_id: strawberry.ID,
    name: str,
    scopes: list[ApiKeyScope],
) -> CreateApiKeyResult:
    key = parse_id(organization_id)
    if key is None:
        return JobErrors.from_domain(
            one_error(JobErrorCode.NOT_FOUND, "This organization does not exist.", "organizationId")
        )
    made = await api_keys.create_api_key(
        sessions=info.context.sessions,
        principal=info.context.require_principal(),
        organization_id=key,
        name=name,
        scopes=[scope.value for scope in scopes],
    )
    if isinstance(made, DomainErrors):
        return JobErrors.from_domain(made)
    return ApiKeyCreated(key=ApiKey.from_model(made.key), secret=made.secret)


async def revoke_api_key(info: Info[JobContext, None], id: strawberry.ID) -> ApiKeyResult:
    key = parse_id(id)
    if key is None:
        return _not_found("id")
    revoked = await api_keys.revoke_api_key(
        sessions=info.context.sessions, principal=info.context.require_principal(), key_id=key
    )
    if isinstance(revoked, DomainErrors):
        return JobErrors.from_domain(revoked)
    return ApiKeySaved(key=ApiKey.from_model(revoked))


async def delete_api_key(info: Info[JobContext, None], id: strawberry.ID) -> DeleteApiKeyResult:
    key = parse_id(id)
    if key is None:
        return _not_found("id")
    deleted = await api_keys.delete_api_key(
        sessions=info.context.sessions, principal=info.context.require_principal(), key_id=key
    )
    if isinstance(deleted, DomainErrors):
        return JobErrors.from_domain(deleted)
    return ApiKeyDeleted(id=strawberry.ID(str(deleted)))
