"""The idempotent consumer every service uses to apply other contexts' events.

For each record: re-attach the trace context from its headers, parse the envelope, and run the
handler for its type inside one transaction that also records the event id in the group's
``processed_events`` ledger. A redelivered event finds its id there and has no second effect.
Offsets are committed only after the effect is durable. A record that cannot be parsed or
validated, or whose handler keeps failing after the retries, goes to ``<topic>.dlt`` with the
error in its headers, and the partition moves on. A failure of what the effect needs rather than
of the event (the group's database or Elasticsearch refusing connections: see
:func:`dependency_unavailable`) dead-letters nothing: the partition waits at that record, asking
again with a back-off, until the dependency answers; an outage's events are applied afterwards.

A group that applies many events of one kind (search's indexer) can ask for :class:`Batching`:
the records a partition's fetch brought are then applied in one transaction, their ledger rows
written in one statement, and the handlers of the event types it names run inside one scope
(the indexer's Elasticsearch ``_bulk`` buffer). It can also name run handlers, each applying a
run of consecutive events of one type at once (billing's slot answers: what the run needs read
in a few statements), and its outbox, whose rows the batch then writes with one INSERT (ADR
0051). Should anything in the batch fail, nothing of it is kept and its records are applied
one by one as above with their record handlers, each with its retries. With
``Batching.across_partitions`` the records of every partition a poll brought make one such batch
(one transaction, one scope), and their offsets are committed together after it (ADR 0068).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Hashable, Mapping, Sequence
from contextlib import AbstractAsyncContextManager, nullcontext
from dataclasses import dataclass, field
from itertools import groupby
from typing import Any

from aiokafka import AIOKafkaConsumer, AIOKafkaProducer, ConsumerRecord, TopicPartition
from opentelemetry import trace
from opentelemetry.trace import Link, SpanKind, Status, StatusCode
from pydantic import ValidationError
from sqlalchemy import String, Table, Uuid, literal, select
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker
from sqlalchemy.types import TypeEngine

from jobkit.db import compiled_once, unit_of_work, unnested, unnested_parameters
from jobkit.events import EventEnvelope
from jobkit.kafka import REQUEST_TIMEOUT_MS, idempotent_producer
from jobkit.outages import DependencyUnavailable, dependency_unavailable
from jobkit.outbox import EVENT_TYPE_HEADER, gathered_events
from jobkit.tasks import stop_if_asked
from jobkit.telemetry import context_from_kafka_headers
from jobkit.throttle import Throttled

__all__ = [
    "Batching",
    "DependencyUnavailable",
    "IdempotentConsumer",
    "RunHandler",
    "dependency_unavailable",
]

log = logging.getLogger(__name__)
tracer = trace.get_tracer(__name__)

Handler = Callable[[AsyncSession, EventEnvelope], Awaitable[None]]
# A run of consecutive events of one type, applied at once in the batch's transaction
RunHandler = Callable[[AsyncSession, Sequence[EventEnvelope]], Awaitable[None]]
SESSION_TIMEOUT_MS = 45_000
MAX_BATCH = 100
# An idle group costs what its client does while nothing arrives (bench/idle.py, ADR 0054).
# The fetch is a long poll: the broker answers as soon as a record arrives for a partition in
# it, so waiting longer costs fewer empty round trips (aiokafka's default: one every 0.5 s). But
# not every partition is always in it: once a partition's fetched records wait 0.1 s to be taken
# (aiokafka's prefetch back-off; a batch still being applied), the node's other partitions are
# fetched without it, and it is not fetched again until that fetch returns: a record arriving for
# it then waits up to the fetch's wait. At 5 s one publish in eight was searchable 5 s late (the
# indexer's partition left out). So the wait depends on what the fetch leaves out
# (``_long_poll_while_drained``): a fetch sent while fetched records wait to be taken (it may
# leave their partitions out) waits at most FETCH_MAX_WAIT_MS, near aiokafka's own 0.5 s; one
# sent with nothing waiting asks for every assigned partition, so any record answers it at once,
# and it waits IDLE_FETCH_MAX_WAIT_MS. A partition held by an outage is not read again through
# the fetcher: its records are kept and tried again from memory (``_hold``).
FETCH_MAX_WAIT_MS = 1_000
IDLE_FETCH_MAX_WAIT_MS = 10_000
# aiokafka's fetch routine wakes at least this often to look at its partitions (default 0.2 s).
# What it waits for (a fetch's answer, records taken, a seek, a rebalance) should wake it at
# once, but not always does: with the period at 10 s, publishing 100 jobs 4 at a time through
# the gateway had p50 0.54 s and p95 30.7 s (three hops, each waiting out the period now and
# then); at 1 s p95 1.2 s (bench.search_lag, 2026-11-30). The safety net is needed, so it is 1 s.
FETCHER_WAKE_MS = 1_000
# run_forever's getmany: records should wake it as they arrive, but a poll sometimes slept its
# whole timeout with records fetched (a published job searchable 30 s late, a few in a hundred,
# at 30 s): one second bounds that, as before ADR 0054.
POLL_TIMEOUT_MS = 1_000

# (topic, record key, event type) -> what a later record of the same batch supersedes, or None
Coalesce = Callable[[str, str, str], Hashable | None]
DEAD_LETTER_SUFFIX = ".dlt"
# a batch's rows of the ledger (``_first_times``)
_LEDGER_COLUMNS: Mapping[str, TypeEngine[Any]] = {"event_id": Uuid(), "event_type": String()}


MAX_HOLD_BACKOFF = 5.0


def _long_poll_while_drained(consumer: AIOKafkaConsumer) -> None:
    """Make the started ``consumer``'s fetches wait IDLE_FETCH_MAX_WAIT_MS when no fetched
    record waits to be taken, FETCH_MAX_WAIT_MS otherwise (see FETCH_MAX_WAIT_MS above).

    aiokafka builds each round's fetch requests in ``Fetcher._get_actions_per_node`` from
    ``_fetch_max_wait_ms``, and leaves a partition out only while it has records in
    ``_records``: the wait is chosen there, just before the requests are built.
    ``libs/tests/unit/test_consumer_idle.py`` pins those internals (aiokafka 0.14)."""
    fetcher: Any = consumer._fetcher  # aiokafka has no public hook for it
    build = fetcher._get_actions_per_node

    def actions_per_node(assignment: Any) -> Any:
        fetcher._fetch_max_wait_ms = (
            FETCH_MAX_WAIT_MS if fetcher._records else IDLE_FETCH_MAX_WAIT_MS
        )
        return build(assignment)

    fetcher._get_actions_per_node = actions_per_node


def _header_type(record: ConsumerRecord[Any, Any]) -> str | None:
    """The event type the record's ``event-type`` header names (None without one)."""
    for name, value in record.headers or ():
        if name == EVENT_TYPE_HEADER:
            return bytes(value).decode()
    return None


