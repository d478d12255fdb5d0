"""Fault scenario: the Kafka broker killed (SIGKILL) and started again while clients write, and
every write acknowledged to a client has each of its effects exactly once, counted end to end.

Starts a Kafka broker of its own (tests/faults/harness.py ``ScratchBroker``: KRaft, one node,
the stack's jars, spare ports, a temporary log directory; the stack's broker is never touched)
and, pointed at it, services of its own from this checkout, each with a scratch database:
identity (sign-ups, their verification mails), jobs (jobs, their edits and publication, the
applications and their confirmation mails), billing (the slot saga: a job credit per
publication), search (the index, a prefix of its own) and analytics (the dashboards' counts).
Mails go to an SMTP catcher of the scenario's own. Then ``--writers`` clients send ``--writes``
mixed writes to the services' GraphQL, as the site does:

- ``signUp`` (a new address each time);
- a job's life: ``createJob``, ``updateJobInfo`` (its description), ``updateJobLocation``,
  ``publishJob`` (the slot saga: jobs asks, billing reserves a credit, jobs publishes);
- ``updateJobInfo`` on a published job (an edit the index must follow);
- ``applyToJob`` to a published job, as a visitor.

Once a third of the writes are sent the broker is killed with SIGKILL, left dead ``--outage``
seconds while the writes go on, and started again on the same ports and log directory. Counted:
writes sent and acknowledged (before, during and after the outage), client errors (anything but
the write's success answer: must be 0, the outbox takes the writes while the broker is away),
and, for every acknowledged write, each of its effects, lost and doubled:

- a sign-up: its verification mail at the catcher (a different second mail is doubled; the same
  mail again, its Message-ID made from the event, is counted apart) and its ``sign_up`` in
  analytics;
- a publication: billing's one credit reservation for the job (a second would be a second
  reservation, ``<job>#2``), the job published with one ``jobs.job.published`` event, and the
  job findable in the index at the version jobs holds (so the last edit acknowledged is the one
  indexed; a document is one per job by its id, so for search a run proves none missing or
  stale, not the absence of a repeat);
- an application: its confirmation mail to the applicant and one apply completion in the job's
  daily count in analytics (a counter: an event applied twice would count 2);

nothing dead-lettered, and the seconds from the broker's return to every effect of the writes
acknowledged until then (the backlog), and to every effect of all writes.

    .venv/bin/python -m tests.faults.broker_killed [--writes 10000] [--writers 8] [--outage 10]

Needs the local stack's PostgreSQL and Elasticsearch, and the Kafka jars the stack installed.
Runbook: docs/runbooks/broker-down.md.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import secrets
import sys
import time
import uuid
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

import httpx
from aiokafka import AIOKafkaConsumer, TopicPartition
from billing.domain.models import KnownOrganization as BillingOrganization
from jobkit.contracts import JOB_PUBLISHED
from jobkit.settings import ServiceSettings
from jobkit.testing.tokens import TokenIssuer, token_issuer

from services.jobs.tests import factories as jobs_factories
from tests.faults.consumer_killed import add_rows, counted, different_mails, fetched, mails_by
from tests.faults.harness import (
    ROOT,
    Counts,
    OwnService,
    ScratchBroker,
    SmtpRelay,
    scratch_broker,
    scratch_database,
    wait_for,
)
from tests.faults.search_down import ELASTICSEARCH_URL

SERVICES = ("identity", "jobs", "billing", "search", "analytics")
SIGN_UP = """mutation($input: SignUpInput!) { signUp(input: $input) {
  __typename ... on AccountErrors { errors { code field } } } }"""
SAVED = "__typename ... on JobSaved { job { id } } ... on JobErrors { errors { code field } }"
CREATE = f"mutation($input: CreateJobInput!) {{ createJob(input: $input) {{ {SAVED} }} }}"
INFO = f"mutation($id: ID!, $input: JobInfoInput!) {{ updateJobInfo(id: $id, input: $input) {{ {SAVED} }} }}"  # noqa: E501
LOCATION = (
    "mutation($id: ID!, $input: JobLocationGroupInput!) "
    f"{{ updateJobLocation(id: $id, input: $input) {{ {SAVED} }} }}"
)
PUBLISH = f"mutation($id: ID!) {{ publishJob(id: $id) {{ {SAVED} }} }}"
APPLY = """mutation($input: ApplyToJobInput!) { applyToJob(input: $input) {
  __typename ... on JobErrors { errors { code field } } } }"""
GRANT = """mutation($n: Int!, $amount: Int!) { grantCredits(organizationId: $n, kind: JOB,
  amount: $amount, label: "broker killed") { __typename } }"""
SUCCESS = {
    "signUp": "SignUpSuccess",
    "createJob": "JobSaved",
    "updateJobInfo": "JobSaved",
    "updateJobLocation": "JobSaved",
    "publishJob": "JobSaved",
    "applyToJob": "ApplicationReceived",
}
# the mix: a sign-up, an application, an edit of a published job, else the next step of a job's
# life (create, describe, locate, publish)
MIX = (("signUp", 0.25), ("applyToJob", 0.2), ("edit", 0.15))


@dataclass
class Load:
    """What the clients sent and what was acknowledged to them."""

    total: int
    sent: int = 0
    acknowledged: Counter[str] = field(default_factory=Counter)  # per mutation
    by_phase: Counter[str] = field(default_factory=Counter)  # before, during, after the outage
    errors: list[str] = field(default_factory=list)  # every answer but the write's success
    signed_up: list[str] = field(default_factory=list)  # addresses
    published: list[str] = field(default_factory=list)  # jobs whose publishJob was acknowledged
    applications: Counter[str] = field(default_factory=Counter)  # job -> acknowledged
    applicants: list[str] = field(default_factory=list)  # addresses
    live: list[str] = field(default_factory=list)  # jobs published now (as a visitor sees)
    editing: set[str] = field(default_factory=set)  # a job is edited by one client at a time
    phase: str = "before"

    def take(self) -> bool:
        """One more write to send, or False when all are sent."""
        if self.sent >= self.total:
            return False
        self.sent += 1
        return True


@dataclass
class Board:
    """The scenario's own services and how to reach them."""

    services: dict[str, OwnService]
    databases: dict[str, str]
    tokens: TokenIssuer
    organization_id: str
    organization_number: int
    relay: SmtpRelay
    index_prefix: str
    admin: str = ""


