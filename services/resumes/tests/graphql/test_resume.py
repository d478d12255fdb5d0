"""resume(id): the applicant, recruiters and admin-like users see it; nobody else does."""

import uuid

import httpx
import pytest
from jobkit.testing.graphql import GraphQLClient
from jobkit.testing.service import persist
from jobkit.testing.tokens import TokenIssuer
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from services.resumes.tests.factories import resume

pytestmark = pytest.mark.integration

RESUME = "query($id: ID!) { resume(id: $id) { id title } }"


async def test_health(service_url: str) -> None:
    async with httpx.AsyncClient() as client:
        assert (await client.get(f"{service_url}/healthz")).json()["service"] == "resumes"


async def test_a_resume_is_private_to_its_applicant_recruiters_and_admins(
    graphql: GraphQLClient,
    tokens: TokenIssuer,
    committed_sessions: async_sessionmaker[AsyncSession],
) -> None:
    owner = uuid.uuid4()
    row = resume(owner_id=owner)
    await persist(committed_sessions, row)
    rid = str(row.id)
    assert (await graphql.data(RESUME, id=rid))["resume"] is None
    other = graphql.as_user(tokens.token(roles=["applicant"]))
    assert (await other.data(RESUME, id=rid))["resume"] is None
    for caller in (
        graphql.as_user(tokens.token(owner, ["applicant"])),
        graphql.as_user(tokens.token(roles=["recruiter"])),
        graphql.as_user(tokens.token(roles=["administrator"])),
    ):
        assert (await caller.data(RESUME, id=rid))["resume"] == {
            "id": rid,
            "title": "Nurse, 5 years",
        }
