"""Fault scenario: a consumer's process killed (SIGKILL) in the middle of its batches, restarted,
and every event's effect is there exactly once.

For each consumer group below it starts the service of its own (this checkout, a spare port, a
scratch database, its own Kafka topic prefix; search also its own index prefix), puts a backlog
of events on the group's topic first (so the consumer fetches full batches; a group whose events
need state of the service's own, the rows it reads, gets them once the service has migrated its
database, then the events), kills the process with SIGKILL as soon as some of the effects are
there and before all are, starts it again and waits for the rest. Counted per group: events,
effects seen when it was killed, effects after (missing, doubled), the group's ledger, dead
letters, seconds to finish after the restart.

A mailer's effect is a mail at an SMTP relay of the scenario's own that takes 0.1 s to answer,
and its process is killed while the relay holds a mail: a mail the relay took before the kill
and the mailer had not recorded goes again (at least once), and must be the same mail (the
Message-ID made from its event, the same link), never a second, different one.

- ``search-indexer`` (batched: one transaction and one ``_bulk`` per fetched batch): every job
  published is findable once, at its version;
- ``billing-slots`` (the slot saga, batched): every publish request gets exactly one answer
  (granted or denied) in billing's outbox;
- ``analytics`` (one event per transaction): every application submitted is recorded once and
  counted once in the dashboards' daily counts (a counter incremented per event: a repeat
  applied twice would count 2), for its job and, all of them, for its organization;
- ``search-alert-mailer`` (the alert mailer's process, ``search.mailer``, batched): every job
  published is noted once for the instant alerts;
- ``identity-mailer``: every new account its verification mail, every reset request its reset
  mail, once or as the same mail again; a link of each kind then works;
- ``jobs-mailer``: every rejected job's recruiter mailed;
- ``jobs-slots`` (the slot saga's last step, batched): every waiting job moved once (published
  or back to draft), one event each in jobs' outbox;
- ``jobs-application-mailer``: every application mailed to its job's address, and (the
  ``jobs-applicant-mailer`` in the same process) confirmed to its applicant;
- ``organizations-contact-mailer``: every contact message mailed to its organization;
- ``resumes-contact-mailer``: every applicant asked about a recruiter's contact request;
- ``resumes-contacts`` (the contact saga's last step): every waiting request moved once
  (pending or denied), one status event each in resumes' outbox;
- ``consent-identity``: every sign-up's registration consent stored once, one
  ``consent.given`` event each;
- ``organizations-mailer``: every invitation mailed, a mail sent again the same mail, and every
  link the one whose digest the invitation keeps;
- the read models of other contexts (``organizations-vocabulary``, ``organizations-site-config``,
  ``jobs-organizations``, ``billing-memberships``, ``analytics-organizations``,
  ``analytics-site-config``, ``analytics-jobs``) and identity's ``identity-audit`` and
  ``identity-consent``: every event's row there. Each is an upsert keyed by its aggregate, so an
  event applied twice would still be one row: for them the run proves none missing, the ledger
  (each event recorded once) and nothing dead-lettered, not the absence of a repeat;
- the erasure groups (``jobs-erasure``, ``billing-erasure``, ``organizations-erasure``,
  ``analytics-erasure``): every deleted account confirmed once, one
  ``<service>.erasure.completed`` each in the service's outbox (written in the erasure's
  transaction: a repeat would be a second one).

    .venv/bin/python -m tests.faults.consumer_killed [--events 300] [--group search-indexer]

Needs the local stack's PostgreSQL, Kafka and Elasticsearch (``make up``).
"""

from __future__ import annotations

import argparse
import asyncio
import hashlib
import re
import sys
import time
import uuid
from collections import Counter
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from email.message import EmailMessage
from typing import Any
from urllib.parse import unquote

import asyncpg
import httpx
from consent.domain.models import ConsentInfo, ConsentInfoRevision
from jobkit.audit import AUDIT_TOPIC
from jobkit.contracts import (
    APPLICATION_SUBMITTED,
    APPLICATION_TOPIC,
    CONSENT_GIVEN,
    CONSENT_TOPIC,
    JOB_PUBLISH_REQUESTED,
    JOB_PUBLISHED,
    JOB_TOPIC,
    JOB_UPDATED,
    MEMBER_ADDED,
    ORGANIZATION_CONTACT_TOPIC,
    ORGANIZATION_CREATED,
    ORGANIZATION_TOPIC,
    RESUME_CONTACT_TOPIC,
    SITE_CONFIG_CHANGED,
    SITE_TOPIC,
    SLOT_DENIED,
    SLOT_GRANTED,
    SLOT_TOPIC,
    USER_DELETED,
    USER_REGISTRATION_CONSENTED,
    USER_TOPIC,
    erasure_completed,
)
from jobkit.db import make_engine, make_sessionmaker, unit_of_work
from jobkit.events import EventEnvelope
from jobkit.settings import ServiceSettings
from jobkit.vocabulary import VOCABULARY_TOPIC
from organizations.domain.invitations import invitation_token_hash
from organizations.domain.models import ContactMessage, Invitation
from organizations.settings import OrganizationsSettings

from services.consent.tests import factories as consent_factories
from services.jobs.tests import factories as jobs_factories
from services.organizations.tests import factories as organizations_factories
from services.resumes.tests import factories as resumes_factories
from tests.faults.harness import (
    ROOT,
    Counts,
    OwnService,
    SmtpRelay,
    applied_count,
    connect,
    own_topics,
    produce,
    scratch_database,
    wait_for,
)
from tests.faults.search_down import ELASTICSEARCH_URL, indexed, published, topic_size

GROUPS = (
    "search-indexer",
    "billing-slots",
    "analytics",
    "search-alert-mailer",
    "identity-mailer",
    "jobs-mailer",
    "jobs-slots",
    "jobs-application-mailer",
    "organizations-contact-mailer",
    "resumes-contact-mailer",
    "consent-identity",
    "resumes-contacts",
    "organizations-mailer",
    "organizations-vocabulary",
    "organizations-site-config",
    "jobs-organizations",
    "billing-memberships",
    "identity-audit",
    "identity-consent",
    "analytics-organizations",
    "analytics-site-config",
    "analytics-jobs",
    "jobs-erasure",
    "billing-erasure",
    "organizations-erasure",
    "analytics-erasure",
)
# the services whose erasure has a group of that name (resumes, consent and search erase in
# groups of other names)
ERASURE_GROUPS = ("jobs", "billing", "organizations", "analytics")


