"""organizationSearch's baseline: the Elasticsearch requests search sends for it (the
organizations posting on the site, page 1's ``_msearch``, the page's open jobs) straight to
Elasticsearch."""

from __future__ import annotations

from bench.harness import Scenario
from bench.scenarios._organization_search import OrganizationSearchDirect, scenario


def build() -> Scenario:
    return scenario(
        "organization_search_direct",
        "the 3 requests organizationSearch sends (posting organizations, page 1 _msearch, "
        "open jobs; text, 2 facets) straight to ES",
        OrganizationSearchDirect(),
    )
