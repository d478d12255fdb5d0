"""One published demo job, read three ways in the same run: the server-rendered page through the
web server, the page's job query through the gateway (jobs + organizations + search for the
term labels), and the same fields straight from the jobs subgraph (the baseline). The job is
found once, in setup: the Green Harbor Foundation's newest open job."""

from __future__ import annotations

import os

import httpx

from bench.harness import (
    RequestFailed,
    Scenario,
    check_graphql,
    check_http,
    http_client,
    probe_http,
    subject_scenario,
)

ORGANIZATION = "green-harbor-foundation"
GATEWAY_URL = os.environ.get("BENCH_GATEWAY_URL", "http://127.0.0.1:4000/graphql").removesuffix(
    "/graphql"
)
FIELDS = """id slug title description type state url { path } published expiresAt
  locations { address { locality countryCode lat lon } }
  salaryRange { minSalary maxSalary currencyCode salaryUnit }
  applicationWorkflow applicationLink metatags { meta value } jsonLd"""
VIA_GATEWAY = f"""query BenchJob($slug: String!) {{ job(slug: $slug) {{ {FIELDS}
  employmentType {{ tid label }} occupationalField {{ tid label }} skills {{ tid label }}
  remoteOptions {{ tid label }} organizationProfile {{ name slug logo {{ url }} }} }} }}"""
DIRECT = f"""query BenchJobDirect($slug: String!) {{ job(slug: $slug) {{ {FIELDS}
  employmentType {{ tid }} occupationalField {{ tid }} skills {{ tid }} remoteOptions {{ tid }}
  }} }}"""
FIND = """query BenchFindJob($slug: String!) { organizationProfile(slug: $slug) {
  organization { id } } }"""
OPEN_JOBS = """query BenchOpenJobs($id: ID!) { openJobs(organizationId: $id, limit: 1) {
  jobs { slug } } }"""
HEADERS = {"Content-Type": "application/json", "X-Frontend": "jobboard/en"}


async def find_job_slug() -> str:
    """The slug of a published demo job (through the gateway)."""
    async with http_client(GATEWAY_URL) as client:
        found = check_graphql(
            await client.post(
                "/graphql",
                json={"query": FIND, "variables": {"slug": ORGANIZATION}},
                headers=HEADERS,
            )
        )
        profile = found["organizationProfile"]
        if profile is None:
            raise RequestFailed(f"no organization {ORGANIZATION}: run make up (demo data)")
        jobs = check_graphql(
            await client.post(
                "/graphql",
                json={"query": OPEN_JOBS, "variables": {"id": profile["organization"]["id"]}},
                headers=HEADERS,
            )
        )["openJobs"]["jobs"]
    if not jobs:
        raise RequestFailed(f"{ORGANIZATION} has no open jobs: run make up (demo data)")
    slug: str = jobs[0]["slug"]
    return slug


class JobQuery:
    def __init__(self, base_url: str, path: str, query: str) -> None:
        self.base_url, self.path, self.query = base_url.rstrip("/"), path, query
        self.client: httpx.AsyncClient | None = None
        self.slug = ""

    async def probe(self) -> None:
        await probe_http(f"{self.base_url}/healthz", self.base_url)

    async def setup(self) -> None:
        self.slug = await find_job_slug()
        self.client = http_client(self.base_url)

    async def request(self) -> None:
        if self.client is None:
            raise RequestFailed("scenario not set up")
        response = await self.client.post(
            self.path, json={"query": self.query, "variables": {"slug": self.slug}}, headers=HEADERS
        )
        if check_graphql(response)["job"] is None:
            raise RequestFailed(f"no job {self.slug}")

    async def teardown(self) -> None:
        if self.client is not None:
            await self.client.aclose()
            self.client = None


class JobPage:
    def __init__(self, base_url: str) -> None:
        self.base_url = base_url.rstrip("/")
        self.client: httpx.AsyncClient | None = None
        self.slug = ""

    async def probe(self) -> None:
        await probe_http(f"{self.base_url}/", self.base_url)

    async def setup(self) -> None:
        self.slug = await find_job_slug()
        self.client = http_client(self.base_url)

    async def request(self) -> None:
        if self.client is None:
            raise RequestFailed("scenario not set up")
        response = await self.client.get(f"/job/{self.slug}")
        check_http(response)
        if '"JobPosting"' not in response.text:
            raise RequestFailed("the page has no JobPosting JSON-LD: not the job page")

    async def teardown(self) -> None:
        if self.client is not None:
            await self.client.aclose()
            self.client = None


def scenario(
    name: str, description: str, subject: JobQuery | JobPage, *, baseline: str | None = None
) -> Scenario:
    return subject_scenario(name, description, subject, baseline=baseline)
