"""The jobs service's events billing consumes, defined here as the contract (docs/events.md):
the jobs service publishes them on ``jobs.job``, keyed by the job id."""

from __future__ import annotations

from typing import ClassVar

from jobkit.events import EventPayload
from pydantic import ConfigDict

JOB_TOPIC = "jobs.job"


class JobPublishRequested(EventPayload):
    """A recruiter asked to publish a job: billing answers billing.slot.granted or .denied."""

    model_config = ConfigDict(frozen=True, extra="ignore")
    event_type: ClassVar[str] = "jobs.job.publish_requested"
    topic: ClassVar[str] = JOB_TOPIC

    job_id: str
    organization_number: int
    organization_name: str | None = None


class JobPublishWithdrawn(EventPayload):
    """The job's publication was withdrawn (or never happened): billing gives its slot back."""

    model_config = ConfigDict(frozen=True, extra="ignore")
    event_type: ClassVar[str] = "jobs.job.publish_withdrawn"
    topic: ClassVar[str] = JOB_TOPIC

    job_id: str
    organization_number: int
