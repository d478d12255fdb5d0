"""organizationSearch through the web server's /graphql (web -> gateway -> search ->
Elasticsearch)."""

from __future__ import annotations

from bench.harness import Scenario
from bench.scenarios._organization_search import OrganizationSearchThrough, scenario
from bench.scenarios._search import WEB_URL


def build() -> Scenario:
    return scenario(
        "organization_search_via_web",
        "organizationSearch (text, 2 facets, 3 facets counted) through web -> gateway -> search",
        OrganizationSearchThrough(WEB_URL),
    )
