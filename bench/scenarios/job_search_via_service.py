"""jobSearch on the search subgraph itself (search -> Elasticsearch, no gateway): between
job_search_direct and job_search_via_gateway, it splits the service's share from the gateway's."""

from __future__ import annotations

from bench.harness import Scenario
from bench.scenarios._search import SEARCH_URL, SearchThrough, scenario


def build() -> Scenario:
    return scenario(
        "job_search_via_service",
        "jobSearch (text, 2 facets, geo, date sort) on the search subgraph alone",
        SearchThrough(SEARCH_URL, probe_path="/healthz"),
    )
