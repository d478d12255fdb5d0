"""The alert mailer's work (ADR 0029), in two phases that commit apart:

1. **Plan** (``plan_instant``, ``plan_digests``): under a transaction-scoped advisory lock on
   the person (the address), match the person's due alerts, leave out every job already in the
   send ledger for that address, and write one ``alert_mails`` row with its ledger rows
   (unique per address and job) and the alerts' new ``checked_until``. Two mailers never plan
   for the same person at once (the second skips the locked address), and the ledger's key
   refuses a job twice whatever happens.
2. **Send** (``send_pending``): claim one pending mail with ``FOR UPDATE SKIP LOCKED``, re-check
   at send time (alerts still confirmed and running, jobs still findable: expired, archived and
   unpublished ones are dropped, with their ledger rows), render, hand to SMTP with a
   Message-ID made from the mail's id, mark it sent, commit.

A mailer that dies after planning leaves a pending mail (and its ledger rows): the next run
sends it, so nothing is lost and nothing is matched twice. One that dies after the SMTP
server accepted a mail but before its commit sends that mail again with the same Message-ID
(the one window of at-least-once; ADR 0029).
"""

from __future__ import annotations

import asyncio
import logging
import uuid
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime, timedelta
from email import message_from_bytes, policy
from email.message import EmailMessage
from email.utils import parseaddr
from functools import partial
from typing import Any

import aiosmtplib
from jobkit.db import unit_of_work
from sqlalchemy import and_, delete, func, or_, select, text, update
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from search.alerts import keys, matching, render, resume_alerts, resume_matching
from search.alerts.bounces import bounce_address, count_failure
from search.alerts.models import (
    DAILY,
    INSTANT,
    WEEKLY,
    AlertDelivery,
    AlertMail,
    AlertNewJob,
    ResumeAlert,
    ResumeAlertDelivery,
    SavedSearch,
)
from search.alerts.settings import AlertSettings
from search.engine.indexing.store import SearchStore
from search.taxonomy.vocabulary import terms_by_tid

log = logging.getLogger(__name__)

Sessions = async_sessionmaker[AsyncSession]
Send = Callable[[EmailMessage], Awaitable[None]]
# a mail to build (CPU-bound: run off the event loop, a batch at a time) and the alerts to mark
# as mailed once it is handed over
Build = Callable[[], bytes]

PERIODS = {DAILY: timedelta(days=1), WEEKLY: timedelta(days=7)}
# a run a few minutes early still counts, so a daily digest does not drift later each day
SLACK = timedelta(minutes=10)
# a job event the index has not caught up with is retried this long
NEW_JOB_PATIENCE = timedelta(minutes=10)
PENDING, SENT, DROPPED, FAILED = "pending", "sent", "dropped", "failed"
# a recruiter's resume alerts' digest (ADR 0032): sections of resume ids, its own ledger
RESUME_DIGEST = resume_alerts.RESUME_DIGEST


def _active() -> Any:
    return and_(
        SavedSearch.confirmed_at.is_not(None),
        SavedSearch.paused.is_(False),
        SavedSearch.unsubscribed_at.is_(None),
    )


def _due(now: datetime) -> Any:
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


async def _mailed(session: AsyncSession, email: str, job_ids: set[str] | None = None) -> set[str]:
    statement = select(AlertDelivery.job_id).where(AlertDelivery.email == email)
    if job_ids is not None:
        statement = statement.where(AlertDelivery.job_id.in_(job_ids))
    return set(await session.scalars(statement))


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


