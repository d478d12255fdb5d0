"""Identity against the real PostgreSQL: sign-up writes the user and its event together (and for a
taken address does the same work, creates nothing and tells the owner), and the tokens it signs
verify through its JWKS endpoint as every other service verifies them, across a key rotation."""

from __future__ import annotations

import json
import uuid
from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import httpx
import jwt
import pytest
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import rsa
from identity.db import outbox
from identity.domain import service
from identity.domain.errors import AccountErrorCode, AccountErrors
from identity.domain.models import User
from identity.domain.passwords import verify_password
from identity.domain.service import SignUpReceived, register_user, sign_up
from identity.domain.tokens import issue_token
from identity.main import create_app
from identity.settings import SERVICE_DIR, IdentitySettings
from jobkit.auth import AuthenticationError, JwtVerifier
from jobkit.db import make_engine, make_sessionmaker
from jobkit.events import EventEnvelope
from jobkit.settings import database_name
from jobkit.testing.database import rolled_back_sessions, temporary_database
from jobkit.testing.server import serve
from jwt.algorithms import RSAAlgorithm
from pydantic import SecretStr
from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

pytestmark = pytest.mark.integration


def _new_key_pem() -> str:
    key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    return key.private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
    ).decode()


@pytest.fixture(scope="module")
def settings() -> IdentitySettings:
    return IdentitySettings(
        jwt_private_key=SecretStr(_new_key_pem()),
        run_background_workers=False,
        run_migrations_on_startup=False,
    )


@pytest.fixture(scope="module")
async def database(settings: IdentitySettings) -> AsyncIterator[IdentitySettings]:
    async with temporary_database(settings, service_dir=SERVICE_DIR) as url:
        yield settings.model_copy(update={"db_name": database_name(url)})


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


