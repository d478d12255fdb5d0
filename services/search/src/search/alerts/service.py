"""The alerts' use cases: save a search as an alert (an applicant's, or a visitor's with an
address and a captcha, confirmed by a mailed link), list, rename, pause, resume, change the
frequency or the search, delete; manage and unsubscribe through signed links (no login).

Each use case opens one unit of work. A confirmation mail is queued as an ``alert_mails`` row
in the same transaction (the alert mailer hands it to SMTP); nothing else is ever mailed to an
unconfirmed alert's address.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from jobkit.auth import Principal
from jobkit.captcha import captcha_passes
from jobkit.db import unit_of_work
from jobkit.ratelimit import may_mail
from jobkit.wakeup import notify
from pydantic import BaseModel, EmailStr, ValidationError
from sqlalchemy import delete, func, select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from search.alerts import tokens
from search.alerts.errors import AlertError, AlertErrorCode, AlertErrors
from search.alerts.models import (
    FREQUENCIES,
    MAILER_CHANNEL,
    AlertDelivery,
    AlertMail,
    SavedSearch,
    rate_limit_hits,
)
from search.alerts.searches import stored_query
from search.alerts.settings import AlertSettings
from search.engine.request import SearchRequest
from search.engine.validation import validate
from search.errors import SearchErrors

MAX_NAME_LENGTH = 120
CONFIRMATION = "confirmation"

Sessions = async_sessionmaker[AsyncSession]


class _Address(BaseModel):
    email: EmailStr


def _now() -> datetime:
    return datetime.now(UTC)


def _refused(code: AlertErrorCode, message: str, field: str | None = None) -> AlertErrors:
    return AlertErrors([AlertError(code, message, field)])


def _check_search(request: SearchRequest, errors: list[AlertError]) -> dict[str, Any] | None:
    """The search as stored, or its refusals (the search page's own messages) added to
    ``errors`` under ``search.``."""
    try:
        validate(request)
    except SearchErrors as refused:
        errors.extend(
            AlertError(AlertErrorCode(error.code.value), error.message, f"search.{error.field}")
            for error in refused.errors
        )
        return None
    return stored_query(request)


def check_name(name: str, errors: list[AlertError]) -> str:
    """An alert's name, spaces collapsed (a job alert's or a resume alert's)."""
    cleaned = " ".join(name.split())
    if not cleaned:
        errors.append(AlertError(AlertErrorCode.REQUIRED, "Give the alert a name.", "name"))
    elif len(cleaned) > MAX_NAME_LENGTH:
        errors.append(
            AlertError(
                AlertErrorCode.TOO_LONG,
                f"An alert's name has at most {MAX_NAME_LENGTH} characters.",
                "name",
            )
        )
    return cleaned


def _check_frequency(frequency: str, errors: list[AlertError]) -> str:
    if frequency not in FREQUENCIES:
        errors.append(
            AlertError(
                AlertErrorCode.INVALID_CHOICE,
                f"The frequency is one of {', '.join(FREQUENCIES)}.",
                "frequency",
            )
        )
    return frequency


def normal_address(address: str) -> str:
    return address.strip().lower()


async def _live_count(session: AsyncSession, email: str) -> int:
    return int(
        await session.scalar(
            select(func.count())
            .select_from(SavedSearch)
            .where(SavedSearch.email == email, SavedSearch.unsubscribed_at.is_(None))
        )
        or 0
    )


async def _queue_confirmation(session: AsyncSession, alert: SavedSearch) -> None:
    session.add(
        AlertMail(
            id=uuid.uuid4(),
            email=alert.email,
            kind=CONFIRMATION,
            content={"alert_id": str(alert.id)},
        )
    )
    await notify(session, MAILER_CHANNEL)  # the mailer sends it when this commits


@dataclass(frozen=True)
class NewAlert:
    name: str
    frequency: str
    search: SearchRequest
    email: str | None = None
    captcha_token: str | None = None


async def create_alert(
    *,
    sessions: Sessions,
    settings: AlertSettings,
    principal: Principal | None,
    site: str,
    data: NewAlert,
    client_ip: str | None = None,
) -> SavedSearch | AlertErrors:
    """Save a search as an alert. A signed-in caller's alert goes to the account's address
    (confirmed when identity says the address is proven); a visitor's to the address given,
    after the captcha, unconfirmed until the mailed link is followed."""
    errors: list[AlertError] = []
    name = check_name(data.name, errors)
    frequency = _check_frequency(data.frequency, errors)
    query = _check_search(data.search, errors)
    if principal is not None:
        if not principal.email:
            errors.append(
                AlertError(AlertErrorCode.REQUIRED, "Your account has no email address.", "email")
            )
        address = normal_address(principal.email or "")
        confirmed = principal.email_verified
    else:
        address = normal_address(data.email or "")
        confirmed = False
        if not address:
            errors.append(AlertError(AlertErrorCode.REQUIRED, "Enter your email address.", "email"))
        else:
            try:
                _Address(email=address)
            except ValidationError:
                errors.append(
                    AlertError(AlertErrorCode.INVALID, "Enter a valid email address.", "email")
                )
    if errors:
        return AlertErrors(errors)
    assert query is not None
    tokens.sign(settings, tokens.MANAGE, address)  # fails early when links cannot be signed
    if principal is None:
        if not (data.captcha_token or "").strip():
            return _refused(
                AlertErrorCode.CAPTCHA_REQUIRED,
                "Please confirm you are not a robot.",
                "captcha_token",
            )
        if not await captcha_passes(
            data.captcha_token,
            verify_url=settings.captcha_verify_url,
            secret=settings.captcha_secret,
            timeout=settings.captcha_timeout_seconds,
            remote_ip=client_ip,
        ):
            return _refused(
                AlertErrorCode.CAPTCHA_INVALID,
                "The robot check failed or expired; please try again.",
                "captcha_token",
            )
    # The mail budget counts every request that could mail (ADR 0024); a refused confirmation is
    # silently not sent, and the answer is the same.
    may_send = confirmed or await may_mail(
        sessions,
        rate_limit_hits,
        settings,
        recipient=address,
        client_ip=client_ip,
        account=principal.user_id if principal else None,
    )
    async with unit_of_work(sessions) as session:
        # one address's alerts are counted under a lock on the address, so two requests at once
        # cannot both take the last place
        await session.execute(
            select(func.pg_advisory_xact_lock(func.hashtext("alerts:" + address)))
        )
        if await _live_count(session, address) >= settings.alerts_per_address:
            return _refused(
                AlertErrorCode.LIMIT_REACHED,
                f"An address can have at most {settings.alerts_per_address} alerts; "
                "delete one first.",
                "email",
            )
        now = _now()
        alert = SavedSearch(
            id=uuid.uuid4(),
            site=site,
            user_id=principal.user_id if principal else None,
            email=address,
            name=name,
            language=data.search.language or "en",
            query=query,
            frequency=frequency,
            paused=False,
            confirmed_at=now if confirmed else None,
            created_at=now,
            checked_until=now,
            version=1,
        )
        session.add(alert)
        if not confirmed and may_send:
            await _queue_confirmation(session, alert)
    return alert


async def list_alerts(*, sessions: Sessions, user_id: str) -> list[SavedSearch]:
    async with unit_of_work(sessions) as session:
        rows = await session.scalars(
            select(SavedSearch)
            .where(SavedSearch.user_id == user_id, SavedSearch.unsubscribed_at.is_(None))
            .order_by(SavedSearch.created_at, SavedSearch.id)
        )
        return list(rows)


async def alerts_of_address(*, sessions: Sessions, email: str) -> list[SavedSearch]:
    async with unit_of_work(sessions) as session:
        rows = await session.scalars(
            select(SavedSearch)
            .where(SavedSearch.email == email, SavedSearch.unsubscribed_at.is_(None))
            .order_by(SavedSearch.created_at, SavedSearch.id)
        )
        return list(rows)


@dataclass(frozen=True)
class Changes:
    name: str | None = None
    frequency: str | None = None
    paused: bool | None = None
    search: SearchRequest | None = None


def _not_found() -> AlertErrors:
    return _refused(AlertErrorCode.NOT_FOUND, "There is no such alert.", "id")


def invalid_token() -> AlertErrors:
    return _refused(
        AlertErrorCode.INVALID_TOKEN,
        "This link is not valid; use the link in your latest mail.",
        "token",
    )


def _may_change(alert: SavedSearch, principal: Principal | None, address: str | None) -> bool:
    if alert.unsubscribed_at is not None:
        return False
    if address is not None:
        return alert.email == address
    return principal is not None and principal.can_act_on(alert.user_id)


async def update_alert(
    *,
    sessions: Sessions,
    principal: Principal | None,
    alert_id: uuid.UUID,
    changes: Changes,
    manage_token: str | None = None,
    settings: AlertSettings,
) -> SavedSearch | AlertErrors:
    """Rename, pause or resume, change the frequency or the search of an alert: its owner's
    (signed in), or any alert of the address a manage link was signed for."""
    address = None
    if manage_token is not None:
        claim = tokens.verify(settings, manage_token, tokens.MANAGE)
        if claim is None:
            return invalid_token()
        address = claim.subject
    errors: list[AlertError] = []
    name = check_name(changes.name, errors) if changes.name is not None else None
    frequency = (
        _check_frequency(changes.frequency, errors) if changes.frequency is not None else None
    )
    query = _check_search(changes.search, errors) if changes.search is not None else None
    if errors:
        return AlertErrors(errors)
    async with unit_of_work(sessions) as session:
        alert = await session.get(SavedSearch, alert_id, with_for_update=True)
        if alert is None or not _may_change(alert, principal, address):
            return _not_found()
        if name is not None:
            alert.name = name
        if frequency is not None:
            alert.frequency = frequency
        if query is not None and changes.search is not None:
            alert.query = query
            alert.language = changes.search.language or "en"
        if changes.paused is not None:
            alert.paused = changes.paused
            if not changes.paused:
                alert.paused_reason = None
                # resuming starts afresh: no digest of what was published while paused
                alert.checked_until = _now()
        alert.version += 1
        await session.flush()
        return alert


async def delete_alert(
    *,
    sessions: Sessions,
    principal: Principal | None,
    alert_id: uuid.UUID,
    manage_token: str | None = None,
    settings: AlertSettings,
) -> uuid.UUID | AlertErrors:
    address = None
    if manage_token is not None:
        claim = tokens.verify(settings, manage_token, tokens.MANAGE)
        if claim is None:
            return invalid_token()
        address = claim.subject
    async with unit_of_work(sessions) as session:
        alert = await session.get(SavedSearch, alert_id, with_for_update=True)
        if alert is None or not _may_change(alert, principal, address):
            return _not_found()
        await session.delete(alert)
    return alert_id


async def confirm_alert(
    *, sessions: Sessions, settings: AlertSettings, token: str
) -> SavedSearch | AlertErrors:
    """The mailed confirmation link followed: the alert starts (idempotent)."""
    claim = tokens.verify(settings, token, tokens.CONFIRM)
    if claim is None:
        return invalid_token()
    async with unit_of_work(sessions) as session:
        alert = await session.get(SavedSearch, uuid.UUID(claim.subject), with_for_update=True)
        if alert is None or alert.unsubscribed_at is not None:
            return _not_found()
        if alert.confirmed_at is None:
            now = _now()
            alert.confirmed_at = now
            alert.checked_until = now
            alert.version += 1
        await session.flush()
        return alert


async def unsubscribe(
    *, sessions: Sessions, settings: AlertSettings, token: str
) -> list[SavedSearch] | AlertErrors:
    """One-click unsubscribe (RFC 8058) or the link in a mail: the alerts the mail was about
    stop for good (idempotent: a second click answers the same)."""
    alert_ids = tokens.alert_ids(settings, token, tokens.UNSUBSCRIBE)
    if alert_ids is None:
        return invalid_token()
    async with unit_of_work(sessions) as session:
        alerts = list(
            await session.scalars(
                select(SavedSearch)
                .where(SavedSearch.id.in_(alert_ids))
                .order_by(SavedSearch.created_at, SavedSearch.id)
                .with_for_update()
            )
        )
        if not alerts:
            return _not_found()
        for alert in alerts:
            if alert.unsubscribed_at is None:
                alert.unsubscribed_at = _now()
                alert.version += 1
        await session.flush()
        return alerts


def address_of_manage_token(settings: AlertSettings, token: str) -> str | None:
    claim = tokens.verify(settings, token, tokens.MANAGE)
    return claim.subject if claim else None


async def forget_user(session: AsyncSession, user_id: str) -> int:
    """A deleted account's alerts go, and with them what the mailer keeps about its addresses
    (pending mails, the ledger) unless a visitor's alert still uses the address. Answers how
    many alerts went (idempotent: a redelivery finds none)."""
    alerts = list(await session.scalars(select(SavedSearch).where(SavedSearch.user_id == user_id)))
    addresses = {alert.email for alert in alerts}
    for alert in alerts:
        await session.delete(alert)
    await session.flush()
    for address in addresses:
        if await _live_count(session, address) == 0:
            await session.execute(delete(AlertMail).where(AlertMail.email == address))
            await session.execute(delete(AlertDelivery).where(AlertDelivery.email == address))
    return len(alerts)
