"""Planning, the mailer's first phase (ADR 0029): under a transaction-scoped advisory lock on
the person (the address), match the person's due alerts, leave out every item already in the
send ledger for that address, and write one ``alert_mails`` row with its ledger rows (unique per
address and item) and the alerts' new ``checked_until``. Two mailers never plan for the same
person at once (the second skips the locked address), and the ledger's key refuses a job twice
whatever happens. Sending is ``search.alerts.sending``; a round is ``search.alerts.mailer``.
"""

from __future__ import annotations

import logging
import uuid
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from typing import Any

from jobkit.db import any_of, unit_of_work
from jobkit.wakeup import notify
from sqlalchemy import String, and_, delete, func, or_, select, text, update
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from search.alerts import keys, matching, resume_alerts, resume_matching
from search.alerts.models import (
    DAILY,
    INSTANT,
    MAILER_CHANNEL,
    WEEKLY,
    AlertDelivery,
    AlertMail,
    AlertNewJob,
    ResumeAlert,
    ResumeAlertDelivery,
    SavedSearch,
)
from search.alerts.settings import AlertSettings
from search.engine.indexing.documents import document_sites
from search.engine.indexing.store import SearchStore

Sessions = async_sessionmaker[AsyncSession]

log = logging.getLogger(__name__)

PERIODS = {DAILY: timedelta(days=1), WEEKLY: timedelta(days=7)}
# a run a few minutes early still counts, so a daily digest does not drift later each day
SLACK = timedelta(minutes=10)
# a job event the index has not caught up with is retried this long, every NEW_JOB_RETRY
NEW_JOB_PATIENCE = timedelta(minutes=10)
NEW_JOB_RETRY = timedelta(seconds=2)
# a round takes at most this many new jobs: those not waiting, in the order they became due
# (a job waiting for the indexer queues again behind the jobs recorded before its retry, so a
# round's worth of them never keeps a newer job out of the rounds for their whole patience)
NEW_JOBS_PER_ROUND = 50
PENDING, SENT, DROPPED, FAILED = "pending", "sent", "dropped", "failed"
# a recruiter's resume alerts' digest (ADR 0032): sections of resume ids, its own ledger
RESUME_DIGEST = resume_alerts.RESUME_DIGEST


def active_alerts() -> Any:
    return and_(
        SavedSearch.confirmed_at.is_not(None),
        SavedSearch.paused.is_(False),
        SavedSearch.unsubscribed_at.is_(None),
    )


def due_alerts(now: datetime) -> Any:
    return or_(
        *(
            and_(
                SavedSearch.frequency == frequency,
                SavedSearch.checked_until <= now - period + SLACK,
            )
            for frequency, period in PERIODS.items()
        )
    )


async def _lock_person(session: AsyncSession, email: str, *, wait: bool) -> bool:
    function = func.pg_advisory_xact_lock if wait else func.pg_try_advisory_xact_lock
    got = await session.scalar(select(function(func.hashtext("alerts:" + email))))
    return True if wait else bool(got)


async def _write_mail(
    session: AsyncSession, email: str, kind: str, sections: list[matching.Section]
) -> AlertMail | None:
    """One mail and its ledger rows; an item (a job, or a resume in a resume digest) appears
    once (in its first section). A resume digest's sections list ``resume_ids`` and its ledger
    is ``resume_alert_deliveries``; a job mail's ``job_ids`` and ``alert_deliveries``."""
    resumes = kind == RESUME_DIGEST
    items = "resume_ids" if resumes else "job_ids"
    seen: set[str] = set()
    kept: list[dict[str, Any]] = []
    for section in sections:
        fresh = [item for item in section.job_ids if item not in seen]
        seen.update(fresh)
        if fresh:
            kept.append({"alert_id": section.alert_id, items: fresh, "total": section.total})
    if not kept:
        return None
    mail = AlertMail(id=uuid.uuid4(), email=email, kind=kind, content={"sections": kept})
    session.add(mail)
    await session.flush()
    rows = [
        {
            "email": email,
            ("resume_id" if resumes else "job_id"): item,
            "mail_id": mail.id,
            "alert_id": uuid.UUID(s["alert_id"]),
        }
        for s in kept
        for item in s[items]
    ]
    ledger = ResumeAlertDelivery if resumes else AlertDelivery
    await session.execute(insert(ledger).values(rows).on_conflict_do_nothing())
    return mail