@dataclass
class Case:
    """A group: its service, the events, and how many of their effects are there now."""

    group: str
    service: str
    env: dict[str, str]
    events: list[EventEnvelope]
    effects: Callable[[], Awaitable[Counter[str]]]  # aggregate id -> effects seen
    topic: str = JOB_TOPIC
    app: str = "main:create_app"  # the process that runs the group
    # effects there before the kill (a batched group applies a fetched batch at once; one that
    # applies an event per transaction is killed further in)
    kill_at: int = 1
    # state the events need, made once the service has migrated its database (the events then
    # follow: no backlog before the start)
    setup: Callable[[], Awaitable[None]] | None = None
    # and the moment to kill (a mailer: while the relay has a mail and has not answered yet)
    kill_when: Callable[[], bool] = lambda: True
    # more checks once everything is applied, with the service still running
    after: Callable[[OwnService], Awaitable[None]] | None = None


async def _kill_mid_batch(counts: Counts, case: Case, prefix: str, database: str) -> None:
    service = OwnService(
        case.service,
        env=case.env,
        app=case.app,
        log=ROOT / ".local" / "logs" / f"faults-consumer-killed-{case.group}.log",
    )
    expected = {event.aggregate_id for event in case.events}
    if case.setup is None:
        await produce(f"{prefix}{case.topic}", case.events)
    service.start()
    try:
        if case.setup is not None:
            await service.ready()
            await case.setup()
            await produce(f"{prefix}{case.topic}", case.events)
        seen_at_kill: Counter[str] = Counter()

        async def some_applied() -> bool:
            nonlocal seen_at_kill
            seen_at_kill = await case.effects()
            return len(seen_at_kill) >= case.kill_at and case.kill_when()

        started = await wait_for(some_applied, timeout=180, interval=0.05)
        service.kill()
        seen_at_kill = await case.effects()
        mid = 0 < len(seen_at_kill) < len(expected)
        counts.check(
            started and mid,
            f"{case.group}: killed with {len(seen_at_kill)} of {len(expected)} effects applied"
            + ("" if mid else " (not mid-way: the run proves less)"),
        )
        ledger_at_kill = await applied_count(database, f"{prefix}{case.group}")
        restarted = time.monotonic()
        service.start()

        async def all_applied() -> bool:
            return set(await case.effects()) >= expected

        finished = await wait_for(all_applied, timeout=300)
        effects = await case.effects()
        missing = expected - set(effects)
        doubled = [key for key, n in effects.items() if n != 1]
        ledger = await applied_count(database, f"{prefix}{case.group}")
        dead = await topic_size(f"{prefix}{case.topic}.dlt")
        counts.check(
            finished and not missing and not doubled and ledger == len(case.events) and dead == 0,
            f"{case.group}: restarted, all done in {time.monotonic() - restarted:.1f} s: "
            f"{len(case.events)} events, effects {sum(effects.values())}, missing "
            f"{len(missing)}, doubled {len(doubled)}, ledger {ledger_at_kill} at the kill then "
            f"{ledger}, dead-lettered {dead}",
        )
        if case.after is not None:
            await case.after(service)
    finally:
        service.stop()


async def fetched(database: str, query: str, *args: Any) -> list[asyncpg.Record]:
    """The rows of ``query`` in the scenario's database; none before the service migrated it."""
    connection = await connect(database)
    try:
        return list(await connection.fetch(query, *args))
    except asyncpg.PostgresError:  # not migrated yet
        return []
    finally:
        await connection.close()


async def counted(database: str, query: str, *args: Any) -> Counter[str]:
    """``query``'s rows (key, n) as a Counter: per aggregate, its effects."""
    return Counter({str(row[0]): int(row[1]) for row in await fetched(database, query, *args)})


async def add_rows(database: str, *batches: list[Any]) -> None:
    """Rows of the service's own models in its scratch database, in one transaction: each
    batch written before the next (rows that a later batch's foreign keys name come first)."""
    engine = make_engine(ServiceSettings().database_url_for(database))
    try:
        async with unit_of_work(make_sessionmaker(engine)) as session:
            for batch in batches:
                session.add_all(batch)
                await session.flush()
    finally:
        await engine.dispose()


async def search_indexer(counts: Counts, events: int) -> None:
    index_prefix = f"faults-{uuid.uuid4().hex[:8]}"
    async with own_topics() as prefix, scratch_database("search") as database:

        async def findable() -> Counter[str]:
            try:
                return Counter(list(await indexed(index_prefix)))
            except httpx.HTTPStatusError:
                return Counter()  # the index is not there yet

        case = Case(
            group="search-indexer",
            service="search",
            env={
                "SEARCH_DB_NAME": database,
                "KAFKA_TOPIC_PREFIX": prefix,
                "SEARCH_INDEX_PREFIX": index_prefix,
            },
            events=[published(str(uuid.uuid4())) for _ in range(events)],
            effects=findable,
        )
        try:
            await _kill_mid_batch(counts, case, prefix, database)
        finally:
            async with httpx.AsyncClient(timeout=30) as client:
                await client.delete(f"{ELASTICSEARCH_URL}/{index_prefix}-*")


def publish_requested(job_id: str, organization_number: int) -> EventEnvelope:
    return EventEnvelope(
        type=JOB_PUBLISH_REQUESTED,
        aggregate_id=job_id,
        aggregate_version=2,
        site="jobboard",
        actor="faults",
        payload={
            "job_id": job_id,
            "organization_number": organization_number,
            "organization_name": "Fault Rehearsals",
        },
    )


async def billing_slots(counts: Counts, events: int) -> None:
    async with own_topics() as prefix, scratch_database("billing") as database:

        async def answers() -> Counter[str]:
            return await counted(
                database,
                "SELECT key, count(*) FROM outbox WHERE event_type IN "
                "('billing.slot.granted', 'billing.slot.denied') GROUP BY 1",
            )

        case = Case(
            group="billing-slots",
            service="billing",
            env={"BILLING_DB_NAME": database, "KAFKA_TOPIC_PREFIX": prefix},
            events=[publish_requested(str(uuid.uuid4()), 9_000 + n % 7) for n in range(events)],
            effects=answers,
        )
        await _kill_mid_batch(counts, case, prefix, database)


def application_submitted(
    job_id: str, organization_id: str, workflow: str = "default"
) -> EventEnvelope:
    application_id = str(uuid.uuid4())
    return EventEnvelope(
        type=APPLICATION_SUBMITTED,
        aggregate_id=application_id,
        site="jobboard",
        actor="faults",
        payload={
            "application_id": application_id,
            "job_id": job_id,
            "organization_id": organization_id,
            "applicant_id": None,
            "workflow": workflow,
            "applications_count": 1,
        },
    )


