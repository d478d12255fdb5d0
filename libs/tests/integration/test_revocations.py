"""jobkit.revocations against the real PostgreSQL and Kafka: identity's session events, consumed by
a service's revocation group, make JwtVerifier refuse the tokens they end (ADR 0023)."""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import AsyncIterator
from typing import Any

import jwt
import pytest
from cryptography.hazmat.primitives.asymmetric import rsa
from jobkit.auth import AuthenticationError, JwtVerifier
from jobkit.db import make_engine, make_sessionmaker, new_metadata
from jobkit.events import EventEnvelope
from jobkit.kafka import ensure_topics, idempotent_producer
from jobkit.messaging_tables import add_messaging_tables
from jobkit.revocations import (
    SESSION_REVOKED,
    SESSION_TOPIC,
    TOKENS_OUTDATED,
    RevocationReadModel,
    revocation_consumer,
    revocation_tables,
)
from jobkit.settings import ServiceSettings
from jobkit.testing.database import temporary_database
from jobkit.testing.tokens import KEY_ID, TokenIssuer, token_issuer
from sqlalchemy import event, select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

pytestmark = pytest.mark.integration

metadata = new_metadata()
_, processed = add_messaging_tables(metadata)
tables = revocation_tables(metadata, processed=processed)


@pytest.fixture(scope="module")
def settings(run_prefix: str) -> ServiceSettings:
    return ServiceSettings(
        service_name="kit", db_name="kit", kafka_topic_prefix=f"{run_prefix}revocations."
    )


@pytest.fixture(scope="module")
async def sessions(settings: ServiceSettings) -> AsyncIterator[async_sessionmaker[AsyncSession]]:
    async with temporary_database(settings, metadata=metadata) as url:
        engine = make_engine(url)
        yield make_sessionmaker(engine)
        await engine.dispose()


@pytest.fixture(scope="module")
async def issuer(settings: ServiceSettings) -> AsyncIterator[TokenIssuer]:
    async with token_issuer(issuer=settings.jwt_issuer, audience=settings.jwt_audience) as found:
        yield found


def _verifier(issuer: TokenIssuer, sessions: async_sessionmaker[AsyncSession]) -> JwtVerifier:
    return JwtVerifier(
        jwks_url=issuer.jwks_url,
        issuer=issuer.issuer,
        audience=issuer.audience,
        revocations=RevocationReadModel(sessions=sessions, tables=tables),
    )


async def _publish(settings: ServiceSettings, *events: EventEnvelope) -> None:
    topic = settings.topic(SESSION_TOPIC)
    await ensure_topics(settings.kafka_bootstrap_servers, [topic])
    producer = idempotent_producer(settings.kafka_bootstrap_servers, client_id="test-revocations")
    await producer.start()
    try:
        for event in events:
            await producer.send_and_wait(topic, event.to_bytes(), key=event.aggregate_id.encode())
    finally:
        await producer.stop()


async def _consume(
    settings: ServiceSettings, sessions: async_sessionmaker[AsyncSession], count: int
) -> None:
    """Run the service's revocation group until it applied ``count`` more records."""
    consumer = revocation_consumer(settings=settings, tables=tables, sessions=sessions)
    await consumer.start()
    try:
        deadline = asyncio.get_running_loop().time() + 60
        seen = 0
        while seen < count:
            assert asyncio.get_running_loop().time() < deadline, "the events did not arrive"
            seen += await consumer.poll_once(timeout_ms=500)
    finally:
        await consumer.stop()


def _revoked(user_id: str, *session_ids: str) -> EventEnvelope:
    return EventEnvelope(
        type=SESSION_REVOKED,
        aggregate_id=user_id,
        site="test",
        payload={"user_id": user_id, "session_ids": list(session_ids), "reason": "sign_out"},
    )


def _outdated(user_id: str, min_version: int) -> EventEnvelope:
    return EventEnvelope(
        type=TOKENS_OUTDATED,
        aggregate_id=user_id,
        site="test",
        payload={"user_id": user_id, "min_version": min_version, "reason": "roles_changed"},
    )


async def test_an_ended_session_is_refused_and_the_others_are_not(
    settings: ServiceSettings, sessions: async_sessionmaker[AsyncSession], issuer: TokenIssuer
) -> None:
    verifier = _verifier(issuer, sessions)
    user = str(uuid.uuid4())
    ended, kept = str(uuid.uuid4()), str(uuid.uuid4())
    ended_token = issuer.token(user, sid=ended)
    kept_token = issuer.token(user, sid=kept)
    principal = await verifier.verify(ended_token)
    assert (principal.session_id, principal.session_version) == (ended, 0)

    event = _revoked(user, ended)
    await _publish(settings, event, event)  # a redelivery changes nothing
    await _consume(settings, sessions, 2)

    with pytest.raises(AuthenticationError, match="session has ended"):
        await verifier.verify(ended_token)
    assert (await verifier.verify(kept_token)).session_id == kept
    # identity's own sign-out and renewal still read who the token was for
    assert (await verifier.verify_signature(ended_token)).user_id == user


