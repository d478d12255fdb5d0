"""Consent at registration and the re-consent marks (ADR 0009): sign-up requires the opt-in
REGISTRATION infos identity knows from consent's events, and records the agreed revisions in the
account's transaction; consent's events reach the read model through the real broker."""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import AsyncIterator

import pytest
from identity.db import outbox
from identity.domain.consent import needs_reconsent
from identity.domain.errors import AccountErrorCode, AccountErrors
from identity.domain.models import KnownConsentInfo, Site, SiteSetting, User
from identity.domain.service import SignUpReceived, sign_up
from identity.domain.social import SocialConsentRequired, SocialProfile, sign_in_social
from identity.main import create_app
from identity.settings import SERVICE_DIR, IdentitySettings
from jobkit.db import make_engine, make_sessionmaker, unit_of_work
from jobkit.events import EventEnvelope
from jobkit.kafka import ensure_topics, idempotent_producer
from jobkit.settings import ServiceSettings, database_name
from jobkit.testing.database import temporary_database
from jobkit.testing.server import serve
from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

pytestmark = pytest.mark.integration

POLICY = uuid.uuid4()
NOTICE = uuid.uuid4()


def _infos() -> list[KnownConsentInfo]:
    return [
        KnownConsentInfo(
            info_id=POLICY,
            type="PRIVACY_POLICY",
            placement="REGISTRATION",
            opt_in=True,
            revision_id=uuid.uuid4(),
            revision_number=2,
        ),
        KnownConsentInfo(
            info_id=NOTICE,
            type="NEWSLETTER",
            placement="REGISTRATION",
            opt_in=False,
            revision_id=uuid.uuid4(),
            revision_number=1,
        ),
    ]


async def _sign_up(
    sessions: async_sessionmaker[AsyncSession], settings: ServiceSettings, accepted: list[str]
) -> SignUpReceived | AccountErrors:
    assert isinstance(settings, IdentitySettings)
    return await sign_up(
        sessions=sessions,
        settings=settings,
        site="jobboard",
        email=f"consent-{uuid.uuid4().hex[:8]}@example.org",
        password="correct horse battery",
        first_name="Ada",
        last_name="Lovelace",
        role="applicant",
        captcha_token=None,
        accepted_consent_info_ids=accepted,
    )


async def _registration_events(session: AsyncSession) -> list[EventEnvelope]:
    rows = await session.scalars(
        select(outbox.c.body).where(outbox.c.event_type == "identity.user.registration_consented")
    )
    return [EventEnvelope.from_bytes(body) for body in rows]


async def test_no_account_without_the_required_consent(
    sessions: async_sessionmaker[AsyncSession], service_settings: ServiceSettings
) -> None:
    async with unit_of_work(sessions) as session:
        session.add_all(_infos())
    refused = await _sign_up(sessions, service_settings, [str(NOTICE)])
    assert isinstance(refused, AccountErrors)
    [error] = refused.errors
    assert error.code == AccountErrorCode.CONSENT_REQUIRED
    assert error.message == "Please accept the terms and conditions"
    assert error.field == "accepted_consent_info_ids"
    async with sessions() as session:
        assert await session.scalar(select(func.count()).select_from(User)) == 0
        assert await _registration_events(session) == []


async def test_the_agreed_revisions_are_recorded_with_the_account(
    sessions: async_sessionmaker[AsyncSession], service_settings: ServiceSettings
) -> None:
    infos = _infos()
    async with unit_of_work(sessions) as session:
        session.add_all(infos)
    received = await _sign_up(sessions, service_settings, [str(POLICY)])
    assert isinstance(received, SignUpReceived)
    async with sessions() as session:
        user = await session.scalar(select(User).where(User.email == received.email))
        assert user is not None
        [event] = await _registration_events(session)
    assert event.aggregate_id == str(user.id)
    assert event.payload["mail"] == user.email
    assert {(c["info_id"], c["revision_id"]) for c in event.payload["consents"]} == {
        (str(info.info_id), str(info.revision_id)) for info in infos
    }


async def test_social_sign_up_needs_the_consent_too(
    sessions: async_sessionmaker[AsyncSession], service_settings: ServiceSettings
) -> None:
    assert isinstance(service_settings, IdentitySettings)
    async with unit_of_work(sessions) as session:
        session.add_all(_infos())
    profile = SocialProfile(
        provider="demo",
        subject=uuid.uuid4().hex,
        email=f"social-{uuid.uuid4().hex[:8]}@example.org",
        email_verified=True,
        first_name="Ada",
        last_name="L",
    )
    with pytest.raises(SocialConsentRequired):
        await sign_in_social(
            sessions=sessions, settings=service_settings, profile=profile, role=None
        )
    user, created = await sign_in_social(
        sessions=sessions,
        settings=service_settings,
        profile=profile,
        role=None,
        accepted_consent_info_ids=[str(POLICY)],
    )
    assert created
    async with sessions() as session:
        [event] = await _registration_events(session)
    assert event.payload["user_id"] == str(user.id)


