from __future__ import annotations

from datetime import date, datetime
from enum import Enum

import strawberry
from jobkit.graphql import Error, errors_summary, field_errors
from jobkit.permissions import SelfOrAdminLike
from strawberry.extensions.field_extension import FieldExtension
from strawberry.permission import PermissionExtension
from strawberry.scalars import JSON
from strawberry.types import Info

from identity.domain import errors as domain_errors
from identity.domain.models import User as UserModel
from identity.domain.service import SignupRole
from identity.graphql.context import IdentityContext

AccountErrorCode = strawberry.enum(
    domain_errors.AccountErrorCode, description="Why an account operation was refused."
)
SignUpRole = strawberry.enum(
    SignupRole, name="SignUpRole", description="The roles a visitor may sign up with."
)


@strawberry.type(description="One refused input of an account operation.")
class AccountError(Error):
    code: AccountErrorCode  # type: ignore[valid-type]


@strawberry.type(description="An account operation was refused; each error names its field.")
class AccountErrors:
    message: str
    errors: list[AccountError]

    @classmethod
    def from_domain(cls, refused: domain_errors.AccountErrors) -> AccountErrors:
        errors = field_errors(refused, AccountError)
        return cls(message=errors_summary(len(errors)), errors=errors)


@strawberry.type(description="A role held by a user; target_id is the role's machine name.")
class Role:
    target_id: str = strawberry.field(name="targetId")


def _self_or_admin() -> list[FieldExtension]:
    # Visible to the user themself and admin-like users; null for everyone else.
    return [PermissionExtension([SelfOrAdminLike()], fail_silently=True)]


@strawberry.federation.type(keys=["id"], description="A person with an account on the site.")
class User:
    id: strawberry.ID
    name: str
    display_name: str
    first_name: str
    last_name: str
    email: str | None = strawberry.field(
        extensions=_self_or_admin(), description="Only for the user themself and administrators."
    )
    roles: list[Role] | None = strawberry.field(
        extensions=_self_or_admin(), description="Only for the user themself and administrators."
    )
    email_verified: bool | None = strawberry.field(
        extensions=_self_or_admin(), description="Only for the user themself and administrators."
    )
    pending_email: str | None = strawberry.field(
        extensions=_self_or_admin(),
        description="A new address waiting for its confirmation link (the user and admins only).",
    )
    is_user_approved_and_verified: bool | None = strawberry.field(
        extensions=_self_or_admin(),
        description="The account is active and its email address confirmed.",
    )
    is_eligible_for_job_apply: bool | None = strawberry.field(
        extensions=_self_or_admin(),
        description="The user may apply to jobs as themself (an applicant account).",
    )
    # True when the answer goes to the very person it is about (the account a mutation changed).
    disclosed_to_caller: strawberry.Private[bool] = False

    @classmethod
    def from_model(cls, user: UserModel, *, disclosed_to_caller: bool = False) -> User:
        return cls(
            disclosed_to_caller=disclosed_to_caller,
            id=strawberry.ID(str(user.id)),
            name=user.display_name,
            email=user.email,
            display_name=user.display_name,
            first_name=user.first_name,
            last_name=user.last_name,
            roles=[Role(target_id=role) for role in user.roles],
            email_verified=user.email_verified,
            pending_email=user.pending_email,
            is_user_approved_and_verified=user.email_verified,
            is_eligible_for_job_apply="applicant" in user.roles,
        )

    @classmethod
    async def resolve_reference(
        cls, info: Info[IdentityContext, None], id: strawberry.ID
    ) -> User | None:
        user = await info.context.load(UserModel, id)
        return cls.from_model(user) if user is not None else None


@strawberry.type(description="One setting of the site: found by its name within its group (key).")
class AppConfigEntry:
    name: str
    key: str = strawberry.field(description="The setting's group, e.g. features, captcha, geo.")
    value: JSON = strawberry.field(description="The effective value (the site's or the default).")


@strawberry.type(description="A career site (frontend) of the platform.")
class Site:
    name: str
    label: str
    default_locale: str


@strawberry.type(description="A write made while an administrator masqueraded as a user.")
class AuditEntry:
    write_id: strawberry.ID
    admin: User = strawberry.field(description="The administrator really acting.")
    user: User = strawberry.field(description="The user they acted as.")
    service: str
    site: str
    operation_name: str | None
    fields: list[str] = strawberry.field(description="The mutations it ran.")
    variables: list[str] = strawberry.field(description="Names of its variables (never values).")
    outcome: str = strawberry.field(description="attempted, succeeded or failed.")
    errors: list[str]
    attempted_at: datetime
    finished_at: datetime | None


@strawberry.type
class AuditLog:
    entries: list[AuditEntry]
    total: int


@strawberry.enum(description="Where a service stands in an erasure (ADR 0036).")
class ErasureServiceState(Enum):
    PENDING = "pending"
    CONFIRMED = "confirmed"


@strawberry.type(description="How many rows, files or documents of one kind a service handled.")
class ErasureCount:
    kind: str
    count: int


@strawberry.type(description="One service's part in an erasure.")
class ErasureServiceProgress:
    service: str
    state: ErasureServiceState
    confirmed_at: datetime | None
    erased: list[ErasureCount] = strawberry.field(description="What it deleted, by kind.")
    anonymized: list[ErasureCount] = strawberry.field(
        description="What it kept without the person (kept for a reason ADR 0036 gives), by kind."
    )


@strawberry.type(description="A deleted account's erasure across the services (ADR 0036).")
class ErasureRequest:
    user_id: strawberry.ID = strawberry.field(description="The deleted account's id.")
    requested_by: str | None = strawberry.field(
        description="Who asked: the person's id, or the administrator's acting for them."
    )
    requested_at: datetime
    last_asked_at: datetime = strawberry.field(
        description="When the services were last asked (the first time, or a retry)."
    )
    attempts: int
    completed_at: datetime | None = strawberry.field(
        description="When the last service confirmed; null while any has not."
    )
    held_reason: str | None = strawberry.field(
        description="Why a legal hold keeps the services from being asked; null without one."
    )
    services: list[ErasureServiceProgress]


@strawberry.type
class ErasureRequests:
    requests: list[ErasureRequest]
    total: int


@strawberry.type(description="How many accounts were created on one day (UTC).")
class SignUpDay:
    day: date
    count: int
