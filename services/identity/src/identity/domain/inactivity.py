"""The sites' retention rule for inactive accounts (issue 26, ADR 0036): an account nobody
signed in to for ``retention.inactive_account_days`` (2190, six years, unless the site sets it)
is erased as its owner would erase it (the erasure saga), after a warning mailed
``retention.inactive_account_warning_days`` (14) before. Signing in (or a session in use) after
the warning keeps the account; the next warning comes only after another such period.

An account's last activity is the later of its creation and its sessions' last use. Accounts
with an administrator-like role are left alone (the people who run the site). One replica
applies the rule at a time (a transaction-scoped advisory lock), a batch a transaction, and logs
what it did.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from email.message import EmailMessage

from jobkit.auth import ADMIN_LIKE_ROLES
from jobkit.db import unit_of_work
from jobkit.mail import compose, send_mail
from jobkit.site_settings import site_names, site_values
from sqlalchemy import ARRAY, ColumnElement, String, and_, cast, func, or_, select
from sqlalchemy.dialects.postgresql import array
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from identity.domain.account import erase_in
from identity.domain.models import SiteSetting, User, UserSession
from identity.settings import IdentitySettings

log = logging.getLogger(__name__)

KEY = "retention"
ACCOUNT_DAYS, WARNING_DAYS = "inactive_account_days", "inactive_account_warning_days"
DEFAULT_ACCOUNT_DAYS = 2190  # six years, as Teaching Vacancies keeps accounts
DEFAULT_WARNING_DAYS = 14
BATCH = 200
ACTOR = "system:retention"
LOCK = "identity:inactive-accounts"


@dataclass(frozen=True)
class InactivityRun:
    warned: int = 0
    erased: int = 0


@dataclass(frozen=True)
class _Rule:
    account_days: int
    warning_days: int


def last_active() -> ColumnElement[datetime]:
    """When the account was last used: its sessions' last use, else its creation."""
    used = (
        select(func.max(UserSession.last_used_at))
        .where(UserSession.user_id == User.id)
        .scalar_subquery()
    )
    return func.greatest(User.created_at, func.coalesce(used, User.created_at))


def _not_admin_like() -> ColumnElement[bool]:
    admin_like = cast(array(sorted(ADMIN_LIKE_ROLES)), ARRAY(String(50)))
    return ~User.roles.op("&&")(admin_like)


def _days(value: object, default: int) -> int:
    return value if isinstance(value, int) and value >= 1 else default


async def _locked_rules(
    session: AsyncSession, only: Sequence[str] | None
) -> dict[str, _Rule] | None:
    """Each site's periods, once this transaction holds the rule's lock (None when another
    replica holds it)."""
    if not await session.scalar(select(func.pg_try_advisory_xact_lock(func.hashtext(LOCK)))):
        return None
    query = select(User.site).distinct()
    if only is not None:
        query = query.where(User.site.in_(list(only)))
    sites = list(await session.scalars(query))
    accounts = await site_values(session, SiteSetting.__table__, sites, KEY, ACCOUNT_DAYS)
    warnings = await site_values(session, SiteSetting.__table__, sites, KEY, WARNING_DAYS)
    rules = {}
    for site in sites:
        account_days = _days(accounts.get(site), DEFAULT_ACCOUNT_DAYS)
        # the warning comes at least a day before, whatever the site set
        warning_days = min(_days(warnings.get(site), DEFAULT_WARNING_DAYS), account_days - 1)
        rules[site] = _Rule(account_days, warning_days)
    return rules


def inactivity_mail(
    user: User,
    *,
    last_active: datetime,
    erase_on: datetime,
    site_name: str,
    settings: IdentitySettings,
) -> EmailMessage:
    """The warning to an account unused since ``last_active``. Its Message-ID is made from
    the account and that moment (what makes it due), so a warning sent again (the run was
    killed after the relay took it, before it recorded the warning) is recognisably the same
    mail, and the warning after a later visit another."""
    day = erase_on.strftime("%d %B %Y").lstrip("0")
    return compose(
        settings,
        to=user.email,
        message_key=f"inactivity-warning.{user.id}.{int(last_active.timestamp())}",
        subject=f"Your {site_name} account will be deleted on {day}",
        text=f"Hello {user.first_name},\n\n"
        f"nobody has signed in to your {site_name} account for a long time. To keep no more "
        "personal data than we need, we will delete it, with your applications, resume, job "
        f"alerts and bookmarks, on {day}.\n\n"
        "To keep your account, simply sign in before then:\n\n"
        f"{settings.site_url.rstrip('/')}/user/login\n\n"
        "If you no longer need it, there is nothing to do.\n",
    )


