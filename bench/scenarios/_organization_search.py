"""One organization search, asked three ways in the same run: through the web server (web ->
gateway -> search -> Elasticsearch), through the gateway, and the very Elasticsearch requests
search sends for it straight to Elasticsearch (the raw baseline).

Every request is the /organizations page's (web's buildOrganizationSearchInput): keywords, two
facet selections (industry and occupational field, several values each, OR within), all three
facets counted, page 1; the requests cycle through words and selections of the demo
organizations (scripts/demo/organizations_data.py) so no cache answers them all.

An organization search is three Elasticsearch requests in turn (search.engine.organization_search):
the organizations with open jobs on the site (an aggregation on the jobs alias), then page 1
(the featured query and the main query in one ``_msearch`` on the organizations alias), then
the open jobs of the page's organizations (an aggregation on the jobs alias). The raw row runs
search's own ``run_organization_search`` over a plain HTTP client, so it sends exactly those
requests and cannot drift from them; the Python it adds (the bodies built, the answer read) is
a small part of a request. Only searches are sent: nothing on the board is written.
"""

from __future__ import annotations

import itertools
import json
from dataclasses import dataclass
from typing import Any

import httpx
from search.engine.organization_search import ORGANIZATION_FACETS, run_organization_search
from search.engine.request import Condition, ConditionGroup, FacetRequest, SearchRequest

from bench.harness import (
    RequestFailed,
    Scenario,
    check_graphql,
    check_http,
    http_client,
    probe_http,
    subject_scenario,
)
from bench.scenarios._search import ES_URL, GATEWAY_URL, HEADERS, INDEX, SITE, UNIQUE

PREFIX = INDEX.removesuffix("-jobs")  # SEARCH_INDEX_PREFIX: the aliases are <prefix>-<kind>
FACET_LIMIT = 100  # what the /organizations page asks for each facet (web's FACET_LIMIT)
FACETS = tuple(ORGANIZATION_FACETS)  # occupations, industry, fieldsOfStudy: the page's order
# Words of the demo organizations' names and missions.
TEXTS = ("community", "health", "volunteer", "children", "climate", "refugee", "housing")
# Selections, each a few aliases of its vocabulary (OR within a facet, AND across).
INDUSTRIES = (
    ("environment-and-climate", "children-and-youth", "health", "education"),
    ("housing-and-homelessness", "refugees-and-migration", "community-development"),
    ("food-security-and-hunger-relief", "arts-and-culture", "mental-health", "human-rights"),
)
OCCUPATIONS = (
    ("social-work-and-counseling", "volunteer-management", "education-and-teaching"),
    ("healthcare-and-nursing", "program-and-project-management", "operations-and-logistics"),
)

SEARCH = """query BenchOrganizationSearch($input: OrganizationSearchInput!) {
  organizationSearch(input: $input) { __typename
  ... on OrganizationSearchResults { total
    hits { name slug logoUrl snippet industry occupations countries openJobs featured }
    facets { field values { value label count } } }
  ... on SearchErrors { message } ... on SearchUnavailable { message } } }"""
TERMS = """query BenchTerms($vocabulary: String!) { terms(vocabulary: $vocabulary, limit: 500) {
  tid alias } }"""


@dataclass(frozen=True)
class OrganizationAsk:
    text: str
    industries: list[int]
    occupations: list[int]


def cycle_asks(industries: list[list[int]], occupations: list[list[int]]) -> list[OrganizationAsk]:
    """Every text with every pair of selections, each once."""
    return [
        OrganizationAsk(text, industry, occupation)
        for occupation, industry, text in itertools.product(occupations, industries, TEXTS)
    ]


async def asks() -> list[OrganizationAsk]:
    """The requests to cycle through (the selections' term ids read from the vocabularies)."""
    async with http_client(GATEWAY_URL) as client:

        async def tids(vocabulary: str, selections: tuple[tuple[str, ...], ...]) -> list[list[int]]:
            terms = check_graphql(
                await client.post(
                    "/graphql",
                    json={"query": TERMS, "variables": {"vocabulary": vocabulary}},
                    headers=HEADERS,
                )
            )["terms"]
            by_alias = {t["alias"]: t["tid"] for t in terms}
            found = [[by_alias[a] for a in aliases if a in by_alias] for aliases in selections]
            if not all(found):
                raise RequestFailed(f"no {vocabulary} terms {selections}: run make up")
            return found

        industries = await tids("industries", INDUSTRIES)
        occupations = await tids("occupational_fields", OCCUPATIONS)
    return cycle_asks(industries, occupations)


def graphql_input(ask: OrganizationAsk, *, unique: bool = False) -> dict[str, Any]:
    """``OrganizationSearchInput`` as the /organizations page builds it; ``unique`` tags the
    first condition group with a tag the search ignores (only ``facet:`` tags mean something),
    so that no kept answer knows it while Elasticsearch gets the very same requests."""
    tags = ["facet:industry"] + ([f"bench:{next(UNIQUE)}"] if unique else [])
    return {
        "language": "en",
        "facets": [
            {"field": f, "limit": FACET_LIMIT, "operator": "or", "minCount": 1, "missing": False}
            for f in FACETS
        ],
        "conditionGroups": [
            {
                "conditions": [
                    {"field": "industry", "value": str(t), "operator": "="} for t in ask.industries
                ],
                "conjunction": "OR",
                "tags": tags,
            },
            {
                "conditions": [
                    {"field": "occupations", "value": str(t), "operator": "="}
                    for t in ask.occupations
                ],
                "conjunction": "OR",
                "tags": ["facet:occupations"],
            },
        ],
        "fulltext": {"keys": ask.text},
        "page": 1,
    }