async def _write(
    client: httpx.AsyncClient,
    load: Load,
    service: OwnService,
    mutation: str,
    query: str,
    variables: Mapping[str, Any],
    token: str | None = None,
) -> dict[str, Any] | None:
    """Send one write; its answer when it is the write's success, else None (counted)."""
    headers = {"authorization": f"Bearer {token}"} if token else {}
    try:
        answer = await client.post(
            f"{service.url}/graphql",
            json={"query": query, "variables": dict(variables)},
            headers=headers,
        )
        body = answer.json()
    except (httpx.HTTPError, ValueError) as error:
        load.errors.append(f"{mutation}: {type(error).__name__} {error}"[:300])
        return None
    data = (body.get("data") or {}).get(mutation) if isinstance(body, dict) else None
    if answer.status_code == 200 and data and data.get("__typename") == SUCCESS[mutation]:
        load.acknowledged[mutation] += 1
        load.by_phase[load.phase] += 1
        return dict(data)
    load.errors.append(f"{mutation}: {answer.status_code} {answer.text[:250]}")
    return None


async def _client(board: Board, load: Load, seed: int) -> None:
    chance = random.Random(seed)
    jobs, identity = board.services["jobs"], board.services["identity"]
    draft: str | None = None
    step = 0
    # idle connections expire before uvicorn's keep-alive (5 s) closes them: a client reusing a
    # connection the server is closing that moment gets a ReadError, a race of the client's pool
    # (seen once in 4,000 writes, before the kill), not of the broker rehearsed here
    limits = httpx.Limits(keepalive_expiry=2.0)
    async with httpx.AsyncClient(timeout=60, limits=limits) as client:
        while load.take():
            roll, kind = chance.random(), "life"
            for candidate, share in MIX:
                if roll < share:
                    kind = candidate
                    break
                roll -= share
            if kind == "applyToJob" and load.live:
                job = chance.choice(load.live)
                address = f"faults-applicant-{uuid.uuid4().hex}@example.org"
                applied = await _write(
                    client,
                    load,
                    jobs,
                    "applyToJob",
                    APPLY,
                    {
                        "input": {
                            "jobId": job,
                            "firstName": "Ada",
                            "lastName": "Applicant",
                            "emailAddress": address,
                        }
                    },
                )
                if applied is not None:
                    load.applications[job] += 1
                    load.applicants.append(address)
                continue
            free = [job for job in load.live if job not in load.editing]
            if kind == "edit" and free:
                job = chance.choice(free)
                load.editing.add(job)
                try:
                    await _write(
                        client,
                        load,
                        jobs,
                        "updateJobInfo",
                        INFO,
                        {"id": job, "input": {"description": _description()}},
                        board.admin,
                    )
                finally:
                    load.editing.discard(job)
                continue
            if kind == "signUp" or (kind != "life" and draft is None and chance.random() < 0.5):
                address = f"faults-{uuid.uuid4().hex}@example.org"
                signed = await _write(
                    client,
                    load,
                    identity,
                    "signUp",
                    SIGN_UP,
                    {
                        "input": {
                            "email": address,
                            "password": "correct horse battery",
                            "firstName": "Ada",
                            "lastName": "Rehearsal",
                        }
                    },
                )
                if signed is not None:
                    load.signed_up.append(address)
                continue
            draft, step = await _life_step(client, board, load, draft, step)


