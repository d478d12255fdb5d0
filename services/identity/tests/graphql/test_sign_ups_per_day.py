"""Administrators read the site's sign-ups per day (the dashboard's chart): every day of the
period with zeros, UTC days, other sites' accounts left out; anyone else is refused."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime, timedelta

import pytest
from identity.domain.models import User
from jobkit.testing.graphql import GraphQLClient
from jobkit.testing.tokens import TokenIssuer
from sqlalchemy import delete
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

pytestmark = pytest.mark.integration

QUERY = "query($days: Int) { signUpsPerDay(days: $days) { day count } }"


async def test_sign_ups_per_day_for_administrators_only(
    graphql: GraphQLClient,
    tokens: TokenIssuer,
    committed_sessions: async_sessionmaker[AsyncSession],
) -> None:
    admin = graphql.as_user(tokens.token(str(uuid.uuid4()), ["administrator"]))
    before = {
        row["day"]: row["count"] for row in (await admin.data(QUERY, days=3))["signUpsPerDay"]
    }
    today = datetime.now(UTC).replace(hour=12)
    made = [
        User(
            email=f"day-{uuid.uuid4().hex[:8]}@example.org",
            first_name="A",
            last_name="B",
            site=site,
            created_at=when,
            password_hash="!",
        )
        for site, when in [
            ("jobboard", today - timedelta(days=2)),
            ("jobboard", today - timedelta(days=2)),
            ("jobboard", today),
            ("another-site", today),  # not this site's
            ("jobboard", today - timedelta(days=3)),  # before the period
        ]
    ]
    async with committed_sessions() as session, session.begin():
        session.add_all(made)
    try:
        after = (await admin.data(QUERY, days=3))["signUpsPerDay"]
        assert [row["day"] for row in after] == [
            (today - timedelta(days=n)).date().isoformat() for n in (2, 1, 0)
        ]
        assert [row["count"] - before[row["day"]] for row in after] == [2, 0, 1]
        assert len((await admin.data(QUERY, days=9999))["signUpsPerDay"]) == 366

        applicant = graphql.as_user(tokens.token(str(uuid.uuid4()), ["applicant"]))
        refused = await applicant.execute(QUERY, days=3)
        assert refused["errors"][0]["extensions"]["code"] == "FORBIDDEN"
        assert (await graphql.execute(QUERY))["errors"][0]["extensions"]["code"] == (
            "UNAUTHENTICATED"
        )
    finally:
        async with committed_sessions() as session, session.begin():
            await session.execute(delete(User).where(User.id.in_([user.id for user in made])))