async def _write_mails(
    session: AsyncSession, kind: str, by_person: dict[str, list[matching.Section]]
) -> int:
    """One mail per person and their ledger rows, in two statements; a job appears once per
    mail (in its first section). Answers how many mails."""
    mails: list[dict[str, Any]] = []
    rows: list[dict[str, Any]] = []
    for email, sections in by_person.items():
        seen: set[str] = set()
        kept: list[dict[str, Any]] = []
        for section in sections:
            jobs = [job for job in section.job_ids if job not in seen]
            seen.update(jobs)
            if jobs:
                kept.append({"alert_id": section.alert_id, "job_ids": jobs, "total": section.total})
        if not kept:
            continue
        mail_id = uuid.uuid4()
        mails.append({"id": mail_id, "email": email, "kind": kind, "content": {"sections": kept}})
        rows += [
            {
                "email": email,
                "job_id": job,
                "mail_id": mail_id,
                "alert_id": uuid.UUID(s["alert_id"]),
            }
            for s in kept
            for job in s["job_ids"]
        ]
    # executemany forms: one cached statement sent in batches (a multi-VALUES statement would be
    # compiled anew for every number of rows)
    if mails:
        await session.execute(insert(AlertMail), mails)
    if rows:
        await session.execute(insert(AlertDelivery).on_conflict_do_nothing(), rows)
    return len(mails)


def _published_at(document: dict[str, Any]) -> datetime | None:
    value = document.get("published_at")
    if not value:
        return None
    published = datetime.fromisoformat(str(value))
    return published if published.tzinfo else published.replace(tzinfo=UTC)


def _expired(document: dict[str, Any], now: datetime) -> bool:
    value = document.get("expires_at")
    if not value:
        return False
    expires = datetime.fromisoformat(str(value))
    return (expires if expires.tzinfo else expires.replace(tzinfo=UTC)) <= now


async def record_new_job(session: AsyncSession, *, job_id: str, site: str) -> None:
    """A job became searchable: the instant alerts are matched against it on the next run."""
    await session.execute(
        insert(AlertNewJob).values(job_id=job_id, site=site).on_conflict_do_nothing()
    )
    # wake the mailer when this commits: once per transaction (a batch of the mailer's group
    # records many jobs in one; PostgreSQL delivers one notification per channel anyway)
    transaction = session.sync_session.get_transaction()
    if session.info.get(MAILER_CHANNEL) is not transaction:
        await notify(session, MAILER_CHANNEL)
        session.info[MAILER_CHANNEL] = transaction


async def forget_new_job(session: AsyncSession, *, job_id: str) -> None:
    """A later event of a recorded job says it is no longer findable (unpublished, closed or
    deleted): nothing to wait for, and nothing to mail (a closed job is never mailed)."""
    await session.execute(delete(AlertNewJob).where(AlertNewJob.job_id == job_id))


