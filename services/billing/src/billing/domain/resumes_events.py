"""The resumes service's event billing consumes, as billing reads it (docs/events.md): the
resumes service publishes it on ``resumes.contact``, keyed by the contact request's id
(``resumes.domain.events.ContactRequested``; this view is checked against its schema)."""

from __future__ import annotations

from typing import ClassVar

from jobkit import contracts
from jobkit.events import EventPayload
from pydantic import ConfigDict

CONTACT_TOPIC = contracts.RESUME_CONTACT_TOPIC


class ContactRequested(EventPayload):
    """A recruiter asked to contact an applicant: billing answers billing.contact.granted or
    .denied (one resume contact slot per request)."""

    model_config = ConfigDict(frozen=True, extra="ignore")
    event_type: ClassVar[str] = contracts.RESUME_CONTACT_REQUESTED
    topic: ClassVar[str] = CONTACT_TOPIC

    request_id: str
    organization_number: int
    resume_id: str | None = None
