"""One job search, asked three ways in the same run: through the web server (web -> gateway ->
search -> Elasticsearch), through the gateway, and the identical Elasticsearch request sent
straight to Elasticsearch (the raw baseline: the one ``_msearch`` of page 1, featured query and
main query with the site filter, built by search's own ``job_search_msearch`` from the same
request, so the two differ only by the layers in front and cannot drift apart).

Every request has full text, two facet selections (employment type and remote option), a geo
radius around a city and the newest-first sort, and asks for all six facets' counts; the
requests cycle through a few query texts and cities so no cache answers them all.
"""

from __future__ import annotations

import itertools
import json
import os
from dataclasses import dataclass
from typing import Any

import httpx
from search.engine.job_search import job_search_msearch
from search.engine.request import (
    JOB_FACETS,
    Condition,
    ConditionGroup,
    FacetRequest,
    GeoLocation,
    JobSearchRequest,
    SortRequest,
)
from search.engine.validation import validate

from bench.harness import (
    RequestFailed,
    Scenario,
    check_graphql,
    check_http,
    http_client,
    probe_http,
    subject_scenario,
)

GATEWAY_URL = os.environ.get("BENCH_GATEWAY_URL", "http://127.0.0.1:4000/graphql").removesuffix(
    "/graphql"
)
WEB_URL = os.environ.get("BENCH_WEB_URL", "http://127.0.0.1:3002")
SEARCH_URL = os.environ.get("BENCH_SEARCH_URL", "http://127.0.0.1:8107/graphql").removesuffix(
    "/graphql"
)
ES_URL = os.environ.get("BENCH_ES_URL", "http://127.0.0.1:9200")
INDEX = f"{os.environ.get('SEARCH_INDEX_PREFIX', 'jobboard')}-jobs"
SITE = "jobboard"  # the demo site; the service keeps the X-Frontend site's jobs only
HEADERS = {"Content-Type": "application/json", "X-Frontend": f"{SITE}/en"}
NDJSON = {"Content-Type": "application/x-ndjson"}

TEXTS = ("manager", "coordinator", "nurse", "officer", "developer", "teacher", "fundraising")
CITIES = (  # (label, lat, lon): cities the demo jobs are in
    ("New York", 40.7128, -74.006),
    ("Chicago", 41.8781, -87.6298),
    ("Berlin", 52.52, 13.405),
    ("Boston", 42.3601, -71.0589),
    ("Amsterdam", 52.3676, 4.9041),
    ("Seattle", 47.6062, -122.3321),
)
RADIUS_MI = 200
SORT = "field_job_publishing_date"
SEARCH = """query BenchJobSearch($input: JobSearchInput!) { jobSearch(input: $input) {
  __typename
  ... on JobSearchResults { total
    hits { title slug organizationName logoUrl publishedAt
      locations { locality countryCode } salary { currency min max unit } }
    facets { field values { value label count } } }
  ... on SearchErrors { message } ... on SearchUnavailable { message } } }"""
# The /jobs page's own operation (web/app/features/search/documents.ts, its fragments inlined):
# the GraphQL call a server render of /jobs makes, measured beside the render. The web before
# issue 28 asked every hit's ``bookmarked`` (a call to the jobs subgraph); since then only with
# ``$signedIn`` (a visitor's is always false).
PAGE_SEARCH = """query JobSearch($input: JobSearchInput!%(signed_in)s) { jobSearch(input: $input) {
  __typename
  ... on JobSearchResults { total
    hits { job { id bookmarked%(include)s } title slug organizationId organizationName
      organizationSlug logoUrl snippet locations { locality countryCode administrativeArea }
      salary { currency unit min max } remoteOptions employmentTypes publishedAt featured
      hasVideo distanceKm }
    facets { field values { value label count } }
    metadata { metatags { meta value } sorting page pageSize radius unit noindex } }
  ... on SearchErrors { message errors { message field code } }
  ... on SearchUnavailable { message } } }"""
PAGE_SEARCH_VISITOR = PAGE_SEARCH % {
    "signed_in": ", $signedIn: Boolean! = false",
    "include": " @include(if: $signedIn)",
}
PAGE_SEARCH_ALWAYS_BOOKMARKED = PAGE_SEARCH % {"signed_in": "", "include": ""}
# what the gateway asks the search subgraph for a visitor's /jobs (the bookmark is the jobs
# subgraph's, and a visitor's is skipped): every field of the page, for the subgraph alone
PAGE_SEARCH_SUBGRAPH = PAGE_SEARCH.replace(" bookmarked%(include)s", "") % {"signed_in": ""}
TERMS = """query BenchTerms($vocabulary: String!) { terms(vocabulary: $vocabulary, limit: 50) {
  tid alias } }"""


@dataclass(frozen=True)
class Ask:
    text: str
    city: tuple[str, float, float]
    employment: list[int]
    remote: list[int]


async def asks() -> list[Ask]:
    """The requests to cycle through (term ids read from the vocabularies once)."""
    async with http_client(GATEWAY_URL) as client:

        async def tids(vocabulary: str, aliases: tuple[str, ...]) -> list[int]:
            terms = check_graphql(
                await client.post(
                    "/graphql",
                    json={"query": TERMS, "variables": {"vocabulary": vocabulary}},
                    headers=HEADERS,
                )
            )["terms"]
            found = [t["tid"] for t in terms if t["alias"] in aliases]
            if not found:
                raise RequestFailed(f"no {vocabulary} terms {aliases}: run make up")
            return found

        employment = await tids("employment_types", ("full-time", "part-time"))
        remote = await tids("remote_options", ("on-site", "hybrid"))
    return [
        Ask(TEXTS[n % len(TEXTS)], CITIES[n % len(CITIES)], employment, remote)
        for n in range(len(TEXTS) * len(CITIES))
    ]


