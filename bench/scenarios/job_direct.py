"""The job page's fields straight from the jobs subgraph: the baseline."""

from __future__ import annotations

import os

from bench.harness import Scenario
from bench.scenarios._job import DIRECT, JobQuery, scenario


def build() -> Scenario:
    return scenario(
        "job_direct",
        "job(slug) straight to jobs (term ids only), no gateway",
        JobQuery(os.environ.get("BENCH_JOBS_URL", "http://127.0.0.1:8103"), "/graphql", DIRECT),
    )
