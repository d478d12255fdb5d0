import strawberry
from jobkit.permissions import AdminLike
from jobkit.schema import build_schema

from identity.graphql.mutations.change_user_roles import ChangeUserRolesResult, change_user_roles
from identity.graphql.mutations.password_reset import (
    PasswordResetRequested,
    ResetPasswordResult,
    request_password_reset,
    reset_password,
)
from identity.graphql.mutations.sign_up import SignUpResult, sign_up
from identity.graphql.mutations.verify_email import VerifyEmailResult, verify_email
from identity.graphql.queries import Query
from identity.graphql.types import User


@strawberry.type
class Mutation:
    sign_up: SignUpResult = strawberry.mutation(resolver=sign_up, description="Create an account.")
    verify_email: VerifyEmailResult = strawberry.mutation(
        resolver=verify_email,
        description="Confirm an email address with the token of the mailed link.",
    )
    request_password_reset: PasswordResetRequested = strawberry.mutation(
        resolver=request_password_reset,
        description="Mail a link to choose a new password, if an account has this address.",
    )
    reset_password: ResetPasswordResult = strawberry.mutation(
        resolver=reset_password,
        description="Choose a new password with the token of the mailed link.",
    )
    change_user_roles: ChangeUserRolesResult = strawberry.mutation(
        resolver=change_user_roles,
        description="Set a user's roles (administrators only).",
        permission_classes=[AdminLike],
    )


schema = build_schema(query=Query, mutation=Mutation, types=[User])
