"""The resumes service's event billing consumes, defined here as the contract (docs/events.md):
the resumes service publishes it on ``resumes.contact``, keyed by the contact request's id."""

from __future__ import annotations

from typing import ClassVar

from jobkit.events import EventPayload
from pydantic import ConfigDict

CONTACT_TOPIC = "resumes.contact"


class ContactRequested(EventPayload):
    """A recruiter asked to contact an applicant: billing answers billing.contact.granted or
    .denied (one resume contact slot per request)."""

    model_config = ConfigDict(frozen=True, extra="ignore")
    event_type: ClassVar[str] = "resumes.contact.requested"
    topic: ClassVar[str] = CONTACT_TOPIC

    request_id: str
    organization_number: int
    resume_id: str | None = None
