from __future__ import annotations

import strawberry
from jobkit.graphql import Error, errors_summary, field_errors
from jobkit.permissions import SelfOrAdminLike
from strawberry.extensions.field_extension import FieldExtension
from strawberry.permission import PermissionExtension
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
    # True when the answer goes to the very person it is about (signUp's new account).
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
        )

    @classmethod
    async def resolve_reference(
        cls, info: Info[IdentityContext, None], id: strawberry.ID
    ) -> User | None:
        user = await info.context.load(UserModel, id)
        return cls.from_model(user) if user is not None else None
