"""GET /: the server-rendered home page as a visitor (its loader's searches, the render)."""

from __future__ import annotations

import os

import httpx

from bench.harness import RequestFailed, Scenario, check_http, http_client, probe_http


class HomePage:
    def __init__(self, base_url: str) -> None:
        self.base_url = base_url.rstrip("/")
        self.client: httpx.AsyncClient | None = None

    async def probe(self) -> None:
        await probe_http(f"{self.base_url}/", self.base_url)

    async def setup(self) -> None:
        self.client = http_client(self.base_url)

    async def request(self) -> None:
        if self.client is None:
            raise RequestFailed("scenario not set up")
        answer = await self.client.get("/")
        check_http(answer)
        if "<html" not in answer.text[:2000].lower():
            raise RequestFailed("the page answered without HTML")

    async def teardown(self) -> None:
        if self.client is not None:
            await self.client.aclose()
            self.client = None


def build() -> Scenario:
    page = HomePage(os.environ.get("BENCH_WEB_URL", "http://127.0.0.1:3002"))
    return Scenario(
        name="home_page_via_web",
        description="GET / on the web server (SSR as a visitor: counts, jobs, organizations)",
        request=page.request,
        setup=page.setup,
        teardown=page.teardown,
        probe=page.probe,
        targets=(page.base_url,),
        baseline="home_page_calls",
    )
