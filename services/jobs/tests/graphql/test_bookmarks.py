"""Bookmarks: signed-in users only; published jobs; twice is once; my bookmarks; the flag."""

from __future__ import annotations

import uuid

import pytest
from jobkit.testing.graphql import GraphQLClient
from jobkit.testing.service import persist
from jobkit.testing.tokens import TokenIssuer
from jobs.db import outbox
from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from services.jobs.tests.factories import job, organization

pytestmark = pytest.mark.integration

BOOKMARK = """mutation($j: ID!) { bookmarkJob(jobId: $j) { __typename
  ... on JobSaved { job { id bookmarked } } ... on JobErrors { errors { field code } } } }"""
UNBOOKMARK = """mutation($j: ID!) { unbookmarkJob(jobId: $j) { __typename
  ... on JobSaved { job { id bookmarked } } } }"""
MINE = "{ myBookmarks { total jobs { id bookmarked } } }"


async def _events(sessions: async_sessionmaker[AsyncSession], kind: str) -> int:
    async with sessions() as session:
        return int(
            await session.scalar(
                select(func.count()).select_from(outbox).where(outbox.c.event_type == kind)
            )
            or 0
        )


async def test_bookmarks(
    graphql: GraphQLClient,
    tokens: TokenIssuer,
    committed_sessions: async_sessionmaker[AsyncSession],
) -> None:
    org = organization()
    online, draft = job(org, state="published"), job(org, state="draft")
    await persist(committed_sessions, org, online, draft)
    user = graphql.as_user(tokens.token(uuid.uuid4(), ["applicant"]))

    anonymous = await graphql.execute(BOOKMARK, j=str(online.id))
    assert anonymous["errors"][0]["extensions"]["code"] == "UNAUTHENTICATED"
    refused = (await user.data(BOOKMARK, j=str(draft.id)))["bookmarkJob"]
    assert refused["errors"] == [{"field": "jobId", "code": "NOT_FOUND"}]

    before = await _events(committed_sessions, "jobs.bookmark.added")
    for _ in range(2):
        saved = (await user.data(BOOKMARK, j=str(online.id)))["bookmarkJob"]
        assert saved["job"] == {"id": str(online.id), "bookmarked": True}
    assert await _events(committed_sessions, "jobs.bookmark.added") == before + 1
    assert (await user.data(MINE))["myBookmarks"] == {
        "total": 1,
        "jobs": [{"id": str(online.id), "bookmarked": True}],
    }
    gone = (await user.data(UNBOOKMARK, j=str(online.id)))["unbookmarkJob"]
    assert gone["job"]["bookmarked"] is False
    assert (await user.data(MINE))["myBookmarks"]["total"] == 0
