"""Fault scenario: the alert mailer's rounds with Elasticsearch down and the SMTP relay refusing,
then killed, in the middle of a send; no alert is lost or mailed twice, and the rounds resume.

Starts its own alert mailer (``search.mailer``: this checkout, a spare port, a scratch
database, its own Kafka topic prefix and index prefix) talking to the stack's Elasticsearch
through a fault-injecting proxy (tests/faults/proxy.py) and to an SMTP relay of the scenario's
own (aiosmtpd on a spare port, as the tests use), a round a second. Its people each have a
confirmed daily alert that is due and that the same few new jobs match: one digest each.

1. Elasticsearch is down from the start: the rounds fail and are retried; nothing is planned,
   nothing mailed, no alert marked as checked, and the mailer stays ready.
2. Elasticsearch is back: the digests are planned and sent; the relay takes a few, then answers
   421 (a relay shutting down) and is killed (connections refused). The mails not taken stay
   pending: none failed, none dropped.
3. Elasticsearch goes down again, then the relay is back: the mails wait (a mail is re-checked
   against the index before it goes), none is sent without the check.
4. Elasticsearch is back: every person has had exactly one digest with every job, none twice
   (by address and by Message-ID), every mail is marked sent, the send ledger holds each job
   once per person, nothing dead-lettered; seconds to finish are printed.
5. More digests fall due and the mailer's own process is killed (SIGKILL) while it sends them
   to a slightly slow relay, then restarted: nobody is missed; a mail the relay took but the
   mailer had not yet marked sent goes again with the same Message-ID (at least once, ADR 0029:
   a batch commits after its hand-offs), never as a second, different mail.

    .venv/bin/python -m tests.faults.alert_mailer_faults [--people 60] [--taken 15]

Needs the local stack's PostgreSQL, Kafka and Elasticsearch (``make up``). Runbook:
docs/runbooks/alert-mailer-faults.md.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import time
import uuid
from collections import Counter
from datetime import UTC, datetime, timedelta
from email.message import EmailMessage

import httpx
from aiosmtpd.controller import Controller
from jobkit.contracts import JOB_TOPIC
from jobkit.db import make_engine, make_sessionmaker, unit_of_work
from jobkit.settings import ServiceSettings
from search.alerts.models import SavedSearch
from search.alerts.searches import stored_query
from search.engine.indexing.indexer import index_job
from search.engine.indexing.payloads import JobPayload
from search.engine.indexing.store import SearchStore, store_for
from search.engine.request import SearchRequest
from search.messaging.alert_mailer import ALERT_MAILER_GROUP
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from tests.faults.harness import (
    ROOT,
    Counts,
    OwnService,
    SmtpRelay,
    connect,
    own_topics,
    scratch_database,
    wait_for,
)
from tests.faults.proxy import FaultProxy
from tests.faults.search_down import ELASTICSEARCH, ELASTICSEARCH_URL, job_event, topic_size

LOG = ROOT / ".local" / "logs" / "faults-alert-mailer.log"
ROUND_FAILED = "an alert mailer round failed"


def _word() -> str:
    """A made-up word only this run's jobs carry (letters: the analyser keeps it whole)."""
    return "zq" + "".join(chr(97 + int(c, 16)) for c in uuid.uuid4().hex[:10])


async def _mail_states(database: str) -> Counter[str]:
    connection = await connect(database)
    try:
        rows = await connection.fetch("SELECT state, count(*) AS n FROM alert_mails GROUP BY 1")
    finally:
        await connection.close()
    return Counter({row["state"]: int(row["n"]) for row in rows})


async def _fetchval(database: str, query: str) -> int:
    connection = await connect(database)
    try:
        return int(await connection.fetchval(query))
    finally:
        await connection.close()


def _rounds_failed() -> int:
    return LOG.read_text(errors="replace").count(ROUND_FAILED) if LOG.exists() else 0