@pytest.fixture(scope="module")
async def running(
    service_settings: ServiceSettings, run_prefix: str
) -> AsyncIterator[tuple[IdentitySettings, async_sessionmaker[AsyncSession]]]:
    """identity with its consumers, on its own database (the read model it fills would make
    every other test's sign-up need consent) and its own topics."""
    assert isinstance(service_settings, IdentitySettings)
    async with temporary_database(service_settings, service_dir=SERVICE_DIR) as url:
        settings = service_settings.model_copy(
            update={
                "db_name": database_name(url),
                "run_background_workers": True,
                "kafka_topic_prefix": f"{run_prefix}consent.",
                "outbox_poll_interval_seconds": 0.05,
            }
        )
        await ensure_topics(
            settings.kafka_bootstrap_servers,
            [settings.topic("consent.info"), settings.topic("consent.consent")],
        )
        engine = make_engine(settings.database_url)
        async with serve(create_app(settings)):
            yield settings, make_sessionmaker(engine)
        await engine.dispose()


async def _publish(settings: IdentitySettings, topic: str, event: EventEnvelope) -> None:
    producer = idempotent_producer(settings.kafka_bootstrap_servers, client_id="test-consent")
    await producer.start()
    try:
        await producer.send_and_wait(
            settings.topic(topic), event.to_bytes(), key=event.aggregate_id.encode()
        )
    finally:
        await producer.stop()


async def _eventually(check: object, timeout: float = 30) -> None:
    deadline = asyncio.get_running_loop().time() + timeout
    while asyncio.get_running_loop().time() < deadline:
        if await check():  # type: ignore[operator]
            return
        await asyncio.sleep(0.2)
    raise AssertionError("the event did not reach identity in time")


async def test_consent_events_mark_the_re_consent_done(
    running: tuple[IdentitySettings, async_sessionmaker[AsyncSession]],
) -> None:
    settings, sessions = running
    user_id = uuid.uuid4()
    info_id = uuid.uuid4()
    async with unit_of_work(sessions) as session:
        if await session.get(Site, "jobboard") is None:
            session.add(Site(name="jobboard", label="Job board"))
            await session.flush()
        session.add(SiteSetting(site="jobboard", key="consent", name="terms_reconsent", value=True))

    def revised(number: int) -> EventEnvelope:
        return EventEnvelope(
            type="consent.info.revised",
            aggregate_id=str(info_id),
            aggregate_version=number,
            site="jobboard",
            payload={
                "info_id": str(info_id),
                "revision_id": str(uuid.UUID(int=number)),
                "revision_number": number,
                "type": "PRIVACY_POLICY",
                "placement": "REGISTRATION",
                "opt_in": True,
            },
        )

    def given(number: int) -> EventEnvelope:
        return EventEnvelope(
            type="consent.consent.given",
            aggregate_id=str(user_id),
            site="jobboard",
            payload={
                "consent_id": str(uuid.uuid4()),
                "user_id": str(user_id),
                "info_id": str(info_id),
                "revision_id": str(uuid.UUID(int=number)),
                "type": "PRIVACY_POLICY",
                "placement": "REGISTRATION",
                "source": "user",
            },
        )

    async def needs() -> bool:
        async with sessions() as session:
            return await needs_reconsent(session, user_id=user_id, site="jobboard")

    async def known_revision() -> int | None:
        async with sessions() as session:
            info = await session.get(KnownConsentInfo, info_id)
            return info.revision_number if info else None

    await _publish(settings, "consent.info", revised(1))
    await _eventually(lambda: _is(known_revision, 1))
    assert await needs()
    await _publish(settings, "consent.consent", given(1))
    await _eventually(lambda: _not(needs))
    # A new revision asks again; an old one arriving late changes nothing; the new consent
    # marks it done again.
    await _publish(settings, "consent.info", revised(2))
    await _publish(settings, "consent.info", revised(1))
    await _eventually(lambda: _is(known_revision, 2))
    assert await needs()
    await _publish(settings, "consent.consent", given(2))
    await _eventually(lambda: _not(needs))


async def _is(read: object, value: object) -> bool:
    return bool(await read() == value)  # type: ignore[operator]


async def _not(read: object) -> bool:
    return not await read()  # type: ignore[operator]
