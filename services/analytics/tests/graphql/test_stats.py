"""jobStats and organizationStats through GraphQL: the counts kept from recorded events, and
one case per authorization rule (visitors, non-recruiters, other organizations' recruiters,
members, admin-like users)."""

from __future__ import annotations

import json
import uuid
from datetime import UTC, datetime, timedelta

import httpx
import pytest
from analytics.db import memberships
from analytics.domain.models import DailyCount, KnownJob, KnownOrganization
from analytics.domain.stats import count_event
from jobkit.db import unit_of_work
from jobkit.testing.graphql import GraphQLClient
from jobkit.testing.tokens import TokenIssuer
from sqlalchemy import delete
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

pytestmark = pytest.mark.integration

JOB_STATS = """query($ids: [ID!]!) {
  jobStats(jobIds: $ids) {
    jobId organizationId visits applyStarts applyCompletions bookmarks shares
  }
}"""
ORGANIZATION_STATS = """query($id: ID!, $days: Int) {
  organizationStats(organizationId: $id, days: $days) {
    organizationId visits applyCompletions profileVisits days { day visits applyCompletions }
  }
}"""


@pytest.fixture
async def world(
    committed_sessions: async_sessionmaker[AsyncSession],
) -> dict[str, str]:
    ids = {name: str(uuid.uuid4()) for name in ("org", "other_org", "job", "other_job", "member")}
    today = datetime.now(UTC).date()
    async with unit_of_work(committed_sessions) as session:
        await session.execute(delete(DailyCount))
        session.add_all(
            [
                KnownJob(job_id=ids["job"], organization_id=ids["org"], site="jobboard"),
                KnownJob(
                    job_id=ids["other_job"], organization_id=ids["other_org"], site="jobboard"
                ),
            ]
        )
        session.add(KnownOrganization(organization_id=ids["org"]))
        await session.execute(
            memberships.insert().values(organization_id=ids["org"], user_id=ids["member"])
        )
        await session.flush()
        for key, day in [
            ("job_visit", today),
            ("job_visit", today),
            ("job_visit", today - timedelta(days=2)),
            ("job_share", today),
        ]:
            await count_event(session, key=key, day=day, entity_id=ids["job"], organization_id=None)
        await count_event(
            session,
            key="job_apply_complete",
            day=today,
            entity_id=ids["job"],
            organization_id=ids["org"],
        )
        await count_event(
            session, key="job_visit", day=today, entity_id=ids["other_job"], organization_id=None
        )
        for organization in (ids["org"], ids["other_org"]):  # the other one is not known
            await count_event(
                session,
                key="orgprofile_visit",
                day=today,
                entity_id=organization,
                organization_id=None,
            )
        # an unknown job counts for nobody
        await count_event(
            session, key="job_visit", day=today, entity_id="nope", organization_id=None
        )
    return ids


def code(body: dict[str, object]) -> str:
    errors = body["errors"]
    assert isinstance(errors, list)
    return str(errors[0]["extensions"]["code"])


async def test_visitors_are_unauthenticated(graphql: GraphQLClient, world: dict[str, str]) -> None:
    assert code(await graphql.execute(JOB_STATS, ids=[world["job"]])) == "UNAUTHENTICATED"
    assert code(await graphql.execute(ORGANIZATION_STATS, id=world["org"])) == "UNAUTHENTICATED"


async def test_applicants_are_forbidden(
    graphql: GraphQLClient, tokens: TokenIssuer, world: dict[str, str]
) -> None:
    applicant = graphql.as_user(tokens.token(world["member"], ["applicant"]))
    assert code(await applicant.execute(JOB_STATS, ids=[world["job"]])) == "FORBIDDEN"
    assert code(await applicant.execute(ORGANIZATION_STATS, id=world["org"])) == "FORBIDDEN"


async def test_recruiters_see_only_their_organizations(
    graphql: GraphQLClient, tokens: TokenIssuer, world: dict[str, str]
) -> None:
    stranger = graphql.as_user(tokens.token(str(uuid.uuid4()), ["recruiter"]))
    answer = await stranger.data(JOB_STATS, ids=[world["job"], world["other_job"]])
    assert answer["jobStats"] == []
    assert code(await stranger.execute(ORGANIZATION_STATS, id=world["org"])) == "FORBIDDEN"

    member = graphql.as_user(tokens.token(world["member"], ["recruiter"]))
    answer = await member.data(JOB_STATS, ids=[world["other_job"], world["job"], "unknown"])
    assert answer["jobStats"] == [
        {
            "jobId": world["job"],
            "organizationId": world["org"],
            "visits": 3,
            "applyStarts": 0,
            "applyCompletions": 1,
            "bookmarks": 0,
            "shares": 1,
        }
    ]
    stats = (await member.data(ORGANIZATION_STATS, id=world["org"], days=3))["organizationStats"]
    assert (stats["visits"], stats["applyCompletions"], stats["profileVisits"]) == (3, 1, 1)
    today = datetime.now(UTC).date()
    assert stats["days"] == [
        {"day": (today - timedelta(days=2)).isoformat(), "visits": 1, "applyCompletions": 0},
        {"day": (today - timedelta(days=1)).isoformat(), "visits": 0, "applyCompletions": 0},
        {"day": today.isoformat(), "visits": 2, "applyCompletions": 1},
    ]


async def test_admin_like_users_see_every_organization(
    graphql: GraphQLClient, tokens: TokenIssuer, world: dict[str, str]
) -> None:
    admin = graphql.as_user(tokens.token(str(uuid.uuid4()), ["job_editor"]))
    answer = await admin.data(JOB_STATS, ids=[world["job"], world["other_job"]])
    assert [item["visits"] for item in answer["jobStats"]] == [3, 1]
    stats = await admin.data(ORGANIZATION_STATS, id=world["other_org"], days=400)
    assert len(stats["organizationStats"]["days"]) == 366
    assert stats["organizationStats"]["visits"] == 1
    assert stats["organizationStats"]["profileVisits"] == 0


async def test_a_browsers_job_visit_counts_for_the_jobs_own_organization(
    service_url: str, graphql: GraphQLClient, tokens: TokenIssuer, world: dict[str, str]
) -> None:
    async with httpx.AsyncClient() as client:
        answer = await client.post(
            f"{service_url}/relay/gmapi",
            content=json.dumps(
                {
                    "event": "job_visit",
                    # the organization a request names is not believed
                    "params": {"entity_id": world["job"], "organization_id": world["other_org"]},
                }
            ),
            headers={"X-Cookie-Consent": "C0002", "Content-Type": "application/json"},
        )
    assert answer.status_code == 202
    admin = graphql.as_user(tokens.token(str(uuid.uuid4()), ["administrator"]))
    org = await admin.data(ORGANIZATION_STATS, id=world["org"], days=1)
    other = await admin.data(ORGANIZATION_STATS, id=world["other_org"], days=1)
    assert org["organizationStats"]["visits"] == 3
    assert other["organizationStats"]["visits"] == 1
