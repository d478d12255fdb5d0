"""analyticsEventTypes through GraphQL: the spec's event keys with their kinds."""

import httpx
import pytest
from jobkit.testing.graphql import GraphQLClient

pytestmark = pytest.mark.integration


async def test_health(service_url: str) -> None:
    async with httpx.AsyncClient() as client:
        assert (await client.get(f"{service_url}/healthz")).json()["service"] == "analytics"


async def test_every_spec_event_key_is_listed_with_its_kind(graphql: GraphQLClient) -> None:
    answer = await graphql.data("{ analyticsEventTypes { key type } }")
    kinds = {item["key"]: item["type"] for item in answer["analyticsEventTypes"]}
    for key in ("job_search", "job_visit", "job_apply_complete", "sign_up", "orgprofile_visit"):
        assert key in kinds
    assert set(kinds.values()) <= {"CLIENT", "SERVER", "HYBRID"}
