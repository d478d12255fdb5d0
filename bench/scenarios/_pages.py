"""The GraphQL calls a server render of a public page makes, sent to the gateway as the web server
sends them, so that a page's row and its calls' row measured in the same run say what the render
adds (issue 28: at most 30 ms at p50 over the calls, for the home page, /jobs and a job page).

The operations are the web's own (``web/app/lib/graphql/generated/graphql.ts``, the documents
the pages import, read and printed here), sent in the rounds the page needs them: each round is
what can go at once (one batch per client, the batches of one round in parallel), a round
starts when the one it depends on answered. Each batch waits the web's batch interval first
(spec 7: operations are batched with a 10 ms interval; the web's server-side client waits it
before every batch), so the row is the time the page's calls take when made as the spec makes
them; ``BENCH_PAGE_CALLS_BATCH_WAIT_MS=0`` sends them at once instead.

- home page: {HomeJobs, HomeOrganizations, HomeTopJobs, HomeVideoJobs, AppConfig} and, beside it
  (batches of their own), {HomeEmploymentTypes} then {HomeTraining} (its employment types come
  from HomeEmploymentTypes)
- /jobs: {JobSearch, AppConfig}
- a job page: {JobPage, AppConfig}, then {SimilarJobs} (for the job's id)

The render's AppConfig goes in the loaders' batch: the loaders and the render share the request's
one client (``web/app/lib/apollo/request-client.server.ts``; before, the render's own client sent
it in a batch of its own beside theirs).
"""

from __future__ import annotations

import asyncio
import itertools
import json
import os
import re
from collections.abc import Awaitable, Callable, Sequence
from functools import cache
from pathlib import Path
from typing import Any

import httpx
from graphql import OperationType, print_ast
from graphql.language import ast

from bench.harness import RequestFailed, Scenario, check_http, http_client, probe_http
from bench.scenarios._job import find_job_slug
from bench.scenarios._search import GATEWAY_URL, HEADERS, asks, graphql_input

GENERATED = Path(__file__).resolve().parents[2] / "web/app/lib/graphql/generated/graphql.ts"
BATCH_WAIT_S = float(os.environ.get("BENCH_PAGE_CALLS_BATCH_WAIT_MS", "10")) / 1000

# web/app/features/home/load-home.ts
FEATURED_JOB_POSITIONS, LATEST_JOB_COUNT, HOME_CATEGORY_COUNT = 7, 6, 8
TOP_JOB_CANDIDATES, VIDEO_JOB_POSITIONS = 21, 7
TRAINING_EMPLOYMENT_TYPES = ("internship", "apprenticeship", "trainee")
TRAINING_JOBS_READ, TRAINING_ORGANIZATIONS = 50, 50


def _snake(name: str) -> str:
    return re.sub(r"(?<!^)([A-Z])", r"_\1", name).lower()


def _node(value: Any) -> Any:
    """graphql-core's AST for the JSON form of a GraphQL document (graphql-js's AST)."""
    if isinstance(value, list):
        return tuple(_node(item) for item in value)
    if not isinstance(value, dict):
        return value
    fields = {_snake(key): _node(item) for key, item in value.items() if key != "kind"}
    if value["kind"] == "OperationDefinition":
        fields["operation"] = OperationType(value["operation"])
    return getattr(ast, f"{value['kind']}Node")(**fields)


@cache
def web_operation(name: str) -> str:
    """The text of the web's operation ``name`` (with the fragments it uses)."""
    source = GENERATED.read_text(encoding="utf-8")
    found = re.search(rf"^export const {name}Document = (\{{.*\}}) as unknown as ", source, re.M)
    if found is None:
        raise RequestFailed(f"no operation {name} in {GENERATED}")
    return print_ast(_node(json.loads(found.group(1))))


def operation(name: str, variables: dict[str, Any] | None = None) -> dict[str, Any]:
    return {"operationName": name, "query": web_operation(name), "variables": variables or {}}


async def send_batch(client: httpx.AsyncClient, batch: Sequence[dict[str, Any]]) -> list[Any]:
    """One batch as the web's BatchHttpLink sends it (after its interval); each answer's data."""
    if BATCH_WAIT_S:
        await asyncio.sleep(BATCH_WAIT_S)
    response = await client.post("/graphql", json=list(batch), headers=HEADERS)
    check_http(response)
    answers = response.json()
    if not isinstance(answers, list) or len(answers) != len(batch):
        raise RequestFailed(f"a batch of {len(batch)} answered {str(answers)[:200]}")
    for sent, answer in zip(batch, answers, strict=True):
        if answer.get("errors") and not answer.get("data"):
            raise RequestFailed(f"{sent['operationName']}: {answer['errors'][0].get('message')}")
    return [answer.get("data") or {} for answer in answers]


APP_CONFIG = "AppConfig"


