"""The job page's query through the gateway: jobs, organizations (the profile) and search (the
term labels)."""

from __future__ import annotations

from bench.harness import Scenario
from bench.scenarios._job import GATEWAY_URL, VIA_GATEWAY, JobQuery, scenario


def build() -> Scenario:
    return scenario(
        "job_via_gateway",
        "job(slug) through the gateway (jobs + organizations + search)",
        JobQuery(GATEWAY_URL, "/graphql", VIA_GATEWAY),
    )