async def run(*, people: int = 60, jobs: int = 3, taken: int = 15, outage: float = 6.0) -> Counts:
    counts = Counts()
    index_prefix = f"faults-{uuid.uuid4().hex[:8]}"
    relay = SmtpRelay(taken=taken)
    controller: Controller | None = relay.start()
    async with (
        own_topics() as prefix,
        scratch_database("search") as database,
        FaultProxy(upstream=ELASTICSEARCH) as proxy,
    ):
        await proxy.outage()  # down from the start
        mailer = OwnService(
            "search",
            app="mailer:create_mailer_app",
            env={
                "SEARCH_DB_NAME": database,
                "KAFKA_TOPIC_PREFIX": prefix,
                "SEARCH_INDEX_PREFIX": index_prefix,
                "ELASTICSEARCH_URL": f"http://{proxy.address}",
                "SEARCH_SMTP_HOST": "127.0.0.1",
                "SEARCH_SMTP_PORT": str(relay.port),
                "SEARCH_SMTP_TIMEOUT_SECONDS": "5",
                "SEARCH_ALERT_POLL_SECONDS": "1",
                # the due digests are written straight into its database (no notification)
                "SEARCH_ALERT_IDLE_POLL_SECONDS": "1",
            },
            log=LOG,
        )
        LOG.parent.mkdir(parents=True, exist_ok=True)
        LOG.write_bytes(b"")
        mailer.start()
        store = store_for(ELASTICSEARCH_URL, index_prefix)
        engine = make_engine(ServiceSettings().database_url_for(database))
        try:
            await mailer.ready()
            counts.note(
                f"alert mailer on {mailer.url}, Elasticsearch through {proxy.address} (down), "
                f"SMTP relay on 127.0.0.1:{relay.port}"
            )
            sessions = make_sessionmaker(engine)
            await store.ensure_indices()
            addresses, titles = await _due_alerts(sessions, store, people, jobs)
            counts.note(f"{people} people with a due daily alert, {jobs} new jobs matching it")
            controller = await _scenario(
                counts,
                mailer,
                proxy,
                relay,
                controller,
                database,
                prefix,
                addresses,
                titles,
                outage,
            )
            await _mailer_killed(counts, mailer, relay, database, sessions, store, people, jobs)
        finally:
            mailer.stop()
            await engine.dispose()
            await store.client.close()
            if controller is not None:
                controller.stop()
            async with httpx.AsyncClient(timeout=30) as client:
                await client.delete(f"{ELASTICSEARCH_URL}/{index_prefix}-*")
    return counts


async def _due_alerts(
    sessions: async_sessionmaker[AsyncSession], store: SearchStore, people: int, jobs: int
) -> tuple[list[str], list[str]]:
    """``jobs`` new jobs with a word of their own, and ``people`` with a due daily alert for
    it; their addresses and the jobs' titles."""
    word = _word()
    titles = [f"Arborist {word} {_word()}" for _ in range(jobs)]
    async with unit_of_work(sessions) as session:
        for title in titles:
            event = job_event(
                str(uuid.uuid4()), version=1, title=title, event_type="jobs.job.published"
            )
            payload = event.payload | {
                "published_at": (datetime.now(UTC) - timedelta(hours=1)).isoformat()
            }
            await index_job(store, session, JobPayload.model_validate(payload), event.type)
    await store.refresh("jobs")
    addresses = [f"faults-{n}-{uuid.uuid4().hex[:6]}@example.org" for n in range(people)]
    now = datetime.now(UTC)
    async with unit_of_work(sessions) as session:
        for address in addresses:
            session.add(
                SavedSearch(
                    id=uuid.uuid4(),
                    site="jobboard",
                    email=address,
                    name=f"Jobs: {word}",
                    language="en",
                    query=stored_query(SearchRequest(fulltext=word)),
                    frequency="daily",
                    paused=False,
                    confirmed_at=now - timedelta(days=30),
                    created_at=now - timedelta(days=30),
                    checked_until=now - timedelta(days=2),
                    version=1,
                )
            )
    return addresses, titles


