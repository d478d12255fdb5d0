"""Resume alerts' use cases (ADR 0032): a recruiter saves a resume search with a notify interval
(spec 9's seconds: -1 no alerts, daily, weekly, monthly), lists, reads, changes and deletes their
own. Offered only where the site has both the resume feature and saved resume searches
(identity's ``features.resume`` and ``features.resume_searches``); who may search resumes at all
(recruiters, administrators) is the GraphQL layer's permission, as for resume search.

Each use case opens one unit of work; the alert belongs to the caller's user id and mails go to
the token's address.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from typing import Any

from jobkit.auth import Principal
from jobkit.db import unit_of_work
from jobkit.site_settings import site_values
from sqlalchemy import delete, func, select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from search.alerts import tokens
from search.alerts.errors import AlertError, AlertErrorCode, AlertErrors
from search.alerts.models import (
    NO_ALERTS,
    RESUME_INTERVALS,
    AlertMail,
    ResumeAlert,
    ResumeAlertDelivery,
)
from search.alerts.searches import stored_query
from search.alerts.service import check_name, invalid_token
from search.alerts.settings import AlertSettings
from search.db import site_settings
from search.engine.request import SearchRequest
from search.engine.resume_search import RESUMES
from search.engine.validation import validate
from search.errors import SearchErrors

# the alert mails' kind of a recruiter's resume digest (search.alerts.mailer)
RESUME_DIGEST = "resume_digest"
INTERVAL_NAMES = {-1: "no alerts", 86400: "daily", 604800: "weekly", 2628000: "monthly"}

Sessions = async_sessionmaker[AsyncSession]


def _refused(code: AlertErrorCode, message: str, field: str | None = None) -> AlertErrors:
    return AlertErrors([AlertError(code, message, field)])


def not_offered() -> AlertErrors:
    return _refused(
        AlertErrorCode.FORBIDDEN, "Saved resume searches are not available on this site."
    )


def not_found() -> AlertErrors:
    return _refused(AlertErrorCode.NOT_FOUND, "There is no such resume alert.", "id")


async def offered_sites(session: AsyncSession, sites: list[str]) -> set[str]:
    """Those of ``sites`` that offer resume alerts: the resume feature (on unless turned off)
    and saved resume searches (off unless turned on)."""
    resume = await site_values(session, site_settings, sites, "features", "resume")
    searches = await site_values(session, site_settings, sites, "features", "resume_searches")
    return {
        site for site in sites if bool(resume.get(site, True)) and bool(searches.get(site, False))
    }


async def offered(sessions: Sessions, site: str) -> bool:
    async with sessions() as session:
        return site in await offered_sites(session, [site])


def resume_request(request: SearchRequest) -> SearchRequest:
    """The parts of a resume search an alert keeps: no facet counts, sorting or paging."""
    return replace(request, facets=[], range=None, page=1, sorts=[])


def _check_search(request: SearchRequest, errors: list[AlertError]) -> dict[str, Any] | None:
    """The search as stored, or resume search's own refusals under ``search.``."""
    kept = resume_request(request)
    try:
        validate(kept, RESUMES)
    except SearchErrors as refused:
        errors.extend(
            AlertError(AlertErrorCode(error.code.value), error.message, f"search.{error.field}")
            for error in refused.errors
        )
        return None
    return stored_query(kept)


def _check_interval(interval: int, errors: list[AlertError]) -> int:
    if interval not in RESUME_INTERVALS:
        errors.append(
            AlertError(
                AlertErrorCode.INVALID_CHOICE,
                "The interval is one of -1 (no alerts), 86400 (daily), 604800 (weekly) or "
                "2628000 (monthly) seconds.",
                "interval",
            )
        )
    return interval


@dataclass(frozen=True)
class NewResumeAlert:
    name: str
    interval: int
    search: SearchRequest


async def create_resume_alert(
    *,
    sessions: Sessions,
    settings: AlertSettings,
    principal: Principal,
    site: str,
    data: NewResumeAlert,
) -> ResumeAlert | AlertErrors:
    """Save a resume search of the signed-in recruiter; mails go to the account's address."""
    if not await offered(sessions, site):
        return not_offered()
    errors: list[AlertError] = []
    name = check_name(data.name, errors)
    interval = _check_interval(data.interval, errors)
    query = _check_search(data.search, errors)
    if not principal.email:
        errors.append(
            AlertError(AlertErrorCode.REQUIRED, "Your account has no email address.", "email")
        )
    if errors:
        return AlertErrors(errors)
    assert query is not None
    async with unit_of_work(sessions) as session:
        # counted under a lock on the owner: two requests at once cannot both take the last place
        await session.execute(
            select(func.pg_advisory_xact_lock(func.hashtext("resume-alerts:" + principal.user_id)))
        )
        count = await session.scalar(
            select(func.count())
            .select_from(ResumeAlert)
            .where(ResumeAlert.user_id == principal.user_id)
        )
        if int(count or 0) >= settings.alerts_per_address:
            return _refused(
                AlertErrorCode.LIMIT_REACHED,
                f"You can keep at most {settings.alerts_per_address} resume alerts; "
                "delete one first.",
            )
        now = datetime.now(UTC)
        alert = ResumeAlert(
            id=uuid.uuid4(),
            site=site,
            user_id=principal.user_id,
            email=(principal.email or "").strip().lower(),
            name=name,
            language=data.search.language or "en",
            query=query,
            interval_seconds=interval,
            created_at=now,
            checked_until=now,
            version=1,
        )
        session.add(alert)
    return alert