async def analytics_counts(counts: Counts, events: int) -> None:
    organization = str(uuid.uuid4())
    applications = [application_submitted(str(uuid.uuid4()), organization) for _ in range(events)]
    by_job = {e.payload["job_id"]: e.aggregate_id for e in applications}
    async with own_topics() as prefix, scratch_database("analytics") as database:

        async def completions() -> Counter[str]:
            """Per application, its job's apply completions counted (1 each, once)."""
            per_job = await counted(
                database,
                "SELECT subject_id, sum(count) FROM daily_counts WHERE subject_type = 'job' "
                "AND metric = 'apply_completions' GROUP BY subject_id",
            )
            return Counter({by_job[job]: n for job, n in per_job.items()})

        case = Case(
            group="analytics",
            service="analytics",
            env={"ANALYTICS_DB_NAME": database, "KAFKA_TOPIC_PREFIX": prefix},
            events=applications,
            effects=completions,
            topic=APPLICATION_TOPIC,
            kill_at=events // 3,
        )
        await _kill_mid_batch(counts, case, prefix, database)
        connection = await connect(database)
        try:
            total = await connection.fetchval(
                "SELECT sum(count) FROM daily_counts WHERE subject_type = 'organization' "
                "AND subject_id = $1 AND metric = 'apply_completions'",
                organization,
            )
            recorded = await connection.fetchval(
                "SELECT count(*) FROM analytics_events WHERE key = 'job_apply_complete'"
            )
        finally:
            await connection.close()
        counts.check(
            total == events and recorded == events,
            f"analytics: the organization's apply completions {total} of {events}, "
            f"events recorded {recorded}",
        )


async def alert_mailer_new_jobs(counts: Counts, events: int) -> None:
    index_prefix = f"faults-{uuid.uuid4().hex[:8]}"
    async with own_topics() as prefix, scratch_database("search") as database:

        async def noted() -> Counter[str]:
            return await counted(database, "SELECT job_id, count(*) FROM alert_new_jobs GROUP BY 1")

        case = Case(
            group="search-alert-mailer",
            service="search",
            env={
                "SEARCH_DB_NAME": database,
                "KAFKA_TOPIC_PREFIX": prefix,
                "SEARCH_INDEX_PREFIX": index_prefix,
                # no relay: the rounds find nothing to mail (the jobs are in no index of its own)
                "SEARCH_SMTP_PORT": "9",
            },
            events=[published(str(uuid.uuid4())) for _ in range(events)],
            effects=noted,
            app="mailer:create_mailer_app",
        )
        try:
            await _kill_mid_batch(counts, case, prefix, database)
        finally:
            async with httpx.AsyncClient(timeout=30) as client:
                await client.delete(f"{ELASTICSEARCH_URL}/{index_prefix}-*")


VERIFY = """mutation($token: String!) { verifyEmail(token: $token) { __typename } }"""
RESET = """mutation($i: ResetPasswordInput!) { resetPassword(input: $i) { __typename } }"""
# the mail each event asks identity's mailer for: its Message-ID's key and the answer to its link
IDENTITY_MAILS = {
    "identity.user.registered": ("verify-email", "VerifyEmailSuccess"),
    "identity.user.password_reset_requested": ("reset-password", "ResetPasswordSuccess"),
}


def account_mail_asked(user_id: str, n: int) -> EventEnvelope:
    """A new account's verification mail (even ``n``) or a password reset (odd)."""
    if n % 2 == 0:
        return EventEnvelope(
            type="identity.user.registered",
            aggregate_id=user_id,
            site="jobboard",
            actor=user_id,
            payload={"user_id": user_id, "roles": ["applicant"], "signup_method": "email"},
        )
    return EventEnvelope(
        type="identity.user.password_reset_requested",
        aggregate_id=user_id,
        site="jobboard",
        payload={"user_id": user_id},
    )


def mails_by(relay: SmtpRelay, whose: dict[str, str]) -> dict[str, list[EmailMessage]]:
    """The mails the relay took, per aggregate (``whose``: recipient -> aggregate id; mails to
    anyone else are another group's)."""
    with relay.lock:
        taken = list(relay.mails)
    by_key: dict[str, list[EmailMessage]] = {}
    for recipient, mail in taken:
        if recipient in whose:
            by_key.setdefault(whose[recipient], []).append(mail)
    return by_key


def _token(mail: EmailMessage) -> str | None:
    body = mail.get_body(preferencelist=("plain",))
    found = re.search(r"token=(\S+)", str(body.get_content()) if body is not None else "")
    return unquote(found.group(1)) if found else None


def different_mails(relay: SmtpRelay, whose: dict[str, str]) -> Counter[str]:
    """Per aggregate, its different mails: the same mail sent again (its Message-ID and its
    link) counts once, a second mail counts 2."""
    return Counter(
        {
            key: len({(str(m["Message-ID"]).strip(), _token(m)) for m in mails})
            for key, mails in mails_by(relay, whose).items()
        }
    )


@dataclass
class MailsSeen:
    """What a mailer's relay took, per aggregate: every mail, those mailed again, those mailed
    again as another mail (a second Message-ID or link), and mails without the Message-ID made
    from their event (``<event id>.<which mail>@...``)."""

    mails: int
    again: list[str]
    different: list[str]
    unlike: list[str]

    @property
    def ok(self) -> bool:
        return not self.different and not self.unlike

    def line(self, group: str, wanted: int, what: str) -> str:
        return (
            f"{group}: {self.mails} mails for {wanted} {what}, {len(self.again)} mailed again "
            f"(the relay took the mail, the kill came before the mailer recorded it), "
            f"{len(self.different)} of them as another mail; without the event's Message-ID "
            f"{len(self.unlike)}"
        )


def mails_seen(relay: SmtpRelay, whose: dict[str, str], message_keys: dict[str, str]) -> MailsSeen:
    """``message_keys``: aggregate id -> the Message-ID's left part its event gives."""
    by_key = mails_by(relay, whose)
    return MailsSeen(
        mails=sum(len(mails) for mails in by_key.values()),
        again=[key for key, mails in by_key.items() if len(mails) > 1],
        different=[key for key, n in different_mails(relay, whose).items() if n > 1],
        unlike=[
            key
            for key, mails in by_key.items()
            for mail in mails
            if not str(mail["Message-ID"]).strip().startswith(f"<{message_keys.get(key)}@")
        ],
    )


