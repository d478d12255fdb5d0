"""identity's events consent applies (the contract as consent reads it; docs/events.md)."""

from typing import ClassVar

from jobkit import contracts
from jobkit.events import EventPayload
from pydantic import BaseModel, ConfigDict

USER_TOPIC = contracts.USER_TOPIC


class AgreedRevision(BaseModel):
    model_config = ConfigDict(frozen=True, extra="ignore")

    info_id: str
    revision_id: str


class RegistrationConsented(EventPayload):
    """A new account agreed to the REGISTRATION infos' revisions (same transaction as the
    account in identity)."""

    model_config = ConfigDict(frozen=True, extra="ignore")

    event_type: ClassVar[str] = contracts.USER_REGISTRATION_CONSENTED
    topic: ClassVar[str] = USER_TOPIC

    user_id: str
    mail: str
    consents: list[AgreedRevision]