async def test_outdated_versions_are_refused_and_a_late_event_never_lowers_it(
    settings: ServiceSettings, sessions: async_sessionmaker[AsyncSession], issuer: TokenIssuer
) -> None:
    verifier = _verifier(issuer, sessions)
    user = str(uuid.uuid4())
    old, current = issuer.token(user, sv=1), issuer.token(user, sv=2)
    other_account = issuer.token(str(uuid.uuid4()), sv=0)

    await _publish(settings, _outdated(user, 2), _outdated(user, 1))
    await _consume(settings, sessions, 2)

    with pytest.raises(AuthenticationError):
        await verifier.verify(old)
    assert (await verifier.verify(current)).session_version == 2
    assert (await verifier.verify(other_account)).session_version == 0
    async with sessions() as session:
        lowest = await session.scalar(
            select(tables.accounts.c.min_version).where(tables.accounts.c.user_id == user)
        )
    assert lowest == 2


async def test_a_token_without_a_session_is_refused_where_sessions_are_checked(
    sessions: async_sessionmaker[AsyncSession], issuer: TokenIssuer
) -> None:
    token = issuer.token(str(uuid.uuid4()), sid=None)
    with pytest.raises(AuthenticationError, match="session has ended"):
        await _verifier(issuer, sessions).verify(token)
    unchecked = JwtVerifier(
        jwks_url=issuer.jwks_url, issuer=issuer.issuer, audience=issuer.audience
    )
    assert (await unchecked.verify(token)).session_id is None


async def test_the_check_is_one_statement_outside_a_transaction(
    settings: ServiceSettings, sessions: async_sessionmaker[AsyncSession], issuer: TokenIssuer
) -> None:
    """One read on the sessions' own pool in autocommit (ADR 0071): no BEGIN and ROLLBACK
    around it; and an ended session is still refused on that path."""
    engine = sessions.kw["bind"]
    seen: list[tuple[str, bool]] = []

    def record(conn: Any, cursor: Any, statement: str, *args: Any) -> None:
        seen.append((statement, conn.connection.dbapi_connection.autocommit))

    verifier = _verifier(issuer, sessions)
    user, ended = str(uuid.uuid4()), str(uuid.uuid4())
    token = issuer.token(user, sid=ended)
    event.listen(engine.sync_engine, "before_cursor_execute", record)
    try:
        await verifier.verify(token)
    finally:
        event.remove(engine.sync_engine, "before_cursor_execute", record)
    assert len(seen) == 1
    statement, autocommit = seen[0]
    assert "revoked_sessions" in statement
    assert autocommit

    await _publish(settings, _revoked(user, ended))
    await _consume(settings, sessions, 1)
    with pytest.raises(AuthenticationError, match="session has ended"):
        await verifier.verify(token)


async def test_a_known_signing_key_is_not_asked_of_the_jwks_client_again(
    sessions: async_sessionmaker[AsyncSession], issuer: TokenIssuer
) -> None:
    """The client keeps a key it found for good; the verifier checks a token of a key it
    already has on the event loop, without the client's thread (ADR 0071)."""
    verifier = JwtVerifier(jwks_url=issuer.jwks_url, issuer=issuer.issuer, audience=issuer.audience)
    asked: list[str] = []
    found = verifier._jwks.get_signing_key_from_jwt

    def counted(token: str) -> Any:
        asked.append(token)
        return found(token)

    verifier._jwks.get_signing_key_from_jwt = counted  # type: ignore[method-assign]
    for _ in range(3):
        assert (await verifier.verify(issuer.token(str(uuid.uuid4())))).user_id
    assert len(asked) == 1
    # a token of a key the JWKS does not hold still goes to the client, and is refused
    other = jwt.encode(
        {"sub": "x", "iss": issuer.issuer, "aud": issuer.audience, "exp": 2**40, "iat": 0},
        rsa.generate_private_key(public_exponent=65537, key_size=2048),
        algorithm="RS256",
        headers={"kid": "another-key"},
    )
    with pytest.raises(AuthenticationError):
        await verifier.verify(other)
    assert len(asked) == 2
    # a forged token naming the known key is refused by its signature
    forged = jwt.encode(
        {"sub": "x", "iss": issuer.issuer, "aud": issuer.audience, "exp": 2**40, "iat": 0},
        rsa.generate_private_key(public_exponent=65537, key_size=2048),
        algorithm="RS256",
        headers={"kid": KEY_ID},
    )
    with pytest.raises(AuthenticationError, match="Signature verification failed"):
        await verifier.verify(forged)