async def _kill_mailer(
    counts: Counts,
    *,
    group: str,
    service: str,
    events: list[EventEnvelope],
    topic: str,
    rows: Callable[[str], Awaitable[None]],
    whose: dict[str, str],
    message_keys: dict[str, str],
    what: str,
    more: Callable[[OwnService, SmtpRelay], Awaitable[None]] | None = None,
) -> None:
    """A mailer's group: its mails go to an SMTP relay of the scenario's own that takes 0.1 s to
    answer, and its process is killed while the relay holds one. Its effect per aggregate is its
    different mails (``whose``: recipient -> aggregate id): all there, a mail sent again (the
    relay took it before the kill, the mailer had not recorded it) the same mail, with the
    Message-ID its event gives (``message_keys``). ``rows`` makes what the events need in the
    service's database, ``more`` checks more once all is mailed."""
    relay = SmtpRelay(delay=0.1)
    controller = relay.start()
    env = service.upper()
    try:
        async with own_topics() as prefix, scratch_database(service) as database:

            async def mailed() -> Counter[str]:
                return different_mails(relay, whose)

            async def setup() -> None:
                await rows(database)

            async def same_mails(running: OwnService) -> None:
                seen = mails_seen(relay, whose, message_keys)
                counts.check(seen.ok, seen.line(group, len(events), what))
                if more is not None:
                    await more(running, relay)

            case = Case(
                group=group,
                service=service,
                env={
                    f"{env}_DB_NAME": database,
                    "KAFKA_TOPIC_PREFIX": prefix,
                    f"{env}_SMTP_HOST": "127.0.0.1",
                    f"{env}_SMTP_PORT": str(relay.port),
                    f"{env}_SMTP_TIMEOUT_SECONDS": "10",
                },
                events=events,
                effects=mailed,
                topic=topic,
                kill_at=len(events) // 3,
                setup=setup,
                kill_when=lambda: relay.receiving > 0,
                after=same_mails,
            )
            await _kill_mid_batch(counts, case, prefix, database)
    finally:
        controller.stop()


async def identity_mailer(counts: Counts, events: int) -> None:
    """Identity's account mails: every account gets its mail, a mail sent again is the same
    mail (the same Message-ID, the same link), and the links work."""
    users = [str(uuid.uuid4()) for _ in range(events)]
    whose = {f"faults-{user}@example.org": user for user in users}
    asked = {user: account_mail_asked(user, n) for n, user in enumerate(users)}

    async def accounts(database: str) -> None:
        connection = await connect(database)
        try:
            await connection.executemany(
                "INSERT INTO users (id, email, password_hash, first_name, last_name, roles, "
                "email_verified, signup_method, site, session_version) VALUES "
                "($1, $2, 'not-a-hash', 'Fault', 'Rehearsal', '{applicant}', false, "
                "'email', 'jobboard', 0)",
                [(uuid.UUID(user), address) for address, user in whose.items()],
            )
        finally:
            await connection.close()

    async def links_that_work(service: OwnService, relay: SmtpRelay) -> None:
        by_user = mails_by(relay, whose)
        again = [user for user, mails in by_user.items() if len(mails) > 1]
        without_link = [u for u, mails in by_user.items() for m in mails if not _token(m)]
        answers: list[str | None] = []
        for kind in IDENTITY_MAILS:  # a link of each kind, of a mail sent twice when any
            mine = [u for u in again + list(by_user) if asked[u].type == kind]
            if not mine:
                continue
            token = _token(by_user[mine[0]][0])
            if kind == "identity.user.registered":
                _status, _text, body = await service.graphql(VERIFY, {"token": token})
                answer = (body.get("data") or {}).get("verifyEmail") or {}
            else:
                new = {"token": token, "password": "a brand new secret"}
                _status, _text, body = await service.graphql(RESET, {"i": new})
                answer = (body.get("data") or {}).get("resetPassword") or {}
            answers.append(answer.get("__typename"))
        counts.check(
            not without_link and answers == [success for _, success in IDENTITY_MAILS.values()],
            f"identity-mailer: mails without a link {len(without_link)}; a link of each kind "
            f"used: {answers}",
        )

    await _kill_mailer(
        counts,
        group="identity-mailer",
        service="identity",
        events=list(asked.values()),
        topic=USER_TOPIC,
        rows=accounts,
        whose=whose,
        message_keys={u: f"{e.id}.{IDENTITY_MAILS[e.type][0]}" for u, e in asked.items()},
        what="accounts",
        more=links_that_work,
    )


async def add_jobs(database: str, jobs: dict[str, dict[str, Any]]) -> None:
    """Jobs of one organization (id -> fields of its own) in jobs' scratch database."""
    org = jobs_factories.organization(name="Fault Rehearsals")
    await add_rows(
        database, [org], [jobs_factories.job(org, id=uuid.UUID(j), **f) for j, f in jobs.items()]
    )


async def versions_moved(database: str, table: str) -> Counter[str]:
    """Per row of ``table``, the moves it made (its version past the first)."""
    return await counted(database, f"SELECT id, version - 1 FROM {table} WHERE version > 1")


async def check_one_event_each(
    counts: Counts, group: str, database: str, event_type: str, wanted: int
) -> None:
    """One event of ``event_type`` per aggregate in the service's outbox, for each of ``wanted``."""
    written = await counted(
        database, "SELECT key, count(*) FROM outbox WHERE event_type = $1 GROUP BY 1", event_type
    )
    twice = [key for key, n in written.items() if n != 1]
    counts.check(
        len(written) == wanted and not twice,
        f"{group}: {event_type} in the outbox for {len(written)} of {wanted} aggregates, "
        f"more than once for {len(twice)}",
    )


def slot_answer(job_id: str, n: int) -> EventEnvelope:
    """Billing's answer to a publish request: a slot (two in three) or none."""
    granted = n % 3 != 2
    return EventEnvelope(
        type=SLOT_GRANTED if granted else SLOT_DENIED,
        aggregate_id=job_id,
        site="jobboard",
        actor="faults",
        payload={"job_id": job_id, "organization_number": 9_000, "source": "package"}
        if granted
        else {"job_id": job_id, "organization_number": 9_000, "reason": "no_slots_left"},
    )