def _description() -> str:
    return f"<p>Field work in the community, reference {secrets.token_hex(4)}.</p>"


async def _life_step(
    client: httpx.AsyncClient, board: Board, load: Load, draft: str | None, step: int
) -> tuple[str | None, int]:
    """The next write of this client's job: (its job, the next step); a write refused starts a
    new job."""
    jobs = board.services["jobs"]
    if draft is None:
        created = await _write(
            client,
            load,
            jobs,
            "createJob",
            CREATE,
            {"input": {"organizationId": board.organization_id, "title": "Community nurse"}},
            board.admin,
        )
        return (created["job"]["id"], 1) if created is not None else (None, 0)
    if step == 1:
        done = await _write(
            client,
            load,
            jobs,
            "updateJobInfo",
            INFO,
            {"id": draft, "input": {"description": _description()}},
            board.admin,
        )
    elif step == 2:
        location = {"countryCode": "US", "locality": "Boston", "administrativeArea": "MA"}
        done = await _write(
            client,
            load,
            jobs,
            "updateJobLocation",
            LOCATION,
            {"id": draft, "input": {"locations": [{"address": location}]}},
            board.admin,
        )
    else:
        done = await _write(client, load, jobs, "publishJob", PUBLISH, {"id": draft}, board.admin)
        if done is not None:
            load.published.append(draft)
        return None, 0
    return (draft, step + 1) if done is not None else (None, 0)


async def _progress(load: Load, stop: asyncio.Event, started: float) -> None:
    """A line on stderr every half minute: a long run shows it is moving."""
    while not stop.is_set():
        await asyncio.sleep(30)
        sys.stderr.write(
            f"{time.monotonic() - started:.0f} s: {load.sent} of {load.total} writes sent, "
            f"{sum(load.acknowledged.values())} acknowledged, {len(load.errors)} client "
            f"errors, broker {load.phase}\n"
        )