async def _mailer_killed(
    counts: Counts,
    mailer: OwnService,
    relay: SmtpRelay,
    database: str,
    sessions: async_sessionmaker[AsyncSession],
    store: SearchStore,
    people: int,
    jobs: int,
) -> None:
    """5. The mailer's own process killed (SIGKILL) in the middle of a send: after the restart
    nobody is missed; a mail the relay took before the kill and the mailer had not yet marked
    sent goes again with the same Message-ID (at least once, ADR 0029), never as a new mail."""
    relay.delay = 0.05  # a relay a little slow, so the kill finds mails in flight
    already = len(relay.mails)
    addresses, titles = await _due_alerts(sessions, store, people, jobs)
    wave = set(addresses)

    def mailed() -> list[tuple[str, EmailMessage]]:
        return [(a, m) for a, m in relay.mails[already:] if a in wave]

    async def some_mailed() -> bool:
        return len(mailed()) >= people // 6

    started = await wait_for(some_mailed, timeout=120, interval=0.02)
    mailer.kill()
    at_kill = len(mailed())
    states = await _mail_states(database)
    counts.check(
        started and 0 < at_kill < people,
        f"{people} more digests due; the mailer killed (SIGKILL) with {at_kill} of them taken "
        f"by the relay, {states['sent'] - already} marked sent",
    )
    restarted = time.monotonic()
    mailer.start()
    await mailer.ready()

    async def all_sent() -> bool:
        return (await _mail_states(database))["sent"] >= already + people

    finished = await wait_for(all_sent, timeout=180)
    await asyncio.sleep(3)
    by_address = Counter(address for address, _ in mailed())
    ids_by_address: dict[str, set[str]] = {}
    for address, message in mailed():
        ids_by_address.setdefault(address, set()).add(str(message["Message-ID"]))
    missing = [a for a in addresses if a not in by_address]
    new_mail = [a for a, ids in ids_by_address.items() if len(ids) > 1]
    again = sum(n - len(ids_by_address[a]) for a, n in by_address.items())
    incomplete = [a for a, m in mailed() if not all(title in _text(m) for title in titles)]
    states = await _mail_states(database)
    counts.check(
        finished
        and not missing
        and not new_mail
        and not incomplete
        and states == Counter({"sent": already + people}),
        f"restarted, all mailed {time.monotonic() - restarted:.1f} s later: {people} people, "
        f"missing {len(missing)}, sent again with the same Message-ID {again} (at least once), "
        f"twice as different mails {len(new_mail)}, without every job {len(incomplete)}; "
        f"mails sent {states['sent']}, pending {states['pending']}, failed {states['failed']}",
    )


