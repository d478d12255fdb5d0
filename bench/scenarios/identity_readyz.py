"""identity's /readyz: run beside the sign-up scenarios to see that hashing no longer blocks the
event loop (readiness stays fast while sign-ups run)."""

from __future__ import annotations

import os

import httpx

from bench.harness import RequestFailed, Scenario, check_http, http_client, probe_http


class Readyz:
    def __init__(self, base_url: str) -> None:
        self.base_url = base_url.rstrip("/")
        self.client: httpx.AsyncClient | None = None

    async def probe(self) -> None:
        await probe_http(f"{self.base_url}/healthz", "identity")

    async def setup(self) -> None:
        self.client = http_client(self.base_url)

    async def request(self) -> None:
        if self.client is None:
            raise RequestFailed("scenario not set up")
        check_http(await self.client.get("/readyz"))

    async def teardown(self) -> None:
        if self.client is not None:
            await self.client.aclose()
            self.client = None


def build() -> Scenario:
    s = Readyz(os.environ.get("BENCH_IDENTITY_URL", "http://127.0.0.1:8101"))
    return Scenario(
        name="identity_readyz",
        description="GET /readyz on identity (database check, Kafka reported)",
        request=s.request,
        setup=s.setup,
        teardown=s.teardown,
        probe=s.probe,
        targets=(s.base_url,),
    )