async def list_resume_alerts(*, sessions: Sessions, user_id: str) -> list[ResumeAlert]:
    async with unit_of_work(sessions) as session:
        rows = await session.scalars(
            select(ResumeAlert)
            .where(ResumeAlert.user_id == user_id)
            .order_by(ResumeAlert.created_at, ResumeAlert.id)
        )
        return list(rows)


async def get_resume_alert(
    *, sessions: Sessions, user_id: str, alert_id: uuid.UUID
) -> ResumeAlert | None:
    """The alert when the caller owns it (anyone else: None, as for an unknown id)."""
    async with unit_of_work(sessions) as session:
        alert = await session.get(ResumeAlert, alert_id)
        return alert if alert is not None and alert.user_id == user_id else None


@dataclass(frozen=True)
class ResumeAlertChanges:
    name: str | None = None
    interval: int | None = None
    search: SearchRequest | None = None


async def update_resume_alert(
    *,
    sessions: Sessions,
    principal: Principal,
    site: str,
    alert_id: uuid.UUID,
    changes: ResumeAlertChanges,
) -> ResumeAlert | AlertErrors:
    """Rename, change the interval or the search of the caller's own resume alert. Starting to
    mail (from -1 or after the mailer paused it: saving the interval resumes it) or a new search
    starts afresh: no digest of what was updated before."""
    if not await offered(sessions, site):
        return not_offered()
    errors: list[AlertError] = []
    name = check_name(changes.name, errors) if changes.name is not None else None
    interval = _check_interval(changes.interval, errors) if changes.interval is not None else None
    query = _check_search(changes.search, errors) if changes.search is not None else None
    if errors:
        return AlertErrors(errors)
    async with unit_of_work(sessions) as session:
        alert = await session.get(ResumeAlert, alert_id, with_for_update=True)
        if alert is None or alert.user_id != principal.user_id:
            return not_found()
        now = datetime.now(UTC)
        if name is not None:
            alert.name = name
        if interval is not None:
            if alert.interval_seconds < 0 < interval or (
                interval > 0 and alert.paused_reason is not None
            ):
                alert.checked_until = now
            alert.interval_seconds = interval
            # saved with its interval, a paused alert mails again (starting afresh)
            alert.paused_reason = None
        if query is not None and changes.search is not None:
            alert.query = query
            alert.language = changes.search.language or "en"
            alert.checked_until = now
        alert.version += 1
        await session.flush()
        return alert


async def delete_resume_alert(
    *, sessions: Sessions, principal: Principal, alert_id: uuid.UUID
) -> uuid.UUID | AlertErrors:
    """The caller's own resume alert goes (deleting needs no feature: a recruiter can always
    remove what they saved)."""
    async with unit_of_work(sessions) as session:
        alert = await session.get(ResumeAlert, alert_id, with_for_update=True)
        if alert is None or alert.user_id != principal.user_id:
            return not_found()
        await session.delete(alert)
    return alert_id


async def stop_by_token(
    *, sessions: Sessions, settings: AlertSettings, token: str
) -> list[ResumeAlert] | AlertErrors:
    """One-click unsubscribe (RFC 8058) from a resume digest: the alerts of the mail keep their
    search but stop mailing (interval -1, "no alerts"); idempotent, no login needed (the token
    is signed for them)."""
    alert_ids = tokens.alert_ids(settings, token, tokens.RESUME_UNSUBSCRIBE)
    if alert_ids is None:
        return invalid_token()
    async with unit_of_work(sessions) as session:
        alerts = list(
            await session.scalars(
                select(ResumeAlert)
                .where(ResumeAlert.id.in_(alert_ids))
                .order_by(ResumeAlert.created_at, ResumeAlert.id)
                .with_for_update()
            )
        )
        if not alerts:
            return not_found()
        for alert in alerts:
            if alert.interval_seconds != NO_ALERTS:
                alert.interval_seconds = NO_ALERTS
                alert.version += 1
        await session.flush()
        return alerts


async def forget_user(session: AsyncSession, user_id: str) -> int:
    """A deleted account's resume alerts go, with the resume ledger and pending resume digests
    of their addresses when no other resume alert uses them."""
    alerts = list(await session.scalars(select(ResumeAlert).where(ResumeAlert.user_id == user_id)))
    for alert in alerts:
        await session.delete(alert)
    await session.flush()
    for address in {alert.email for alert in alerts}:
        left = await session.scalar(
            select(func.count()).select_from(ResumeAlert).where(ResumeAlert.email == address)
        )
        if not left:
            await session.execute(
                delete(AlertMail).where(
                    AlertMail.email == address,
                    AlertMail.kind == RESUME_DIGEST,
                    AlertMail.state == "pending",
                )
            )
            await session.execute(
                delete(ResumeAlertDelivery).where(ResumeAlertDelivery.email == address)
            )
    return len(alerts)
