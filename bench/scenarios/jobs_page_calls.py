"""The GraphQL calls the server render of /jobs?search=... makes, through the gateway
(jobs_page_via_web's baseline)."""

from __future__ import annotations

from bench.harness import Scenario
from bench.scenarios._pages import PageCalls, jobs_calls, jobs_searches, page_calls_scenario


def build() -> Scenario:
    return page_calls_scenario(
        "jobs_page_calls",
        "the /jobs page's GraphQL calls (JobSearch and AppConfig, 1 round) through the gateway",
        PageCalls(jobs_calls, jobs_searches),
    )
