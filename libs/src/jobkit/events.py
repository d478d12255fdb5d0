"""The event envelope every service publishes and consumes.

Payload schemas are versioned Pydantic models owned by the publishing service; the envelope is
the same everywhere. ``docs/events.md`` lists every event type.
"""

from __future__ import annotations

import uuid
from datetime import UTC, datetime
from typing import Any, ClassVar

from pydantic import BaseModel, ConfigDict, Field


def _now() -> datetime:
    return datetime.now(UTC)


class EventEnvelope(BaseModel):
    model_config = ConfigDict(frozen=True)

    id: uuid.UUID = Field(default_factory=uuid.uuid4)
    type: str
    schema_version: int = 1
    occurred_at: datetime = Field(default_factory=_now)
    aggregate_id: str
    aggregate_version: int = 1
    site: str
    actor: str | None = None
    payload: dict[str, Any] = Field(default_factory=dict)

    def to_bytes(self) -> bytes:
        return self.model_dump_json().encode()

    @classmethod
    def from_bytes(cls, raw: bytes) -> EventEnvelope:
        return cls.model_validate_json(raw)


class EventPayload(BaseModel):
    """Base for the versioned payload of one event type.

    Subclasses set ``event_type``, ``schema_version`` and ``topic`` (the aggregate's topic,
    before any test prefix), and ``public`` when the event may leave the platform (the webhooks
    to come: nothing in it that is not public on the site). The class is the published contract:
    ``scripts/event_contracts.py`` exports its JSON Schema beside the service (ADR 0026).
    """

    # every field is in the published payload (model_dump), defaults included: the exported
    # schema (serialization mode) says so
    model_config = ConfigDict(
        frozen=True, extra="forbid", json_schema_serialization_defaults_required=True
    )

    event_type: ClassVar[str]
    schema_version: ClassVar[int] = 1
    topic: ClassVar[str]
    public: ClassVar[bool] = False

    def envelope(
        self,
        *,
        aggregate_id: str,
        site: str,
        actor: str | None = None,
        aggregate_version: int = 1,
    ) -> EventEnvelope:
        return EventEnvelope(
            type=self.event_type,
            schema_version=self.schema_version,
            aggregate_id=aggregate_id,
            aggregate_version=aggregate_version,
            site=site,
            actor=actor,
            payload=self.model_dump(mode="json"),
        )
