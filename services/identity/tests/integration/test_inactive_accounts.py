"""The retention rule for inactive accounts (issue 26, ADR 0036), with the clock moved forward:
a warning mailed before the end of the site's period, erasure (the erasure saga) once the period
and the warning have passed without a sign-in, a sign-in after the warning keeping the account,
administrators left alone, a site's own periods, one replica at a time."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

import pytest
from identity.db import outbox
from identity.domain.inactivity import LOCK, apply_inactivity_rules
from identity.domain.models import ErasureRequest, Site, SiteSetting, User, UserSession
from identity.settings import IdentitySettings
from jobkit.db import unit_of_work
from jobkit.testing.server import free_port
from jobkit.testing.smtp import Inbox, smtp_inbox
from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

pytestmark = pytest.mark.integration

YEAR = timedelta(days=365)


@pytest.fixture
def inbox() -> Iterator[Inbox]:
    with smtp_inbox() as handler:
        yield handler


@pytest.fixture
def settings(service_settings: IdentitySettings, inbox: Inbox) -> IdentitySettings:
    return service_settings.model_copy(update={"smtp_port": inbox.port})


def _site() -> str:
    return f"retention-{uuid.uuid4().hex[:8]}"


async def _account(
    sessions: async_sessionmaker[AsyncSession],
    site: str,
    *,
    created: datetime,
    used: datetime | None = None,
    roles: list[str] | None = None,
) -> User:
    user = User(
        email=f"inactive-{uuid.uuid4().hex[:8]}@example.org",
        password_hash="not a hash",
        first_name="Grace",
        last_name="Hopper",
        roles=roles or ["applicant"],
        site=site,
        created_at=created,
    )
    async with unit_of_work(sessions) as session:
        session.add(user)
        await session.flush()
        if used is not None:
            session.add(UserSession(user_id=user.id, method="password", last_used_at=used))
    return user


async def _exists(sessions: async_sessionmaker[AsyncSession], user: User) -> bool:
    async with sessions() as session:
        return await session.get(User, user.id) is not None


async def _erasure_requested(sessions: async_sessionmaker[AsyncSession], user: User) -> bool:
    async with sessions() as session:
        request = await session.scalar(
            select(ErasureRequest).where(ErasureRequest.user_id == user.id)
        )
        published = await session.scalar(
            select(func.count())
            .select_from(outbox)
            .where(outbox.c.key == str(user.id), outbox.c.event_type == "identity.user.deleted")
        )
    return request is not None and request.requested_by == "system:retention" and published == 1


async def test_an_inactive_account_is_warned_then_erased_unless_its_owner_signs_in(
    committed_sessions: async_sessionmaker[AsyncSession],
    settings: IdentitySettings,
    inbox: Inbox,
) -> None:
    site = _site()
    now = datetime.now(UTC)
    # six years is the default period: these two were last here six years less ten days ago
    idle = await _account(
        committed_sessions, site, created=now - 7 * YEAR, used=now - 6 * YEAR + timedelta(days=10)
    )
    returning = await _account(committed_sessions, site, created=now - 6 * YEAR + timedelta(days=5))
    recent = await _account(committed_sessions, site, created=now - 7 * YEAR, used=now - YEAR)
    admin = await _account(
        committed_sessions, site, created=now - 9 * YEAR, roles=["administrator"]
    )

    run = await apply_inactivity_rules(committed_sessions, settings, now=now, sites=[site])
    assert (run.warned, run.erased) == (2, 0)
    [mail] = await inbox.wait_for(idle.email, 1)
    assert "will be deleted on" in str(mail["Subject"])
    body = mail.get_content()
    assert "Hello Grace" in body
    assert "/user/login" in body
    # in 14 days at the earliest (the warning period), though the six years end in 10
    erase_on = (now + timedelta(days=14)).strftime("%d %B %Y").lstrip("0")
    assert erase_on in body
    assert not inbox.to(recent.email)
    assert not inbox.to(admin.email)

    # the same day again: nobody is warned twice
    assert await apply_inactivity_rules(committed_sessions, settings, now=now, sites=[site]) == (
        type(run)(warned=0, erased=0)
    )

    # one of the two signs in a week later
    async with unit_of_work(committed_sessions) as session:
        session.add(
            UserSession(
                user_id=returning.id, method="password", last_used_at=now + timedelta(days=7)
            )
        )

    # 13 days on, the warning period has not passed yet
    later = await apply_inactivity_rules(
        committed_sessions, settings, now=now + timedelta(days=13), sites=[site]
    )
    assert later.erased == 0
    # 15 days on: the one who never came back is erased through the saga, the other stays
    later = await apply_inactivity_rules(
        committed_sessions, settings, now=now + timedelta(days=15), sites=[site]
    )
    assert later.erased == 1
    assert not await _exists(committed_sessions, idle)
    assert await _erasure_requested(committed_sessions, idle)
    assert await _exists(committed_sessions, returning)
    assert await _exists(committed_sessions, recent)
    assert await _exists(committed_sessions, admin)

    # the returning account is warned again only after another six years without a visit
    in_six_years = now + timedelta(days=7) + 6 * YEAR
    again = await apply_inactivity_rules(
        committed_sessions, settings, now=in_six_years - timedelta(days=20), sites=[site]
    )
    assert again.warned == 1  # `recent` (last here a year ago) is due by then too
    assert len(inbox.to(returning.email)) == 1


async def test_a_site_sets_its_own_periods(
    committed_sessions: async_sessionmaker[AsyncSession],
    settings: IdentitySettings,
    inbox: Inbox,
) -> None:
    site = _site()
    now = datetime.now(UTC)
    async with unit_of_work(committed_sessions) as session:
        session.add(Site(name=site, label="A site that keeps accounts a year"))
        await session.flush()
        session.add_all(
            [
                SiteSetting(site=site, key="retention", name="inactive_account_days", value=365),
                SiteSetting(
                    site=site, key="retention", name="inactive_account_warning_days", value=30
                ),
            ]
        )
    user = await _account(committed_sessions, site, created=now - YEAR + timedelta(days=20))
    other_site = _site()  # the default six years there
    kept = await _account(committed_sessions, other_site, created=now - 2 * YEAR)

    run = await apply_inactivity_rules(
        committed_sessions, settings, now=now, sites=[site, other_site]
    )
    assert run.warned == 1
    await inbox.wait_for(user.email, 1)
    assert not inbox.to(kept.email)
    erased = await apply_inactivity_rules(
        committed_sessions, settings, now=now + timedelta(days=31), sites=[site, other_site]
    )
    assert erased.erased == 1
    assert not await _exists(committed_sessions, user)
    assert await _exists(committed_sessions, kept)


async def test_a_failed_mail_warns_nobody_and_one_replica_applies_the_rule(
    committed_sessions: async_sessionmaker[AsyncSession],
    service_settings: IdentitySettings,
    settings: IdentitySettings,
    inbox: Inbox,
) -> None:
    site = _site()
    now = datetime.now(UTC)
    user = await _account(committed_sessions, site, created=now - 7 * YEAR)
    # the mail relay is down: not marked warned, so never erased without a warning
    down = service_settings.model_copy(update={"smtp_port": free_port()})
    assert (
        await apply_inactivity_rules(committed_sessions, down, now=now, sites=[site])
    ).warned == 0
    async with committed_sessions() as session:
        assert (await session.get(User, user.id)).inactivity_warned_at is None  # type: ignore[union-attr]
    # another replica holds the lock: this one does nothing
    async with committed_sessions() as holder, holder.begin():
        await holder.execute(select(func.pg_advisory_xact_lock(func.hashtext(LOCK))))
        skipped = await apply_inactivity_rules(committed_sessions, settings, now=now, sites=[site])
        assert (skipped.warned, skipped.erased) == (0, 0)
    assert (
        await apply_inactivity_rules(committed_sessions, settings, now=now, sites=[site])
    ).warned == 1
    await inbox.wait_for(user.email, 1)


async def test_a_warning_sent_again_is_the_same_mail(
    committed_sessions: async_sessionmaker[AsyncSession],
    settings: IdentitySettings,
    inbox: Inbox,
) -> None:
    """The run was killed after the relay took the warning and before it recorded it: the next
    run sends it again, as the same mail (its Message-ID made from the account and the moment it
    was last used, not from the run)."""
    site = _site()
    now = datetime.now(UTC)
    created = now - 7 * YEAR
    user = await _account(committed_sessions, site, created=created)
    assert (
        await apply_inactivity_rules(committed_sessions, settings, now=now, sites=[site])
    ).warned == 1
    async with unit_of_work(committed_sessions) as session:
        warned = await session.get(User, user.id)
        assert warned is not None
        warned.inactivity_warned_at = None  # what the killed run's commit would have written
    an_hour_on = now + timedelta(hours=1)
    assert (
        await apply_inactivity_rules(committed_sessions, settings, now=an_hour_on, sites=[site])
    ).warned == 1
    mails = await inbox.wait_for(user.email, 2)
    assert {str(mail["Message-ID"]) for mail in mails} == {
        f"<inactivity-warning.{user.id}.{int(created.timestamp())}@{settings.message_id_domain}>"
    }
