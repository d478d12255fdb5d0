"""Events identity publishes (topic ``identity.user``, keyed by user id)."""

from typing import Any, ClassVar, Literal

from jobkit import contracts
from jobkit.events import EventPayload
from pydantic import BaseModel, Field

USER_TOPIC = "identity.user"


class UserRegistered(EventPayload):
    event_type: ClassVar[str] = "identity.user.registered"
    schema_version: ClassVar[int] = 1
    topic: ClassVar[str] = USER_TOPIC

    user_id: str
    roles: list[str]
    signup_method: str


class UserRolesChanged(EventPayload):
    event_type: ClassVar[str] = "identity.user.roles_changed"
    schema_version: ClassVar[int] = 1
    topic: ClassVar[str] = USER_TOPIC

    user_id: str
    roles: list[str]
    granted_by: str | None


class UserLoggedIn(EventPayload):
    event_type: ClassVar[str] = "identity.user.logged_in"
    schema_version: ClassVar[int] = 1
    topic: ClassVar[str] = USER_TOPIC

    user_id: str
    method: str


class UserEmailVerified(EventPayload):
    event_type: ClassVar[str] = "identity.user.email_verified"
    schema_version: ClassVar[int] = 1
    topic: ClassVar[str] = USER_TOPIC

    user_id: str


class PasswordResetRequested(EventPayload):
    event_type: ClassVar[str] = "identity.user.password_reset_requested"
    schema_version: ClassVar[int] = 1
    topic: ClassVar[str] = USER_TOPIC

    user_id: str


class PasswordChanged(EventPayload):
    event_type: ClassVar[str] = "identity.user.password_changed"
    schema_version: ClassVar[int] = 1
    topic: ClassVar[str] = USER_TOPIC

    user_id: str


class MasqueradeStarted(EventPayload):
    event_type: ClassVar[str] = "identity.user.masquerade_started"
    schema_version: ClassVar[int] = 1
    topic: ClassVar[str] = USER_TOPIC

    admin_id: str
    user_id: str


SITE_TOPIC = "identity.site"


class SiteSettingValue(BaseModel):
    key: str
    name: str
    value: Any


class SiteConfigChanged(EventPayload):
    """Some of a site's settings changed (keyed by the site's name); ``changes`` has the new
    effective values, so a consumer can update its cache without asking identity."""

    event_type: ClassVar[str] = "identity.site.config_changed"
    schema_version: ClassVar[int] = 1
    topic: ClassVar[str] = SITE_TOPIC

    site: str
    changes: list[SiteSettingValue]


class UserUpdated(EventPayload):
    event_type: ClassVar[str] = "identity.user.updated"
    schema_version: ClassVar[int] = 1
    topic: ClassVar[str] = USER_TOPIC

    user_id: str
    fields: list[str]


class EmailChangeRequested(EventPayload):
    """A confirmation link is to be mailed to ``new_email`` (the address is not yet the user's)."""

    event_type: ClassVar[str] = "identity.user.email_change_requested"
    schema_version: ClassVar[int] = 1
    topic: ClassVar[str] = USER_TOPIC

    user_id: str
    new_email: str


class EmailChanged(EventPayload):
    event_type: ClassVar[str] = "identity.user.email_changed"
    schema_version: ClassVar[int] = 1
    topic: ClassVar[str] = USER_TOPIC

    user_id: str


class UserDeleted(EventPayload):
    """The account is gone; the services named in ``services`` (every eraser at first, the ones
    that have not confirmed when identity asks again) erase or anonymise what they keep about the
    user and confirm (the erasure saga, ADR 0036)."""

    event_type: ClassVar[str] = "identity.user.deleted"
    schema_version: ClassVar[int] = 1
    topic: ClassVar[str] = USER_TOPIC

    user_id: str
    # the address, for what services keep by address (kept by identity until every eraser
    # confirmed, then dropped)
    email: str | None
    roles: list[str]
    services: list[str] = Field(default_factory=list)


class AgreedRevision(BaseModel):
    info_id: str
    revision_id: str


class RegistrationConsented(EventPayload):
    """The new account agreed to these REGISTRATION consent revisions (same transaction as the
    account; consent records them, ADR 0009)."""

    event_type: ClassVar[str] = "identity.user.registration_consented"
    schema_version: ClassVar[int] = 1
    topic: ClassVar[str] = USER_TOPIC

    user_id: str
    mail: str
    consents: list[AgreedRevision]


class TakenEmailUsed(EventPayload):
    """Someone tried to sign up with the address of this account (``user_id``), or to move
    another account to it (``attempt``). Nothing changed and the caller was answered as if the
    address were free (ADR 0017); identity's mailer tells the owner."""

    event_type: ClassVar[str] = "identity.user.taken_email_used"
    schema_version: ClassVar[int] = 1
    topic: ClassVar[str] = USER_TOPIC

    user_id: str
    attempt: Literal["sign_up", "change_email"]


SESSION_TOPIC = contracts.SESSION_TOPIC
SessionEndReason = Literal[
    "sign_out", "password_changed", "password_reset", "blocked", "deleted", "roles_changed"
]


class SessionsRevoked(EventPayload):
    """These sessions of the account ended (sign-out; the other sessions after a password change
    or reset): every service refuses tokens naming them (ADR 0023, jobkit.revocations)."""

    event_type: ClassVar[str] = contracts.SESSION_REVOKED
    schema_version: ClassVar[int] = 1
    topic: ClassVar[str] = SESSION_TOPIC

    user_id: str
    session_ids: list[str]
    reason: SessionEndReason


class TokensOutdated(EventPayload):
    """Every token of the account with a session version below ``min_version`` is refused (its
    roles changed, it was blocked or deleted); the web renews a still-open session's token."""

    event_type: ClassVar[str] = contracts.SESSION_TOKENS_OUTDATED
    schema_version: ClassVar[int] = 1
    topic: ClassVar[str] = SESSION_TOPIC

    user_id: str
    min_version: int
    reason: SessionEndReason


EXPORT_REQUEST_TOPIC = contracts.EXPORT_REQUEST_TOPIC


class ExportRequested(EventPayload):
    """A person (or an administrator on their behalf) asked for a copy of their data: the
    services named in ``services`` (every exporter at first, the ones that have not answered
    when identity asks again) store their part and announce it (the export saga, ADR 0038)."""

    event_type: ClassVar[str] = contracts.EXPORT_REQUESTED
    schema_version: ClassVar[int] = 1
    topic: ClassVar[str] = EXPORT_REQUEST_TOPIC

    export_id: str
    user_id: str
    # the account's address, for what services keep by address (visitors' applications, alerts)
    email: str | None
    services: list[str] = Field(default_factory=list)