async def plan_instant(
    sessions: Sessions, store: SearchStore, settings: AlertSettings, *, now: datetime | None = None
) -> int:
    """Match the jobs that became searchable against the instant alerts; one mail per person
    and job batch. Answers how many mails were planned.

    A round's jobs are matched together (ADR 0067): their documents in one ``_mget``, their
    term vectors in one ``_mtermvectors``, their candidates in two SQL statements, each kept
    search asked once for all its jobs in ``_msearch`` requests of ``alert_batch_size``
    searches, and the people's locks, ledgers and mails in a few statements."""
    now = now or datetime.now(UTC)
    async with unit_of_work(sessions) as session:
        new_jobs = list(
            await session.scalars(
                select(AlertNewJob)
                .where(or_(AlertNewJob.retry_at.is_(None), AlertNewJob.retry_at <= now))
                .order_by(
                    func.coalesce(AlertNewJob.retry_at, AlertNewJob.created_at),
                    AlertNewJob.created_at,
                )
                .limit(NEW_JOBS_PER_ROUND)
                .with_for_update(skip_locked=True)
            )
        )
        if not new_jobs:
            return 0
        new_jobs.sort(key=lambda job: job.created_at)  # the round's order: oldest recorded first
        # alerts saved or changed since they were keyed get their keys first (those changed
        # after this are still verified: keys.candidates takes every stale one)
        while await keys.key_stale_alerts(session, store) > 0:
            pass
        # the verification searches must see what the event made findable: the documents are
        # read in real time, searches only after a refresh (once a round, not a job)
        await store.refresh("jobs")
        documents = await matching.job_documents(store, [job.job_id for job in new_jobs])
        done: list[str] = []
        waiting: list[str] = []
        matchable: dict[str, tuple[list[str], datetime]] = {}  # job id -> sites, published
        for new_job in new_jobs:
            document = documents.get(new_job.job_id)
            if document is None or not document.get("findable"):
                # not (yet) findable in the index: the event that recorded the job as findable
                # can reach the mailer before the indexer has written that version (the index
                # still holds the draft); give the indexer a while
                # (not at the head of every round: the jobs behind it are taken meanwhile)
                if new_job.created_at < now - NEW_JOB_PATIENCE:
                    done.append(new_job.job_id)
                else:
                    waiting.append(new_job.job_id)
                continue
            done.append(new_job.job_id)
            published = _published_at(document)
            if published is None or _expired(document, now):
                continue
            # its own site and those it is shared with
            matchable[new_job.job_id] = (document_sites(document), published)
        await _forget_new_jobs(session, done)
        if waiting:
            await session.execute(
                update(AlertNewJob)
                .where(AlertNewJob.job_id == any_of(waiting, String()))
                .values(retry_at=now + NEW_JOB_RETRY)
                .execution_options(synchronize_session=False)
            )
        carried = await keys.job_keys(store, {job_id: documents[job_id] for job_id in matchable})
        candidates = await keys.candidates(
            session,
            [
                keys.NewJob(job_id, sites, published, carried[job_id])
                for job_id, (sites, published) in matchable.items()
            ],
        )
        matches = await matching.instant_matches(
            store, candidates, batch_size=settings.alert_batch_size
        )
        # person -> alert id -> the new jobs it matched (newest first)
        by_person: dict[str, dict[str, list[str]]] = {}
        for job_id in matchable:  # the round's order: the oldest recorded first
            for alert in matches[job_id]:
                by_person.setdefault(alert.email, {}).setdefault(str(alert.id), []).insert(
                    0, job_id
                )
        planned = await _write_instant_mails(session, by_person)
        # one line a round with work: what a missing instant mail is traced back by
        log.info(
            "instant alerts matched",
            extra={
                "fields": {
                    "jobs": len(new_jobs),
                    "waiting_for_index": len(waiting),
                    "matchable": len(matchable),
                    "candidates": sum(len(found) for found in candidates.values()),
                    "matched": sum(len(found) for found in matches.values()),
                    "mails": planned,
                }
            },
        )
        return planned


async def _forget_new_jobs(session: AsyncSession, job_ids: Sequence[str]) -> None:
    if job_ids:
        await session.execute(
            delete(AlertNewJob)
            .where(AlertNewJob.job_id == any_of(job_ids, String()))
            .execution_options(synchronize_session=False)
        )