async def _watch_live(board: Board, load: Load, stop: asyncio.Event) -> None:
    """The published jobs, as a visitor finds them (the clients apply to and edit these)."""
    while not stop.is_set():
        rows = await fetched(
            board.databases["jobs"], "SELECT id::text FROM jobs WHERE state = 'published'"
        )
        load.live = [str(row[0]) for row in rows]
        await asyncio.sleep(1.0)


@dataclass
class Effects:
    """Per kind of effect: how many were wanted, seen once, lost, doubled."""

    wanted: dict[str, int] = field(default_factory=dict)
    lost: dict[str, int] = field(default_factory=dict)
    doubled: dict[str, int] = field(default_factory=dict)
    again: int = 0  # the same verification or confirmation mail sent again (at least once)

    def add(self, kind: str, wanted: Mapping[str, int], seen: Mapping[str, int]) -> None:
        self.wanted[kind] = sum(wanted.values())
        self.lost[kind] = sum(max(0, n - seen.get(key, 0)) for key, n in wanted.items())
        self.doubled[kind] = sum(max(0, seen.get(key, 0) - n) for key, n in wanted.items())

    @property
    def present(self) -> bool:
        return not any(self.lost.values())

    @property
    def complete(self) -> bool:
        return self.present and not any(self.doubled.values())

    def lines(self) -> list[str]:
        return [
            f"{kind}: {self.wanted[kind]} wanted, lost {self.lost[kind]}, doubled "
            f"{self.doubled[kind]}"
            for kind in self.wanted
        ]


@dataclass(frozen=True)
class Wanted:
    """The acknowledged writes whose effects are counted (all, or those up to a moment)."""

    signed_up: tuple[str, ...]
    published: tuple[str, ...]
    applications: Mapping[str, int]
    applicants: tuple[str, ...]

    @classmethod
    def of(cls, load: Load) -> Wanted:
        return cls(
            tuple(load.signed_up),
            tuple(load.published),
            dict(load.applications),
            tuple(load.applicants),
        )


async def _effects(board: Board, wanted: Wanted, *, versions: bool) -> Effects:
    """Every effect of the ``wanted`` writes as it is now; ``versions``: the index must hold
    each job at the version jobs holds (once the writes are over)."""
    effects = Effects()
    databases = board.databases
    once = dict.fromkeys
    mails = different_mails(board.relay, {address: address for address in wanted.signed_up})
    effects.add("verification mails", once(wanted.signed_up, 1), mails)
    users = {
        str(row[1]): str(row[0])
        for row in await fetched(
            databases["identity"],
            "SELECT email, id::text FROM users WHERE email = ANY($1::text[])",
            list(wanted.signed_up),
        )
    }
    sign_ups = await counted(
        databases["analytics"],
        "SELECT dimensions->>'current_user_id', count(*) FROM analytics_events "
        "WHERE key = 'sign_up' GROUP BY 1",
    )
    effects.add(
        "analytics sign-ups",
        once(wanted.signed_up, 1),
        {users[u]: n for u, n in sign_ups.items() if u in users},
    )
    reservations = await counted(
        databases["billing"],
        "SELECT left(reference, 36), count(*) FROM ledger_entries WHERE kind = 'job' "
        "AND entry_type = 'reservation' GROUP BY 1",
    )
    effects.add("credits reserved (slot saga)", once(wanted.published, 1), reservations)
    states = {
        str(row[0]): (str(row[1]), int(row[2]))
        for row in await fetched(databases["jobs"], "SELECT id::text, state, version FROM jobs")
    }
    published_events = await counted(
        databases["jobs"],
        "SELECT key, count(*) FROM outbox WHERE event_type = $1 GROUP BY 1",
        JOB_PUBLISHED,
    )
    effects.add(
        "jobs published (slot saga)",
        once(wanted.published, 1),
        {
            job: n
            for job, n in published_events.items()
            if states.get(job, ("", 0))[0] == "published"
        },
    )
    documents = await _indexed(board.index_prefix)
    effects.add(
        "findable in search" + (" at jobs' version" if versions else ""),
        once(wanted.published, 1),
        {
            job: 1
            for job, version in documents.items()
            if not versions or version == states.get(job, ("", 0))[1]
        },
    )
    completions = await counted(
        databases["analytics"],
        "SELECT subject_id, sum(count) FROM daily_counts WHERE subject_type = 'job' "
        "AND metric = 'apply_completions' GROUP BY 1",
    )
    effects.add("analytics apply completions", wanted.applications, completions)
    confirmations = different_mails(
        board.relay, {address: address for address in wanted.applicants}
    )
    effects.add("application confirmations", once(wanted.applicants, 1), confirmations)
    taken = mails_by(board.relay, {a: a for a in (*wanted.signed_up, *wanted.applicants)})
    effects.again = sum(len(m) - 1 for m in taken.values() if len(m) > 1)
    return effects