class PermanentEventError(Exception):
    """Raised by a handler for an event that can never succeed; it is dead-lettered at once."""


class _HoldPartition(Exception):
    """A record's dependency does not answer: its partition waits at it (never dead-lettered)."""


@dataclass(frozen=True)
class Batching:
    """How a group applies a fetched batch in one transaction: the handlers of ``scoped`` event
    types run inside ``scope()`` (entered once for each run of consecutive such records, and
    left before any other record's handler and before the transaction commits), so that a
    scope can gather their writes elsewhere and send them together on the way out.

    ``outbox``: the group's outbox table; the events its handlers enqueue in the batch's
    transaction (the scope's included) are gathered and written as the batch ends, in their
    order, with one multi-row INSERT and one notification (``jobkit.outbox.gathered_events``).
    The handlers must then not read their own outbox rows back.

    ``runs``: event type -> a handler of a run of consecutive (new) events of that type, called
    once for the run instead of the record handler for each, so that it can read what the run
    needs in a few statements; its effect must be the record handler's applied to each event
    in turn (the one-by-one path after a failure uses the record handler).

    ``across_partitions``: the records of every partition one poll brought are applied as one
    batch (each partition's in its order, one partition after another), their offsets
    committed together once it is durable; should it fail, each partition's records are
    applied as their own batch, as without it. For groups whose batch costs a few round trips
    whatever its length (search's indexer: the ledger, the slug index, one ``_bulk``), which a
    poll otherwise pays once per partition (ADR 0068). An outage then holds every partition of
    the poll, as it would have held each of them in turn.

    Only for handlers whose every effect is in the transaction or idempotent outside it (a
    versioned document): a batch that fails is applied again one record at a time, so a mail
    sent inside a batch could be sent twice."""

    scope: Callable[[], AbstractAsyncContextManager[None]] = nullcontext
    scoped: frozenset[str] = frozenset()
    outbox: Table | None = None
    runs: Mapping[str, RunHandler] = field(default_factory=dict)
    across_partitions: bool = False