async def _write_instant_mails(
    session: AsyncSession, by_person: dict[str, dict[str, list[str]]]
) -> int:
    """Each person's mail of the round: their locks taken in one sorted order (no deadlock
    between mailers), the jobs already in their ledger left out, then the mails and ledger rows
    written together. Answers how many mails."""
    people = sorted(by_person)
    if not people:
        return 0
    # one statement, the locks in the array's order (a function scan keeps it)
    await session.execute(
        text(
            "SELECT pg_advisory_xact_lock(hashtext('alerts:' || e))"
            " FROM unnest(CAST(:people AS text[])) AS e"
        ),
        {"people": people},
    )
    jobs = sorted(
        {job for matched in by_person.values() for ids in matched.values() for job in ids}
    )
    mailed = set(
        (
            await session.execute(
                select(AlertDelivery.email, AlertDelivery.job_id).where(
                    AlertDelivery.email == any_of(people, String()),
                    AlertDelivery.job_id == any_of(jobs, String()),
                )
            )
        ).tuples()
    )
    sections: dict[str, list[matching.Section]] = {}
    for email in people:
        sections[email] = [
            matching.Section(alert_id, fresh, len(fresh))
            for alert_id, ids in by_person[email].items()
            if (fresh := [job for job in ids if (email, job) not in mailed])
        ]
    return await _write_mails(session, INSTANT, sections)


async def plan_digests(
    sessions: Sessions,
    store: SearchStore,
    settings: AlertSettings,
    *,
    now: datetime | None = None,
    limit: int = 500,
) -> int:
    """The due daily and weekly digests, one mail per person with a section per alert.
    Answers how many mails were planned."""
    now = now or datetime.now(UTC)
    async with unit_of_work(sessions) as session:
        people = list(
            await session.scalars(
                select(SavedSearch.email)
                .where(active_alerts(), due_alerts(now))
                .distinct()
                .limit(limit)
            )
        )
    planned = 0
    lookback = timedelta(hours=settings.alert_lookback_hours)
    step = settings.alert_digest_people
    # the jobs the cut is made against: every due alert's window, read once a round (ADR 0034)
    window: keys.Window | None = None
    if people:
        async with sessions() as session:
            earliest = await session.scalar(
                select(func.min(SavedSearch.checked_until)).where(active_alerts(), due_alerts(now))
            )
        if earliest is not None:
            window = await keys.digest_window(store, earliest - lookback)
    for start in range(0, len(people), step):
        async with unit_of_work(sessions) as session:
            # the people of this batch no other mailer is on (try-locks: no waiting, no deadlock)
            mine: list[str] = list(
                await session.scalars(
                    text(
                        "SELECT e FROM unnest(CAST(:people AS text[])) AS e"
                        " WHERE pg_try_advisory_xact_lock(hashtext('alerts:' || e))"
                    ),
                    {"people": people[start : start + step]},
                )
            )
            if not mine:
                continue
            alerts = list(
                await session.scalars(
                    select(SavedSearch)
                    .where(SavedSearch.email.in_(mine), active_alerts(), due_alerts(now))
                    .order_by(SavedSearch.email, SavedSearch.created_at, SavedSearch.id)
                )
            )
            if not alerts:
                continue
            since = {str(a.id): a.checked_until - lookback for a in alerts}
            mailed: dict[str, set[str]] = {}
            for email, job_id in await session.execute(
                select(AlertDelivery.email, AlertDelivery.job_id).where(
                    AlertDelivery.email.in_(mine),
                    AlertDelivery.created_at >= min(since.values()) - lookback,
                )
            ):
                mailed.setdefault(email, set()).add(job_id)
            # only the alerts some job of their window may match are asked (ADR 0034)
            asked = alerts
            if window is not None:
                asked = await keys.digest_candidates(
                    store, alerts, since=since, mailed=mailed, window=window
                )
            sections = await matching.digest_sections(
                store,
                asked,
                since=since,
                mailed=mailed,
                size=settings.alert_jobs_per_section,
                batch_size=settings.alert_batch_size,
            )
            by_alert = {section.alert_id: section for section in sections}
            by_person: dict[str, list[matching.Section]] = {}
            for alert in alerts:
                if (section := by_alert.get(str(alert.id))) is not None:
                    by_person.setdefault(alert.email, []).append(section)
            planned += await _write_mails(session, "digest", by_person)
            await session.execute(
                update(SavedSearch)
                .where(SavedSearch.id.in_([alert.id for alert in alerts]))
                .values(checked_until=now)
                .execution_options(synchronize_session=False)
            )
    return planned


