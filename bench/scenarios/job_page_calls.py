"""The GraphQL calls the server render of /job/{slug} makes, through the gateway
(job_page_via_web's baseline)."""

from __future__ import annotations

from bench.harness import Scenario
from bench.scenarios._pages import PageCalls, job_calls, job_slug, page_calls_scenario


def build() -> Scenario:
    return page_calls_scenario(
        "job_page_calls",
        "a job page's GraphQL calls (JobPage and AppConfig, then SimilarJobs) through the gateway",
        PageCalls(job_calls, job_slug),
    )
