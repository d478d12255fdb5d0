"""resumeSearch through the gateway with a recruiter's bearer token
(gateway -> search -> Elasticsearch)."""

from __future__ import annotations

from bench.harness import Scenario
from bench.scenarios._resume_search import ResumeSearchThrough, scenario
from bench.scenarios._search import GATEWAY_URL


def build() -> Scenario:
    return scenario(
        "resume_search_via_gateway",
        "resumeSearch (text, 2 facets, geo, last-update sort) through the gateway as a recruiter",
        ResumeSearchThrough(GATEWAY_URL, web=False),
    )
