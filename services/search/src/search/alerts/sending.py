"""Sending, the mailer's second phase (ADR 0029, 0034): claim a batch of pending mails with
``FOR UPDATE SKIP LOCKED``, re-check each at send time (alerts still confirmed and running,
jobs still findable: expired, archived and unpublished ones are dropped, with their ledger rows),
build the batch off the event loop, hand the mails to SMTP over a few connections at once
(``alert_smtp_connections``), each with a Message-ID made from the mail's id, mark them sent,
commit. A permanent refusal counts against the address
(``search.alerts.bounces``); a temporary one stops the round (the relay is down: the next run
retries).
"""

from __future__ import annotations

import asyncio
import logging
import uuid
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime
from email import message_from_bytes, policy
from email.message import EmailMessage
from email.utils import parseaddr
from functools import partial
from typing import Any

import aiosmtplib
from jobkit.db import unit_of_work
from sqlalchemy import delete, select
from sqlalchemy.ext.asyncio import AsyncSession

from search.alerts import matching, render, resume_alerts, resume_matching
from search.alerts.bounces import bounce_address, count_failure
from search.alerts.models import (
    AlertDelivery,
    AlertMail,
    ResumeAlert,
    ResumeAlertDelivery,
    SavedSearch,
)
from search.alerts.planning import (
    DROPPED,
    FAILED,
    PENDING,
    RESUME_DIGEST,
    SENT,
    Sessions,
    active_alerts,
)
from search.alerts.settings import AlertSettings
from search.engine.indexing.store import SearchStore
from search.taxonomy.vocabulary import terms_by_tid

log = logging.getLogger(__name__)

Send = Callable[[EmailMessage], Awaitable[None]]
# a mail to build (CPU-bound: run off the event loop, a batch at a time) and the alerts to mark
# as mailed once it is handed over
Build = Callable[[], bytes]


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
                ResumeAlert.paused_reason.is_(None),
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


class _NotTried:
    """A mail of the batch no connection tried: the relay was found down first."""


NOT_TRIED = _NotTried()
Outcome = None | aiosmtplib.SMTPException | OSError | _NotTried


async def _hand_over(
    settings: AlertSettings, items: list[tuple[AlertMail, bytes]], send: Send | None
) -> list[Outcome]:
    """Each built mail handed to SMTP, over up to ``alert_smtp_connections`` connections at once
    (every connection takes every n-th mail, in order); answers per mail None (taken), the
    relay's refusal, or NOT_TRIED when a temporary failure on any connection showed the relay
    down before this mail's turn. The session is not touched here: the caller applies the
    outcomes in one pass."""
    outcomes: list[Outcome] = [NOT_TRIED] * len(items)
    lanes = max(1, min(settings.alert_smtp_connections, len(items)))
    down = False

    async def lane(first: int) -> None:
        nonlocal down
        relay = _Relay(settings)
        try:
            for index in range(first, len(items), lanes):
                if down:
                    return
                mail, message = items[index]
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
                    outcomes[index] = error
                    if _permanent(error) is None:
                        down = True
                        return
                    continue
                outcomes[index] = None
        finally:
            await relay.close()

    tasks = [asyncio.create_task(lane(first)) for first in range(lanes)]
    try:
        await asyncio.gather(*tasks)
    except BaseException:  # anything but the relay's refusals: no connection goes on alone
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        raise
    return outcomes


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
    ``alert_smtp_connections`` connections; answers how many were sent. Stops at the first
    temporary failure (the relay is down: the next run retries the mails not taken). A batch
    commits after its hand-offs: a crash in between resends that batch's mails with their
    Message-IDs (ADR 0029, 0034)."""
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
                            active_alerts(),
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
            outcomes = await _hand_over(
                settings,
                [(mail, message) for (mail, _, _), message in zip(plans, built, strict=True)],
                send,
            )
            relay_down = False
            for (mail, _, mailed_alerts), outcome in zip(plans, outcomes, strict=True):
                if isinstance(outcome, _NotTried):
                    continue  # still pending, as it was
                mail.attempts += 1
                if outcome is not None:
                    reason = _permanent(outcome)
                    mail.last_error = str(outcome)[:1000]
                    if reason is None:
                        log.warning("the SMTP relay did not take an alert mail: %s", outcome)
                        relay_down = True
                        continue
                    mail.state = FAILED
                    await session.execute(
                        delete(AlertDelivery).where(AlertDelivery.mail_id == mail.id)
                    )
                    await session.execute(
                        delete(ResumeAlertDelivery).where(ResumeAlertDelivery.mail_id == mail.id)
                    )
                    await count_failure(session, settings, mail.email, reason)
                    continue
                mail.state = SENT
                mail.sent_at = datetime.now(UTC)
                for alert in mailed_alerts:
                    alert.last_mailed_at = mail.sent_at
                sent += 1
            if relay_down:
                return sent
    return sent
