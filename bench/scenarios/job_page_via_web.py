"""GET /job/{slug}: the server-rendered job page (loader, render, JSON-LD), read against the
GraphQL calls it makes (job_page_calls)."""

from __future__ import annotations

import os

from bench.harness import Scenario
from bench.scenarios._job import JobPage, scenario


def build() -> Scenario:
    return scenario(
        "job_page_via_web",
        "GET /job/{slug} on the web server (SSR, gateway, 3 subgraphs)",
        JobPage(os.environ.get("BENCH_WEB_URL", "http://127.0.0.1:3002")),
        baseline="job_page_calls",
    )
