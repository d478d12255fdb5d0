"""Administrators read how many organizations were founded per day on their site (the
dashboard's chart): every day of the period with zeros, UTC days; anyone else is refused."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime, timedelta

import pytest
from jobkit.testing.graphql import GraphQLClient
from jobkit.testing.tokens import TokenIssuer
from organizations.domain.models import Organization
from sqlalchemy import update
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from services.organizations.tests.graphql.test_members import Recruiter

pytestmark = pytest.mark.integration

QUERY = "query($days: Int) { organizationsCreatedPerDay(days: $days) { day count } }"


async def test_new_organizations_per_day_for_administrators_only(
    graphql: GraphQLClient,
    tokens: TokenIssuer,
    committed_sessions: async_sessionmaker[AsyncSession],
) -> None:
    admin = graphql.as_user(tokens.token(str(uuid.uuid4()), ["administrator"]))
    answer = await admin.data(QUERY, days=3)
    before = {row["day"]: row["count"] for row in answer["organizationsCreatedPerDay"]}
    founder = Recruiter(graphql, tokens)
    founded = [await founder.found(name) for name in ("Tidewater Aid", "Saltmarsh Trust", "Old")]
    today = datetime.now(UTC)
    async with committed_sessions() as session, session.begin():
        for organization_id, days_ago in zip(founded, (2, 0, 5), strict=True):
            await session.execute(
                update(Organization)
                .where(Organization.id == uuid.UUID(organization_id))
                .values(created_at=today - timedelta(days=days_ago))
            )
    after = (await admin.data(QUERY, days=3))["organizationsCreatedPerDay"]
    assert [row["day"] for row in after] == [
        (today - timedelta(days=n)).date().isoformat() for n in (2, 1, 0)
    ]
    assert [row["count"] - before[row["day"]] for row in after] == [1, 0, 1]

    recruiter = founder.client
    refused = await recruiter.execute(QUERY, days=3)
    assert refused["errors"][0]["extensions"]["code"] == "FORBIDDEN"