async def _warn(
    sessions: async_sessionmaker[AsyncSession],
    settings: IdentitySettings,
    now: datetime,
    only: Sequence[str] | None,
) -> int | None:
    """Mails the warning to a batch of accounts due for it; None when another replica holds
    the lock. An account is marked warned only once its mail went out."""
    async with unit_of_work(sessions) as session:
        rules = await _locked_rules(session, only)
        if rules is None:
            return None
        if not rules:
            return 0
        active = last_active()
        due = [
            and_(
                User.site == site,
                active < now - timedelta(days=rule.account_days - rule.warning_days),
            )
            for site, rule in rules.items()
        ]
        rows = (
            await session.execute(
                select(User, active)
                .where(
                    or_(*due),
                    _not_admin_like(),
                    or_(User.inactivity_warned_at.is_(None), User.inactivity_warned_at < active),
                )
                .order_by(active, User.id)
                .limit(BATCH)
                .with_for_update(of=User, skip_locked=True)
            )
        ).all()
        names = await site_names(session, SiteSetting.__table__, {user.site for user, _ in rows})
        warned = 0
        for user, last in rows:
            rule = rules[user.site]
            erase_on = max(
                last + timedelta(days=rule.account_days), now + timedelta(days=rule.warning_days)
            )
            mail = inactivity_mail(
                user,
                last_active=last,
                erase_on=erase_on,
                site_name=names[user.site],
                settings=settings,
            )
            try:
                await send_mail(mail, settings=settings)
            except Exception:  # the mail relay is down: warned on a later run, erased later
                log.exception("retention: the inactivity warning to an account could not be sent")
                continue
            user.inactivity_warned_at = now
            warned += 1
        if warned:
            log.info("retention: warned %d inactive accounts that they will be erased", warned)
        return warned


async def _erase(
    sessions: async_sessionmaker[AsyncSession],
    settings: IdentitySettings,
    now: datetime,
    only: Sequence[str] | None,
) -> int | None:
    """Erases a batch of accounts warned long enough ago and not used since."""
    async with unit_of_work(sessions) as session:
        rules = await _locked_rules(session, only)
        if rules is None:
            return None
        if not rules:
            return 0
        active = last_active()
        due = [
            and_(
                User.site == site,
                active < now - timedelta(days=rule.account_days),
                User.inactivity_warned_at <= now - timedelta(days=rule.warning_days),
            )
            for site, rule in rules.items()
        ]
        users = list(
            await session.scalars(
                select(User)
                .where(
                    or_(*due),
                    _not_admin_like(),
                    User.inactivity_warned_at.is_not(None),
                    User.inactivity_warned_at >= active,  # not used since the warning
                )
                .order_by(User.id)
                .limit(BATCH)
                .with_for_update(of=User, skip_locked=True)
            )
        )
        for user in users:
            await erase_in(session, settings, user, actor=ACTOR)
        if users:
            log.info(
                "retention: erased %d accounts inactive longer than their site keeps them",
                len(users),
            )
        return len(users)


async def apply_inactivity_rules(
    sessions: async_sessionmaker[AsyncSession],
    settings: IdentitySettings,
    *,
    now: datetime | None = None,
    sites: Sequence[str] | None = None,
) -> InactivityRun:
    """Every site's rule (or those of ``sites``): first the erasures that are due, then the
    warnings (so an account is never warned and erased in one run)."""
    now = now or datetime.now(UTC)
    erased = warned = 0
    while (batch := await _erase(sessions, settings, now, sites)) is not None:
        erased += batch
        if batch < BATCH:
            break
    while (batch := await _warn(sessions, settings, now, sites)) is not None:
        warned += batch
        if batch < BATCH:
            break
    return InactivityRun(warned=warned, erased=erased)