# Requests made unique (see SearchThrough's ``unique``): one count for every scenario, so no
# two requests of a run share a cache key, whichever layer they are sent to.
UNIQUE = itertools.count()


def graphql_input(ask: Ask, *, unique: bool = False) -> dict[str, Any]:
    """The search as GraphQL input; ``unique`` tags the first condition group with a tag the
    search ignores (only ``facet:`` tags mean something) so that the search service's answer
    cache (ADR 0047) never knows it, while Elasticsearch gets the very same request."""
    label, lat, lon = ask.city
    tags = ["facet:employmentType"] + ([f"bench:{next(UNIQUE)}"] if unique else [])
    return {
        "language": "en",
        "facets": [{"field": f} for f in JOB_FACETS],
        "conditionGroups": [
            {
                "conditions": [
                    {"field": "employmentType", "value": str(t)} for t in ask.employment
                ],
                "tags": tags,
            },
            {
                "conditions": [{"field": "remoteOptions", "value": str(t)} for t in ask.remote],
                "tags": ["facet:remoteOptions"],
            },
        ],
        "fulltext": {"keys": ask.text},
        "geoLocation": {"label": label, "lat": lat, "lon": lon, "radius": RADIUS_MI, "unit": "mi"},
        "sorts": [{"field": SORT, "value": "DESC"}],
    }


def elasticsearch_body(ask: Ask) -> bytes:
    """The ``_msearch`` body (NDJSON) search sends Elasticsearch for ``graphql_input(ask)``."""
    label, lat, lon = ask.city
    request = JobSearchRequest(
        language="en",
        facets=[FacetRequest(f) for f in JOB_FACETS],
        condition_groups=[
            ConditionGroup(
                [Condition("employmentType", str(t)) for t in ask.employment],
                tags=["facet:employmentType"],
            ),
            ConditionGroup(
                [Condition("remoteOptions", str(t)) for t in ask.remote],
                tags=["facet:remoteOptions"],
            ),
        ],
        fulltext=ask.text,
        geo_location=GeoLocation(label=label, lat=lat, lon=lon, radius=RADIUS_MI, unit="mi"),
        sorts=[SortRequest(SORT)],
    )
    lines = job_search_msearch(validate(request), site=SITE)
    return "".join(json.dumps(line, separators=(",", ":")) + "\n" for line in lines).encode()


class SearchThrough:
    """``jobSearch`` through a GraphQL endpoint (the web server's /graphql, the gateway's, or
    the search subgraph's own). ``unique`` makes every request one no cache has seen (the
    uncached figure); otherwise the requests cycle through a few dozen searches, which a
    search service with an answer cache answers from it after the warm-up. ``document`` is
    the operation sent (the bench's own by default, or the /jobs page's)."""

    def __init__(
        self,
        base_url: str,
        *,
        probe_path: str = "/",
        unique: bool = False,
        document: str = SEARCH,
    ) -> None:
        self.base_url = base_url.rstrip("/")
        self.probe_path = probe_path
        self.unique = unique
        self.document = document
        self.client: httpx.AsyncClient | None = None
        self.cycle: itertools.cycle[Ask] | None = None

    async def probe(self) -> None:
        await probe_http(f"{GATEWAY_URL}/healthz", GATEWAY_URL)
        await probe_http(f"{self.base_url}{self.probe_path}", self.base_url)

    async def setup(self) -> None:
        self.cycle = itertools.cycle(await asks())
        self.client = http_client(self.base_url)

    async def request(self) -> None:
        if self.client is None or self.cycle is None:
            raise RequestFailed("scenario not set up")
        answer = check_graphql(
            await self.client.post(
                "/graphql",
                json={
                    "query": self.document,
                    "variables": {"input": graphql_input(next(self.cycle), unique=self.unique)},
                },
                headers=HEADERS,
            )
        )["jobSearch"]
        if answer["__typename"] != "JobSearchResults":
            raise RequestFailed(f"{answer['__typename']}: {answer.get('message')}")

    async def teardown(self) -> None:
        if self.client is not None:
            await self.client.aclose()
            self.client = None


class SearchDirect:
    """The same searches as the service's ``_msearch`` on the live jobs alias."""

    def __init__(self) -> None:
        self.base_url = ES_URL.rstrip("/")
        self.client: httpx.AsyncClient | None = None
        self.cycle: itertools.cycle[bytes] | None = None

    async def probe(self) -> None:
        await probe_http(f"{self.base_url}/", "elasticsearch")

    async def setup(self) -> None:
        self.cycle = itertools.cycle([elasticsearch_body(ask) for ask in await asks()])
        self.client = http_client(self.base_url)

    async def request(self) -> None:
        if self.client is None or self.cycle is None:
            raise RequestFailed("scenario not set up")
        response = await self.client.post(
            f"/{INDEX}/_msearch", content=next(self.cycle), headers=NDJSON
        )
        check_http(response)
        for part in response.json()["responses"]:
            if "error" in part:  # _msearch answers 200 with a failed search inside
                raise RequestFailed(str(part["error"].get("type", "search failed")))

    async def teardown(self) -> None:
        if self.client is not None:
            await self.client.aclose()
            self.client = None


def scenario(name: str, description: str, subject: SearchThrough | SearchDirect) -> Scenario:
    return subject_scenario(name, description, subject, GATEWAY_URL)
