"""Page titles end with the asking site's name: identity's site.name setting (ADR 0004), kept
from its config events by the search-site-config consumer, the platform's "Jobboard" unset."""

import uuid
from typing import Any

import pytest
from jobkit.testing.graphql import GraphQLClient

from services.search.tests.factories import configure_site

pytestmark = pytest.mark.integration

TITLES = """query { jobSearch(input: {}) {
  ... on JobSearchResults { total metadata { metatags { meta value } } }
} organizationSearch(input: {}) {
  ... on OrganizationSearchResults { total metadata { metatags { meta value } } }
} }"""


def _titles(data: dict[str, Any]) -> list[str]:
    return [
        tag["value"]
        for results in (data["jobSearch"], data["organizationSearch"])
        for tag in results["metadata"]["metatags"]
        if tag["meta"] == "title"
    ]


async def test_a_site_that_names_itself_has_its_name_after_page_titles(
    graphql: GraphQLClient, committed_sessions: Any
) -> None:
    site = f"careers-{uuid.uuid4().hex[:6]}"
    renamed = graphql.for_site(f"{site}/en")
    before = await renamed.data(TITLES)
    assert _titles(before) == [
        f"{before['jobSearch']['total']} jobs | Jobboard",
        f"{before['organizationSearch']['total']} organizations | Jobboard",
    ]

    await configure_site(committed_sessions, site, "site", name="Careers")

    after = await renamed.data(TITLES)
    assert _titles(after) == [
        f"{after['jobSearch']['total']} jobs | Careers",
        f"{after['organizationSearch']['total']} organizations | Careers",
    ]
    # other sites keep theirs
    assert all(title.endswith(" | Jobboard") for title in _titles(await graphql.data(TITLES)))
