"""Identity against the real PostgreSQL: sign-up writes the user and its event together, and the
tokens it signs verify through its JWKS endpoint as every other service verifies them."""

from __future__ import annotations

import uuid
from collections.abc import AsyncIterator

import pytest
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import rsa
from identity.db import outbox
from identity.domain.errors import AccountErrorCode, AccountErrors
from identity.domain.models import User
from identity.domain.passwords import verify_password
from identity.domain.service import register_user
from identity.domain.tokens import issue_token
from identity.main import create_app
from identity.settings import SERVICE_DIR, IdentitySettings
from jobkit.auth import AuthenticationError, JwtVerifier
from jobkit.db import make_engine
from jobkit.events import EventEnvelope
from jobkit.testing.database import rolled_back_sessions, temporary_database
from jobkit.testing.server import serve
from pydantic import SecretStr
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

pytestmark = pytest.mark.integration


@pytest.fixture(scope="module")
def settings() -> IdentitySettings:
    key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    pem = key.private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
    ).decode()
    return IdentitySettings(
        jwt_private_key=SecretStr(pem),
        run_background_workers=False,
        run_migrations_on_startup=False,
    )


@pytest.fixture(scope="module")
async def database(settings: IdentitySettings) -> AsyncIterator[IdentitySettings]:
    async with temporary_database(settings, service_dir=SERVICE_DIR) as url:
        yield settings.model_copy(update={"db_name": url.rsplit("/", 1)[1]})


@pytest.fixture
async def sessions(
    database: IdentitySettings,
) -> AsyncIterator[async_sessionmaker[AsyncSession]]:
    engine = make_engine(database.database_url)
    async with rolled_back_sessions(engine) as sessions:
        yield sessions
    await engine.dispose()


async def test_sign_up_stores_a_hashed_password_and_its_event_in_one_transaction(
    database: IdentitySettings, sessions: async_sessionmaker[AsyncSession]
) -> None:
    user = await register_user(
        sessions=sessions,
        settings=database,
        email=" Grace@Example.org ",
        password="a long password",
        first_name="Grace",
        last_name="Hopper",
    )
    assert isinstance(user, User)
    assert user.email == "grace@example.org"
    assert user.password_hash != "a long password"
    assert verify_password("a long password", user.password_hash)
    async with sessions() as session:
        row = (await session.execute(select(outbox).where(outbox.c.key == str(user.id)))).one()
    event = EventEnvelope.from_bytes(row.body)
    assert row.topic == "identity.user"
    assert event.type == "identity.user.registered"
    assert event.payload == {
        "user_id": str(user.id),
        "roles": ["applicant"],
        "signup_method": "email",
    }


async def test_an_email_can_sign_up_once(
    database: IdentitySettings, sessions: async_sessionmaker[AsyncSession]
) -> None:
    fields = {"password": "a long password", "first_name": "A", "last_name": "B"}
    await register_user(sessions=sessions, settings=database, email="once@example.org", **fields)
    again = await register_user(
        sessions=sessions, settings=database, email="ONCE@example.org", **fields
    )
    assert isinstance(again, AccountErrors)
    [error] = again.errors
    assert (error.field, error.code, error.message) == (
        "email",
        AccountErrorCode.EMAIL_TAKEN,
        "The email address once@example.org is already taken.",
    )


async def test_the_domain_refuses_privileged_roles_whoever_calls(
    database: IdentitySettings, sessions: async_sessionmaker[AsyncSession]
) -> None:
    for role in ("administrator", "site_admin", "job_editor", "nonsense"):
        refused = await register_user(
            sessions=sessions,
            settings=database,
            email=f"{role}@example.org",
            password="a long password",
            first_name="Eve",
            last_name="Mallory",
            role=role,
        )
        assert isinstance(refused, AccountErrors), role
        assert [e.code for e in refused.errors] == [AccountErrorCode.ROLE_NOT_ALLOWED]


async def test_tokens_verify_through_the_jwks_endpoint(database: IdentitySettings) -> None:
    app = create_app(database)
    user = User(id=uuid.uuid4(), roles=["recruiter"], site="jobboard")
    async with serve(app) as base_url:
        token = issue_token(user, key=app.state.signing_key, settings=database)
        verifier = JwtVerifier(
            jwks_url=f"{base_url}/.well-known/jwks.json",
            issuer=database.jwt_issuer,
            audience=database.jwt_audience,
        )
        principal = await verifier.verify(token)
        assert principal.user_id == str(user.id)
        assert principal.is_recruiter
        with pytest.raises(AuthenticationError):
            await verifier.verify(token[:-4] + "AAAA")
