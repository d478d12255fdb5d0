"""Credentials sign-in (argon2id verification, throttle bookkeeping, token signing) on identity's
``POST /auth/credentials``, as the web server's credentials provider calls it, with a demo login."""

from __future__ import annotations

import os

import httpx

from bench.harness import RequestFailed, Scenario, check_http, http_client, probe_http

DEMO_EMAIL = "applicant@jobboard.example"


class Logins:
    def __init__(self, base_url: str) -> None:
        self.base_url = base_url.rstrip("/")
        self.client: httpx.AsyncClient | None = None
        self.body = {
            "email": os.environ.get("BENCH_LOGIN_EMAIL", DEMO_EMAIL),
            "password": os.environ.get("JOBBOARD_DEMO_PASSWORD", "demo-password-2026"),
            "client_address": "127.0.0.1",
        }

    async def probe(self) -> None:
        await probe_http(f"{self.base_url}/healthz", "identity")

    async def setup(self) -> None:
        self.client = http_client(self.base_url, timeout=30.0)

    async def request(self) -> None:
        if self.client is None:
            raise RequestFailed("scenario not set up")
        response = await self.client.post("/auth/credentials", json=self.body)
        check_http(response)
        if "accessToken" not in response.json():
            raise RequestFailed("no access token in the answer")

    async def teardown(self) -> None:
        if self.client is not None:
            await self.client.aclose()
            self.client = None


def build() -> Scenario:
    s = Logins(os.environ.get("BENCH_IDENTITY_URL", "http://127.0.0.1:8101"))
    return Scenario(
        name="login_direct",
        description="POST /auth/credentials on identity with a demo login (BENCH_IDENTITY_URL)",
        request=s.request,
        setup=s.setup,
        teardown=s.teardown,
        probe=s.probe,
        targets=(s.base_url,),
    )
