"""One organization profile, read three ways in the same run: the server-rendered page through
the web server, the profile query through the gateway (organizations + search for the term
labels), and the same fields straight from the organizations subgraph (the baseline)."""

from __future__ import annotations

import httpx

from bench.harness import (
    RequestFailed,
    Scenario,
    check_graphql,
    http_client,
    probe_http,
)
from bench.scenarios._pages import WebPage

SLUG = "green-harbor-foundation"
FIELDS = """id name slug presentation url { path } logo { url alt } cover { url }
  companyInfo { name address { locality countryCode } } socialProfiles { linkedin }
  contactPersons { firstName lastName position } gallery { thumbnail { url } }
  videos { embedUrl } locations { name } faq { question answer } metatags { meta value }"""
VIA_GATEWAY = f"""query BenchProfile($slug: String!) {{ organizationProfile(slug: $slug) {{
  {FIELDS} industry {{ tid label }} benefits {{ tid label }} occupation {{ tid label }} }} }}"""
DIRECT = f"""query BenchProfileDirect($slug: String!) {{ organizationProfile(slug: $slug) {{
  {FIELDS} industry {{ tid }} benefits {{ tid }} occupation {{ tid }} }} }}"""
HEADERS = {"Content-Type": "application/json", "X-Frontend": "jobboard/en"}


class ProfileQuery:
    def __init__(self, base_url: str, path: str, query: str) -> None:
        self.base_url, self.path, self.query = base_url.rstrip("/"), path, query
        self.client: httpx.AsyncClient | None = None

    async def probe(self) -> None:
        await probe_http(f"{self.base_url}/healthz", self.base_url)

    async def setup(self) -> None:
        self.client = http_client(self.base_url)

    async def request(self) -> None:
        if self.client is None:
            raise RequestFailed("scenario not set up")
        response = await self.client.post(
            self.path, json={"query": self.query, "variables": {"slug": SLUG}}, headers=HEADERS
        )
        if check_graphql(response)["organizationProfile"] is None:
            raise RequestFailed(f"no profile {SLUG}: run make up (demo data)")

    async def teardown(self) -> None:
        if self.client is not None:
            await self.client.aclose()
            self.client = None


def _profile(text: str) -> str | None:
    if "application/ld+json" in text:
        return None
    return "the page has no JSON-LD: not the profile page"


def query_scenario(name: str, description: str, base_url: str, path: str, query: str) -> Scenario:
    s = ProfileQuery(base_url, path, query)
    return Scenario(
        name=name,
        description=description,
        request=s.request,
        setup=s.setup,
        teardown=s.teardown,
        probe=s.probe,
        targets=(s.base_url,),
    )


def page_scenario(name: str, description: str, base_url: str) -> Scenario:
    s = WebPage(base_url, f"/organization/{SLUG}", _profile)
    return Scenario(
        name=name,
        description=description,
        request=s.request,
        setup=s.setup,
        teardown=s.teardown,
        probe=s.probe,
        targets=(s.base_url,),
    )
