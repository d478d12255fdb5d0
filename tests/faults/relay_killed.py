"""Fault scenario: the outbox relay's process killed (SIGKILL) while a burst of writes is being
relayed, restarted, and every event arrives, each effect applied once.

Starts its own jobs service (the relay: this checkout, a spare port, a scratch database, its own
Kafka topic prefix) and its own billing service (the slot saga's consumer, ``billing-slots``,
a scratch database of its own). A writer commits publish requests to the jobs service's outbox
(a few rows and their notification per transaction, as ``jobkit.outbox.enqueue`` writes them in
a use case's unit of work) while the relay sends them; once the relay has marked a third of them
sent, the jobs process is killed with SIGKILL (no producer flush, no
``sent_at`` for what the broker had already acknowledged; the last rows marked sent are then
unmarked, so the restarted relay certainly sends some events twice, as a kill between the
broker's acknowledgement and the mark does). The writer goes on writing while it
is dead (the database takes the writes; only the relay is gone), then the service starts again.
Counted: events written, rows marked sent and records on the topic when it was killed, records
on the topic afterwards (distinct events, missing, sent more than once: at least once allows
it), rows never sent, billing's answers per request (missing, doubled: the consumer applies
each event once), its ledger, dead letters, seconds to finish after the restart.

    .venv/bin/python -m tests.faults.relay_killed [--events 600]

Needs the local stack's PostgreSQL and Kafka (``make up``). Runbook:
docs/runbooks/relay-killed.md.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import time
import uuid
from collections import Counter

from jobkit.contracts import JOB_TOPIC
from jobkit.events import EventEnvelope
from jobkit.settings import ServiceSettings
from jobkit.testing.kafka import read_topic

from tests.faults.consumer_killed import publish_requested
from tests.faults.harness import (
    ROOT,
    Counts,
    OwnService,
    applied_count,
    connect,
    own_topics,
    scratch_database,
    wait_for,
)
from tests.faults.search_down import topic_size

SLOTS_GROUP = "billing-slots"
# rows per writing transaction: a use case writes its state and a few events at once
PER_TRANSACTION = 10
# rows the relay sends again after the kill (see _scenario)
UNMARKED = 50
NOTIFY = "SELECT pg_notify('jobkit_outbox_outbox', '')"


async def _write(database: str, topic: str, events: list[EventEnvelope], pause: float) -> None:
    """The events into the jobs service's outbox, a few per transaction, ``pause`` apart."""
    connection = await connect(database)
    try:
        for start in range(0, len(events), PER_TRANSACTION):
            async with connection.transaction():
                await connection.executemany(
                    "INSERT INTO outbox (event_id, topic, key, event_type, body) "
                    "VALUES ($1, $2, $3, $4, $5)",
                    [
                        (e.id, topic, e.aggregate_id, e.type, e.to_bytes())
                        for e in events[start : start + PER_TRANSACTION]
                    ],
                )
                await connection.execute(NOTIFY)
            await asyncio.sleep(pause)
    finally:
        await connection.close()


async def _outbox(database: str) -> tuple[int, int]:
    """(rows, rows marked sent) of the jobs service's outbox; (0, 0) before it migrated."""
    connection = await connect(database)
    try:
        row = await connection.fetchrow("SELECT count(*), count(sent_at) FROM outbox")
    except Exception:
        return 0, 0
    finally:
        await connection.close()
    assert row is not None
    return int(row[0]), int(row[1])


async def _unmark_last(database: str, rows: int) -> int:
    connection = await connect(database)
    try:
        result = await connection.execute(
            "UPDATE outbox SET sent_at = NULL WHERE id IN (SELECT id FROM outbox "
            "WHERE sent_at IS NOT NULL ORDER BY id DESC LIMIT $1)",
            rows,
        )
    finally:
        await connection.close()
    return int(result.split()[-1])


async def _answers(database: str) -> Counter[str]:
    """Billing's answers (granted or denied) per job, from its outbox."""
    connection = await connect(database)
    try:
        rows = await connection.fetch(
            "SELECT key FROM outbox WHERE event_type IN "
            "('billing.slot.granted', 'billing.slot.denied')"
        )
    except Exception:  # not migrated yet
        return Counter()
    finally:
        await connection.close()
    return Counter(row["key"] for row in rows)


async def _on_topic(topic: str, expect: int, timeout: float = 30) -> Counter[str]:
    """How often each event (by id) is on ``topic``."""
    records = await read_topic(
        ServiceSettings().kafka_bootstrap_servers, topic, expect=expect, timeout=timeout
    )
    return Counter(str(EventEnvelope.from_bytes(r.value).id) for r in records if r.value)


