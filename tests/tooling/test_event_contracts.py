"""Every consumer's view of an event is checked against the schema its publisher exports: a field
a consumer reads cannot be renamed, removed or retyped without failing here and in `make check`
(scripts/event_contracts.py, ADR 0026)."""

from __future__ import annotations

import asyncio
import copy
import importlib
import typing
from collections.abc import Callable, Sequence
from types import SimpleNamespace
from typing import Any, ClassVar

import pytest
from jobkit import contracts
from jobkit.consumer import IdempotentConsumer
from jobkit.contracts import EventView, Reads
from jobkit.events import EventPayload
from jobkit.revocations import revocation_consumer
from jobkit.settings import ServiceSettings

from scripts.event_contracts import (
    ROOT,
    Consumer,
    Published,
    check,
    consumers,
    contract_errors,
    example,
    notes_errors,
    problems,
    publications,
)

PUBLISHED = publications()
READ = consumers()
BY_KEY = {entry.key: entry for entry in PUBLISHED}
# (consumer, event type, publisher) for every view that has a publisher
PAIRS = [
    (consumer, event_type, BY_KEY[(event_type, consumer.reads.version)])
    for consumer in READ
    for event_type in consumer.reads.event_types
    if (event_type, consumer.reads.version) in BY_KEY
]


def _label(pair: tuple[Consumer, str, Published]) -> str:
    consumer, event_type, _ = pair
    return f"{consumer.service}:{consumer.reads.group}:{event_type}"


def test_the_committed_schemas_docs_and_contracts_match_the_code() -> None:
    assert check(ROOT) == []


def test_every_service_that_consumes_declares_its_views() -> None:
    services = {consumer.service for consumer in READ}
    assert services == {
        "identity",
        "organizations",
        "jobs",
        "resumes",
        "billing",
        "consent",
        "search",
        "analytics",
    }
    # the organization events are read by billing, jobs, resumes and analytics through one set of
    # names
    readers = {
        consumer.service
        for consumer in READ
        if contracts.ORGANIZATION_CREATED in consumer.reads.event_types
    }
    assert readers == {"billing", "jobs", "resumes", "analytics"}


@pytest.mark.parametrize("entry", PUBLISHED, ids=lambda entry: entry.payload.event_type)
def test_the_example_payloads_are_ones_the_publisher_could_send(entry: Published) -> None:
    schema = entry.schema()
    for nulls in (False, True):
        entry.payload.model_validate(example(schema, schema, nulls=nulls))


def _renamed(schema: dict[str, Any], field: str, to: str | None) -> dict[str, Any]:
    changed = copy.deepcopy(schema)
    value = changed["properties"].pop(field)
    if to is not None:
        changed["properties"][to] = value
    changed["required"] = [to if name == field else name for name in changed["required"]]
    changed["required"] = [name for name in changed["required"] if name is not None]
    return changed


def _retyped(schema: dict[str, Any], field: str) -> dict[str, Any]:
    changed = copy.deepcopy(schema)
    was = changed["properties"][field]
    changed["properties"][field] = (
        {"type": "string"} if was.get("type") == "array" else {"type": "array", "items": {}}
    )
    return changed


@pytest.mark.parametrize("pair", PAIRS, ids=_label)
def test_renaming_removing_or_retyping_a_field_a_consumer_reads_fails(
    pair: tuple[Consumer, str, Published],
) -> None:
    consumer, _, entry = pair
    view = consumer.reads.view
    schema = entry.schema()
    assert problems(view, schema) == []
    for name, field in view.model_fields.items():
        key = field.alias or name
        renamed = problems(view, _renamed(schema, key, f"{key}_renamed"))
        assert any(f"`{key}`" in problem for problem in renamed), (key, renamed)
        assert problems(view, _renamed(schema, key, None)), key
        if field.annotation is not Any and typing.get_origin(field.annotation) is not dict:
            assert problems(view, _retyped(schema, key)), key


class _SlotGrantedRenamed(EventPayload):
    """billing.slot.granted as billing would publish it with a field renamed."""

    event_type: ClassVar[str] = contracts.SLOT_GRANTED
    topic: ClassVar[str] = contracts.SLOT_TOPIC

    job_id: str
    org_number: int  # was organization_number
    source: str
    subscription_id: str | None = None
    featured_until: str | None = None


def test_a_publisher_renaming_a_field_breaks_the_contract_of_its_readers() -> None:
    jobs_reads = [c for c in READ if contracts.SLOT_GRANTED in c.reads.event_types]
    errors = contract_errors([Published("billing", _SlotGrantedRenamed)], jobs_reads)
    assert [error for error in errors if "billing.slot.granted" in error] == [
        "jobs (jobs-slots, jobs.domain.events.SlotGranted) reads billing.slot.granted v1: "
        "`organization_number` is not in the published payload",
        "jobs (jobs-slots, jobs.domain.events.SlotGranted) reads billing.slot.granted v1: "
        "an example payload (every field set): `organization_number`: Field required",
        "jobs (jobs-slots, jobs.domain.events.SlotGranted) reads billing.slot.granted v1: "
        "an example payload (nullable fields null): `organization_number`: Field required",
    ]