async def plan_instant(
    sessions: Sessions, store: SearchStore, settings: AlertSettings, *, now: datetime | None = None
) -> int:
    """Match the jobs that became searchable against the instant alerts; one mail per person
    and job batch. Answers how many mails were planned."""
    now = now or datetime.now(UTC)
    planned = 0
    async with unit_of_work(sessions) as session:
        new_jobs = list(
            await session.scalars(
                select(AlertNewJob)
                .order_by(AlertNewJob.created_at)
                .limit(50)
                .with_for_update(skip_locked=True)
            )
        )
        if not new_jobs:
            return 0
        # alerts saved or changed since they were keyed get their keys first (those changed
        # after this are still verified: keys.candidates takes every stale one)
        while await keys.key_stale_alerts(session, store) > 0:
            pass
        # the verification searches must see what the event made findable: the documents are
        # read in real time, searches only after a refresh (once a round, not a job)
        await store.refresh("jobs")
        # person -> alert id -> the new jobs it matched (newest first)
        by_person: dict[str, dict[str, list[str]]] = {}
        for new_job in new_jobs:
            document = await matching.job_document(store, new_job.job_id)
            if document is None:
                # not (yet) in the index: the indexer may be behind; give it a while
                if new_job.created_at < now - NEW_JOB_PATIENCE:
                    await session.delete(new_job)
                continue
            await session.delete(new_job)
            published = _published_at(document)
            if not document.get("findable") or published is None or _expired(document, now):
                continue
            # an alert mails the jobs published since it started (a replayed or resent event of
            # an older job never reaches an alert made after it)
            candidates = await keys.candidates(
                session,
                site=str(document.get("site")),
                keys=await keys.job_keys(store, new_job.job_id, document),
                published=published,
            )
            for alert in await matching.instant_matches(
                store, new_job.job_id, candidates, batch_size=settings.alert_batch_size
            ):
                by_person.setdefault(alert.email, {}).setdefault(str(alert.id), []).insert(
                    0, new_job.job_id
                )
        for email in sorted(by_person):  # one order everywhere: no deadlock between mailers
            await _lock_person(session, email, wait=True)
            matched = by_person[email]
            mailed = await _mailed(session, email, {j for jobs in matched.values() for j in jobs})
            sections = [
                matching.Section(alert_id, fresh, len(fresh))
                for alert_id, jobs in matched.items()
                if (fresh := [j for j in jobs if j not in mailed])
            ]
            if await _write_mail(session, email, INSTANT, sections) is not None:
                planned += 1
    return planned


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
                select(SavedSearch.email).where(_active(), _due(now)).distinct().limit(limit)
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
                select(func.min(SavedSearch.checked_until)).where(_active(), _due(now))
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
                    .where(SavedSearch.email.in_(mine), _active(), _due(now))
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


