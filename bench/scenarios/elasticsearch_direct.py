"""A job-search query straight against Elasticsearch: ``multi_match`` over title and
description, a ``terms`` aggregation on category, 10 hits; on a throwaway index of generated
job-like documents, so the figure is Elasticsearch alone, without any service in front."""

from __future__ import annotations

import json
import os
import random
import secrets
import sys
from datetime import UTC, datetime, timedelta
from typing import Any

import httpx

from bench.harness import RequestFailed, Scenario, check_http, http_client, probe_http

DEFAULT_ES_URL = "http://127.0.0.1:9200"
DOCUMENTS = 2_000
BULK_CHUNK = 500
SEED = 20_240_601

SENIORITY = ["junior", "senior", "lead", "principal", "staff", "trainee", "head of"]
ROLES = [
    "python developer",
    "frontend engineer",
    "data analyst",
    "nurse",
    "accountant",
    "warehouse operative",
    "sales manager",
    "teacher",
    "electrician",
    "project manager",
    "devops engineer",
    "graphic designer",
    "chef",
    "truck driver",
    "customer support agent",
    "marketing specialist",
    "mechanical engineer",
    "pharmacist",
    "recruiter",
    "lawyer",
]
CATEGORIES = [
    "it",
    "healthcare",
    "finance",
    "logistics",
    "sales",
    "education",
    "construction",
    "hospitality",
    "marketing",
    "engineering",
    "legal",
    "customer-service",
]
CITIES = [
    "Berlin",
    "Hamburg",
    "Munich",
    "Cologne",
    "Frankfurt",
    "Stuttgart",
    "Leipzig",
    "Dresden",
    "Vienna",
    "Zurich",
    "Amsterdam",
    "Prague",
]
WORDS = [
    "team",
    "remote",
    "hybrid",
    "flexible",
    "hours",
    "salary",
    "benefits",
    "growth",
    "customers",
    "experience",
    "skills",
    "python",
    "kubernetes",
    "react",
    "patients",
    "care",
    "budget",
    "reports",
    "logistics",
    "delivery",
    "training",
    "language",
    "english",
    "german",
    "travel",
    "office",
    "shift",
    "weekend",
    "bonus",
    "pension",
    "startup",
    "international",
    "quality",
    "safety",
    "tools",
    "communication",
    "analysis",
    "clients",
    "planning",
    "ownership",
    "mentoring",
    "modern",
    "stack",
    "warehouse",
    "forklift",
    "school",
    "students",
    "contracts",
    "compliance",
    "design",
    "kitchen",
    "menu",
]
QUERIES = [
    "python developer",
    "senior engineer remote",
    "nurse patients care",
    "warehouse forklift",
    "sales manager bonus",
    "teacher students",
    "react frontend",
    "accountant reports budget",
    "truck driver delivery",
    "project manager planning",
    "devops kubernetes",
    "customer support english",
    "chef kitchen",
    "lawyer contracts compliance",
]

MAPPING: dict[str, Any] = {
    "settings": {"number_of_shards": 1, "number_of_replicas": 0},
    "mappings": {
        "dynamic": "strict",
        "properties": {
            "title": {"type": "text"},
            "description": {"type": "text"},
            "city": {"type": "keyword"},
            "category": {"type": "keyword"},
            "published_at": {"type": "date"},
        },
    },
}


def generate_documents(count: int = DOCUMENTS, seed: int = SEED) -> list[dict[str, Any]]:
    """Deterministic job-like documents (standard analyzer only: no custom analysis)."""
    rng = random.Random(seed)
    epoch = datetime(2026, 1, 1, tzinfo=UTC)
    documents = []
    for _ in range(count):
        role = rng.choice(ROLES)
        title = f"{rng.choice(SENIORITY)} {role}".capitalize()
        sentences = [
            " ".join(rng.choices(WORDS, k=rng.randint(6, 14))) for _ in range(rng.randint(3, 6))
        ]
        sentences.insert(rng.randrange(len(sentences) + 1), f"we are hiring a {role}")
        documents.append(
            {
                "title": title,
                "description": ". ".join(s.capitalize() for s in sentences) + ".",
                "city": rng.choice(CITIES),
                "category": rng.choice(CATEGORIES),
                "published_at": (
                    epoch - timedelta(days=rng.randrange(180), minutes=rng.randrange(1440))
                ).isoformat(),
            }
        )
    return documents


