"""Sign up, receive the verification mail over real SMTP (sent by identity's consumer of its own
registered event, through the real broker), confirm it once; expired, tampered and reused links
get clear errors. A sign-up or a change of address to a taken address gets the same answer, and
the address's owner a notice instead (ADR 0017)."""

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
from identity.db import outbox, processed_events
from identity.domain.events import PasswordResetRequested, UserRegistered
from identity.domain.models import User
from identity.domain.tokens import SigningKey
from identity.domain.verification import verification_token
from identity.main import create_app
from identity.messaging.consumers import MAILER_GROUP
from identity.settings import IdentitySettings
from jobkit.testing.graphql import GraphQLClient
from jobkit.testing.server import free_port, serve
from jobkit.testing.tokens import TokenIssuer
from sqlalchemy import delete, func, select, update
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from scripts.mailcatcher import Mailbox
from services.identity.tests.factories import sign_up_input

pytestmark = pytest.mark.integration

SIGN_UP = """mutation($input: SignUpInput!) {
  signUp(input: $input) { __typename ... on SignUpSuccess { email } } }"""
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


async def _sign_up(
    graphql: GraphQLClient, sessions: async_sessionmaker[AsyncSession], data: dict[str, Any]
) -> dict[str, str]:
    """Sign up; the new account's id and address, as stored (the answer never names it)."""
    answer = (await graphql.data(SIGN_UP, input=data))["signUp"]
    assert answer == {"__typename": "SignUpSuccess", "email": data["email"]}
    async with sessions() as session:
        user_id = await session.scalar(select(User.id).where(User.email == data["email"]))
    assert user_id is not None
    return {"id": str(user_id), "email": data["email"]}


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
    committed_sessions: async_sessionmaker[AsyncSession],
) -> None:
    graphql, mailbox, _ = running
    data = sign_up_input(role="APPLICANT")
    created = await _sign_up(graphql, committed_sessions, data)

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


async def _deliver_again(
    sessions: async_sessionmaker[AsyncSession], user_id: str, event_type: str
) -> uuid.UUID:
    """The mailer died after the relay took the mail and before it recorded the event: the
    event (the account's one of ``event_type``) comes again, here published again and out of
    the mailer's ledger."""
    async with sessions() as session, session.begin():
        event_id = await session.scalar(
            select(outbox.c.event_id).where(
                outbox.c.key == user_id, outbox.c.event_type == event_type
            )
        )
        assert event_id is not None
        forgotten = await session.execute(
            delete(processed_events).where(
                processed_events.c.event_id == event_id,
                processed_events.c.consumer_group.endswith(MAILER_GROUP),
            )
        )
        assert forgotten.rowcount == 1
        await session.execute(
            update(outbox).where(outbox.c.event_id == event_id).values(sent_at=None)
        )
    return uuid.UUID(str(event_id))


async def _applied(sessions: async_sessionmaker[AsyncSession], event_id: uuid.UUID) -> bool:
    """Whether identity's mailer has applied the event (its ledger)."""
    async with sessions() as session:
        applied = await session.scalar(
            select(func.count())
            .select_from(processed_events)
            .where(
                processed_events.c.event_id == event_id,
                processed_events.c.consumer_group.endswith(MAILER_GROUP),
            )
        )
    return bool(applied)


def _header(mail: Any, name: str) -> str | None:
    return next((v.strip() for k, v in mail.headers if k.lower() == name.lower()), None)


async def test_a_registration_mailed_again_is_the_same_mail_with_the_same_link(
    running: tuple[GraphQLClient, Mailbox, SigningKey],
    committed_sessions: async_sessionmaker[AsyncSession],
) -> None:
    """The mailer died after the relay took the mail and before it recorded the event: the
    event comes again (here: published again, out of the ledger) and the mail goes again, the
    same mail with the same link, which confirms the address once."""
    graphql, mailbox, _ = running
    data = sign_up_input(role="APPLICANT")
    created = await _sign_up(graphql, committed_sessions, data)
    await _mail_to(mailbox, data["email"])
    await asyncio.sleep(1.1)  # a link made from the time it is made would differ by now
    event_id = await _deliver_again(committed_sessions, created["id"], UserRegistered.event_type)

    mails = await _mails_to(mailbox, data["email"], 2)
    assert len(mails) == 2
    assert {_header(mail, "Message-ID") for mail in mails} == {
        f"<{event_id}.verify-email@jobboard.example>"
    }
    links = {re.findall(r"verify-email\?token=(\S+)", mail.text)[0] for mail in mails}
    assert len(links) == 1
    [token] = links
    confirmed = (await graphql.data(VERIFY, token=token))["verifyEmail"]
    assert confirmed["__typename"] == "VerifyEmailSuccess"
    again = (await graphql.data(VERIFY, token=token))["verifyEmail"]
    assert again["errors"][0]["code"] == "LINK_USED"


async def test_tampered_and_expired_links_are_refused(
    running: tuple[GraphQLClient, Mailbox, SigningKey],
    committed_sessions: async_sessionmaker[AsyncSession],
    service_settings: IdentitySettings,
) -> None:
    graphql, _mailbox, key = running
    data = sign_up_input(role="APPLICANT")
    created = await _sign_up(graphql, committed_sessions, data)
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
    committed_sessions: async_sessionmaker[AsyncSession],
) -> None:
    graphql, mailbox, _ = running
    data = sign_up_input(role="APPLICANT")
    created = await _sign_up(graphql, committed_sessions, data)
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


