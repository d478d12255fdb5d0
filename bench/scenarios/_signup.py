"""Sign-ups (argon2id hashing, one transaction, one outbox row) against one GraphQL endpoint.

Used by ``signup_via_gateway`` (the whole path) and ``signup_direct`` (identity alone, its
baseline in the same run). A login scenario joins these when identity has a login operation.
"""

from __future__ import annotations

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


class SignUps:
    def __init__(self, base_url: str, path: str) -> None:
        self.base_url = base_url.rstrip("/")
        self.path = path
        self.client: httpx.AsyncClient | None = None
        self.run_id = uuid.uuid4().hex[:8]
        self.count = 0

    async def probe(self) -> None:
        await probe_http(f"{self.base_url}/healthz", self.base_url)

    async def setup(self) -> None:
        self.client = http_client(self.base_url, timeout=30.0)

    async def request(self) -> None:
        if self.client is None:
            raise RequestFailed("scenario not set up")
        self.count += 1
        variables = {
            "input": {
                "email": f"bench-{self.run_id}-{self.count}@bench.example",
                "password": "bench password 2026",
                "firstName": "Bench",
                "lastName": "Mark",
                "role": "APPLICANT",
                "captchaToken": await captcha_token(self.client),
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
            await self.client.aclose()
            self.client = None


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
