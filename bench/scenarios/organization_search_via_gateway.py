"""organizationSearch through the gateway (gateway -> search -> Elasticsearch)."""

from __future__ import annotations

from bench.harness import Scenario
from bench.scenarios._organization_search import OrganizationSearchThrough, scenario
from bench.scenarios._search import GATEWAY_URL


def build() -> Scenario:
    return scenario(
        "organization_search_via_gateway",
        "organizationSearch (text, 2 facets, 3 facets counted) through the gateway",
        OrganizationSearchThrough(GATEWAY_URL),
    )