async def _dead_letters(bootstrap: str) -> Counter[str]:
    """Records on the scratch broker's dead-letter topics, per topic."""
    consumer = AIOKafkaConsumer(bootstrap_servers=bootstrap)
    await consumer.start()
    try:
        topics = [topic for topic in await consumer.topics() if topic.endswith(".dlt")]
        parts = [
            TopicPartition(topic, partition)
            for topic in topics
            for partition in consumer.partitions_for_topic(topic) or ()
        ]
        if not parts:
            return Counter()
        ends = await consumer.end_offsets(parts)
        starts = await consumer.beginning_offsets(parts)
        return Counter({p.topic: ends[p] - starts[p] for p in parts if ends[p] > starts[p]})
    finally:
        await consumer.stop()


async def _indexed(index_prefix: str) -> dict[str, int]:
    """The findable jobs of the scenario's own index: job -> its document's version."""
    async with httpx.AsyncClient(timeout=60) as client:
        answer = await client.post(
            f"{ELASTICSEARCH_URL}/{index_prefix}-jobs/_search",
            json={
                "size": 10_000,
                "query": {"term": {"findable": True}},
                "version": True,
                "_source": False,
            },
        )
    if answer.status_code == 404:
        return {}
    answer.raise_for_status()
    return {hit["_id"]: int(hit["_version"]) for hit in answer.json()["hits"]["hits"]}


async def _setup(board: Board, load: Load) -> None:
    """The organization jobs knows (as organizations' events would have told it) and the job
    credits billing holds for it: one per write, more than the run can use."""
    organization = jobs_factories.organization(
        id=uuid.UUID(board.organization_id),
        number=board.organization_number,
        name="Fault Rehearsals",
    )
    await add_rows(board.databases["jobs"], [organization])
    await add_rows(
        board.databases["billing"],
        [
            BillingOrganization(
                number=board.organization_number,
                organization_id=board.organization_id,
                name="Fault Rehearsals",
                updated_at=datetime.now(UTC),
            )
        ],
    )
    async with httpx.AsyncClient(timeout=60) as client:
        answer = await client.post(
            f"{board.services['billing'].url}/graphql",
            json={
                "query": GRANT,
                "variables": {"n": board.organization_number, "amount": load.total},
            },
            headers={"authorization": f"Bearer {board.admin}"},
        )
    granted = ((answer.json().get("data") or {}).get("grantCredits") or {}).get("__typename")
    if granted != "CreditsGranted":
        raise RuntimeError(f"billing did not grant the credits: {answer.text[:300]}")


