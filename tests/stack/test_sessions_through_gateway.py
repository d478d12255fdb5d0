"""The running stack: each way a session ends makes a copied bearer token stop working through
the gateway, in identity and in the other subgraphs, within seconds (ADR 0023). Each case waits
with a generous deadline, and says how long the token still worked."""

from __future__ import annotations

import asyncio
import logging
import os
import secrets
import time
import uuid
from typing import Any
from urllib.parse import parse_qs

import httpx
import pytest
from jobkit.testing.graphql import GraphQLClient

from tests.stack.test_gateway_reaches_every_subgraph import (
    GATEWAY_URL,
    IDENTITY_URL,
    SIGNED_UP,
    sign_up,
    token_for,
)

pytestmark = pytest.mark.integration
log = logging.getLogger(__name__)

MAIL_API = os.environ.get("JOBBOARD_MAIL_API", "http://127.0.0.1:8025")
PASSWORD = "long enough password"
NEW_PASSWORD = "another long password"
DEADLINE_SECONDS = 60
# One field per subgraph that reads the caller: an accepted applicant's token gets data or
# FORBIDDEN, a refused one UNAUTHENTICATED.
PROBES = {
    "identity": "{ currentUser { id } }",
    "billing": "{ getCredits { amount } }",
    "organizations": "{ updatableOrganizationProfiles { id } }",
}


async def _applicant(gateway: GraphQLClient) -> tuple[str, str]:
    email = f"session-{uuid.uuid4().hex[:8]}@example.org"
    signed_in = await sign_up(
        gateway, email=email, password=PASSWORD, role="APPLICANT", first="Ses", last="Sion"
    )
    return email, str(signed_in["user"]["id"])


async def _token(email: str, password: str = PASSWORD) -> str:
    """A sign-in as the web server makes it (a generous timeout: argon2 on a busy machine)."""
    async with httpx.AsyncClient(timeout=60) as client:
        answer = await client.post(
            f"{IDENTITY_URL}/auth/credentials", json={"email": email, "password": password}
        )
    assert answer.status_code == 200, answer.text
    token: str = answer.json()["accessToken"]
    return token


def _unauthenticated(body: dict[str, Any]) -> bool:
    return any(
        error.get("extensions", {}).get("code") == "UNAUTHENTICATED"
        for error in body.get("errors") or []
    )


async def _accepted(token: str) -> bool:
    client = GraphQLClient(GATEWAY_URL, token=token)
    answers = await asyncio.gather(*(client.execute(probe) for probe in PROBES.values()))
    return not any(_unauthenticated(body) for body in answers)


async def _until_refused_everywhere(token: str, case: str) -> None:
    client = GraphQLClient(GATEWAY_URL, token=token)
    started = time.monotonic()
    waiting = dict(PROBES)
    while waiting:
        for subgraph, probe in list(waiting.items()):
            if _unauthenticated(await client.execute(probe)):
                del waiting[subgraph]
        elapsed = time.monotonic() - started
        assert elapsed < DEADLINE_SECONDS, f"{case}: still accepted by {sorted(waiting)}"
        if waiting:
            await asyncio.sleep(0.1)
    log.warning("%s: refused by every subgraph %.2f s after the change", case, elapsed)


async def _identity(path: str, token: str) -> httpx.Response:
    async with httpx.AsyncClient() as client:
        return await client.post(
            f"{IDENTITY_URL}{path}", headers={"Authorization": f"Bearer {token}"}
        )


@pytest.fixture
def gateway() -> GraphQLClient:
    """A visitor of their own, as the web server forwards one: an address of the documentation
    range in X-Forwarded-For (believed from loopback, a declared proxy). The whole stack suite
    otherwise comes from 127.0.0.1, whose mail budget (20 an hour per client, ADR 0024) its
    sign-ups use up before this file asks for a reset mail."""
    client = GraphQLClient(GATEWAY_URL)
    client.headers["X-Forwarded-For"] = f"198.51.100.{secrets.randbelow(254) + 1}"
    return client


async def test_sign_out_ends_that_session(gateway: GraphQLClient) -> None:
    email, _ = await _applicant(gateway)
    copied, other = await _token(email), await _token(email)
    assert await _accepted(copied)
    # what the web server does on sign-out before clearing its cookie
    assert (await _identity("/auth/signout", copied)).status_code == 204
    await _until_refused_everywhere(copied, "sign-out")
    assert await _accepted(other)