async def _scenario(
    counts: Counts,
    mailer: OwnService,
    proxy: FaultProxy,
    relay: SmtpRelay,
    controller: Controller | None,
    database: str,
    prefix: str,
    addresses: list[str],
    titles: list[str],
    outage: float,
) -> Controller | None:
    people = len(addresses)
    checked = "SELECT count(*) FROM saved_searches WHERE checked_until > now() - interval '1 day'"

    # 1. Elasticsearch down from the start
    failed_before = _rounds_failed()
    await asyncio.sleep(outage)
    states = await _mail_states(database)
    moved = await _fetchval(database, checked)
    async with httpx.AsyncClient(timeout=10) as client:
        ready = (await client.get(f"{mailer.url}/readyz")).status_code
    counts.check(
        not relay.mails and not states and moved == 0 and ready == 200,
        f"Elasticsearch down {outage:.0f} s: {_rounds_failed() - failed_before} rounds failed "
        f"and were retried; mails planned {sum(states.values())}, mailed {len(relay.mails)}, "
        f"alerts marked checked {moved}; /readyz {ready}",
    )

    # 2. Elasticsearch back; the relay takes a few, refuses (421), is killed
    await proxy.restore()
    back = time.monotonic()

    async def relay_refused() -> bool:
        return relay.refused > 0

    refused = await wait_for(relay_refused, timeout=120, interval=0.05)
    assert controller is not None
    controller.stop()
    controller = None
    await asyncio.sleep(2)  # a round or two against a relay that is gone
    states = await _mail_states(database)
    taken = len(relay.mails)
    counts.check(
        refused
        and 0 < taken < people
        and states["pending"] == people - taken
        and states["sent"] == taken
        and not states["failed"]
        and not states["dropped"],
        f"Elasticsearch back: {sum(states.values())} digests planned "
        f"{time.monotonic() - back:.1f} s later; the relay took {taken}, refused "
        f"{relay.refused} (421), then was killed: sent {states['sent']}, pending "
        f"{states['pending']}, failed {states['failed']}, dropped {states['dropped']}",
    )

    # 3. Elasticsearch down again, then the relay back: the mails wait for the re-check
    await proxy.outage()
    relay.accept()
    controller = relay.start()
    await asyncio.sleep(outage)
    states = await _mail_states(database)
    counts.check(
        len(relay.mails) == taken and states["pending"] == people - taken,
        f"Elasticsearch down again, the relay back: {len(relay.mails) - taken} more mailed in "
        f"{outage:.0f} s, {states['pending']} pending (each is re-checked against the index "
        "before it goes)",
    )

    # 4. Elasticsearch back: everything goes, once
    await proxy.restore()
    back = time.monotonic()

    async def all_sent() -> bool:
        return (await _mail_states(database))["sent"] >= people

    finished = await wait_for(all_sent, timeout=180)
    await asyncio.sleep(3)  # a few more rounds: nothing more may go
    seconds = time.monotonic() - back
    by_address = Counter(address for address, _ in relay.mails)
    by_message_id = Counter(str(message["Message-ID"]) for _, message in relay.mails)
    missing = [a for a in addresses if a not in by_address]
    twice = [a for a, n in by_address.items() if n > 1]
    same_id = [m for m, n in by_message_id.items() if n > 1]
    incomplete = [
        address
        for address, message in relay.mails
        if not all(title in _text(message) for title in titles)
    ]
    states = await _mail_states(database)
    ledger = await _fetchval(database, "SELECT count(*) FROM alert_deliveries")
    dead = await topic_size(f"{prefix}{JOB_TOPIC}.dlt")
    counts.check(
        finished
        and not missing
        and not twice
        and not same_id
        and not incomplete
        and set(by_address) <= set(addresses)
        and states == Counter({"sent": people})
        and ledger == people * len(titles),
        f"all mailed {seconds:.1f} s after Elasticsearch returned: {people} people, "
        f"{len(relay.mails)} mails, missing {len(missing)}, twice {len(twice)} (same "
        f"Message-ID {len(same_id)}), without every job {len(incomplete)}; mails sent "
        f"{states['sent']}, pending {states['pending']}, failed {states['failed']}, dropped "
        f"{states['dropped']}; ledger {ledger} of {people * len(titles)}",
    )
    counts.check(
        dead == 0, f"dead-lettered events of {prefix}{JOB_TOPIC} ({ALERT_MAILER_GROUP}): {dead}"
    )
    return controller


def _text(message: EmailMessage) -> str:
    body = message.get_body(preferencelist=("plain", "html"))
    return str(body.get_content()) if body is not None else ""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawTextHelpFormatter
    )
    parser.add_argument("--people", type=int, default=60, help="people with a due alert")
    parser.add_argument("--jobs", type=int, default=3, help="new jobs their alert matches")
    parser.add_argument(
        "--taken", type=int, default=15, help="mails the relay takes before it refuses"
    )
    parser.add_argument("--outage", type=float, default=6.0, help="seconds of each outage")
    args = parser.parse_args(argv)
    counts = asyncio.run(
        run(people=args.people, jobs=args.jobs, taken=args.taken, outage=args.outage)
    )
    sys.stdout.write(counts.report("The alert mailer with Elasticsearch and SMTP down"))
    return 1 if counts.failed else 0


if __name__ == "__main__":
    sys.exit(main())