async def jobs_slots(counts: Counts, events: int) -> None:
    """The slot saga's last step: each answer moves its waiting job once (granted: published;
    denied: back to draft), one version and one event in jobs' outbox each."""
    answers = [slot_answer(str(uuid.uuid4()), n) for n in range(events)]
    denied = sum(1 for a in answers if a.type == SLOT_DENIED)
    async with own_topics() as prefix, scratch_database("jobs") as database:

        async def moved() -> Counter[str]:
            return await versions_moved(database, "jobs")

        async def waiting() -> None:
            await add_jobs(database, {a.aggregate_id: {"state": "awaiting_slot"} for a in answers})

        async def states_and_events(service: OwnService) -> None:
            states = await counted(database, "SELECT state, count(*) FROM jobs GROUP BY 1")
            counts.check(
                states == Counter({"published": events - denied, "draft": denied}),
                f"jobs-slots: published {states['published']}, back to draft {states['draft']} "
                f"(of {events - denied} granted, {denied} denied)",
            )
            for event_type in (JOB_PUBLISHED, JOB_UPDATED):
                wanted = denied if event_type == JOB_UPDATED else events - denied
                await check_one_event_each(counts, "jobs-slots", database, event_type, wanted)

        case = Case(
            group="jobs-slots",
            service="jobs",
            env={"JOBS_DB_NAME": database, "KAFKA_TOPIC_PREFIX": prefix},
            events=answers,
            effects=moved,
            topic=SLOT_TOPIC,
            setup=waiting,
            after=states_and_events,
        )
        await _kill_mid_batch(counts, case, prefix, database)


def job_rejected(job_id: str) -> EventEnvelope:
    return EventEnvelope(
        type="jobs.job.rejected",
        aggregate_id=job_id,
        site="jobboard",
        actor="faults",
        payload={
            "job_id": job_id,
            "organization_id": str(uuid.uuid4()),
            "owner_id": str(uuid.uuid4()),
            "title": "Community Health Worker",
            "reason": "Add the salary.",
        },
    )


async def jobs_mailer(counts: Counts, events: int) -> None:
    """Jobs' mailer: every rejected job's recruiter mailed."""
    rejected = [job_rejected(str(uuid.uuid4())) for _ in range(events)]
    whose = {f"faults-{e.aggregate_id}@example.org": e.aggregate_id for e in rejected}

    async def recruiters(database: str) -> None:
        await add_jobs(database, {job: {"owner_email": a} for a, job in whose.items()})

    await _kill_mailer(
        counts,
        group="jobs-mailer",
        service="jobs",
        events=rejected,
        topic=JOB_TOPIC,
        rows=recruiters,
        whose=whose,
        message_keys={e.aggregate_id: f"{e.id}.rejected" for e in rejected},
        what="rejected jobs",
    )


async def jobs_application_mailers(counts: Counts, events: int) -> None:
    """Jobs' application mailer (an application to a job that takes them by mail, to the
    job's address), and beside it in the same process the applicant mailer (the applicant's
    confirmation): every application mailed to its job and confirmed to its applicant."""
    organization = uuid.uuid4()
    submitted = [
        application_submitted(str(uuid.uuid4()), str(organization), "email") for _ in range(events)
    ]
    to_job = {f"faults-job-{e.aggregate_id}@example.org": e.aggregate_id for e in submitted}
    to_applicant = {f"faults-{e.aggregate_id}@example.org": e.aggregate_id for e in submitted}

    async def applications(database: str) -> None:
        org = jobs_factories.organization(id=organization)
        jobs, applied = [], []
        for event, job_address, applicant in zip(submitted, to_job, to_applicant, strict=True):
            job_id = uuid.UUID(event.payload["job_id"])
            jobs.append(
                jobs_factories.job(
                    org,
                    id=job_id,
                    state="published",
                    application_workflow="email",
                    application_emails=[job_address],
                )
            )
            applied.append(
                jobs_factories.application(
                    job_id,
                    organization,
                    id=uuid.UUID(event.aggregate_id),
                    email=applicant,
                    workflow="email",
                )
            )
        await add_rows(database, [org], jobs, applied)

    async def confirmed_too(service: OwnService, relay: SmtpRelay) -> None:
        async def all_confirmed() -> bool:
            return len(different_mails(relay, to_applicant)) >= events

        finished = await wait_for(all_confirmed, timeout=300)
        seen = mails_seen(
            relay, to_applicant, {e.aggregate_id: f"{e.id}.confirmation" for e in submitted}
        )
        missing = events - len(different_mails(relay, to_applicant))
        counts.check(
            finished and seen.ok,
            seen.line("jobs-applicant-mailer (same process)", events, "applicants")
            + f"; missing {missing}",
        )

    await _kill_mailer(
        counts,
        group="jobs-application-mailer",
        service="jobs",
        events=submitted,
        topic=APPLICATION_TOPIC,
        rows=applications,
        whose=to_job,
        message_keys={e.aggregate_id: f"{e.id}.application" for e in submitted},
        what="applications",
        more=confirmed_too,
    )


def contact_message_sent(organization_id: str, message_id: str) -> EventEnvelope:
    return EventEnvelope(
        type="organizations.contact.message_sent",
        aggregate_id=organization_id,
        site="jobboard",
        payload={
            "message_id": message_id,
            "organization_id": organization_id,
            "organization_number": 9_000,
            "sender_id": None,
            "send_copy": False,
            "attachments_count": 0,
        },
    )


async def organizations_contact_mailer(counts: Counts, events: int) -> None:
    """Organizations' contact mailer: every visitor's message mailed to its organization's
    contact person."""
    messages = {str(uuid.uuid4()): str(uuid.uuid4()) for _ in range(events)}  # org -> message
    sent = [contact_message_sent(org, message) for org, message in messages.items()]
    whose = {f"faults-{org}@example.org": org for org in messages}

    async def messages_waiting(database: str) -> None:
        await add_rows(
            database,
            [
                organizations_factories.organization(id=uuid.UUID(org), owner_email=address)
                for address, org in whose.items()
            ],
            [
                ContactMessage(
                    id=uuid.UUID(message),
                    organization_id=uuid.UUID(org),
                    site="jobboard",
                    name="A Visitor",
                    email="visitor@example.org",
                    subject=f"About {org}",
                    body="Hello, a question about your jobs.",
                )
                for org, message in messages.items()
            ],
        )

    await _kill_mailer(
        counts,
        group="organizations-contact-mailer",
        service="organizations",
        events=sent,
        topic=ORGANIZATION_CONTACT_TOPIC,
        rows=messages_waiting,
        whose=whose,
        message_keys={e.aggregate_id: f"{e.id}.organization" for e in sent},
        what="contact messages",
    )


def contact_pending(resume_id: str) -> EventEnvelope:
    """Billing granted a recruiter's contact request: the applicant is asked by mail."""
    return EventEnvelope(
        type="resumes.contact.status_changed",
        aggregate_id=resume_id,
        site="jobboard",
        payload={
            "request_id": str(uuid.uuid4()),
            "resume_id": resume_id,
            "organization_id": str(uuid.uuid4()),
            "status": "pending",
        },
    )


