"""Sign-ups (argon2id hashing, one transaction, one outbox row) against one GraphQL endpoint.

Used by ``signup_via_gateway`` (the whole path) and ``signup_direct`` (identity alone, its
baseline in the same run). Each sign-up ticks the site's opt-in registration consents, as the
sign-up form does. The accounts are erased afterwards as an administrator erases a person
(``eraseUser``, every service's part of it, ADR 0036), so no bench account stays on the board.
"""

from __future__ import annotations

import asyncio
import os
import uuid

import httpx

from bench.harness import (
    RequestFailed,
    Scenario,
    captcha_token,
    check_graphql,
    http_client,
    probe_http,
)

SIGN_UP = """
mutation BenchSignUp($input: SignUpInput!) {
  signUp(input: $input) { __typename ... on AccountErrors { message } }
}
"""
HEADERS = {"Content-Type": "application/json", "X-Frontend": "jobboard/en"}
PASSWORD = "bench password 2026"
GATEWAY_URL = os.environ.get("BENCH_GATEWAY_URL", "http://127.0.0.1:4000/graphql")
IDENTITY_URL = os.environ.get("BENCH_IDENTITY_URL", "http://127.0.0.1:8101")
ADMIN_EMAIL = os.environ.get("BENCH_ADMIN_EMAIL", "admin@jobboard.example")
DEMO_PASSWORD = os.environ.get("JOBBOARD_DEMO_PASSWORD", "demo-password-2026")
REGISTRATION_INFOS = """{
  getGdprConsentInfos(placement: "REGISTRATION", limit: 20) { id optIn }
}"""
ERASE = """mutation BenchErase($userId: ID!) {
  eraseUser(userId: $userId) { __typename }
}"""


class SignUps:
    def __init__(self, base_url: str, path: str) -> None:
        self.base_url = base_url.rstrip("/")
        self.path = path
        self.client: httpx.AsyncClient | None = None
        self.run_id = uuid.uuid4().hex[:8]
        self.count = 0
        self.consents: list[str] = []
        self.emails: list[str] = []

    async def probe(self) -> None:
        await probe_http(f"{self.base_url}/healthz", self.base_url)

    async def setup(self) -> None:
        self.client = http_client(self.base_url, timeout=30.0)
        self.consents = await registration_consents(self.client)

    async def request(self) -> None:
        if self.client is None:
            raise RequestFailed("scenario not set up")
        self.count += 1
        email = f"bench-{self.run_id}-{self.count}@bench.example"
        self.emails.append(email)
        variables = {
            "input": {
                "email": email,
                "password": PASSWORD,
                "firstName": "Bench",
                "lastName": "Mark",
                "role": "APPLICANT",
                "captchaToken": await captcha_token(self.client),
                "acceptedConsentInfoIds": self.consents,
            }
        }
        response = await self.client.post(
            self.path, json={"query": SIGN_UP, "variables": variables}, headers=HEADERS
        )
        data = check_graphql(response)
        if data["signUp"]["__typename"] != "SignUpSuccess":
            raise RequestFailed(f"sign-up refused: {data['signUp']}")

    async def teardown(self) -> None:
        if self.client is not None:
            try:
                await erase_accounts(self.client, self.emails)
            finally:
                await self.client.aclose()
                self.client = None
                self.emails = []


async def registration_consents(client: httpx.AsyncClient) -> list[str]:
    """The opt-in registration consents a sign-up must tick (ADR 0009)."""
    response = await client.post(GATEWAY_URL, json={"query": REGISTRATION_INFOS}, headers=HEADERS)
    infos = check_graphql(response)["getGdprConsentInfos"]
    return [info["id"] for info in infos if info["optIn"]]


async def sign_in(client: httpx.AsyncClient, email: str, password: str) -> dict[str, str] | None:
    """Identity's credentials sign-in: the access token and the account's id (None: no account,
    e.g. a sign-up the run cut short)."""
    response = await client.post(
        f"{IDENTITY_URL}/auth/credentials", json={"email": email, "password": password}
    )
    if response.status_code != 200:
        return None
    body = response.json()
    return {"token": body["accessToken"], "id": body["user"]["id"]}


async def erase_accounts(client: httpx.AsyncClient, emails: list[str]) -> None:
    """Erase the run's accounts through the administrators' eraseUser, four at a time."""
    if not emails:
        return
    admin = await sign_in(client, ADMIN_EMAIL, DEMO_PASSWORD)
    if admin is None:
        raise RequestFailed(f"cannot sign in as {ADMIN_EMAIL} to erase the bench's accounts")
    headers = {**HEADERS, "Authorization": f"Bearer {admin['token']}"}
    gate = asyncio.Semaphore(4)

    async def erase(email: str) -> None:
        async with gate:
            account = await sign_in(client, email, PASSWORD)
            if account is None:
                return
            response = await client.post(
                GATEWAY_URL,
                json={"query": ERASE, "variables": {"userId": account["id"]}},
                headers=headers,
            )
            answer = check_graphql(response)["eraseUser"]["__typename"]
            if answer != "AccountDeleted":
                raise RequestFailed(f"eraseUser answered {answer} for {email}")

    await asyncio.gather(*(erase(email) for email in emails))


def scenario(name: str, description: str, base_url: str, path: str) -> Scenario:
    s = SignUps(base_url, path)
    return Scenario(
        name=name,
        description=description,
        request=s.request,
        setup=s.setup,
        teardown=s.teardown,
        probe=s.probe,
        targets=(s.base_url,),
    )
