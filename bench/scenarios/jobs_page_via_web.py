"""GET /jobs?search=...: the server-rendered search page (loader, jobSearch through the gateway,
facet labels, React render) with the same request as the job_search_* scenarios (full text, two
facets, geo radius, newest first), so the three rows and this one compare layer by layer."""

from __future__ import annotations

import itertools
from urllib.parse import urlencode

import httpx

from bench.harness import RequestFailed, Scenario, check_http, http_client, probe_http
from bench.scenarios._search import GATEWAY_URL, RADIUS_MI, WEB_URL, Ask, asks


def jobs_path(ask: Ask) -> str:
    """The /jobs URL the page's own filters make for `ask` (web's serializeJobSearch)."""
    label, lat, lon = ask.city
    query = {
        "search": ask.text,
        "geo_location": label,
        "lat": str(lat),
        "lon": str(lon),
        "radius": str(RADIUS_MI),
        "employmentType": ",".join(str(t) for t in ask.employment),
        "remoteOptions": ",".join(str(t) for t in ask.remote),
        "sorting": "publish_date_desc",
    }
    return f"/jobs?{urlencode(query)}"


class JobsPage:
    def __init__(self, base_url: str) -> None:
        self.base_url = base_url.rstrip("/")
        self.client: httpx.AsyncClient | None = None
        self.cycle: itertools.cycle[str] | None = None

    async def probe(self) -> None:
        await probe_http(f"{self.base_url}/", self.base_url)

    async def setup(self) -> None:
        self.cycle = itertools.cycle([jobs_path(ask) for ask in await asks()])
        self.client = http_client(self.base_url)

    async def request(self) -> None:
        if self.client is None or self.cycle is None:
            raise RequestFailed("scenario not set up")
        answer = await self.client.get(next(self.cycle))
        check_http(answer)
        if "<html" not in answer.text[:2000].lower():
            raise RequestFailed("the page answered without HTML")

    async def teardown(self) -> None:
        if self.client is not None:
            await self.client.aclose()
            self.client = None


def build() -> Scenario:
    page = JobsPage(WEB_URL)
    return Scenario(
        name="jobs_page_via_web",
        description="GET /jobs?search=... server-rendered (text, 2 facets, geo, date sort)",
        request=page.request,
        setup=page.setup,
        teardown=page.teardown,
        probe=page.probe,
        targets=(page.base_url, GATEWAY_URL),
        baseline="jobs_page_calls",
    )
