"""Publish -> searchable lag through the gateway, beside Elasticsearch's own index -> searchable
lag measured in the same run (the raw baseline: its refresh interval).

    .venv/bin/python -m bench.search_lag                 # 100 publishes, 4 in flight
    .venv/bin/python -m bench.search_lag --publishes 20 --concurrency 1

Setup (not timed): an administrator grants the demo organization one job credit per publish,
and its recruiter writes the drafts through the gateway. Timed: from sending ``publishJob`` to
the first ``jobSearch`` through the gateway that finds the job by a word only its title has; the
way there is jobs' outbox -> Kafka -> billing's slot saga -> Kafka -> jobs publishes -> Kafka ->
search's indexer -> Elasticsearch -> its refresh. The probe jobs are archived afterwards, so they
leave the search again, and then deleted (bench.probes). Needs the stack with demo data
(`make up`).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import secrets
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import httpx

from bench.harness import check_graphql, ensure_loopback, http_client, percentile
from bench.probes import archived_in_search, forget_probes

GATEWAY_URL = os.environ.get("BENCH_GATEWAY_URL", "http://127.0.0.1:4000/graphql").removesuffix(
    "/graphql"
)
IDENTITY_URL = os.environ.get("BENCH_IDENTITY_URL", "http://127.0.0.1:8101")
ES_URL = os.environ.get("BENCH_ES_URL", "http://127.0.0.1:9200")
PASSWORD = os.environ.get("JOBBOARD_DEMO_PASSWORD", "demo-password-2026")
ADMIN = "admin@jobboard.example"
RECRUITER = "recruiter@greenharbor.example"
ORGANIZATION = "green-harbor-foundation"
HEADERS = {"X-Frontend": "jobboard/en"}
POLL_SECONDS = 0.05
GIVE_UP_SECONDS = 60.0

SAVED = "__typename ... on JobSaved { job { id state } } ... on JobErrors { errors { message } }"
FIND = "query($slug: String!) { organizationProfile(slug: $slug) { organization { id number } } }"
GRANT = """mutation($n: Int!, $amount: Int!) { grantCredits(organizationId: $n, kind: JOB,
  amount: $amount, label: "search lag benchmark") { __typename } }"""
CREATE = f"mutation($input: CreateJobInput!) {{ createJob(input: $input) {{ {SAVED} }} }}"
GROUPS = (
    ("updateJobInfo", "JobInfoInput", {"description": "<p>Measures how fast search sees us.</p>"}),
    (
        "updateJobLocation",
        "JobLocationGroupInput",
        {"locations": [{"address": {"countryCode": "US", "locality": "Boston"}}]},
    ),
)
SEARCH = """query($input: JobSearchInput!) { jobSearch(input: $input) { __typename
  ... on JobSearchResults { total hits { job { id } } } } }"""


class Gateway:
    def __init__(self, client: httpx.AsyncClient, token: str | None = None) -> None:
        self.client = client
        self.headers = HEADERS | ({"Authorization": f"Bearer {token}"} if token else {})

    async def data(self, query: str, **variables: Any) -> dict[str, Any]:
        response = await self.client.post(
            "/graphql", json={"query": query, "variables": variables}, headers=self.headers
        )
        return check_graphql(response)


async def sign_in(email: str) -> str:
    async with http_client(IDENTITY_URL, timeout=30) as client:
        response = await client.post(
            "/auth/credentials",
            json={"email": email, "password": PASSWORD, "client_address": "127.0.0.1"},
        )
        response.raise_for_status()
        token: str = response.json()["accessToken"]
        return token


async def drafts(recruiter: Gateway, organization_id: str, count: int) -> list[tuple[str, str]]:
    """(job id, the word only its title has) for `count` complete drafts."""
    made = []
    for _ in range(count):
        word = f"lagprobe{secrets.token_hex(5)}"
        created = (
            await recruiter.data(
                CREATE,
                input={"organizationId": organization_id, "title": f"Field Analyst {word}"},
            )
        )["createJob"]
        assert created["__typename"] == "JobSaved", created
        job_id = created["job"]["id"]
        for mutation, input_type, payload in GROUPS:
            answer = await recruiter.data(
                f"mutation($id: ID!, $input: {input_type}!) "
                f"{{ {mutation}(id: $id, input: $input) {{ {SAVED} }} }}",
                id=job_id,
                input=payload,
            )
            assert answer[mutation]["__typename"] == "JobSaved", answer
        made.append((job_id, word))
    return made


async def searchable(visitor: Gateway, job_id: str, word: str, started: float) -> float:
    while True:
        answer = (await visitor.data(SEARCH, input={"fulltext": {"keys": word}}))["jobSearch"]
        if answer["__typename"] == "JobSearchResults" and any(
            hit["job"]["id"] == job_id for hit in answer["hits"]
        ):
            return time.perf_counter() - started
        if time.perf_counter() - started > GIVE_UP_SECONDS:
            raise TimeoutError(f"job {job_id} not searchable after {GIVE_UP_SECONDS:.0f}s")
        await asyncio.sleep(POLL_SECONDS)


async def publish_lags(
    recruiter: Gateway, visitor: Gateway, jobs: Sequence[tuple[str, str]], concurrency: int
) -> list[float]:
    semaphore = asyncio.Semaphore(concurrency)

    async def one(job_id: str, word: str) -> float:
        async with semaphore:
            started = time.perf_counter()
            answer = await recruiter.data(
                f"mutation($id: ID!) {{ publishJob(id: $id) {{ {SAVED} }} }}", id=job_id
            )
            assert answer["publishJob"]["__typename"] == "JobSaved", answer
            return await searchable(visitor, job_id, word, started)

    return list(await asyncio.gather(*(one(job_id, word) for job_id, word in jobs)))


async def elasticsearch_lags(count: int, concurrency: int) -> list[float]:
    """Index a document into a throwaway index and poll until a search finds it."""
    index = f"bench-lag-{secrets.token_hex(4)}"
    semaphore = asyncio.Semaphore(concurrency)
    async with http_client(ES_URL) as client:
        (
            await client.put(
                f"/{index}",
                json={"settings": {"number_of_shards": 1, "number_of_replicas": 0}},
            )
        ).raise_for_status()

        async def one(n: int) -> float:
            async with semaphore:
                word = f"lagprobe{n}x{secrets.token_hex(3)}"
                started = time.perf_counter()
                (await client.put(f"/{index}/_doc/{n}", json={"title": word})).raise_for_status()
                while True:
                    found = await client.post(
                        f"/{index}/_search", json={"query": {"match": {"title": word}}}
                    )
                    if found.json()["hits"]["total"]["value"]:
                        return time.perf_counter() - started
                    await asyncio.sleep(POLL_SECONDS)

        try:
            return list(await asyncio.gather(*(one(n) for n in range(count))))
        finally:
            await client.delete(f"/{index}")


def row(name: str, lags: Sequence[float]) -> str:
    ms = [lag * 1000 for lag in lags]
    figures = [percentile(ms, p) or 0.0 for p in (50, 95, 99)]
    return f"{name:<34} {len(ms):>5} " + " ".join(f"{f:>8.0f}" for f in [*figures, max(ms)])


@dataclass
class Lags:
    """Publish -> searchable through the gateway and index -> searchable in Elasticsearch
    alone, in seconds; ``left``: why the probe jobs could not be forgotten yet, if so."""

    gateway: list[float]
    elasticsearch: list[float]
    left: str | None = None


async def measure(publishes: int, concurrency: int) -> Lags:
    """The lags; the probe jobs are archived and, once search has them archived, forgotten."""
    for url in (GATEWAY_URL, IDENTITY_URL, ES_URL):
        ensure_loopback(url)
    admin_token, recruiter_token = await sign_in(ADMIN), await sign_in(RECRUITER)
    async with http_client(GATEWAY_URL, timeout=30) as client:
        admin, recruiter, visitor = (
            Gateway(client, admin_token),
            Gateway(client, recruiter_token),
            Gateway(client),
        )
        organization = (await visitor.data(FIND, slug=ORGANIZATION))["organizationProfile"]
        if organization is None:
            raise SystemExit(f"no organization {ORGANIZATION}: run make up (demo data)")
        organization = organization["organization"]
        await admin.data(GRANT, n=organization["number"], amount=publishes)
        print(f"bench: {publishes} drafts ...", file=sys.stderr, flush=True)
        jobs = await drafts(recruiter, organization["id"], publishes)
        print("bench: publishing ...", file=sys.stderr, flush=True)
        try:
            lags = await publish_lags(recruiter, visitor, jobs, concurrency)
        finally:
            for job_id, _ in jobs:
                await recruiter.data(
                    f"mutation($id: ID!) {{ archiveJob(id: $id) {{ {SAVED} }} }}", id=job_id
                )
            # ... and gone for good: the demo organization's job manager stays the demo's
            left: str | None = None
            try:
                await archived_in_search([job_id for job_id, _ in jobs])
            except TimeoutError:  # search is behind: forgetting them now would not last
                left = (
                    f"{len(jobs)} probe jobs archived, not yet in search: "
                    "python -m bench.probes forgets them once search has caught up"
                )
            else:
                await forget_probes()
    raw = await elasticsearch_lags(publishes, concurrency)
    return Lags(lags, raw, left)


async def main(args: argparse.Namespace) -> None:
    lags = await measure(args.publishes, args.concurrency)
    print(f"{'lag, ms':<34} {'n':>5} {'p50':>8} {'p95':>8} {'p99':>8} {'max':>8}")
    print(row("publish -> searchable (gateway)", lags.gateway))
    print(row("index -> searchable (ES alone)", lags.elasticsearch))
    if lags.left:
        print(f"left: {lags.left}")


def parse(argv: Sequence[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bench.search_lag")
    parser.add_argument("--publishes", type=int, default=100)
    parser.add_argument("--concurrency", type=int, default=4)
    args = parser.parse_args(argv)
    if not 1 <= args.publishes <= 1000 or not 1 <= args.concurrency <= 32:
        parser.error("1-1000 publishes, concurrency 1-32")
    return args


if __name__ == "__main__":
    asyncio.run(main(parse()))