def search_body(text: str) -> dict[str, Any]:
    return {
        "size": 10,
        "query": {
            "multi_match": {
                "query": text,
                "fields": ["title^3", "description"],
                "type": "best_fields",
            }
        },
        "aggs": {"categories": {"terms": {"field": "category", "size": 20}}},
    }


class ElasticsearchDirect:
    def __init__(self, base_url: str) -> None:
        self.base_url = base_url.rstrip("/")
        self.index = f"bench-jobs-{secrets.token_hex(4)}"
        self.client: httpx.AsyncClient | None = None
        self.created = False
        self.sent = 0
        self.bodies = [search_body(q) for q in QUERIES]

    async def probe(self) -> None:
        await probe_http(f"{self.base_url}/_cluster/health", "Elasticsearch")

    async def setup(self) -> None:
        self.client = http_client(self.base_url, timeout=30.0)
        response = await self.client.put(f"/{self.index}", json=MAPPING)
        if response.status_code >= 300:
            raise RuntimeError(
                f"creating {self.index}: HTTP {response.status_code} {response.text}"
            )
        self.created = True
        documents = generate_documents()
        for start in range(0, len(documents), BULK_CHUNK):
            lines = []
            for doc in documents[start : start + BULK_CHUNK]:
                lines.append(json.dumps({"index": {"_index": self.index}}))
                lines.append(json.dumps(doc))
            response = await self.client.post(
                "/_bulk",
                content="\n".join(lines) + "\n",
                headers={"Content-Type": "application/x-ndjson"},
            )
            if response.status_code >= 300 or response.json().get("errors"):
                raise RuntimeError(f"bulk into {self.index} failed: {response.text[:500]}")
        response = await self.client.post(f"/{self.index}/_refresh")
        check_http(response)
        count = (await self.client.get(f"/{self.index}/_count")).json().get("count")
        if count != len(documents):
            raise RuntimeError(f"{self.index} holds {count} documents, expected {len(documents)}")

    async def request(self) -> None:
        if self.client is None:
            raise RequestFailed("scenario not set up")
        body = self.bodies[self.sent % len(self.bodies)]
        self.sent += 1
        response = await self.client.post(f"/{self.index}/_search", json=body)
        check_http(response)
        answer = response.json()
        if answer.get("timed_out") or answer.get("_shards", {}).get("failed"):
            raise RequestFailed("search timed out or a shard failed")
        if "categories" not in answer.get("aggregations", {}):
            raise RequestFailed("answer without the categories aggregation")

    async def teardown(self) -> None:
        if self.client is None:
            return
        try:
            if self.created:
                response = await self.client.delete(f"/{self.index}")
                if response.status_code >= 300 and response.status_code != 404:
                    print(
                        f"bench: could not delete index {self.index} "
                        f"(HTTP {response.status_code}); delete it by hand",
                        file=sys.stderr,
                    )
                self.created = False
        finally:
            await self.client.aclose()
            self.client = None


def build() -> Scenario:
    s = ElasticsearchDirect(os.environ.get("BENCH_ES_URL", DEFAULT_ES_URL))
    return Scenario(
        name="elasticsearch_direct",
        description=(
            f"multi_match on title/description + terms agg on category, size 10, against a "
            f"throwaway index of {DOCUMENTS} generated jobs (BENCH_ES_URL)"
        ),
        request=s.request,
        setup=s.setup,
        teardown=s.teardown,
        probe=s.probe,
        targets=(s.base_url,),
    )