async def test_a_reset_delivered_again_after_its_link_was_used_mails_no_new_link(
    running: tuple[GraphQLClient, Mailbox, SigningKey],
    committed_sessions: async_sessionmaker[AsyncSession],
) -> None:
    """The reset's event comes again after the person used its link (the mailer died before it
    recorded the event; the relay had taken the mail): no second mail, whose link would work
    again for the password just chosen. A reset asked for afterwards is mailed as usual."""
    graphql, mailbox, _ = running
    data = sign_up_input(role="APPLICANT")
    created = await _sign_up(graphql, committed_sessions, data)
    await _mail_to(mailbox, data["email"])  # the verification mail
    await graphql.data(REQUEST_RESET, email=data["email"])
    [_verification, reset] = await _mails_to(mailbox, data["email"], 2)
    found = re.search(r"/user/reset-password\?token=(\S+)", reset.text)
    assert found is not None
    done = await graphql.data(RESET, input={"token": found.group(1), "password": "a new secret"})
    assert done["resetPassword"]["__typename"] == "ResetPasswordSuccess"

    event_id = await _deliver_again(
        committed_sessions, created["id"], PasswordResetRequested.event_type
    )
    deadline = asyncio.get_running_loop().time() + 60
    while not await _applied(committed_sessions, event_id):  # the mailer has it again
        assert asyncio.get_running_loop().time() < deadline, "not delivered again"
        await asyncio.sleep(0.2)
    await asyncio.sleep(1)
    assert len([m for m in mailbox.mails if data["email"] in m.to]) == 2

    await graphql.data(REQUEST_RESET, email=data["email"])
    *_, asked_again = await _mails_to(mailbox, data["email"], 3)
    assert asked_again.subject == "Choose a new password"


CHANGE_EMAIL = """mutation($i: ChangeEmailInput!) { changeEmail(input: $i) {
  __typename ... on AccountUpdated { user { email pendingEmail } } } }"""
LOGIN_LINK = "http://jobs.test/user/login"
RESET_LINK = "http://jobs.test/user/password"


async def _mails_to(mailbox: Mailbox, address: str, count: int, settle: float = 2.0) -> list[Any]:
    """The mails to ``address`` once ``count`` arrived, and no more for ``settle`` seconds."""
    await _mail_to(mailbox, address)
    deadline = asyncio.get_running_loop().time() + 60
    while len([m for m in mailbox.mails if address in m.to]) < count:
        assert asyncio.get_running_loop().time() < deadline, f"fewer than {count} mails"
        await asyncio.sleep(0.2)
    await asyncio.sleep(settle)
    return sorted((m for m in mailbox.mails if address in m.to), key=lambda m: m.id)


async def test_signing_up_with_a_taken_address_tells_its_owner_and_nobody_else(
    running: tuple[GraphQLClient, Mailbox, SigningKey],
    committed_sessions: async_sessionmaker[AsyncSession],
) -> None:
    graphql, mailbox, _ = running
    data = sign_up_input(role="APPLICANT")
    owner = await _sign_up(graphql, committed_sessions, data)
    again = data | {
        "email": data["email"].upper(),
        "password": "another password",
        "role": "RECRUITER",
    }
    taken = await graphql.data(SIGN_UP, input=again)
    assert taken == {"signUp": {"__typename": "SignUpSuccess", "email": data["email"]}}

    verification, notice = await _mails_to(mailbox, data["email"], 2)
    assert verification.subject == "Confirm your email address"
    assert notice.subject == "Someone tried to sign up with your email address"
    assert notice.text.startswith("Hello Grace,")
    assert "no new account was created" in notice.text
    assert LOGIN_LINK in notice.text
    assert RESET_LINK in notice.text
    assert "verify-email" not in notice.text  # nothing to confirm: no new account
    async with committed_sessions() as session:
        accounts = await session.scalar(
            select(func.count()).select_from(User).where(User.email == data["email"])
        )
        stored = await session.get(User, uuid.UUID(owner["id"]))
    assert accounts == 1
    assert stored is not None
    assert stored.roles == ["applicant"]


async def test_asking_for_a_taken_address_mails_its_owner_a_notice_instead_of_a_link(
    running: tuple[GraphQLClient, Mailbox, SigningKey],
    committed_sessions: async_sessionmaker[AsyncSession],
    tokens: TokenIssuer,
) -> None:
    graphql, mailbox, _ = running
    owner_data = sign_up_input()
    await _sign_up(graphql, committed_sessions, owner_data)
    asker_data = sign_up_input(firstName="Mallory")
    asker = await _sign_up(graphql, committed_sessions, asker_data)
    await _mail_to(mailbox, asker_data["email"])  # the asker's own verification mail

    me = graphql.as_user(tokens.token(asker["id"], ["recruiter"]))
    answer = await me.data(
        CHANGE_EMAIL, i={"email": owner_data["email"], "currentPassword": asker_data["password"]}
    )
    assert answer["changeEmail"] == {
        "__typename": "AccountUpdated",
        "user": {"email": asker["email"], "pendingEmail": owner_data["email"]},
    }

    verification, notice = await _mails_to(mailbox, owner_data["email"], 2)
    assert verification.subject == "Confirm your email address"
    assert notice.subject == "Someone asked to use your email address for another account"
    assert "nothing was changed" in notice.text
    assert LOGIN_LINK in notice.text
    assert RESET_LINK in notice.text
    assert "verify-email" not in notice.text  # never a link that could move the address
    assert "Mallory" not in notice.text  # nor who asked
    assert len([m for m in mailbox.mails if asker["email"] in m.to]) == 1