class WebPage:
    """GET one path of the web server as a visitor; ``expect`` names what the answer lacks, if
    anything (None: it is the page asked for)."""

    def __init__(self, base_url: str, path: str, expect: Callable[[str], str | None]) -> None:
        self.base_url = base_url.rstrip("/")
        self.path = path
        self.expect = expect
        self.client: httpx.AsyncClient | None = None

    async def probe(self) -> None:
        await probe_http(f"{self.base_url}/", self.base_url)

    async def setup(self) -> None:
        self.client = http_client(self.base_url)

    async def request(self) -> None:
        if self.client is None:
            raise RequestFailed("scenario not set up")
        answer = await self.client.get(self.path)
        check_http(answer)
        if (lacking := self.expect(answer.text)) is not None:
            raise RequestFailed(lacking)

    async def teardown(self) -> None:
        if self.client is not None:
            await self.client.aclose()
            self.client = None


class PageCalls:
    """One page's GraphQL calls against the gateway; ``calls`` makes them for one request."""

    def __init__(
        self,
        calls: Callable[[PageCalls], Awaitable[None]],
        prepare: Callable[[PageCalls], Awaitable[None]] | None = None,
    ) -> None:
        self.base_url = GATEWAY_URL
        self.calls = calls
        self.prepare = prepare
        self.client: httpx.AsyncClient | None = None
        self.slug = ""
        self.searches: itertools.cycle[dict[str, Any]] | None = None

    async def probe(self) -> None:
        await probe_http(f"{self.base_url}/healthz", self.base_url)

    async def setup(self) -> None:
        if self.prepare is not None:
            await self.prepare(self)
        self.client = http_client(self.base_url)

    async def request(self) -> None:
        if self.client is None:
            raise RequestFailed("scenario not set up")
        await self.calls(self)

    async def teardown(self) -> None:
        if self.client is not None:
            await self.client.aclose()
            self.client = None

    async def together(self, *batches: Sequence[dict[str, Any]]) -> list[list[Any]]:
        """One round: each batch from a client of its own, all at once."""
        assert self.client is not None
        client = self.client
        return list(await asyncio.gather(*(send_batch(client, batch) for batch in batches)))


async def home_calls(page: PageCalls) -> None:
    await asyncio.gather(home_page_batch(page), home_training_chain(page))


async def home_page_batch(page: PageCalls) -> None:
    """The loaders' batch: the home page's independent queries and the render's AppConfig."""
    await page.together(
        [
            operation(
                "HomeJobs",
                {
                    "last": FEATURED_JOB_POSITIONS + LATEST_JOB_COUNT - 1,
                    "categories": HOME_CATEGORY_COUNT,
                },
            ),
            operation("HomeOrganizations"),
            operation("HomeTopJobs", {"limit": TOP_JOB_CANDIDATES}),
            operation("HomeVideoJobs", {"limit": VIDEO_JOB_POSITIONS}),
            operation(APP_CONFIG),
        ],
    )


async def home_training_chain(page: PageCalls) -> None:
    """The training organizations' chain, in batches of their own beside the loaders' batch
    (load-home.ts' TRAINING_BATCH): the employment types, then the training search."""
    ((vocabulary,),) = await page.together([operation("HomeEmploymentTypes")])
    terms = vocabulary.get("terms") or []
    training = [t for t in terms if t.get("alias") in TRAINING_EMPLOYMENT_TYPES]
    if not training:
        return
    await page.together(
        [
            operation(
                "HomeTraining",
                {
                    "conditions": [
                        {"field": "employmentType", "value": str(t["tid"])} for t in training
                    ],
                    "last": TRAINING_JOBS_READ - 1,
                    "organizations": TRAINING_ORGANIZATIONS,
                },
            )
        ]
    )


async def jobs_searches(page: PageCalls) -> None:
    page.searches = itertools.cycle([graphql_input(ask) for ask in await asks()])


async def jobs_calls(page: PageCalls) -> None:
    assert page.searches is not None
    await page.together(
        [
            operation("JobSearch", {"input": next(page.searches), "signedIn": False}),
            operation(APP_CONFIG),
        ],
    )


async def job_slug(page: PageCalls) -> None:
    page.slug = await find_job_slug()


async def job_calls(page: PageCalls) -> None:
    ((job, _config),) = await page.together(
        [operation("JobPage", {"slug": page.slug}), operation(APP_CONFIG)]
    )
    if not job.get("job"):
        raise RequestFailed(f"no job {page.slug}")
    await page.together([operation("SimilarJobs", {"jobId": job["job"]["id"]})])


def page_calls_scenario(name: str, description: str, calls: PageCalls) -> Scenario:
    return Scenario(
        name=name,
        description=description,
        request=calls.request,
        setup=calls.setup,
        teardown=calls.teardown,
        probe=calls.probe,
        targets=(calls.base_url,),
    )