async def next_work(sessions: Sessions, *, now: datetime | None = None) -> datetime | None:
    """When the mailer has work next without being told (ADR 0054): at once while a mail waits
    to be sent (a relay that did not take it) or a new job waits to be matched; else when the
    earliest new job is retried or the earliest digest (job or resume alerts) falls due. None
    when nothing will be due."""
    now = now or datetime.now(UTC)
    async with sessions() as session:
        if await session.scalar(select(AlertMail.id).where(AlertMail.state == PENDING).limit(1)):
            return now
        times: list[datetime | None] = [
            await session.scalar(
                select(func.min(func.coalesce(AlertNewJob.retry_at, AlertNewJob.created_at)))
            )
        ]
        for frequency, period in PERIODS.items():
            checked = await session.scalar(
                select(func.min(SavedSearch.checked_until)).where(
                    active_alerts(), SavedSearch.frequency == frequency
                )
            )
            times.append(checked + period - SLACK if checked is not None else None)
        resume_due = await session.scalar(
            select(
                func.min(
                    ResumeAlert.checked_until
                    + func.make_interval(0, 0, 0, 0, 0, 0, ResumeAlert.interval_seconds)
                )
            ).where(ResumeAlert.interval_seconds > 0, ResumeAlert.paused_reason.is_(None))
        )
        times.append(resume_due - SLACK if resume_due is not None else None)
    return min((moment for moment in times if moment is not None), default=None)


def _resume_due(now: datetime) -> Any:
    return and_(
        ResumeAlert.interval_seconds > 0,
        ResumeAlert.paused_reason.is_(None),
        ResumeAlert.checked_until
        + func.make_interval(0, 0, 0, 0, 0, 0, ResumeAlert.interval_seconds)
        <= now + SLACK,
    )


async def plan_resume_digests(
    sessions: Sessions,
    store: SearchStore,
    settings: AlertSettings,
    *,
    now: datetime | None = None,
    limit: int = 500,
) -> int:
    """The due resume alerts (their interval elapsed since they were last checked), one digest
    per recruiter's address with a section per alert, under the same person lock and with the
    same plan-then-send as the job digests (ADR 0032). A resume mailed to the address before,
    by any of its resume alerts, is never in it again; alerts of a site that stopped offering
    resume alerts mail nothing. Answers how many mails were planned."""
    now = now or datetime.now(UTC)
    async with unit_of_work(sessions) as session:
        people = list(
            await session.scalars(
                select(ResumeAlert.email).where(_resume_due(now)).distinct().limit(limit)
            )
        )
    planned = 0
    lookback = timedelta(hours=settings.alert_lookback_hours)
    for email in people:
        async with unit_of_work(sessions) as session:
            if not await _lock_person(session, email, wait=False):
                continue  # another mailer is on this person
            alerts = list(
                await session.scalars(
                    select(ResumeAlert)
                    .where(ResumeAlert.email == email, _resume_due(now))
                    .order_by(ResumeAlert.created_at, ResumeAlert.id)
                )
            )
            offered = await resume_alerts.offered_sites(session, sorted({a.site for a in alerts}))
            running = [alert for alert in alerts if alert.site in offered]
            if running:
                mailed = set(
                    await session.scalars(
                        select(ResumeAlertDelivery.resume_id).where(
                            ResumeAlertDelivery.email == email
                        )
                    )
                )
                sections = await resume_matching.digest_sections(
                    store,
                    running,
                    since={str(a.id): a.checked_until - lookback for a in running},
                    mailed=mailed,
                    size=settings.alert_jobs_per_section,
                    batch_size=settings.alert_batch_size,
                )
                if await _write_mail(session, email, RESUME_DIGEST, sections) is not None:
                    planned += 1
            for alert in alerts:
                alert.checked_until = now
    return planned