def _resume_due(now: datetime) -> Any:
    return and_(
        ResumeAlert.interval_seconds > 0,
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


def _permanent(error: Exception) -> str | None:
    """The reason when the SMTP server refused for good (5xx), else None."""
    if isinstance(error, aiosmtplib.SMTPRecipientsRefused):
        codes = [response.code for response in error.recipients]
        if codes and all(500 <= code < 600 for code in codes):
            return "; ".join(f"{r.code} {r.message}" for r in error.recipients)[:300]
    if isinstance(error, aiosmtplib.SMTPResponseException) and 500 <= error.code < 600:
        return f"{error.code} {error.message}"[:300]
    return None


async def _render(
    session: AsyncSession,
    settings: AlertSettings,
    mail: AlertMail,
    site_name: str,
    *,
    alerts: dict[str, SavedSearch],
    teasers: dict[str, dict[str, Any]],
    store: SearchStore,
) -> tuple[Build, list[Any]] | None:
    """The mail as it may go now (how to build it, and the alerts to mark as mailed once it
    went), or None when nothing in it may (then it is dropped). ``alerts``: the running alerts
    of the batch's mails; ``teasers``: its findable jobs."""
    key = f"alert-{mail.id}"
    if mail.kind == "confirmation":
        alert = await session.get(SavedSearch, uuid.UUID(mail.content["alert_id"]))
        if alert is None or alert.confirmed_at is not None or alert.unsubscribed_at is not None:
            return None
        return partial(
            render.confirmation, settings, alert, site_name=site_name, message_key=key
        ), []
    if mail.kind == RESUME_DIGEST:
        return await _render_resumes(session, store, settings, mail, site_name, key)
    sections = mail.content["sections"]
    rendered = [
        render.RenderedSection(
            alert=alerts[s["alert_id"]],
            jobs=[teasers[job] for job in s["job_ids"] if job in teasers][
                : settings.alert_jobs_per_section
            ],
            total=int(s["total"]),
        )
        for s in sections
        if s["alert_id"] in alerts and alerts[s["alert_id"]].email == mail.email
    ]
    rendered = [section for section in rendered if section.jobs]
    included = {str(job["id"]) for section in rendered for job in section.jobs}
    # jobs left out (closed since, or their alert stopped) leave the ledger: never mailed
    if included != {job for s in sections for job in s["job_ids"]}:
        await session.execute(
            delete(AlertDelivery).where(
                AlertDelivery.mail_id == mail.id, AlertDelivery.job_id.not_in(included or {""})
            )
        )
    if not rendered:
        return None
    return partial(
        render.alert_mail,
        settings,
        mail.email,
        rendered,
        kind=mail.kind,
        site_name=site_name,
        message_key=key,
    ), [section.alert for section in rendered]


async def _render_resumes(
    session: AsyncSession,
    store: SearchStore,
    settings: AlertSettings,
    mail: AlertMail,
    site_name: str,
    key: str,
) -> tuple[Build, list[Any]] | None:
    """A resume digest as it may go now: its alerts still exist, mail and are offered by their
    site; its resumes still findable (a hidden or deleted one is left out and leaves the
    ledger). Only the public fields a search hit shows reach the mail."""
    sections = mail.content["sections"]
    alerts = {
        str(a.id): a
        for a in await session.scalars(
            select(ResumeAlert).where(
                ResumeAlert.id.in_([uuid.UUID(s["alert_id"]) for s in sections]),
                ResumeAlert.interval_seconds > 0,
            )
        )
    }
    offered = await resume_alerts.offered_sites(session, sorted({a.site for a in alerts.values()}))
    alerts = {alert_id: a for alert_id, a in alerts.items() if a.site in offered}
    found: dict[str, dict[str, Any]] = {}
    for site in {alert.site for alert in alerts.values()}:
        found |= await resume_matching.findable_resumes(
            store,
            [
                resume
                for s in sections
                if (alert := alerts.get(s["alert_id"])) is not None and alert.site == site
                for resume in s["resume_ids"]
            ],
            site=site,
        )
    tids = {
        tid
        for source in found.values()
        for field in ("occupation_tids", "skill_tids", "language_tids")
        for tid in source.get(field) or []
        if isinstance(tid, int)
    }
    terms = await terms_by_tid(session, tids)
    rendered = [
        render.RenderedResumeSection(
            alert=alerts[s["alert_id"]],
            resumes=[
                render.resume_teaser(found[r], terms, alerts[s["alert_id"]].language)
                for r in s["resume_ids"]
                if r in found
            ][: settings.alert_jobs_per_section],
            total=int(s["total"]),
        )
        for s in sections
        if s["alert_id"] in alerts
    ]
    rendered = [section for section in rendered if section.resumes]
    included = {str(resume["id"]) for section in rendered for resume in section.resumes}
    # resumes left out (hidden or deleted since, or their alert stopped) leave the ledger
    await session.execute(
        delete(ResumeAlertDelivery).where(
            ResumeAlertDelivery.mail_id == mail.id,
            ResumeAlertDelivery.resume_id.not_in(included or {""}),
        )
    )
    if not rendered:
        return None
    return partial(
        render.resume_digest, settings, mail.email, rendered, site_name=site_name, message_key=key
    ), [section.alert for section in rendered]


def _build(builds: list[Build]) -> list[bytes]:
    return [build() for build in builds]


def _parsed(message: bytes) -> EmailMessage:
    return message_from_bytes(message, policy=policy.default)


def _sender(settings: AlertSettings) -> str:
    return parseaddr(settings.mail_from)[1]


class _Relay:
    """One SMTP connection for a batch of mails (opened on the first, reopened after a failure:
    a refused mail may leave the conversation in any state)."""

    def __init__(self, settings: AlertSettings) -> None:
        self.settings = settings
        self.client: aiosmtplib.SMTP | None = None

    async def send(self, message: bytes, *, sender: str, recipient: str) -> None:
        if self.client is None:
            client = aiosmtplib.SMTP(
                hostname=self.settings.smtp_host,
                port=self.settings.smtp_port,
                timeout=self.settings.smtp_timeout_seconds,
            )
            await client.connect()
            self.client = client
        try:
            await self.client.sendmail(sender, [recipient], message)
        except BaseException:
            await self.close()
            raise

    async def close(self) -> None:
        client, self.client = self.client, None
        if client is not None and client.is_connected:
            try:
                await client.quit()
            except (aiosmtplib.SMTPException, OSError):
                client.close()


async def send_pending(
    sessions: Sessions,
    store: SearchStore,
    settings: AlertSettings,
    *,
    site_name: str = "Job board",
    send: Send | None = None,
    limit: int = 1000,
) -> int:
    """Hand the pending mails to SMTP, a claimed batch (``alert_send_batch``) at a time over
    one connection; answers how many were sent. Stops at the first temporary failure (the relay
    is down: the next run retries). A batch commits after its hand-offs: a crash in between
    resends that batch's mails with their Message-IDs (ADR 0029, 0034)."""
    sent = 0
    handled = 0
    while handled < limit:
        async with unit_of_work(sessions) as session:
            mails = list(
                await session.scalars(
                    select(AlertMail)
                    .where(AlertMail.state == PENDING)
                    .order_by(AlertMail.created_at)
                    .limit(min(settings.alert_send_batch, limit - handled))
                    .with_for_update(skip_locked=True)
                )
            )
            if not mails:
                return sent
            handled += len(mails)
            # the job alerts' sections (a resume digest reads its own at rendering)
            sections = [
                s
                for m in mails
                if m.kind not in ("confirmation", RESUME_DIGEST)
                for s in m.content["sections"]
            ]
            alerts = (
                {
                    str(a.id): a
                    for a in await session.scalars(
                        select(SavedSearch).where(
                            SavedSearch.id.in_({uuid.UUID(s["alert_id"]) for s in sections}),
                            _active(),
                        )
                    )
                }
                if sections
                else {}
            )
            teasers = await matching.findable_teasers(
                store, sorted({job for s in sections for job in s["job_ids"]})
            )
            # what each mail may hold now (database and index reads, on the loop), then every
            # mail of the batch built in one worker thread (CPU-bound), then the hand-offs
            plans: list[tuple[AlertMail, Build, list[Any]]] = []
            for mail in mails:
                plan = await _render(
                    session,
                    settings,
                    mail,
                    site_name,
                    alerts=alerts,
                    teasers=teasers,
                    store=store,
                )
                if plan is None:
                    mail.state = DROPPED
                else:
                    plans.append((mail, *plan))
            built = await asyncio.to_thread(_build, [build for _, build, _ in plans])
            relay = _Relay(settings)
            try:
                for (mail, _, mailed_alerts), message in zip(plans, built, strict=True):
                    mail.attempts += 1
                    try:
                        if send is not None:
                            await send(_parsed(message))
                        else:  # bounce notices come back to the mail's own address (VERP)
                            await relay.send(
                                message,
                                sender=bounce_address(settings, mail.id) or _sender(settings),
                                recipient=mail.email,
                            )
                    except (aiosmtplib.SMTPException, OSError) as error:
                        reason = _permanent(error)
                        mail.last_error = str(error)[:1000]
                        if reason is None:
                            log.warning("the SMTP relay did not take an alert mail: %s", error)
                            return sent
                        mail.state = FAILED
                        await session.execute(
                            delete(AlertDelivery).where(AlertDelivery.mail_id == mail.id)
                        )
                        await session.execute(
                            delete(ResumeAlertDelivery).where(
                                ResumeAlertDelivery.mail_id == mail.id
                            )
                        )
                        await count_failure(session, settings, mail.email, reason)
                        continue
                    mail.state = SENT
                    mail.sent_at = datetime.now(UTC)
                    for alert in mailed_alerts:
                        alert.last_mailed_at = mail.sent_at
                    sent += 1
            finally:
                await relay.close()
    return sent


async def run_once(
    sessions: Sessions,
    store: SearchStore,
    settings: AlertSettings,
    *,
    site_name: str = "Job board",
    now: datetime | None = None,
) -> int:
    """One round of the mailer: instant matches, due digests (job and resume alerts), then the
    sends."""
    await plan_instant(sessions, store, settings, now=now)
    await plan_digests(sessions, store, settings, now=now)
    await plan_resume_digests(sessions, store, settings, now=now)
    return await send_pending(sessions, store, settings, site_name=site_name)
