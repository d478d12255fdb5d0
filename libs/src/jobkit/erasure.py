"""The erasure saga (ADR 0036): a deleted account's data erased or anonymized in every service.

identity deletes the account and publishes ``identity.user.deleted`` (the request: the person's
id and the services asked, all of :data:`ERASERS` at first, the ones that have not confirmed when
it retries). Each service that keeps personal data reads it in an idempotent consumer through
:class:`ErasureRequest`, erases or anonymizes what it holds about the person in the consumer's
transaction and, in that same transaction, puts its confirmation ``<service>.erasure.completed``
(:class:`ErasureCompletedPayload`, on the service's own ``<service>.erasure`` topic, keyed by the
person's id) in its outbox. identity records the confirmations and republishes the request to the
services that have not confirmed after a while.

The erasing use case itself lives in the service's domain; :func:`erasure_handler` is the
consumer's side, the same everywhere.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Mapping
from typing import Any

from pydantic import Field
from sqlalchemy import Result, Table
from sqlalchemy.ext.asyncio import AsyncSession

from jobkit import contracts
from jobkit.contracts import ERASERS, EventView, erasure_completed, erasure_topic
from jobkit.events import EventEnvelope, EventPayload
from jobkit.outbox import enqueue
from jobkit.settings import ServiceSettings

log = logging.getLogger(__name__)

# the actor of the confirmations (a system step, not a person)
ERASURE_ACTOR = "system:erasure"
# how an anonymized row's person id starts: a random id per erasure, never the person's
ERASED_PREFIX = "erased:"


def rowcount(result: Result[Any]) -> int:
    """The rows an UPDATE or DELETE statement's result touched."""
    return int(getattr(result, "rowcount", 0) or 0)


class ErasureRequest(EventView):
    """``identity.user.deleted`` as an eraser reads it: whose data (the account's id, and its
    address for what a service keeps by address: contact persons, visitors' applications, alerts;
    None in events published before the saga), and which services are asked (empty: every one)."""

    user_id: str
    email: str | None = None
    services: list[str] = Field(default_factory=list)

    def asks(self, service: str) -> bool:
        return not self.services or service in self.services


class ErasureCompletedPayload(EventPayload):
    """A service erased or anonymized what it held about the person. ``erased`` and
    ``anonymized`` count the rows (or files, or documents) by kind, the service's proof of what
    it did; both are empty when it held nothing. Each service subclasses it with its own
    ``event_type`` and ``topic`` (``<service>.erasure.completed`` on ``<service>.erasure``)."""

    user_id: str
    erased: dict[str, int] = Field(default_factory=dict)
    anonymized: dict[str, int] = Field(default_factory=dict)


class ErasureCompleted(EventView):
    """A confirmation as identity reads it."""

    user_id: str
    erased: dict[str, int] = Field(default_factory=dict)
    anonymized: dict[str, int] = Field(default_factory=dict)


class ErasureReport:
    """What an erasing use case did, by kind of data (the confirmation's counts)."""

    def __init__(self) -> None:
        self.erased: dict[str, int] = {}
        self.anonymized: dict[str, int] = {}

    def deleted(self, kind: str, count: int) -> None:
        if count:
            self.erased[kind] = self.erased.get(kind, 0) + count

    def anonymized_rows(self, kind: str, count: int) -> None:
        if count:
            self.anonymized[kind] = self.anonymized.get(kind, 0) + count


Erase = Callable[[AsyncSession, ErasureRequest], Awaitable[ErasureReport]]
ErasureHandler = Callable[[AsyncSession, EventEnvelope], Awaitable[None]]


def erasure_handler(
    *,
    service: str,
    settings: ServiceSettings,
    outbox: Table,
    completed: type[ErasureCompletedPayload],
    erase: Erase,
) -> ErasureHandler:
    """The consumer's handler of ``identity.user.deleted``: when the request asks this service,
    ``erase(session, request)`` in the consumer's transaction, then the confirmation in the
    outbox of the same transaction (so a confirmation means the erasure is committed)."""

    async def handle(session: AsyncSession, event: EventEnvelope) -> None:
        request = ErasureRequest.model_validate(event.payload)
        if not request.asks(service):
            return
        report = await erase(session, request)
        payload = completed(
            user_id=request.user_id, erased=report.erased, anonymized=report.anonymized
        )
        envelope = payload.envelope(
            aggregate_id=request.user_id, site=event.site, actor=ERASURE_ACTOR
        )
        await enqueue(session, outbox, topic=settings.topic(completed.topic), event=envelope)
        log.info(
            "erased a person's data",
            extra={
                "fields": {
                    "service": service,
                    "erased": report.erased,
                    "anonymized": report.anonymized,
                }
            },
        )

    return handle


def erasure_reads(group: str) -> contracts.Reads:
    """The READS entry of a service's erasure consumer group."""
    return contracts.Reads(group, contracts.USER_TOPIC, (contracts.USER_DELETED,), ErasureRequest)


def confirmation_topics() -> Mapping[str, str]:
    """Each eraser's confirmation topic (unprefixed), by service."""
    return {service: erasure_topic(service) for service in ERASERS}


__all__ = [
    "ERASED_PREFIX",
    "ERASERS",
    "ERASURE_ACTOR",
    "ErasureCompleted",
    "ErasureCompletedPayload",
    "ErasureReport",
    "ErasureRequest",
    "confirmation_topics",
    "erasure_completed",
    "erasure_handler",
    "erasure_reads",
    "erasure_topic",
    "rowcount",
]
