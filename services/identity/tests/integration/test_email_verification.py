"""Sign up, receive the verification mail over real SMTP (sent by identity's consumer of its own
registered event, through the real broker), confirm it once; expired, tampered and reused links
get clear errors."""

from __future__ import annotations

import asyncio
import re
import uuid
from collections.abc import AsyncIterator
from datetime import timedelta
from typing import Any

import pytest
from aiosmtpd.controller import Controller
from cryptography.hazmat.primitives.asymmetric import rsa
from identity.domain.models import User
from identity.domain.tokens import SigningKey
from identity.domain.verification import verification_token
from identity.main import create_app
from identity.settings import IdentitySettings
from jobkit.testing.graphql import GraphQLClient
from jobkit.testing.server import free_port, serve
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from scripts.mailcatcher import Mailbox
from services.identity.tests.factories import sign_up_input

pytestmark = pytest.mark.integration

SIGN_UP = """mutation($input: SignUpInput!) {
  signUp(input: $input) { __typename ... on SignUpSuccess { user { id email } } } }"""
VERIFY = """mutation($token: String!) { verifyEmail(token: $token) {
  __typename
  ... on VerifyEmailSuccess { user { id emailVerified } }
  ... on AccountErrors { errors { field code message } } } }"""


@pytest.fixture(scope="module")
async def running(
    service_settings: IdentitySettings, run_prefix: str
) -> AsyncIterator[tuple[GraphQLClient, Mailbox, SigningKey]]:
    mailbox = Mailbox()
    smtp_port = free_port()
    smtp = Controller(mailbox, hostname="127.0.0.1", port=smtp_port)
    smtp.start()
    settings = service_settings.model_copy(
        update={
            "run_background_workers": True,
            "kafka_topic_prefix": f"{run_prefix}verify.",
            "smtp_port": smtp_port,
            "site_url": "http://jobs.test",
        }
    )
    app = create_app(settings)
    try:
        async with serve(app) as base_url:
            yield GraphQLClient(f"{base_url}/graphql"), mailbox, app.state.signing_key
    finally:
        smtp.stop()


async def _mail_to(mailbox: Mailbox, address: str, timeout: float = 60.0) -> Any:
    deadline = asyncio.get_running_loop().time() + timeout
    while asyncio.get_running_loop().time() < deadline:
        for mail in mailbox.mails:
            if address in mail.to:
                return mail
        await asyncio.sleep(0.2)
    raise AssertionError(f"no mail to {address} within {timeout} s")


async def test_the_mailed_link_confirms_the_address_once(
    running: tuple[GraphQLClient, Mailbox, SigningKey],
) -> None:
    graphql, mailbox, _ = running
    data = sign_up_input(role="APPLICANT")
    created = (await graphql.data(SIGN_UP, input=data))["signUp"]["user"]

    mail = await _mail_to(mailbox, data["email"])
    assert mail.subject == "Confirm your email address"
    link = re.search(r"http://jobs\.test/user/verify-email\?token=(\S+)", mail.text)
    assert link is not None, mail.text
    token = link.group(1)

    confirmed = (await graphql.data(VERIFY, token=token))["verifyEmail"]
    assert confirmed == {
        "__typename": "VerifyEmailSuccess",
        "user": {"id": created["id"], "emailVerified": True},
    }
    again = (await graphql.data(VERIFY, token=token))["verifyEmail"]
    assert again["errors"][0]["code"] == "LINK_USED"
    assert len([m for m in mailbox.mails if data["email"] in m.to]) == 1


async def test_tampered_and_expired_links_are_refused(
    running: tuple[GraphQLClient, Mailbox, SigningKey],
    committed_sessions: async_sessionmaker[AsyncSession],
    service_settings: IdentitySettings,
) -> None:
    graphql, _mailbox, key = running
    data = sign_up_input(role="APPLICANT")
    created = (await graphql.data(SIGN_UP, input=data))["signUp"]["user"]
    async with committed_sessions() as session:
        user = await session.get(User, uuid.UUID(created["id"]))
    assert user is not None

    expired = verification_token(
        user, key=key, settings=service_settings, lifetime=timedelta(seconds=-1)
    )
    answer = (await graphql.data(VERIFY, token=expired))["verifyEmail"]
    [error] = answer["errors"]
    assert error["field"] == "token"
    assert error["code"] == "LINK_EXPIRED"
    assert error["message"] == "This link has expired. Ask for a new one."
    for bad in (expired[:-6] + "AAAAAA", "not-a-token", ""):
        answer = (await graphql.data(VERIFY, token=bad))["verifyEmail"]
        assert answer["errors"][0]["code"] == "LINK_INVALID"
    # a token signed by another key proves nothing
    stranger = SigningKey(
        "another-key", rsa.generate_private_key(public_exponent=65537, key_size=2048)
    )
    forged = verification_token(user, key=stranger, settings=service_settings)
    assert (await graphql.data(VERIFY, token=forged))["verifyEmail"]["errors"][0]["code"] == (
        "LINK_INVALID"
    )


REQUEST_RESET = "mutation($email: String!) { requestPasswordReset(email: $email) { message } }"
RESET = """mutation($input: ResetPasswordInput!) { resetPassword(input: $input) {
  __typename
  ... on ResetPasswordSuccess { user { id emailVerified } }
  ... on AccountErrors { errors { field code } } } }"""


async def test_a_forgotten_password_is_reset_once_through_the_mailed_link(
    running: tuple[GraphQLClient, Mailbox, SigningKey],
) -> None:
    graphql, mailbox, _ = running
    data = sign_up_input(role="APPLICANT")
    created = (await graphql.data(SIGN_UP, input=data))["signUp"]["user"]
    await _mail_to(mailbox, data["email"])  # the verification mail

    asked = await graphql.data(REQUEST_RESET, email=data["email"].upper())
    nobody = await graphql.data(REQUEST_RESET, email=f"nobody-{data['email']}")
    assert asked == nobody  # never reveals whether an account exists
    deadline = asyncio.get_running_loop().time() + 60
    reset_mail = None
    while reset_mail is None and asyncio.get_running_loop().time() < deadline:
        reset_mail = next(
            (m for m in mailbox.mails if data["email"] in m.to and "new password" in m.subject),
            None,
        )
        await asyncio.sleep(0.2)
    assert reset_mail is not None
    found = re.search(r"/user/reset-password\?token=(\S+)", reset_mail.text)
    assert found is not None
    token = found.group(1)

    too_short = await graphql.data(RESET, input={"token": token, "password": "short"})
    assert too_short["resetPassword"]["errors"] == [{"field": "password", "code": "TOO_SHORT"}]
    done = await graphql.data(RESET, input={"token": token, "password": "a brand new secret"})
    assert done["resetPassword"]["user"] == {"id": created["id"], "emailVerified": True}
    spent = await graphql.data(RESET, input={"token": token, "password": "yet another secret"})
    assert spent["resetPassword"]["errors"] == [{"field": "token", "code": "LINK_USED"}]
    forged = await graphql.data(RESET, input={"token": "nope", "password": "a brand new secret"})
    assert forged["resetPassword"]["errors"] == [{"field": "token", "code": "LINK_INVALID"}]
    assert not [m for m in mailbox.mails if f"nobody-{data['email']}" in m.to]