async def resumes_contact_mailer(counts: Counts, events: int) -> None:
    """Resumes' contact mailer: every applicant asked whether a recruiter may contact them."""
    asked = [contact_pending(str(uuid.uuid4())) for _ in range(events)]
    whose = {f"faults-{e.aggregate_id}@example.org": e.aggregate_id for e in asked}

    async def resumes(database: str) -> None:
        await add_rows(
            database,
            [
                resumes_factories.resume(id=uuid.UUID(resume), owner_email=address)
                for address, resume in whose.items()
            ],
        )

    await _kill_mailer(
        counts,
        group="resumes-contact-mailer",
        service="resumes",
        events=asked,
        topic=RESUME_CONTACT_TOPIC,
        rows=resumes,
        whose=whose,
        message_keys={e.aggregate_id: f"{e.id}.contact-requested" for e in asked},
        what="applicants",
    )


def contact_answer(request_id: str, n: int) -> EventEnvelope:
    """Billing's answer to a recruiter's contact request: a credit (two in three) or none."""
    granted = n % 3 != 2
    return EventEnvelope(
        type="billing.contact.granted" if granted else "billing.contact.denied",
        aggregate_id=request_id,
        site="jobboard",
        actor="faults",
        payload={"request_id": request_id}
        if granted
        else {"request_id": request_id, "reason": "no_credits_left"},
    )


async def resumes_contacts(counts: Counts, events: int) -> None:
    """The contact saga's last step: each answer moves its waiting request once (granted:
    pending, the applicant is asked; denied), one version and one status event in resumes'
    outbox each. The applicants' mails go to a relay of the scenario's own."""
    answers = [contact_answer(str(uuid.uuid4()), n) for n in range(events)]
    denied = sum(1 for a in answers if a.type == "billing.contact.denied")
    relay = SmtpRelay()
    controller = relay.start()
    async with own_topics() as prefix, scratch_database("resumes") as database:

        async def moved() -> Counter[str]:
            return await versions_moved(database, "contact_requests")

        async def waiting() -> None:
            resumes = [resumes_factories.resume() for _ in answers]
            requests = [
                resumes_factories.contact_request(
                    row, str(uuid.uuid4()), "awaiting_credit", id=uuid.UUID(a.aggregate_id)
                )
                for row, a in zip(resumes, answers, strict=True)
            ]
            await add_rows(database, resumes, requests)

        async def states_and_events(service: OwnService) -> None:
            states = await counted(
                database, "SELECT status, count(*) FROM contact_requests GROUP BY 1"
            )
            counts.check(
                states == Counter({"pending": events - denied, "denied": denied}),
                f"resumes-contacts: pending {states['pending']}, denied {states['denied']} (of "
                f"{events - denied} granted, {denied} denied)",
            )
            await check_one_event_each(
                counts, "resumes-contacts", database, "resumes.contact.status_changed", events
            )

        case = Case(
            group="resumes-contacts",
            service="resumes",
            env={
                "RESUMES_DB_NAME": database,
                "KAFKA_TOPIC_PREFIX": prefix,
                "RESUMES_SMTP_HOST": "127.0.0.1",
                "RESUMES_SMTP_PORT": str(relay.port),
            },
            events=answers,
            effects=moved,
            topic="billing.contact",
            kill_at=events // 3,
            setup=waiting,
            after=states_and_events,
        )
        try:
            await _kill_mid_batch(counts, case, prefix, database)
        finally:
            controller.stop()


def registration_consented(user_id: str, info_id: str, revision_id: str) -> EventEnvelope:
    return EventEnvelope(
        type=USER_REGISTRATION_CONSENTED,
        aggregate_id=user_id,
        site="jobboard",
        actor=user_id,
        payload={
            "user_id": user_id,
            "mail": f"faults-{user_id}@example.org",
            "consents": [{"info_id": info_id, "revision_id": revision_id}],
        },
    )


async def consent_identity(counts: Counts, events: int) -> None:
    """Consent's record of identity's sign-ups (one event per transaction): every new account's
    registration consent stored once, with one ``consent.given`` event in consent's outbox."""
    info, revision = consent_factories.consent_info()
    assert isinstance(info, ConsentInfo)
    assert isinstance(revision, ConsentInfoRevision)
    consented = [
        registration_consented(str(uuid.uuid4()), str(info.id), str(revision.id))
        for _ in range(events)
    ]
    async with own_topics() as prefix, scratch_database("consent") as database:

        async def stored() -> Counter[str]:
            return await counted(database, "SELECT user_id, count(*) FROM user_consents GROUP BY 1")

        async def the_text() -> None:
            await add_rows(database, [info], [revision])

        async def one_event_each(service: OwnService) -> None:
            await check_one_event_each(counts, "consent-identity", database, CONSENT_GIVEN, events)

        case = Case(
            group="consent-identity",
            service="consent",
            env={"CONSENT_DB_NAME": database, "KAFKA_TOPIC_PREFIX": prefix},
            events=consented,
            effects=stored,
            topic=USER_TOPIC,
            kill_at=events // 3,
            setup=the_text,
            after=one_event_each,
        )
        await _kill_mid_batch(counts, case, prefix, database)


async def _kill_group(
    counts: Counts,
    *,
    group: str,
    service: str,
    events: list[EventEnvelope],
    topic: str,
    effects: Callable[[str], Awaitable[Counter[str]]],
    after: Callable[[str], Awaitable[None]] | None = None,
    kill_at: int | None = None,
) -> None:
    """A group of one event per transaction whose effect is rows of the service's own:
    ``effects(database)`` per aggregate; ``after(database)`` checks more once all is applied."""
    async with own_topics() as prefix, scratch_database(service) as database:

        async def seen() -> Counter[str]:
            return await effects(database)

        async def more(_service: OwnService) -> None:
            if after is not None:
                await after(database)

        case = Case(
            group=group,
            service=service,
            env={f"{service.upper()}_DB_NAME": database, "KAFKA_TOPIC_PREFIX": prefix},
            events=events,
            effects=seen,
            topic=topic,
            kill_at=len(events) // 3 if kill_at is None else kill_at,
            after=more,
        )
        await _kill_mid_batch(counts, case, prefix, database)