class IdempotentConsumer:
    def __init__(
        self,
        *,
        group_id: str,
        handlers: Mapping[str, Mapping[str, Handler]],
        sessions: async_sessionmaker[AsyncSession],
        processed: Table,
        bootstrap_servers: str,
        max_attempts: int = 3,
        retry_backoff: float = 0.2,
        after_batch: Callable[[], Awaitable[None]] | None = None,
        after_batch_every: float = 0.0,
        coalesce: Coalesce | None = None,
        batching: Batching | None = None,
        unavailable: Callable[[BaseException], bool] = dependency_unavailable,
    ) -> None:
        """``handlers`` maps a topic to the handlers of the event types this group applies;
        ``after_batch`` runs once after each fetched batch was applied (search refreshes its
        indices there: one refresh per batch instead of per event or per refresh interval);
        with ``after_batch_every`` (seconds) at most once per that interval, never later than
        that interval after a batch (``jobkit.throttle.Throttled``: the first batch after a
        quiet interval has it at once, the batches of a busy one share one trailing run; ADR
        0062). It is best effort: the batch's effects are durable before it runs, and its
        failure is logged.

        ``coalesce`` names events that carry their aggregate's whole state (snapshots): of the
        records of one fetched batch with the same coalesce key only the last is applied, the
        earlier ones are skipped (the last one says all they said, and more). The handler's
        writes must be versioned, so a skipped event redelivered later changes nothing.

        ``batching`` applies each partition's fetched records in one transaction (see
        :class:`Batching`); the handlers must then not commit on their own.

        ``unavailable`` tells a dependency's outage from a bad event (default
        :func:`dependency_unavailable`; search adds Elasticsearch's connection errors): on an
        outage the partition waits at the record and asks again, nothing is dead-lettered."""
        self.group_id = group_id
        self._handlers = handlers
        self._sessions = sessions
        self._processed = processed
        self._bootstrap_servers = bootstrap_servers
        self._max_attempts = max_attempts
        self._retry_backoff = retry_backoff
        self._after_batch = (
            Throttled(after_batch, every=after_batch_every, name=f"after-batch step of {group_id}")
            if after_batch is not None
            else None
        )
        self._coalesce = coalesce
        self._batching = batching
        self._unavailable = unavailable
        self._hold_backoff = 0.0
        # the records of the partitions held by an outage, tried again by the next poll
        self._held: list[tuple[TopicPartition, list[ConsumerRecord[Any, Any]]]] = []
        self.superseded_total = 0
        self.holds = 0
        self.batches_applied = 0
        self.batches_split = 0
        self._consumer: AIOKafkaConsumer | None = None
        self._dead_letters: AIOKafkaProducer | None = None
        self._ledger_rows: Any = None  # the batch's ledger INSERT, built at its first use

    @property
    def topics(self) -> list[str]:
        return list(self._handlers)

    @property
    def handled(self) -> dict[str, tuple[str, ...]]:
        """The event types this group applies, by topic."""
        return {topic: tuple(by_type) for topic, by_type in self._handlers.items()}

    async def start(self) -> None:
        self._consumer = AIOKafkaConsumer(
            *self.topics,
            bootstrap_servers=self._bootstrap_servers,
            group_id=self.group_id,
            client_id=self.group_id,
            enable_auto_commit=False,
            auto_offset_reset="earliest",
            # a long poll answered after its whole wait is not a request timing out
            request_timeout_ms=REQUEST_TIMEOUT_MS + IDLE_FETCH_MAX_WAIT_MS,
            fetch_max_wait_ms=FETCH_MAX_WAIT_MS,
            consumer_timeout_ms=FETCHER_WAKE_MS,
            # A busy machine stalls the event loop for seconds at a time: the broker's own
            # default session (45 s) keeps such a member in its group instead of rebalancing it
            # away mid-batch, whose commit then fails and the batch is read again, for ever.
            session_timeout_ms=SESSION_TIMEOUT_MS,
            heartbeat_interval_ms=SESSION_TIMEOUT_MS // 10,
        )
        self._dead_letters = idempotent_producer(
            self._bootstrap_servers, client_id=f"{self.group_id}-dlt"
        )
        await self._dead_letters.start()
        await self._consumer.start()
        _long_poll_while_drained(self._consumer)

    async def stop(self) -> None:
        self._held = []  # a new client reads them again from the committed offsets
        if self._after_batch is not None:
            # a trailing after-batch step still due is run (at most one interval away)
            await self._after_batch.settle()
        consumer, self._consumer = self._consumer, None
        producer, self._dead_letters = self._dead_letters, None
        for client in (consumer, producer):
            if client is not None:
                try:
                    await client.stop()
                except Exception:
                    log.debug("client stop failed", exc_info=True)

    async def run_forever(self) -> None:
        """Consume until cancelled, reconnecting after failures."""
        while True:
            try:
                if self._consumer is None:
                    await self.start()
                await self.poll_once(timeout_ms=POLL_TIMEOUT_MS)
            except asyncio.CancelledError:
                await self.stop()
                raise
            except Exception as error:
                stop_if_asked()
                log.warning("consumer %s failed, restarting: %s", self.group_id, error)
                await self.stop()
                await asyncio.sleep(1.0)

    async def poll_once(self, *, timeout_ms: int = 1_000) -> int:
        """Apply one fetched batch and commit its offsets; return the number of records."""
        assert self._consumer is not None, "start() the consumer first"
        # A bounded batch is applied and committed well within the poll interval however slow
        # each effect is, so progress is committed batch by batch.
        held, self._held = self._held, []
        batches = await self._consumer.getmany(
            timeout_ms=0 if held else timeout_ms, max_records=MAX_BATCH
        )
        count = 0
        pending = self._after_held(held, batches)
        if self._together(len(pending)):
            try:
                if await self._apply_together([records for _, records in pending]):
                    count, pending = await self._commit_together(pending, held), []
            except _HoldPartition as hold:
                await self._hold(pending, hold)
                return 0
        while pending:
            partition, records = pending[0]
            try:
                await self.apply(records)
            except _HoldPartition as hold:
                await self._hold(pending, hold)
                break
            count += len(records)
            await self._commit(partition, records[-1].offset + 1)
            if any(partition == tp for tp, _ in held):
                # its records came from memory: what the fetcher read again of them is stale
                self._consumer.seek(partition, records[-1].offset + 1)
            pending.pop(0)
            self._hold_backoff = 0.0
        if count and self._after_batch is not None:
            # the effects are durable; what follows them is best effort (a failure is logged)
            await self._after_batch()
        return count

    async def apply(self, records: list[ConsumerRecord[Any, Any]]) -> None:
        """Apply one partition's fetched records, in order (its offsets are the caller's to
        commit): the superseded ones skipped, the rest as one batch where the group batches,
        else (or when the batch fails) one by one. Raises ``_HoldPartition`` when a dependency
        does not answer (nothing of the records after the held one is applied)."""
        todo = self._unsuperseded(records)
        self.superseded_total += len(records) - len(todo)
        todo = self._ours(todo)
        if not await self._apply_batch(todo):
            for record in todo:
                await self.handle(record)

    async def apply_poll(self, batches: Sequence[list[ConsumerRecord[Any, Any]]]) -> None:
        """Apply one poll's records, one list per partition, as :meth:`poll_once` applies them
        (the offsets are the caller's to commit): together where the group batches across
        partitions, else (or when that batch fails) each partition's with :meth:`apply`."""
        if self._together(len(batches)) and await self._apply_together(batches):
            return
        for records in batches:
            await self.apply(records)

    def _together(self, partitions: int) -> bool:
        """Whether a poll of this many partitions' records is applied as one batch."""
        return partitions > 1 and self._batching is not None and self._batching.across_partitions

    async def _apply_together(self, batches: Sequence[list[ConsumerRecord[Any, Any]]]) -> bool:
        """The partitions' records (the superseded ones skipped) as one batch; False, with
        nothing kept and nothing counted, when it was not applied so."""
        todos = [self._unsuperseded(records) for records in batches]
        if not await self._apply_batch(self._ours([record for todo in todos for record in todo])):
            return False
        self.superseded_total += sum(len(records) for records in batches) - sum(map(len, todos))
        return True

    def _ours(self, records: list[ConsumerRecord[Any, Any]]) -> list[ConsumerRecord[Any, Any]]:
        """The records that may be events this group applies, in order: a record whose
        ``event-type`` header (the outbox relay names every event's type there) is a type the
        group has no handler for is left unread, as its envelope would be once parsed; one
        without the header is kept, its envelope tells."""
        kept = []
        for record in records:
            event_type = _header_type(record)
            if event_type is None or event_type in self._handlers.get(record.topic, ()):
                kept.append(record)
        return kept

    async def _commit_together(
        self,
        applied: list[tuple[TopicPartition, list[ConsumerRecord[Any, Any]]]],
        held: list[tuple[TopicPartition, list[ConsumerRecord[Any, Any]]]],
    ) -> int:
        """Commit the partitions applied together in one request; how many records they had."""
        assert self._consumer is not None
        await self._consumer.commit(
            {partition: records[-1].offset + 1 for partition, records in applied}
        )
        for partition, records in applied:
            if any(partition == tp for tp, _ in held):
                # its records came from memory: what the fetcher read again of them is stale
                self._consumer.seek(partition, records[-1].offset + 1)
        self._hold_backoff = 0.0
        return sum(len(records) for _, records in applied)

    def _unsuperseded(
        self, records: list[ConsumerRecord[Any, Any]]
    ) -> list[ConsumerRecord[Any, Any]]:
        """The records no later record of the batch supersedes, in order."""
        superseded = self._superseded(records)
        return [record for index, record in enumerate(records) if index not in superseded]

    def _after_held(
        self,
        held: list[tuple[TopicPartition, list[ConsumerRecord[Any, Any]]]],
        batches: Mapping[TopicPartition, list[ConsumerRecord[Any, Any]]],
    ) -> list[tuple[TopicPartition, list[ConsumerRecord[Any, Any]]]]:
        """The held partitions' records (of those still assigned) first, each followed by what
        was fetched after them; then the other partitions' fetched records."""
        if not held:
            return list(batches.items())
        assert self._consumer is not None
        assigned = self._consumer.assignment()
        pending = [(tp, list(records)) for tp, records in held if tp in assigned]
        kept = dict(pending)
        for partition, records in batches.items():
            if partition in kept:
                last = kept[partition][-1].offset
                kept[partition].extend(r for r in records if r.offset > last)
            else:
                pending.append((partition, records))
        return pending

    async def _hold(
        self,
        pending: list[tuple[TopicPartition, list[ConsumerRecord[Any, Any]]]],
        hold: _HoldPartition,
    ) -> None:
        """The partitions not committed yet are tried again from their first record (what was
        applied of them is in the ledger and skipped) after a back-off: the next poll asks the
        dependency again, and the group keeps polling, so it stays a member meanwhile. Their
        records are kept for that try (reading them again would wait for the long poll in
        flight); the fetcher is sent back to their first record meanwhile, so it does not go on
        past them, and is where the committed offsets are should the client restart."""
        assert self._consumer is not None
        for partition, records in pending:
            self._consumer.seek(partition, records[0].offset)
        self._held = [(partition, list(records)) for partition, records in pending]
        self.holds += 1
        self._hold_backoff = min(MAX_HOLD_BACKOFF, max(self._retry_backoff, self._hold_backoff * 2))
        log.warning(
            "consumer %s waits for a dependency, nothing dead-lettered (again in %.1f s): %s",
            self.group_id,
            self._hold_backoff,
            hold.__cause__,
        )
        await asyncio.sleep(self._hold_backoff)

    def _superseded(self, records: list[ConsumerRecord[Any, Any]]) -> set[int]:
        """Indexes of the records a later record of the batch supersedes (``coalesce``)."""
        if self._coalesce is None or len(records) < 2:
            return set()
        seen: set[Hashable] = set()
        superseded: set[int] = set()
        for index in range(len(records) - 1, -1, -1):
            record = records[index]
            event_type = _header_type(record) or ""
            key = record.key.decode() if isinstance(record.key, bytes) else str(record.key)
            mark = self._coalesce(record.topic, key, event_type)
            if mark is None:
                continue
            if mark in seen:
                superseded.add(index)
            else:
                seen.add(mark)
        return superseded

    async def _apply_batch(self, records: list[ConsumerRecord[Any, Any]]) -> bool:
        """Apply the records in one transaction (see :class:`Batching`); False, with nothing
        kept, when the group does not batch, when there is too little to batch, or when any
        record fails (they are then applied one by one, each with its retries)."""
        if self._batching is None or len(records) < 2:
            return False
        try:
            work = [
                (record, EventEnvelope.from_bytes(record.value))
                for record in records
                if record.value is not None
            ]
        except ValidationError:
            return False  # the one-by-one path dead-letters what cannot be read
        work = [
            (record, envelope)
            for record, envelope in work
            if self._handlers.get(record.topic, {}).get(envelope.type) is not None
        ]
        if not work:
            return True
        scope, scoped = self._batching.scope, self._batching.scoped
        with tracer.start_as_current_span(
            f"{records[0].topic} process batch", kind=SpanKind.CONSUMER
        ) as span:
            span.set_attribute("messaging.consumer.group.name", self.group_id)
            span.set_attribute("messaging.batch.message_count", len(work))
            try:
                async with (
                    unit_of_work(self._sessions) as session,
                    self._gathered(session),
                ):
                    first_time = await self._first_times(session, [e for _, e in work])
                    fresh = [(r, e) for r, e in work if first_time.pop(e.id, False)]
                    for in_scope, run in groupby(fresh, key=lambda item: item[1].type in scoped):
                        if in_scope:
                            async with scope():
                                await self._apply_run(session, list(run))
                        else:
                            await self._apply_run(session, list(run))
            except Exception as error:
                stop_if_asked()
                if self._unavailable(error):
                    raise _HoldPartition() from error
                self.batches_split += 1
                log.info(
                    "batch of %d records of %s applied one by one: %s",
                    len(work),
                    self.group_id,
                    error,
                )
                return False
        self.batches_applied += 1
        return True

    def _gathered(self, session: AsyncSession) -> AbstractAsyncContextManager[object]:
        """The batch's outbox events gathered into one INSERT (``Batching.outbox``)."""
        assert self._batching is not None
        if self._batching.outbox is None:
            return nullcontext()
        return gathered_events(session, self._batching.outbox)

    async def _apply_run(
        self, session: AsyncSession, work: list[tuple[ConsumerRecord[Any, Any], EventEnvelope]]
    ) -> None:
        """The records in order: consecutive events of a type with a run handler together."""
        assert self._batching is not None
        runs = self._batching.runs
        for event_type, same in groupby(work, key=lambda item: item[1].type):
            run_handler = runs.get(event_type)
            if run_handler is None:
                for record, envelope in same:
                    await self._apply_in_batch(session, record, envelope)
                continue
            items = list(same)
            envelopes = [envelope for _, envelope in items]
            # one span for the run, linked to each record's trace (a record's own span would
            # parent what its handler does; a run's work is shared); a run of one record, what
            # a person's own action makes, stays inside that record's trace
            contexts = [context_from_kafka_headers(record.headers or ()) for record, _ in items]
            alone = contexts[0] if len(contexts) == 1 else None
            links = [
                Link(span_context)
                for context in contexts
                if alone is None
                and (span_context := trace.get_current_span(context).get_span_context()).is_valid
            ]
            with tracer.start_as_current_span(
                f"{items[0][0].topic} process run",
                context=alone,
                kind=SpanKind.CONSUMER,
                links=links,
            ) as span:
                span.set_attribute("jobboard.event.type", event_type)
                span.set_attribute("messaging.batch.message_count", len(envelopes))
                await run_handler(session, envelopes)

    async def _first_times(
        self, session: AsyncSession, envelopes: list[EventEnvelope]
    ) -> dict[Any, bool]:
        """The ids of the events not in the ledger yet, now written there (one statement,
        built and compiled once, its rows read from arrays whatever the batch's length)."""
        if self._ledger_rows is None:
            rows = unnested("ledger", _LEDGER_COLUMNS)
            self._ledger_rows = compiled_once(
                insert(self._processed)
                .from_select(
                    ["consumer_group", "event_id", "event_type"],
                    select(literal(self.group_id, String()), rows.c.event_id, rows.c.event_type),
                )
                .on_conflict_do_nothing()
                .returning(self._processed.c.event_id)
            )
        written = await session.execute(
            self._ledger_rows,
            unnested_parameters(
                "ledger",
                _LEDGER_COLUMNS,
                [{"event_id": e.id, "event_type": e.type} for e in envelopes],
            ),
        )
        return dict.fromkeys(written.scalars(), True)

    async def _apply_in_batch(
        self, session: AsyncSession, record: ConsumerRecord[Any, Any], envelope: EventEnvelope
    ) -> None:
        handler = self._handlers[record.topic][envelope.type]
        parent = context_from_kafka_headers(record.headers or ())
        with tracer.start_as_current_span(
            f"{record.topic} process", context=parent, kind=SpanKind.CONSUMER
        ) as span:
            span.set_attribute("messaging.message.id", str(envelope.id))
            span.set_attribute("jobboard.event.type", envelope.type)
            await handler(session, envelope)

    async def _commit(self, partition: TopicPartition, offset: int) -> None:
        assert self._consumer is not None
        await self._consumer.commit({partition: offset})

    async def handle(self, record: ConsumerRecord[Any, Any]) -> None:
        event_type = _header_type(record)
        if event_type is not None and event_type not in self._handlers.get(record.topic, ()):
            return  # another event type on this aggregate's topic, named by its header
        parent = context_from_kafka_headers(record.headers or ())
        with tracer.start_as_current_span(
            f"{record.topic} process", context=parent, kind=SpanKind.CONSUMER
        ) as span:
            span.set_attribute("messaging.consumer.group.name", self.group_id)
            if record.value is None:
                return  # a tombstone: the aggregate's history is being compacted away (ADR 0036)
            try:
                envelope = EventEnvelope.from_bytes(record.value)
            except ValidationError as error:
                await self._dead_letter(record, f"unreadable envelope: {error}")
                return
            span.set_attribute("messaging.message.id", str(envelope.id))
            span.set_attribute("jobboard.event.type", envelope.type)
            handler = self._handlers.get(record.topic, {}).get(envelope.type)
            if handler is None:
                return  # another event type on this aggregate's topic; not ours to apply
            await self._apply_with_retries(record, envelope, handler, span)

    async def _apply_with_retries(
        self,
        record: ConsumerRecord[Any, Any],
        envelope: EventEnvelope,
        handler: Handler,
        span: trace.Span,
    ) -> None:
        for attempt in range(1, self._max_attempts + 1):
            try:
                await self._apply_once(envelope, handler)
                return
            except (PermanentEventError, ValidationError) as error:
                span.set_status(Status(StatusCode.ERROR, str(error)))
                await self._dead_letter(record, f"{type(error).__name__}: {error}")
                return
            except Exception as error:
                stop_if_asked()
                span.record_exception(error)
                if self._unavailable(error):
                    raise _HoldPartition() from error
                if attempt == self._max_attempts:
                    span.set_status(Status(StatusCode.ERROR, str(error)))
                    await self._dead_letter(
                        record, f"{type(error).__name__} after {attempt} attempts: {error}"
                    )
                    return
                await asyncio.sleep(self._retry_backoff * 2 ** (attempt - 1))

    async def _apply_once(self, envelope: EventEnvelope, handler: Handler) -> None:
        async with unit_of_work(self._sessions) as session:
            first_time = (
                await session.execute(
                    insert(self._processed)
                    .values(
                        consumer_group=self.group_id,
                        event_id=envelope.id,
                        event_type=envelope.type,
                    )
                    .on_conflict_do_nothing()
                    .returning(self._processed.c.event_id)
                )
            ).first()
            if first_time is None:
                log.info("duplicate event %s skipped by %s", envelope.id, self.group_id)
                return
            await handler(session, envelope)

    async def _dead_letter(self, record: ConsumerRecord[Any, Any], error: str) -> None:
        assert self._dead_letters is not None
        log.error(
            "event dead-lettered",
            extra={"fields": {"topic": record.topic, "offset": record.offset, "error": error}},
        )
        headers = list(record.headers or ()) + [
            ("dlt-error", error[:4000].encode()),
            ("dlt-consumer-group", self.group_id.encode()),
            ("dlt-original-topic", record.topic.encode()),
            ("dlt-original-partition", str(record.partition).encode()),
            ("dlt-original-offset", str(record.offset).encode()),
        ]
        await self._dead_letters.send_and_wait(
            record.topic + DEAD_LETTER_SUFFIX, value=record.value, key=record.key, headers=headers
        )