async def run(*, events: int = 600, pause: float = 0.02) -> Counts:
    counts = Counts()
    async with (
        own_topics() as prefix,
        scratch_database("jobs") as jobs_db,
        scratch_database("billing") as billing_db,
    ):
        logs = ROOT / ".local" / "logs"
        relay = OwnService(
            "jobs",
            env={"JOBS_DB_NAME": jobs_db, "KAFKA_TOPIC_PREFIX": prefix},
            log=logs / "faults-relay-killed-jobs.log",
        )
        billing = OwnService(
            "billing",
            env={"BILLING_DB_NAME": billing_db, "KAFKA_TOPIC_PREFIX": prefix},
            log=logs / "faults-relay-killed-billing.log",
        )
        relay.start()
        billing.start()
        try:
            await asyncio.gather(relay.ready(), billing.ready())
            counts.note(f"relay (jobs) on {relay.url}, slot saga (billing) on {billing.url}")
            await _scenario(counts, relay, prefix, jobs_db, billing_db, events, pause)
        finally:
            relay.stop()
            billing.stop()
    return counts


async def _scenario(
    counts: Counts,
    relay: OwnService,
    prefix: str,
    jobs_db: str,
    billing_db: str,
    events: int,
    pause: float,
) -> None:
    topic = f"{prefix}{JOB_TOPIC}"
    burst = [publish_requested(str(uuid.uuid4()), 9_000 + n % 7) for n in range(events)]
    expected = {str(e.id) for e in burst}
    jobs = {e.aggregate_id for e in burst}
    writing = asyncio.create_task(_write(jobs_db, topic, burst, pause))
    unmarked = 0
    try:
        at_kill = (0, 0)

        async def some_sent() -> bool:
            nonlocal at_kill
            at_kill = await _outbox(jobs_db)
            # a third sent: the relay is in the thick of the burst, batches in flight
            return at_kill[1] >= events // 3

        sending = await wait_for(some_sent, timeout=180, interval=0.02)
        relay.kill()
        at_kill = await _outbox(jobs_db)
        written, sent = at_kill
        mid = sending and 0 < sent < events
        counts.check(
            mid,
            f"relay killed (SIGKILL) with {sent} of {written} rows written so far marked sent, "
            f"{events} to come in all" + ("" if mid else " (not mid-way: the run proves less)"),
        )
        topic_at_kill = await topic_size(topic)
        counts.note(
            f"records on {topic} at the kill: {topic_at_kill} ({topic_at_kill - sent} the "
            "broker had that the relay had not marked sent yet)"
        )
        # the kill's worst moment, made certain: the broker had acknowledged the last rows but
        # the relay died before marking them sent, so it sends them again after the restart
        unmarked = await _unmark_last(jobs_db, min(UNMARKED, sent))
        counts.note(
            f"the last {unmarked} rows marked sent are unmarked, as if the kill had come between "
            "the broker's acknowledgement and the mark"
        )
        await asyncio.sleep(2)  # dead a while: the writes go on without it
        written_dead = (await _outbox(jobs_db))[0] - written
        restarted = time.monotonic()
        relay.start()
        await relay.ready()
        counts.note(f"relay restarted; {written_dead} rows written while it was dead")
        await writing
    finally:
        if not writing.done():
            writing.cancel()

    async def all_sent() -> bool:
        rows, sent = await _outbox(jobs_db)
        return rows == events and sent == events

    async def all_answered() -> bool:
        return set(await _answers(billing_db)) >= jobs

    relayed = await wait_for(all_sent, timeout=300)
    answered = await wait_for(all_answered, timeout=300)
    seconds = time.monotonic() - restarted
    rows, sent = await _outbox(jobs_db)
    on_topic = await _on_topic(topic, events)
    missing = expected - set(on_topic)
    resent = sum(n - 1 for n in on_topic.values())
    counts.check(
        relayed and not missing and set(on_topic) <= expected and resent >= unmarked,
        f"{rows} rows written, {sent} marked sent, {rows - sent} never sent; on the topic "
        f"{len(on_topic)} distinct events in {sum(on_topic.values())} records: missing "
        f"{len(missing)}, sent again {resent} (at least once allows it)",
    )
    answers = await _answers(billing_db)
    unanswered = jobs - set(answers)
    doubled = [job for job, n in answers.items() if n != 1]
    ledger = await applied_count(billing_db, f"{prefix}{SLOTS_GROUP}")
    dead = await topic_size(f"{topic}.dlt")
    counts.check(
        answered and not unanswered and not doubled and ledger == events and dead == 0,
        f"{SLOTS_GROUP}: all done {seconds:.1f} s after the restart: {events} requests, "
        f"answers {sum(answers.values())}, missing {len(unanswered)}, doubled {len(doubled)}, "
        f"ledger {ledger}, dead-lettered {dead}",
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawTextHelpFormatter
    )
    parser.add_argument("--events", type=int, default=600, help="events in the burst")
    parser.add_argument(
        "--pause", type=float, default=0.02, help="seconds between writing transactions"
    )
    args = parser.parse_args(argv)
    counts = asyncio.run(run(events=args.events, pause=args.pause))
    sys.stdout.write(counts.report("The outbox relay killed mid-send"))
    return 1 if counts.failed else 0


if __name__ == "__main__":
    sys.exit(main())
