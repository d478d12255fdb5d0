"""Events identity publishes (topic ``identity.user``, keyed by user id)."""

from typing import ClassVar

from jobkit.events import EventPayload

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
