"""GraphQL helpers shared by every subgraph: the error interface, result unions and the context.

Expected errors are data: a mutation returns a union of its success type and error types, each
error with ``message``, ``code`` and ``field``. Authentication failures and bugs are top-level
GraphQL errors with ``extensions.code``.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Sequence
from enum import Enum
from typing import Any, Protocol, TypeVar

import strawberry
from fastapi import Request
from graphql import GraphQLError
from sqlalchemy import FromClause, Table, select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker
from strawberry.dataloader import DataLoader
from strawberry.fastapi import BaseContext
from strawberry.utils.str_converters import to_camel_case

from jobkit.auth import AuthenticationError, JwtVerifier, Principal, bearer_token
from jobkit.errors import DomainError, DomainErrors
from jobkit.frontend import Frontend
from jobkit.memberships import MembershipKey, membership_loader
from jobkit.settings import ServiceSettings
from jobkit.site_settings import SITE_NAME_KEY, SITE_NAME_NAME, SITE_SETTINGS, site_names


@strawberry.interface(description="An expected failure, returned as data.")
class Error:
    message: str
    field: str | None = strawberry.field(
        default=None, description="The input field at fault (camelCase path), if any."
    )


@strawberry.enum(description="Codes of the access errors every subgraph shares.")
class AccessErrorCode(Enum):
    NOT_FOUND = "NOT_FOUND"
    FORBIDDEN = "FORBIDDEN"


@strawberry.federation.type(shareable=True, description="The thing asked for does not exist.")
class NotFound(Error):
    code: AccessErrorCode = AccessErrorCode.NOT_FOUND


@strawberry.federation.type(shareable=True, description="The caller may not do this.")
class Forbidden(Error):
    code: AccessErrorCode = AccessErrorCode.FORBIDDEN


class _ErrorType(Protocol):
    def __init__(self, *, message: str, code: Any, field: str | None) -> None: ...


ErrorT = TypeVar("ErrorT", bound=_ErrorType)
ModelT = TypeVar("ModelT")
K = TypeVar("K")
V = TypeVar("V")


def camel_path(field: str | None) -> str | None:
    """``contact_persons.first_name`` -> ``contactPersons.firstName`` (the schema's names)."""
    if field is None:
        return None
    return ".".join(to_camel_case(part) for part in field.split("."))


def field_errors(
    errors: Sequence[DomainError[Any]] | DomainError[Any] | DomainErrors[Any],
    error_type: type[ErrorT],
) -> list[ErrorT]:
    """Domain errors as the service's GraphQL error type, with camelCase field names."""
    if isinstance(errors, DomainError):
        errors = [errors]
    elif isinstance(errors, DomainErrors):
        errors = errors.errors
    return [
        error_type(message=error.message, code=error.code, field=camel_path(error.field))
        for error in errors
    ]


def errors_summary(count: int) -> str:
    """The message of an error list; the items carry the details, so it never repeats them."""
    return (
        "The input has 1 invalid field." if count == 1 else f"The input has {count} invalid fields."
    )


def unauthenticated(message: str = "Authentication required") -> GraphQLError:
    return GraphQLError(message, extensions={"code": "UNAUTHENTICATED"})


class ServiceContext(BaseContext):
    """Per-request context: the session factory, settings and the (lazily verified) principal."""

    def __init__(
        self,
        *,
        sessions: async_sessionmaker[AsyncSession],
        settings: ServiceSettings,
        principal: Principal | None,
        auth_error: str | None,
        memberships: Table | None = None,
        frontend: Frontend | None = None,
        outbox: Table | None = None,
        client_ip: str | None = None,
    ) -> None:
        super().__init__()
        # The end user's address (X-Forwarded-For through the deployment's trusted proxies only,
        # jobkit.app.client_ip), for rate limits and captcha checks.
        self.client_ip = client_ip
        self.sessions = sessions
        self.settings = settings
        # The site and locale this request is for (X-Frontend), the service's own by default.
        self.frontend = frontend or Frontend(settings.site)
        # The service's outbox: jobkit's audit of masqueraded writes goes through it.
        self.outbox = outbox
        self._principal = principal
        self._auth_error = auth_error
        self._memberships = memberships
        self._membership_loader: DataLoader[MembershipKey, bool] | None = None
        self._loaders: dict[type[Any], DataLoader[uuid.UUID, Any]] = {}
        self._named_loaders: dict[str, DataLoader[Any, Any]] = {}

    def loader(self, name: str, make: Callable[[], DataLoader[K, V]]) -> DataLoader[K, V]:
        """This request's loader called ``name``, made by ``make`` on first use (a service's own
        batched loads beside :meth:`load`)."""
        found = self._named_loaders.get(name)
        if found is None:
            found = self._named_loaders[name] = make()
        return found

    async def is_member(self, organization_id: object) -> bool:
        """Whether the caller belongs to the organization, from this service's read model."""
        principal = self.principal
        if principal is None or organization_id is None:
            return False
        if self._memberships is None:
            raise RuntimeError(
                "this service has no membership read model; pass memberships= to create_service_app"
            )
        if self._membership_loader is None:
            self._membership_loader = membership_loader(self.sessions, self._memberships)
        return await self._membership_loader.load((str(organization_id), principal.user_id))

    async def load(self, model: type[ModelT], id: object) -> ModelT | None:
        """A row of ``model`` by id through this request's batching loader, or None."""
        key = parse_uuid(id)
        if key is None:
            return None
        loader = self._loaders.get(model)
        if loader is None:
            loader = self._loaders[model] = by_id_loader(self.sessions, model)
        row: ModelT | None = await loader.load(key)
        return row

    @property
    def principal(self) -> Principal | None:
        """The caller, or None when anonymous; a bad token is an error, never anonymous."""
        if self._auth_error is not None:
            raise unauthenticated(self._auth_error)
        return self._principal

    def require_principal(self) -> Principal:
        principal = self.principal
        if principal is None:
            raise unauthenticated()
        return principal


async def authenticate(
    request: Request, verifier: JwtVerifier
) -> tuple[Principal | None, str | None]:
    try:
        token = bearer_token(request.headers.get("authorization"))
        if token is None:
            return None, None
        return await verifier.verify(token), None
    except AuthenticationError as error:
        return None, str(error)


def parse_uuid(value: object) -> uuid.UUID | None:
    """An ID argument as a UUID, or None when it is not one (so lookups answer null, not 500)."""
    try:
        return uuid.UUID(str(value))
    except ValueError:
        return None


def by_id_loader(
    sessions: async_sessionmaker[AsyncSession], model: type[Any]
) -> DataLoader[uuid.UUID, Any]:
    """One batched ``SELECT ... WHERE id IN (...)`` per request for a mapped model with ``id``."""

    async def load(ids: list[uuid.UUID]) -> list[Any]:
        async with sessions() as session:
            rows = await session.scalars(select(model).where(model.id.in_(ids)))
            found = {row.id: row for row in rows}
        return [found.get(key) for key in ids]

    return DataLoader(load_fn=load)


async def site_name(context: ServiceContext, table: FromClause, site: str) -> str:
    """The site's name for a resolver: from the process's copy while it is fresh, else one query
    per request, however many pages ask."""
    kept = SITE_SETTINGS.get(table, site, (SITE_NAME_KEY, SITE_NAME_NAME))
    if kept is not None:
        return str(kept[0])
    sessions = context.sessions

    def make() -> DataLoader[str, str]:
        async def load(sites: list[str]) -> list[str]:
            generation = SITE_SETTINGS.generation
            async with sessions() as session:
                names = await site_names(session, table, sites)
            for name_of, name in names.items():
                SITE_SETTINGS.put(
                    table,
                    name_of,
                    (SITE_NAME_KEY, SITE_NAME_NAME),
                    name,
                    read_at_generation=generation,
                )
            return [names[site] for site in sites]

        return DataLoader(load_fn=load)

    return await context.loader("site_name", make).load(site)