async def run(
    *, writes: int = 10_000, writers: int = 8, outage: float = 10.0, patience: float = 900.0
) -> Counts:
    counts = Counts()
    relay = SmtpRelay()
    controller = relay.start()
    settings = ServiceSettings()
    try:
        async with (
            scratch_broker() as broker,
            token_issuer(issuer=settings.jwt_issuer, audience=settings.jwt_audience) as tokens,
            scratch_database("identity") as identity_db,
            scratch_database("jobs") as jobs_db,
            scratch_database("billing") as billing_db,
            scratch_database("search") as search_db,
            scratch_database("analytics") as analytics_db,
        ):
            databases = dict(
                zip(
                    SERVICES,
                    (identity_db, jobs_db, billing_db, search_db, analytics_db),
                    strict=True,
                )
            )
            index_prefix = f"faults-{uuid.uuid4().hex[:8]}"
            counts.note(f"scratch broker on {broker.bootstrap} ({broker.directory})")
            board = Board(
                services=_services(broker, tokens, databases, relay, index_prefix),
                databases=databases,
                tokens=tokens,
                organization_id=str(uuid.uuid4()),
                organization_number=700_000 + random.randrange(100_000),
                relay=relay,
                index_prefix=index_prefix,
                admin=tokens.token(
                    str(uuid.uuid4()), ["administrator"], lifetime=timedelta(hours=6)
                ),
            )
            try:
                for service in board.services.values():
                    service.start()
                await asyncio.gather(*(s.ready() for s in board.services.values()))
                counts.note("identity, jobs, billing, search and analytics of its own are up")
                await _scenario(counts, board, broker, writes, writers, outage, patience)
            finally:
                for service in board.services.values():
                    service.stop()
                async with httpx.AsyncClient(timeout=60) as client:
                    await client.delete(f"{ELASTICSEARCH_URL}/{index_prefix}-*")
    finally:
        controller.stop()
    return counts


def _services(
    broker: ScratchBroker,
    tokens: TokenIssuer,
    databases: Mapping[str, str],
    relay: SmtpRelay,
    index_prefix: str,
) -> dict[str, OwnService]:
    common = {"KAFKA_BOOTSTRAP_SERVERS": broker.bootstrap, "JOBBOARD_JWKS_URL": tokens.jwks_url}
    mail = {"SMTP_HOST": "127.0.0.1", "SMTP_PORT": str(relay.port)}
    own = {
        "jobs": {
            # the clients apply from one address: the per-address limit is not what is rehearsed
            "JOBS_APPLY_LIMIT_PER_IP": "1000000",
            **{f"JOBS_{k}": v for k, v in mail.items()},
        },
        "identity": {f"IDENTITY_{k}": v for k, v in mail.items()},
        "search": {"SEARCH_INDEX_PREFIX": index_prefix},
    }
    return {
        name: OwnService(
            name,
            env={
                **common,
                f"{name.upper()}_DB_NAME": databases[name],
                **own.get(name, {}),
            },
            log=ROOT / ".local" / "logs" / f"faults-broker-killed-{name}.log",
        )
        for name in SERVICES
    }