class _NeedsAName(EventView):
    organization_id: str
    name: str


class _NeedsAnOwner(EventView):
    owner_id: str


def test_a_view_of_a_type_nobody_publishes_or_on_another_topic_fails() -> None:
    published = [entry for entry in PUBLISHED if entry.publisher == "organizations"]
    unknown = Reads("x-group", contracts.ORGANIZATION_TOPIC, ("organizations.merged",), _NeedsAName)
    wrong_topic = Reads("x-group", contracts.PROFILE_TOPIC, (contracts.MEMBER_ADDED,), _NeedsAName)
    errors = contract_errors(published, [Consumer("x", unknown), Consumer("x", wrong_topic)])
    assert any("organizations.merged v1: nobody publishes it" in error for error in errors)
    assert any("publishes it on organizations.organization" in error for error in errors)
    # and member.added has no `name`
    assert any("`name` is not in the published payload" in error for error in errors)


def test_a_field_the_view_requires_but_the_publisher_may_leave_null_fails() -> None:
    # jobs.job.rejected always has owner_id; jobs.application.submitted's applicant_id may be null
    submitted = BY_KEY[(contracts.APPLICATION_SUBMITTED, 1)]

    class NeedsAnApplicant(EventView):
        applicant_id: str

    found = problems(NeedsAnApplicant, submitted.schema())
    assert found == [
        "an example payload (nullable fields null): `applicant_id`: Input should be a valid string"
    ]
    rejected = BY_KEY[("jobs.job.rejected", 1)]
    assert problems(_NeedsAnOwner, rejected.schema()) == []


def test_the_notes_table_has_a_row_per_event() -> None:
    text = (ROOT / "docs" / "events.md").read_text()
    assert notes_errors(text, PUBLISHED) == []
    without = "\n".join(
        line for line in text.splitlines() if not line.startswith("| `jobs.bookmark.removed` |")
    )
    assert notes_errors(without, PUBLISHED) == [
        "docs/events.md: no row for jobs.bookmark.removed under '## What each event means'"
    ]


def _factories() -> dict[str, Callable[[Any], Sequence[IdempotentConsumer]]]:
    """Each service's consumers, built as the service builds them when it starts."""
    from analytics.messaging.consumers import build_consumers as analytics
    from billing.main import build_consumers as billing
    from consent.main import build_consumers as consent
    from identity.messaging.consumers import build_consumers as identity
    from jobs.messaging.consumers import build_consumers as jobs
    from organizations.messaging.consumers import build_consumers as organizations
    from resumes.messaging.consumers import build_consumers as resumes
    from search.messaging.alert_mailer import alert_mailer_consumers
    from search.messaging.announcer import announcer_consumer
    from search.messaging.consumers import consumers as search

    return {
        "analytics": analytics,
        "billing": billing,
        "consent": consent,
        "identity": lambda runtime: identity(runtime, None),
        "jobs": jobs,
        "organizations": organizations,
        "resumes": resumes,
        # the API's consumers and the alert mailer process's (search.mailer, ADR 0029)
        "search": lambda runtime: [
            *search(runtime),
            announcer_consumer(runtime, runtime.settings),
            *alert_mailer_consumers(runtime),
        ],
    }


def _settings(service: str) -> ServiceSettings:
    settings: ServiceSettings = importlib.import_module(f"{service}.settings").get_settings()
    return settings


async def test_every_handler_a_service_runs_is_declared_with_its_view() -> None:
    """A group that applies an event type without a Reads line would escape the check."""
    for service, factory in _factories().items():
        runtime = SimpleNamespace(
            settings=_settings(service), sessions=None, storage=None, tasks=[], memberships=None
        )
        try:
            # and the revocation consumer jobkit.app adds for every service (ADR 0023)
            revocations = importlib.import_module(f"{service}.db").revocations
            built = [
                *factory(runtime),
                revocation_consumer(settings=runtime.settings, tables=revocations, sessions=None),
            ]
        finally:
            for task in runtime.tasks:  # background workers some factories start: never run
                task.cancel()
            await asyncio.gather(*runtime.tasks, return_exceptions=True)
        prefix = runtime.settings.topic("")
        handled = {
            (consumer.group_id.removeprefix(prefix), topic.removeprefix(prefix), event_type)
            for consumer in built
            for topic, event_types in consumer.handled.items()
            for event_type in event_types
        }
        declared = {
            (consumer.reads.group, consumer.reads.topic, event_type)
            for consumer in READ
            if consumer.service == service
            for event_type in consumer.reads.event_types
        }
        assert handled == declared, service
