"""The jobs service's events billing consumes, as billing reads them (docs/events.md): the jobs
service publishes them on ``jobs.job``, keyed by the job id, and owns their schema
(``services/jobs/events/``); ``scripts/event_contracts.py`` checks these views against it."""

from __future__ import annotations

from typing import ClassVar

from jobkit import contracts
from jobkit.events import EventPayload
from pydantic import ConfigDict

JOB_TOPIC = contracts.JOB_TOPIC


class JobPublishRequested(EventPayload):
    """A recruiter asked to publish a job: billing answers billing.slot.granted or .denied."""

    model_config = ConfigDict(frozen=True, extra="ignore")
    event_type: ClassVar[str] = contracts.JOB_PUBLISH_REQUESTED
    topic: ClassVar[str] = JOB_TOPIC

    job_id: str
    organization_number: int
    organization_name: str | None = None


class JobPublishWithdrawn(EventPayload):
    """The job's publication was withdrawn (or never happened): billing gives its slot back."""

    model_config = ConfigDict(frozen=True, extra="ignore")
    event_type: ClassVar[str] = contracts.JOB_PUBLISH_WITHDRAWN
    topic: ClassVar[str] = JOB_TOPIC

    job_id: str
    organization_number: int
