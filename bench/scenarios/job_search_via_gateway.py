"""jobSearch through the gateway (gateway -> search -> Elasticsearch)."""

from __future__ import annotations

from bench.harness import Scenario
from bench.scenarios._search import GATEWAY_URL, SearchThrough, scenario


def build() -> Scenario:
    return scenario(
        "job_search_via_gateway",
        "jobSearch (text, 2 facets, geo, date sort) through the gateway",
        SearchThrough(GATEWAY_URL),
    )