async def test_a_password_change_ends_every_other_session(gateway: GraphQLClient) -> None:
    email, _ = await _applicant(gateway)
    mine, copied = await _token(email), await _token(email)
    changed = await gateway.as_user(mine).data(
        "mutation($i: ChangePasswordInput!) { changePassword(input: $i) { __typename } }",
        i={"currentPassword": PASSWORD, "newPassword": NEW_PASSWORD},
    )
    assert changed["changePassword"]["__typename"] == "AccountUpdated"
    await _until_refused_everywhere(copied, "password change")
    assert await _accepted(mine)


async def test_a_password_reset_ends_every_session(gateway: GraphQLClient) -> None:
    email, _ = await _applicant(gateway)
    copied = await _token(email)
    link = await _reset_link(gateway, email)
    reset = await gateway.data(
        "mutation($i: ResetPasswordInput!) { resetPassword(input: $i) { __typename } }",
        i={"token": link, "password": NEW_PASSWORD},
    )
    assert reset["resetPassword"]["__typename"] == "ResetPasswordSuccess"
    await _until_refused_everywhere(copied, "password reset")
    assert await _accepted(await _token(email, NEW_PASSWORD))


async def test_deleting_the_account_ends_every_session(gateway: GraphQLClient) -> None:
    email, user_id = await _applicant(gateway)
    mine, copied = await _token(email), await _token(email)
    deleted = await gateway.as_user(mine).data(
        "mutation($p: String!) { deleteAccount(currentPassword: $p) { __typename } }", p=PASSWORD
    )
    assert deleted["deleteAccount"]["__typename"] == "AccountDeleted"
    SIGNED_UP.remove(user_id)  # nothing left to erase
    await _until_refused_everywhere(copied, "account deletion")


async def test_an_admin_block_ends_every_session(gateway: GraphQLClient) -> None:
    email, user_id = await _applicant(gateway)
    copied = await _token(email)
    admin = gateway.as_user(token_for(str(uuid.uuid4()), ["administrator"]))
    blocked = await admin.data(
        "mutation($i: SetUserBlockedInput!) { setUserBlocked(input: $i) { __typename } }",
        i={"userId": user_id, "blocked": True},
    )
    assert blocked["setUserBlocked"]["__typename"] == "SetUserBlockedSuccess"
    await _until_refused_everywhere(copied, "block")
    assert (await _identity("/auth/refresh", copied)).status_code == 401


async def test_a_role_change_reaches_every_subgraph_and_the_session_renews(
    gateway: GraphQLClient,
) -> None:
    email, user_id = await _applicant(gateway)
    copied = await _token(email)
    admin = gateway.as_user(token_for(str(uuid.uuid4()), ["administrator"]))
    changed = await admin.data(
        "mutation($i: ChangeUserRolesInput!) { changeUserRoles(input: $i) { __typename } }",
        i={"userId": user_id, "roles": ["recruiter"]},
    )
    assert changed["changeUserRoles"]["__typename"] == "ChangeUserRolesSuccess"
    await _until_refused_everywhere(copied, "role change")
    # what the web server does on the next read of the session: a fresh token, current roles
    renewed = await _identity("/auth/refresh", copied)
    assert renewed.status_code == 200, renewed.text
    fresh = gateway.as_user(renewed.json()["accessToken"])
    assert (await fresh.data("{ currentUser { roles { targetId } } }"))["currentUser"] == {
        "roles": [{"targetId": "recruiter"}]
    }
    assert isinstance((await fresh.data(PROBES["billing"]))["getCredits"], list)


async def _reset_link(gateway: GraphQLClient, email: str) -> str:
    """The token of the reset link identity mails (read from the mail catcher)."""
    await gateway.data(
        "mutation($e: String!) { requestPasswordReset(email: $e) { message } }", e=email
    )
    return await _mailed_token(email)


async def _mailed_token(email: str) -> str:
    deadline = time.monotonic() + DEADLINE_SECONDS
    async with httpx.AsyncClient(base_url=MAIL_API) as client:
        while time.monotonic() < deadline:
            for mail in (await client.get("/api/messages", params={"to": email})).json():
                if "/user/reset-password?" in mail["text"]:
                    query = mail["text"].split("/user/reset-password?", 1)[1].split()[0]
                    [token] = parse_qs(query)["token"]
                    return str(token)
            await asyncio.sleep(0.2)
    raise AssertionError(f"no reset mail for {email}")