def term_upserted(tid: int) -> EventEnvelope:
    return EventEnvelope(
        type="search.vocabulary.term_upserted",
        aggregate_id=str(tid),
        site="jobboard",
        payload={
            "tid": tid,
            "vocabulary": "skills",
            "label": f"Skill {tid}",
            "labels": {"en": f"Skill {tid}"},
            "aliases": {},
            "parent_tid": None,
            "weight": 0,
        },
    )


async def organizations_vocabulary(counts: Counts, events: int) -> None:
    """Search's vocabulary into organizations' terms read model: every term there once (an
    upsert: a term applied twice is still one row, so what this proves is none missing, the
    ledger and nothing dead-lettered)."""
    await _kill_group(
        counts,
        group="organizations-vocabulary",
        service="organizations",
        events=[term_upserted(7_000_000 + n) for n in range(events)],
        topic=VOCABULARY_TOPIC,
        effects=lambda db: counted(db, "SELECT tid, count(*) FROM vocabulary_terms GROUP BY 1"),
    )


def site_config_changed(site: str) -> EventEnvelope:
    return EventEnvelope(
        type=SITE_CONFIG_CHANGED,
        aggregate_id=site,
        site=site,
        payload={
            "site": site,
            "changes": [{"key": "site", "name": "name", "value": f"Board {site}"}],
        },
    )


async def organizations_site_config(counts: Counts, events: int) -> None:
    """identity's site settings into organizations' read model: every site's setting once (an
    upsert, as above)."""
    await _kill_group(
        counts,
        group="organizations-site-config",
        service="organizations",
        events=[site_config_changed(f"faults-{uuid.uuid4().hex[:12]}") for _ in range(events)],
        topic=SITE_TOPIC,
        effects=lambda db: counted(db, "SELECT site, count(*) FROM site_settings GROUP BY 1"),
    )


def organization_created(organization_id: str, number: int) -> EventEnvelope:
    return EventEnvelope(
        type=ORGANIZATION_CREATED,
        aggregate_id=organization_id,
        site="jobboard",
        payload={
            "organization_id": organization_id,
            "number": number,
            "name": f"Fault Rehearsal {number}",
            "owner_id": str(uuid.uuid4()),
            "verified": False,
        },
    )


async def jobs_organizations(counts: Counts, events: int) -> None:
    """Organizations' created events into jobs' known organizations: every organization there
    once, with its number (an upsert, as above)."""
    created = [organization_created(str(uuid.uuid4()), 80_000 + n) for n in range(events)]

    async def numbers_right(database: str) -> None:
        rows = await fetched(database, "SELECT id::text, number FROM known_organizations")
        wanted = {e.aggregate_id: e.payload["number"] for e in created}
        wrong = [str(row[0]) for row in rows if wanted.get(str(row[0])) != row[1]]
        counts.check(not wrong, f"jobs-organizations: a wrong number for {len(wrong)}")

    await _kill_group(
        counts,
        group="jobs-organizations",
        service="jobs",
        events=created,
        topic=ORGANIZATION_TOPIC,
        effects=lambda db: counted(
            db, "SELECT id::text, count(*) FROM known_organizations GROUP BY 1"
        ),
        after=numbers_right,
    )


def member_added(organization_id: str, number: int, user_id: str) -> EventEnvelope:
    return EventEnvelope(
        type=MEMBER_ADDED,
        aggregate_id=organization_id,
        site="jobboard",
        payload={
            "organization_id": organization_id,
            "organization_number": number,
            "user_id": user_id,
            "role": "recruiter",
        },
    )


async def billing_memberships(counts: Counts, events: int) -> None:
    """Organizations' member events into billing's membership read model (keyed by the
    organization's number): every membership there once (an upsert, as above)."""
    added = [member_added(str(uuid.uuid4()), 90_000 + n, str(uuid.uuid4())) for n in range(events)]
    whose = {e.payload["user_id"]: e.aggregate_id for e in added}

    async def members(database: str) -> Counter[str]:
        rows = await counted(
            database, "SELECT user_id, count(*) FROM organization_memberships GROUP BY 1"
        )
        return Counter({whose[user]: n for user, n in rows.items() if user in whose})

    await _kill_group(
        counts,
        group="billing-memberships",
        service="billing",
        events=added,
        topic=ORGANIZATION_TOPIC,
        effects=members,
    )


def write_attempted(write_id: str) -> EventEnvelope:
    return EventEnvelope(
        type="audit.masquerade.write_attempted",
        aggregate_id=write_id,
        site="jobboard",
        actor=str(uuid.uuid4()),
        payload={
            "write_id": write_id,
            "admin_id": str(uuid.uuid4()),
            "user_id": str(uuid.uuid4()),
            "service": "jobs",
            "operation_name": "UpdateJob",
            "fields": ["updateJob"],
            "variables": ["id", "input"],
        },
    )


async def identity_audit(counts: Counts, events: int) -> None:
    """Masqueraded writes into identity's audit log: every write attempted there once (keyed by
    the write: an upsert, as above)."""
    await _kill_group(
        counts,
        group="identity-audit",
        service="identity",
        events=[write_attempted(str(uuid.uuid4())) for _ in range(events)],
        topic=AUDIT_TOPIC,
        effects=lambda db: counted(db, "SELECT write_id::text, count(*) FROM audit_log GROUP BY 1"),
    )


def user_deleted(user_id: str) -> EventEnvelope:
    return EventEnvelope(
        type=USER_DELETED,
        aggregate_id=user_id,
        site="jobboard",
        actor="system:retention",
        payload={"user_id": user_id, "email": f"faults-{user_id}@example.org", "services": []},
    )


def erasure(service: str) -> Callable[[Counts, int], Awaitable[None]]:
    """``<service>-erasure``: a deleted account's data erased and confirmed, one
    ``<service>.erasure.completed`` in the service's outbox per person (a confirmation is
    written in the erasure's transaction: one applied twice would be there twice)."""

    async def run(counts: Counts, events: int) -> None:
        completed = erasure_completed(service)
        await _kill_group(
            counts,
            group=f"{service}-erasure",
            service=service,
            events=[user_deleted(str(uuid.uuid4())) for _ in range(events)],
            topic=USER_TOPIC,
            effects=lambda db: counted(
                db,
                "SELECT key, count(*) FROM outbox WHERE event_type = $1 GROUP BY 1",
                completed,
            ),
        )

    return run


def member_invited(organization_id: str, invitation_id: str, email: str) -> EventEnvelope:
    return EventEnvelope(
        type="organizations.member.invited",
        aggregate_id=organization_id,
        site="jobboard",
        actor=str(uuid.uuid4()),
        payload={
            "organization_id": organization_id,
            "invitation_id": invitation_id,
            "email": email,
        },
    )


