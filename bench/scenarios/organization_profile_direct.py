"""The same profile fields straight from the organizations subgraph: the baseline."""

from __future__ import annotations

import os

from bench.harness import Scenario
from bench.scenarios._organization import DIRECT, query_scenario


def build() -> Scenario:
    return query_scenario(
        "organization_profile_direct",
        "organizationProfile(slug) straight to organizations (term ids only), no gateway",
        os.environ.get("BENCH_ORGANIZATIONS_URL", "http://127.0.0.1:8102"),
        "/graphql",
        DIRECT,
    )
