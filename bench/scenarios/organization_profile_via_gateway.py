"""organizationProfile(slug) with every public group and term labels, through the gateway."""

from __future__ import annotations

import os

from bench.harness import Scenario
from bench.scenarios._organization import VIA_GATEWAY, query_scenario


def build() -> Scenario:
    base = os.environ.get("BENCH_GATEWAY_URL", "http://127.0.0.1:4000/graphql").removesuffix(
        "/graphql"
    )
    return query_scenario(
        "organization_profile_via_gateway",
        "organizationProfile(slug) via the gateway: organizations + search (term labels)",
        base,
        "/graphql",
        VIA_GATEWAY,
    )