async def organizations_invitation_mailer(counts: Counts, events: int) -> None:
    """Organizations' invitation mailer: every invited address gets its link, a mail sent again
    is the same mail (the event's Message-ID, the same link), and every link is the one whose
    digest the invitation keeps (it would accept)."""
    invitations = {str(uuid.uuid4()): str(uuid.uuid4()) for _ in range(events)}  # org -> inv.
    whose = {f"faults-{inv}@example.org": org for org, inv in invitations.items()}
    invited = [
        member_invited(org, inv, f"faults-{inv}@example.org") for org, inv in invitations.items()
    ]
    settings = OrganizationsSettings()

    async def waiting(database: str) -> None:
        organizations = [organizations_factories.organization(id=uuid.UUID(o)) for o in invitations]
        await add_rows(
            database,
            organizations,
            [
                Invitation(
                    id=uuid.UUID(inv),
                    organization_id=uuid.UUID(org),
                    email=f"faults-{inv}@example.org",
                    token_hash=invitation_token_hash(settings, uuid.UUID(inv)),
                    invited_by=uuid.uuid4(),
                    expires_at=datetime.now(UTC) + timedelta(days=14),
                )
                for org, inv in invitations.items()
            ],
        )

    async def links_that_work(service: OwnService, relay: SmtpRelay) -> None:
        by_org = mails_by(relay, whose)
        digests = {
            str(row[0]): str(row[1])
            for row in await fetched(
                service.env["ORGANIZATIONS_DB_NAME"],
                "SELECT organization_id::text, token_hash FROM organization_invitations",
            )
        }
        dead = [
            org
            for org, mails in by_org.items()
            for mail in mails
            if hashlib.sha256((_token(mail) or "").encode()).hexdigest() != digests.get(org)
        ]
        counts.check(
            not dead,
            f"organizations-mailer: mails whose link the invitation does not take {len(dead)}",
        )

    await _kill_mailer(
        counts,
        group="organizations-mailer",
        service="organizations",
        events=invited,
        topic=ORGANIZATION_TOPIC,
        rows=waiting,
        whose=whose,
        message_keys={e.aggregate_id: f"{e.id}.invitation" for e in invited},
        what="invitations",
        more=links_that_work,
    )


def consent_given(user_id: str) -> EventEnvelope:
    return EventEnvelope(
        type=CONSENT_GIVEN,
        aggregate_id=user_id,
        site="jobboard",
        actor=user_id,
        payload={
            "user_id": user_id,
            "info_id": str(uuid.uuid4()),
            "revision_id": str(uuid.uuid4()),
        },
    )


async def identity_consent(counts: Counts, events: int) -> None:
    """Consent's consents given into identity's marks (the re-consent done): every person's
    mark there once (an upsert, as above)."""
    await _kill_group(
        counts,
        group="identity-consent",
        service="identity",
        events=[consent_given(str(uuid.uuid4())) for _ in range(events)],
        topic=CONSENT_TOPIC,
        effects=lambda db: counted(
            db, "SELECT user_id::text, count(*) FROM user_consent_marks GROUP BY 1"
        ),
    )


async def analytics_organizations(counts: Counts, events: int) -> None:
    """Organizations' member events into analytics' membership read model (who may read an
    organization's dashboards): every membership there once (an upsert, as above)."""
    added = [member_added(str(uuid.uuid4()), 95_000 + n, str(uuid.uuid4())) for n in range(events)]
    await _kill_group(
        counts,
        group="analytics-organizations",
        service="analytics",
        events=added,
        topic=ORGANIZATION_TOPIC,
        effects=lambda db: counted(
            db, "SELECT organization_id, count(*) FROM organization_memberships GROUP BY 1"
        ),
    )


async def analytics_site_config(counts: Counts, events: int) -> None:
    """identity's site settings into analytics' read model (an upsert, as above)."""
    await _kill_group(
        counts,
        group="analytics-site-config",
        service="analytics",
        events=[site_config_changed(f"faults-{uuid.uuid4().hex[:12]}") for _ in range(events)],
        topic=SITE_TOPIC,
        effects=lambda db: counted(db, "SELECT site, count(*) FROM site_settings GROUP BY 1"),
    )


async def analytics_jobs(counts: Counts, events: int) -> None:
    """Jobs' snapshots into analytics' job read model (batched: a fetch in one transaction):
    every job's organization there once (an upsert, as above)."""
    await _kill_group(
        counts,
        group="analytics-jobs",
        service="analytics",
        events=[published(str(uuid.uuid4())) for _ in range(events)],
        topic=JOB_TOPIC,
        effects=lambda db: counted(db, "SELECT job_id, count(*) FROM known_jobs GROUP BY 1"),
        kill_at=1,
    )


SCENARIOS = {
    "search-indexer": search_indexer,
    "billing-slots": billing_slots,
    "analytics": analytics_counts,
    "search-alert-mailer": alert_mailer_new_jobs,
    "identity-mailer": identity_mailer,
    "jobs-mailer": jobs_mailer,
    "jobs-slots": jobs_slots,
    "jobs-application-mailer": jobs_application_mailers,
    "organizations-contact-mailer": organizations_contact_mailer,
    "resumes-contact-mailer": resumes_contact_mailer,
    "consent-identity": consent_identity,
    "resumes-contacts": resumes_contacts,
    "organizations-mailer": organizations_invitation_mailer,
    "organizations-vocabulary": organizations_vocabulary,
    "organizations-site-config": organizations_site_config,
    "jobs-organizations": jobs_organizations,
    "billing-memberships": billing_memberships,
    "identity-audit": identity_audit,
    "identity-consent": identity_consent,
    "analytics-organizations": analytics_organizations,
    "analytics-site-config": analytics_site_config,
    "analytics-jobs": analytics_jobs,
    **{f"{service}-erasure": erasure(service) for service in ERASURE_GROUPS},
}


async def run(groups: list[str], *, events: int = 300) -> Counts:
    counts = Counts()
    for group in groups:
        await SCENARIOS[group](counts, events)
    return counts


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawTextHelpFormatter
    )
    parser.add_argument("--events", type=int, default=300, help="events in each group's backlog")
    parser.add_argument("--group", action="append", choices=GROUPS, help="only these groups")
    args = parser.parse_args(argv)
    counts = asyncio.run(run(args.group or list(GROUPS), events=args.events))
    sys.stdout.write(counts.report("A consumer killed mid-batch"))
    return 1 if counts.failed else 0


if __name__ == "__main__":
    sys.exit(main())