def search_request(ask: OrganizationAsk) -> SearchRequest:
    """The request search makes of ``graphql_input(ask)`` (its ``to_request``)."""
    return SearchRequest(
        language="en",
        facets=[FacetRequest(f, limit=FACET_LIMIT) for f in FACETS],
        condition_groups=[
            ConditionGroup(
                [Condition("industry", str(t)) for t in ask.industries],
                tags=["facet:industry"],
            ),
            ConditionGroup(
                [Condition("occupations", str(t)) for t in ask.occupations],
                tags=["facet:occupations"],
            ),
        ],
        fulltext=ask.text,
    )


class _RawClient:
    """The two calls of the Elasticsearch client search's organization search makes, as plain
    HTTP requests."""

    def __init__(self, client: httpx.AsyncClient) -> None:
        self.client = client

    async def search(self, *, index: str, body: dict[str, Any]) -> dict[str, Any]:
        response = await self.client.post(f"/{index}/_search", json=body)
        check_http(response)
        answer: dict[str, Any] = response.json()
        return answer

    async def msearch(self, *, index: str, searches: list[dict[str, Any]]) -> dict[str, Any]:
        lines = "".join(json.dumps(line, separators=(",", ":")) + "\n" for line in searches)
        response = await self.client.post(
            f"/{index}/_msearch",
            content=lines.encode(),
            headers={"Content-Type": "application/x-ndjson"},
        )
        check_http(response)
        answer: dict[str, Any] = response.json()
        return answer


class RawStore:
    """What ``run_organization_search`` asks of search's index store: the client and the
    aliases (the live indices exist: nothing is created)."""

    def __init__(self, client: httpx.AsyncClient) -> None:
        self.client = _RawClient(client)

    def alias(self, kind: str) -> str:
        return f"{PREFIX}-{kind}"

    async def ensure_indices(self) -> None:
        return None


class OrganizationSearchThrough:
    """``organizationSearch`` through a GraphQL endpoint (the web server's /graphql or the
    gateway's); ``unique``: every request new to search's kept answers."""

    def __init__(self, base_url: str, *, unique: bool = False) -> None:
        self.base_url = base_url.rstrip("/")
        self.unique = unique
        self.client: httpx.AsyncClient | None = None
        self.cycle: itertools.cycle[OrganizationAsk] | None = None

    async def probe(self) -> None:
        await probe_http(f"{GATEWAY_URL}/healthz", GATEWAY_URL)
        await probe_http(f"{self.base_url}/", self.base_url)

    async def setup(self) -> None:
        self.cycle = itertools.cycle(await asks())
        self.client = http_client(self.base_url)

    async def request(self) -> None:
        if self.client is None or self.cycle is None:
            raise RequestFailed("scenario not set up")
        variables = {"input": graphql_input(next(self.cycle), unique=self.unique)}
        answer = check_graphql(
            await self.client.post(
                "/graphql", json={"query": SEARCH, "variables": variables}, headers=HEADERS
            )
        )["organizationSearch"]
        if answer["__typename"] != "OrganizationSearchResults":
            raise RequestFailed(f"{answer['__typename']}: {answer.get('message')}")

    async def teardown(self) -> None:
        if self.client is not None:
            await self.client.aclose()
            self.client = None


class OrganizationSearchDirect:
    """The same searches as search's Elasticsearch requests, straight to the live aliases."""

    def __init__(self) -> None:
        self.base_url = ES_URL.rstrip("/")
        self.client: httpx.AsyncClient | None = None
        self.cycle: itertools.cycle[SearchRequest] | None = None

    async def probe(self) -> None:
        await probe_http(f"{self.base_url}/", "elasticsearch")
        await probe_http(f"{GATEWAY_URL}/healthz", GATEWAY_URL)  # the selections' term ids

    async def setup(self) -> None:
        self.cycle = itertools.cycle([search_request(ask) for ask in await asks()])
        self.client = http_client(self.base_url)

    async def request(self) -> None:
        if self.client is None or self.cycle is None:
            raise RequestFailed("scenario not set up")
        try:
            await run_organization_search(RawStore(self.client), next(self.cycle), site=SITE)
        except KeyError as exc:  # an answer without hits or aggregations: a failed search
            raise RequestFailed(f"unexpected answer: no {exc}") from exc

    async def teardown(self) -> None:
        if self.client is not None:
            await self.client.aclose()
            self.client = None


def scenario(
    name: str, description: str, subject: OrganizationSearchThrough | OrganizationSearchDirect
) -> Scenario:
    return subject_scenario(name, description, subject, GATEWAY_URL)
