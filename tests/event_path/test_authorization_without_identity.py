"""Another service authorizes from the JWT alone: identity signs a token, billing checks it
against identity's published keys (fetched once and cached), and keeps answering authorized
requests after identity is stopped. No call to identity per request."""

from __future__ import annotations

import uuid

import httpx
import pytest
from billing.main import create_app as create_billing
from billing.settings import SERVICE_DIR as BILLING_DIR
from billing.settings import BillingSettings
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import rsa
from identity.domain.models import User
from identity.domain.service import change_roles, register_user
from identity.main import create_app as create_identity
from identity.settings import SERVICE_DIR as IDENTITY_DIR
from identity.settings import IdentitySettings
from jobkit.db import make_engine, make_sessionmaker
from jobkit.settings import database_name
from jobkit.testing.database import temporary_database
from jobkit.testing.graphql import GraphQLClient
from jobkit.testing.server import free_port, serve
from pydantic import SecretStr

pytestmark = pytest.mark.integration

PASSWORD = "a long enough password"
CREDITS = "{ getCredits(organizationId: 1) { amount type } }"


def _private_key_pem() -> str:
    key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    return key.private_bytes(
        serialization.Encoding.PEM,
        serialization.PrivateFormat.PKCS8,
        serialization.NoEncryption(),
    ).decode()


async def test_billing_authorizes_an_admin_while_identity_is_down() -> None:
    identity_port = free_port()
    jwks_url = f"http://127.0.0.1:{identity_port}/.well-known/jwks.json"
    common = {
        "run_migrations_on_startup": False,
        "run_background_workers": False,
        "jwks_url": jwks_url,
    }
    identity = IdentitySettings(jwt_private_key=SecretStr(_private_key_pem()), **common)
    billing = BillingSettings(**common)
    async with (
        temporary_database(identity, service_dir=IDENTITY_DIR) as identity_db,
        temporary_database(billing, service_dir=BILLING_DIR) as billing_db,
    ):
        identity = identity.model_copy(update={"db_name": database_name(identity_db)})
        billing = billing.model_copy(update={"db_name": database_name(billing_db)})
        engine = make_engine(identity_db)
        sessions = make_sessionmaker(engine)
        email = f"admin-{uuid.uuid4().hex[:8]}@example.org"
        user = await register_user(
            sessions=sessions,
            settings=identity,
            email=email,
            password=PASSWORD,
            first_name="Ad",
            last_name="Min",
        )
        assert isinstance(user, User)
        await change_roles(
            sessions=sessions,
            settings=identity,
            user_id=user.id,
            roles=["administrator"],
            actor=None,
        )
        await engine.dispose()

        async with serve(create_billing(billing)) as billing_url:
            async with serve(create_identity(identity), port=identity_port) as identity_url:
                async with httpx.AsyncClient() as client:
                    signed_in = await client.post(
                        f"{identity_url}/auth/credentials",
                        json={"email": email, "password": PASSWORD},
                    )
                assert signed_in.status_code == 200
                token = signed_in.json()["accessToken"]
                as_admin = GraphQLClient(f"{billing_url}/graphql", token=token)
                assert (await as_admin.data(CREDITS))["getCredits"] == []
            # identity is stopped: its port refuses connections
            with pytest.raises(httpx.ConnectError):
                async with httpx.AsyncClient() as client:
                    await client.get(jwks_url)
            for _ in range(3):
                assert (await as_admin.data(CREDITS))["getCredits"] == []
            # and the rules still hold: a forged token is refused, a visitor is not an admin
            forged = token[:-4] + ("AAAA" if not token.endswith("AAAA") else "BBBB")
            refused = await GraphQLClient(f"{billing_url}/graphql", token=forged).execute(CREDITS)
            assert refused["errors"][0]["extensions"]["code"] == "UNAUTHENTICATED"
            visitor = await GraphQLClient(f"{billing_url}/graphql").execute(CREDITS)
            assert visitor["errors"][0]["extensions"]["code"] == "UNAUTHENTICATED"
