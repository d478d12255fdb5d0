import strawberry
from jobkit.permissions import AdminLike, IsAuthenticated
from jobkit.schema import build_schema

from identity.graphql.exports import DataExportResult, export_user_data, request_data_export
from identity.graphql.mutations.account import (
    AccountResult,
    DeleteAccountResult,
    change_email,
    change_password,
    delete_account,
    update_profile,
)
from identity.graphql.mutations.change_user_roles import ChangeUserRolesResult, change_user_roles
from identity.graphql.mutations.erase_user import erase_user
from identity.graphql.mutations.legal_hold import LegalHoldResult, lift_legal_hold, set_legal_hold
from identity.graphql.mutations.password_reset import (
    PasswordResetRequested,
    ResetPasswordResult,
    request_password_reset,
    reset_password,
)
from identity.graphql.mutations.set_user_blocked import SetUserBlockedResult, set_user_blocked
from identity.graphql.mutations.sign_up import SignUpResult, sign_up
from identity.graphql.mutations.site_config import (
    UpdateSiteConfigResult,
    update_site_config_mutation,
)
from identity.graphql.mutations.verify_email import VerifyEmailResult, verify_email
from identity.graphql.queries import Query
from identity.graphql.types import User


@strawberry.type
class Mutation:
    sign_up: SignUpResult = strawberry.mutation(
        resolver=sign_up,
        description=(
            "Create an account and mail its verification link; for an address that has an "
            "account, the same answer and a notice to its owner instead."
        ),
    )
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
    set_user_blocked: SetUserBlockedResult = strawberry.mutation(
        resolver=set_user_blocked,
        description=(
            "Block an account (it cannot sign in and every session of it ends) or lift the "
            "block (administrators only)."
        ),
        permission_classes=[AdminLike],
    )
    update_site_config: UpdateSiteConfigResult = strawberry.mutation(
        resolver=update_site_config_mutation,
        description="Change settings of a site (administrators only).",
        permission_classes=[AdminLike],
    )
    update_profile: AccountResult = strawberry.mutation(
        resolver=update_profile,
        description="Change your name or display name.",
        permission_classes=[IsAuthenticated],
    )
    change_email: AccountResult = strawberry.mutation(
        resolver=change_email,
        description=(
            "Mail a confirmation link to a new address; it becomes yours once opened. An address "
            "of another account gets the same answer, and its owner a notice instead of a link."
        ),
        permission_classes=[IsAuthenticated],
    )
    change_password: AccountResult = strawberry.mutation(
        resolver=change_password,
        description="Choose a new password (asks for the current one).",
        permission_classes=[IsAuthenticated],
    )
    delete_account: DeleteAccountResult = strawberry.mutation(
        resolver=delete_account,
        description="Delete your account for good (asks for the current password).",
        permission_classes=[IsAuthenticated],
    )
    erase_user: DeleteAccountResult = strawberry.mutation(
        resolver=erase_user,
        description=(
            "Delete a person's account on their request, and erase their data in every service "
            "(administrators only; progress in erasureRequests)."
        ),
        permission_classes=[AdminLike],
    )

    set_legal_hold: LegalHoldResult = strawberry.mutation(
        resolver=set_legal_hold,
        description=(
            "Keep a person's data from erasure while the law requires it (administrators "
            "only): deleting the account then waits to ask the services until the hold is "
            "lifted. Written to the audit log."
        ),
        permission_classes=[AdminLike],
    )
    lift_legal_hold: LegalHoldResult = strawberry.mutation(
        resolver=lift_legal_hold,
        description=(
            "Lift a legal hold (administrators only); an account deleted meanwhile is then "
            "erased in every service. Written to the audit log."
        ),
        permission_classes=[AdminLike],
    )
    request_data_export: DataExportResult = strawberry.mutation(
        resolver=request_data_export,
        description=(
            "Ask for a copy of everything the site keeps about you: every service sends its part "
            "and you get a mail with a download link within minutes (myDataExports follows it)."
        ),
        permission_classes=[IsAuthenticated],
    )
    export_user_data: DataExportResult = strawberry.mutation(
        resolver=export_user_data,
        description=(
            "Prepare a copy of a person's data on their request (administrators only; written "
            "to the audit log; the person is mailed the link, the administrator can download it "
            "too)."
        ),
        permission_classes=[AdminLike],
    )


schema = build_schema(query=Query, mutation=Mutation, types=[User])
