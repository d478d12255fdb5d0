"""resume(id) through HTTP on the served resumes app."""

from __future__ import annotations

import uuid

import pytest
from jobkit.testing.graphql import GraphQLClient
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from ..factories import make_resume

pytestmark = pytest.mark.integration

RESUME = "query Resume($id: ID!) { resume(id: $id) { id title } }"


async def test_a_resume_by_id(
    graphql: GraphQLClient, committed_sessions: async_sessionmaker[AsyncSession]
) -> None:
    resume = await make_resume(committed_sessions, title="Community health worker")
    data = await graphql.data(RESUME, id=str(resume.id))
    assert data["resume"] == {"id": str(resume.id), "title": "Community health worker"}


async def test_unknown_and_malformed_ids_answer_null(graphql: GraphQLClient) -> None:
    assert (await graphql.data(RESUME, id=str(uuid.uuid4())))["resume"] is None
    assert (await graphql.data(RESUME, id="nope"))["resume"] is None