async def test_tools_are_told_an_email_is_taken(
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
    user = User(
        id=uuid.uuid4(),
        roles=["recruiter"],
        site="jobboard",
        email="rita@example.org",
        email_verified=True,
    )
    async with serve(app) as base_url:
        token = issue_token(
            user, session_id=str(uuid.uuid4()), key=app.state.signing_key, settings=database
        )
        verifier = JwtVerifier(
            jwks_url=f"{base_url}/.well-known/jwks.json",
            issuer=database.jwt_issuer,
            audience=database.jwt_audience,
        )
        principal = await verifier.verify(token)
        assert principal.user_id == str(user.id)
        assert principal.is_recruiter
        # what an invitation binds to (organizations, ADR 0025)
        assert (principal.email, principal.email_verified) == ("rita@example.org", True)
        with pytest.raises(AuthenticationError):
            await verifier.verify(token[:-4] + "AAAA")


@pytest.fixture
async def committed(
    database: IdentitySettings,
) -> AsyncIterator[async_sessionmaker[AsyncSession]]:
    engine = make_engine(database.database_url)
    yield make_sessionmaker(engine)
    await engine.dispose()


async def _visitor_signs_up(
    database: IdentitySettings, sessions: async_sessionmaker[AsyncSession], email: str
) -> SignUpReceived | AccountErrors:
    return await sign_up(
        sessions=sessions,
        settings=database,
        site=database.site,
        email=email,
        password="a long password",
        first_name="Vis",
        last_name="Itor",
        role="applicant",
        captcha_token=None,
    )


async def _accounts_and_notices(
    sessions: async_sessionmaker[AsyncSession], email: str
) -> tuple[int, list[dict[str, object]]]:
    async with sessions() as session:
        accounts = await session.scalar(
            select(func.count()).select_from(User).where(User.email == email)
        )
        bodies = await session.scalars(
            select(outbox.c.body).where(outbox.c.event_type == "identity.user.taken_email_used")
        )
        notices = [EventEnvelope.from_bytes(body).payload for body in bodies]
    return int(accounts or 0), notices


async def test_a_visitor_gets_the_same_answer_after_the_same_work_for_a_taken_address(
    database: IdentitySettings,
    committed: async_sessionmaker[AsyncSession],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    hashed: list[str] = []
    real_hash = service.hash_password_off_loop

    async def counting_hash(password: str) -> str:
        hashed.append(password)
        return await real_hash(password)

    monkeypatch.setattr(service, "hash_password_off_loop", counting_hash)
    email = f"same-{uuid.uuid4().hex[:8]}@example.org"
    new = await _visitor_signs_up(database, committed, email)
    taken = await _visitor_signs_up(database, committed, f" {email.upper()} ")
    assert new == taken == SignUpReceived(email=email)
    assert len(hashed) == 2  # the password is hashed for the taken address too
    accounts, notices = await _accounts_and_notices(committed, email)
    async with committed() as session:
        owner = await session.scalar(select(User.id).where(User.email == email))
    assert accounts == 1
    assert {"user_id": str(owner), "attempt": "sign_up"} in notices


async def test_a_sign_up_racing_another_for_the_same_address_gets_the_same_answer(
    database: IdentitySettings,
    committed: async_sessionmaker[AsyncSession],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    email = f"race-{uuid.uuid4().hex[:8]}@example.org"
    first = await register_user(
        sessions=committed,
        settings=database,
        email=email,
        password="a long password",
        first_name="A",
        last_name="B",
    )
    assert isinstance(first, User)
    real_owner_of = service.owner_of
    looked_up: list[str] = []

    async def late_owner_of(session: AsyncSession, address: str) -> uuid.UUID | None:
        # the first look-up runs before the other sign-up committed: it finds nobody
        looked_up.append(address)
        return None if len(looked_up) == 1 else await real_owner_of(session, address)

    monkeypatch.setattr(service, "owner_of", late_owner_of)
    answer = await _visitor_signs_up(database, committed, email)
    assert answer == SignUpReceived(email=email)
    assert len(looked_up) == 2  # the insert hit the unique address, then it looked again
    accounts, notices = await _accounts_and_notices(committed, email)
    assert accounts == 1
    assert {"user_id": str(first.id), "attempt": "sign_up"} in notices


async def test_tokens_of_a_retired_key_verify_while_it_is_published(
    database: IdentitySettings, tmp_path: Path
) -> None:
    user = User(id=uuid.uuid4(), roles=["applicant"], site="jobboard")
    before = create_app(database)  # signs with "identity-1"
    old_key = before.state.signing_key
    old_token = issue_token(user, session_id=str(uuid.uuid4()), key=old_key, settings=database)
    # Rotation: the published JWKS goes into the retired keys file (private parts, should an
    # operator paste a private JWK by mistake, are never published), a new key signs.
    retired = tmp_path / "retired-jwks.json"
    leaked = json.loads(RSAAlgorithm.to_jwk(old_key.private_key)) | {"kid": old_key.key_id}
    retired.write_text(json.dumps({"keys": [leaked]}))
    rotated = database.model_copy(
        update={
            "jwt_private_key": SecretStr(_new_key_pem()),
            "jwt_key_id": "identity-2",
            "jwt_retired_public_keys_file": retired,
        }
    )
    after = create_app(rotated)
    new_token = issue_token(
        user, session_id=str(uuid.uuid4()), key=after.state.signing_key, settings=rotated
    )
    stranger_key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    never_published = jwt.encode(
        {
            "sub": str(user.id),
            "iss": database.jwt_issuer,
            "aud": database.jwt_audience,
            "iat": datetime.now(UTC),
            "exp": datetime.now(UTC) + timedelta(minutes=5),
        },
        stranger_key,
        algorithm="RS256",
        headers={"kid": "identity-0"},
    )
    posing_as_old = _resigned(never_published, stranger_key, "identity-1")

    async with serve(after) as base_url:
        async with httpx.AsyncClient() as client:
            published = (await client.get(f"{base_url}/.well-known/jwks.json")).json()
        assert [key["kid"] for key in published["keys"]] == ["identity-2", "identity-1"]
        assert not any({"d", "p", "q", "dp", "dq", "qi"} & set(key) for key in published["keys"])
        verifier = _verifier(base_url, database)
        assert (await verifier.verify(new_token)).user_id == str(user.id)
        assert (await verifier.verify(old_token)).user_id == str(user.id)
        for refused in (never_published, posing_as_old):
            with pytest.raises(AuthenticationError):
                await verifier.verify(refused)

    # Once the old tokens expired, the file goes: the old key is no longer published.
    dropped = rotated.model_copy(update={"jwt_retired_public_keys_file": None})
    async with serve(create_app(dropped)) as base_url:  # the same new key, from the settings
        verifier = _verifier(base_url, database)
        assert (await verifier.verify(new_token)).user_id == str(user.id)
        with pytest.raises(AuthenticationError):
            await verifier.verify(old_token)


def _resigned(token: str, key: rsa.RSAPrivateKey, kid: str) -> str:
    """The same claims signed by ``key`` under another key's id."""
    claims = jwt.decode(token, options={"verify_signature": False})
    return jwt.encode(claims, key, algorithm="RS256", headers={"kid": kid})


def _verifier(base_url: str, settings: IdentitySettings) -> JwtVerifier:
    return JwtVerifier(
        jwks_url=f"{base_url}/.well-known/jwks.json",
        issuer=settings.jwt_issuer,
        audience=settings.jwt_audience,
    )
