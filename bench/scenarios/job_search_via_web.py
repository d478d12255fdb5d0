"""jobSearch through the web server's /graphql (web -> gateway -> search -> Elasticsearch)."""

from __future__ import annotations

from bench.harness import Scenario
from bench.scenarios._search import WEB_URL, SearchThrough, scenario


def build() -> Scenario:
    return scenario(
        "job_search_via_web",
        "jobSearch (text, 2 facets, geo, date sort) through web -> gateway -> search",
        SearchThrough(WEB_URL),
    )