async def _scenario(
    counts: Counts,
    board: Board,
    broker: ScratchBroker,
    writes: int,
    writers: int,
    outage: float,
    patience: float,
) -> None:
    load = Load(total=writes)
    await _setup(board, load)
    stop = asyncio.Event()
    started = time.monotonic()
    watcher = asyncio.create_task(_watch_live(board, load, stop))
    progress = asyncio.create_task(_progress(load, stop, started))
    clients = [asyncio.create_task(_client(board, load, seed)) for seed in range(writers)]
    backlog_done: list[float] = []
    try:

        async def a_third_sent() -> bool:
            return load.sent >= writes // 3

        await wait_for(a_third_sent, timeout=patience, interval=0.1)
        broker.kill()
        load.phase = "during"
        killed = time.monotonic()
        counts.note(
            f"broker killed (SIGKILL) with {load.sent} of {writes} writes sent, "
            f"{sum(load.acknowledged.values())} acknowledged"
        )
        await asyncio.sleep(outage)
        broker.start()
        restarted = time.monotonic()
        await broker.ready()
        back = time.monotonic()
        load.phase = "after"
        counts.note(
            f"broker dead {restarted - killed:.1f} s, started again on the same ports and log "
            f"directory, taking records {back - restarted:.1f} s later: away "
            f"{back - killed:.1f} s in all, {load.by_phase['during']} writes acknowledged "
            "meanwhile"
        )
        backlog = Wanted.of(load)

        async def backlog_applied() -> None:
            # present, not "exactly": later writes add to the same counters (a job's
            # applications), so a repeat is judged once, on everything, at the end
            async def complete() -> bool:
                return (await _effects(board, backlog, versions=False)).present

            if await wait_for(complete, timeout=patience, interval=1.0):
                backlog_done.append(time.monotonic() - back)

        backlog_watch = asyncio.create_task(backlog_applied())
        await asyncio.gather(*clients)
        written = time.monotonic()
        counts.note(
            f"{writes} writes sent by {writers} clients in {time.monotonic() - started:.0f} s"
        )
    finally:
        for task in clients:
            task.cancel()
        stop.set()
        progress.cancel()
        await asyncio.gather(watcher, progress, return_exceptions=True)
    everything = Wanted.of(load)
    final = Effects()

    async def all_applied() -> bool:
        nonlocal final
        final = await _effects(board, everything, versions=True)
        return final.complete

    complete = await wait_for(all_applied, timeout=patience, interval=2.0)
    done = time.monotonic()
    await asyncio.wait_for(backlog_watch, timeout=patience)
    acknowledged = sum(load.acknowledged.values())
    counts.check(
        not load.errors,
        f"writes: {load.sent} sent, {acknowledged} acknowledged ({dict(load.acknowledged)}; "
        f"before the kill {load.by_phase['before']}, broker down {load.by_phase['during']}, "
        f"after {load.by_phase['after']}), client errors {len(load.errors)} {load.errors[:3]}",
    )
    for line, kind in zip(final.lines(), final.wanted, strict=True):
        counts.check(final.lost[kind] == 0 and final.doubled[kind] == 0, line)
    counts.note(f"the same mail sent again (at least once, one Message-ID): {final.again}")
    dead = await _dead_letters(broker.bootstrap)
    counts.check(not dead, f"dead-lettered: {sum(dead.values())} {dict(dead)}")
    counts.check(
        complete and bool(backlog_done),
        "recovered: every effect of the writes acknowledged until the broker's return there "
        + (f"{backlog_done[0]:.1f} s after it" if backlog_done else "NEVER (out of patience)"),
    )
    counts.note(
        f"every effect of all {acknowledged} writes there {done - back:.1f} s after the "
        f"broker's return, {done - written:.1f} s after the last write"
        + ("" if complete else " (NOT complete: the run ran out of patience)")
    )
    lost = sum(final.lost.values())
    doubled = sum(final.doubled.values())
    wanted = sum(final.wanted.values())
    counts.note(
        f"in all: {acknowledged} writes acknowledged, {wanted} effects wanted, "
        f"{wanted - lost} observed, lost {lost}, doubled {doubled}, client errors "
        f"{len(load.errors)}"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawTextHelpFormatter
    )
    parser.add_argument("--writes", type=int, default=10_000, help="writes sent in all")
    parser.add_argument("--writers", type=int, default=8, help="concurrent clients")
    parser.add_argument("--outage", type=float, default=10.0, help="seconds the broker stays dead")
    parser.add_argument(
        "--patience",
        type=float,
        default=900.0,
        help="seconds each wait may take (the effects after the writes, the backlog's)",
    )
    args = parser.parse_args(argv)
    counts = asyncio.run(
        run(
            writes=args.writes,
            writers=args.writers,
            outage=args.outage,
            patience=args.patience,
        )
    )
    sys.stdout.write(counts.report("The Kafka broker killed under writes"))
    return 1 if counts.failed else 0


if __name__ == "__main__":
    sys.exit(main())
