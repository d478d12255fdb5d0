"""jobStats and organizationStats through GraphQL: the counts kept from recorded events, and
one case per authorization rule (visitors, non-recruiters, other organizations' recruiters,
members, admin-like users)."""

from __future__ import annotations

import json
import uuid
from datetime import UTC, date, datetime, timedelta
from typing import Any

import httpx
import pytest
from analytics.db import memberships
from analytics.domain.models import (
    DailyCount,
    KnownJob,
    KnownOrganization,
    VisitMark,
    VisitSalt,
)
from analytics.domain.stats import JOB, ORGANIZATION, Metric, count_event, increment
from analytics.domain.visits import VisitedPage, count_visit, visitor_hash
from jobkit.db import unit_of_work
from jobkit.testing.graphql import GraphQLClient
from jobkit.testing.tokens import TokenIssuer
from sqlalchemy import delete, select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

pytestmark = pytest.mark.integration

JOB_STATS = """query($ids: [ID!]!) {
  jobStats(jobIds: $ids) {
    jobId organizationId visits applyStarts applyCompletions bookmarks shares
  }
}"""


def visitor(address: str, day: date) -> dict[str, Any]:
    return {
        "address": address,
        "browser": "Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0",
        "day": day,
    }


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
        # a visit counted two days ago (that day's salt and marks are long gone)
        for subject_type, subject_id in [(JOB, ids["job"]), (ORGANIZATION, ids["org"])]:
            await increment(
                session, subject_type, subject_id, today - timedelta(days=2), Metric.VISITS
            )
        # visits as the web server reports them: two visitors today
        for address, day in [
            ("192.0.2.1", today),
            ("192.0.2.2", today),
            ("192.0.2.2", today),  # a reload: counted once
        ]:
            await count_visit(
                session, page=VisitedPage.JOB, subject_id=ids["job"], **visitor(address, day)
            )
        await count_event(
            session, key="job_share", day=today, entity_id=ids["job"], organization_id=None
        )
        await count_event(
            session,
            key="job_apply_complete",
            day=today,
            entity_id=ids["job"],
            organization_id=ids["org"],
        )
        await count_visit(
            session,
            page=VisitedPage.JOB,
            subject_id=ids["other_job"],
            **visitor("192.0.2.1", today),
        )
        for organization in (ids["org"], ids["other_org"]):  # the other one is not known
            await count_visit(
                session,
                page=VisitedPage.ORGANIZATION,
                subject_id=organization,
                **visitor("192.0.2.1", today),
            )
        # an unknown job counts for nobody
        await count_visit(
            session, page=VisitedPage.JOB, subject_id="nope", **visitor("192.0.2.1", today)
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


async def test_the_servers_visit_counts_once_per_visitor_and_day_for_the_jobs_organization(
    service_url: str, graphql: GraphQLClient, tokens: TokenIssuer, world: dict[str, str]
) -> None:
    firefox = {"User-Agent": "Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0"}
    async with httpx.AsyncClient(base_url=service_url) as client:
        # a browser's job_visit, even with analytics consent, no longer counts: the server does
        relayed = await client.post(
            "/relay/gmapi",
            content=json.dumps({"event": "job_visit", "params": {"entity_id": world["job"]}}),
            headers={"X-Cookie-Consent": "C0002", "Content-Type": "application/json"},
        )
        assert relayed.status_code == 202
        answers = [
            await client.post("/visits", json=body, headers={**firefox, **headers})
            for body, headers in [
                ({"page": "job", "id": world["job"]}, {"X-Forwarded-For": "198.51.100.7"}),
                ({"page": "job", "id": world["job"]}, {"X-Forwarded-For": "198.51.100.7"}),
                ({"page": "job", "id": world["job"]}, {"X-Forwarded-For": "198.51.100.8"}),
                ({"page": "organization", "id": world["org"]}, {"X-Forwarded-For": "198.51.100.7"}),
                ({"page": "job", "id": str(uuid.uuid4())}, {"X-Forwarded-For": "198.51.100.7"}),
            ]
        ]
        refused = [
            await client.post("/visits", content=body, headers={"Content-Type": "application/json"})
            for body in ['{"page": "resume", "id": "x"}', "not json", '{"page": "job"}', "x" * 2000]
        ]
    assert [(answer.status_code, answer.json()) for answer in answers] == [
        (202, {"counted": True}),
        (202, {"counted": False}),  # the same visitor again today
        (202, {"counted": True}),
        (202, {"counted": True}),
        (202, {"counted": False}),  # a job analytics does not know
    ]
    assert [answer.status_code for answer in refused] == [400, 400, 400, 400]
    admin = graphql.as_user(tokens.token(str(uuid.uuid4()), ["administrator"]))
    org = (await admin.data(ORGANIZATION_STATS, id=world["org"], days=1))["organizationStats"]
    other = await admin.data(ORGANIZATION_STATS, id=world["other_org"], days=1)
    assert (org["visits"], org["profileVisits"]) == (2 + 2, 1 + 1)
    assert other["organizationStats"]["visits"] == 1


async def test_no_address_or_browser_is_stored_and_a_days_marks_go_with_its_salt(
    committed_sessions: async_sessionmaker[AsyncSession], world: dict[str, str]
) -> None:
    today = datetime.now(UTC).date()
    yesterday = today - timedelta(days=1)
    async with unit_of_work(committed_sessions) as session:
        await session.execute(delete(VisitMark))
        await session.execute(delete(VisitSalt))
        session.add(VisitSalt(day=yesterday, salt=b"y" * 32))
        session.add(
            VisitMark(subject_type=JOB, subject_id=world["job"], day=yesterday, visitor=b"v" * 16)
        )
    async with unit_of_work(committed_sessions) as session:
        assert await count_visit(
            session, page=VisitedPage.JOB, subject_id=world["job"], **visitor("192.0.2.9", today)
        )
    async with unit_of_work(committed_sessions) as session:
        salts = {salt.day: salt.salt for salt in (await session.scalars(select(VisitSalt)))}
        marks = list(await session.scalars(select(VisitMark)))
    assert set(salts) == {today}  # yesterday's salt went with the day's first visit
    assert [(mark.day, mark.subject_id) for mark in marks] == [(today, world["job"])]
    browser = visitor("192.0.2.9", today)["browser"]
    assert marks[0].visitor == visitor_hash(salts[today], "192.0.2.9", browser)
    assert len(marks[0].visitor) == 16


RANGE_STATS = """query($id: ID!, $from: Date, $to: Date, $job: ID) {
  organizationStats(organizationId: $id, from: $from, to: $to, jobId: $job) {
    visits applyCompletions firstDay lastDay days { day visits }
    jobs { jobId visits applyCompletions shares job { id } }
  }
}"""


async def test_a_chosen_period_one_job_and_the_jobs_ranking(
    graphql: GraphQLClient, tokens: TokenIssuer, world: dict[str, str]
) -> None:
    member = graphql.as_user(tokens.token(world["member"], ["recruiter"]))
    today = datetime.now(UTC).date()
    two_days_ago = (today - timedelta(days=2)).isoformat()
    yesterday = (today - timedelta(days=1)).isoformat()
    only_then = (
        await member.data(RANGE_STATS, id=world["org"], **{"from": two_days_ago, "to": yesterday})
    )["organizationStats"]
    assert (only_then["firstDay"], only_then["lastDay"]) == (two_days_ago, yesterday)
    assert only_then["days"] == [
        {"day": two_days_ago, "visits": 1},
        {"day": yesterday, "visits": 0},
    ]
    assert (only_then["visits"], only_then["applyCompletions"]) == (1, 0)
    assert only_then["jobs"] == [
        {
            "jobId": world["job"],
            "visits": 1,
            "applyCompletions": 0,
            "shares": 0,
            "job": {"id": world["job"]},
        }
    ]
    # a last day after today is today; the job's own figures
    tomorrow = (today + timedelta(days=1)).isoformat()
    job = (
        await member.data(
            RANGE_STATS, id=world["org"], job=world["job"], **{"from": two_days_ago, "to": tomorrow}
        )
    )["organizationStats"]
    assert job["lastDay"] == today.isoformat()
    assert [day["visits"] for day in job["days"]] == [1, 0, 2]
    assert (job["visits"], job["applyCompletions"]) == (3, 1)


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"from": "2026-03-02", "to": "2026-03-01"}, "must not be after its last day"),
        ({"from": "2024-01-01", "to": "2025-06-01"}, "at most 366 days"),
        ({"job": "other_job"}, "not one of the organization's"),
    ],
)
async def test_a_wrong_period_or_another_organizations_job_is_refused_with_what_to_change(
    graphql: GraphQLClient,
    tokens: TokenIssuer,
    world: dict[str, str],
    arguments: dict[str, str],
    message: str,
) -> None:
    member = graphql.as_user(tokens.token(world["member"], ["recruiter"]))
    if "job" in arguments:
        arguments = {"job": world[arguments["job"]]}
    body = await member.execute(RANGE_STATS, id=world["org"], **arguments)
    assert code(body) == "BAD_USER_INPUT"
    errors = body["errors"]
    assert isinstance(errors, list)
    assert message in errors[0]["message"]


async def test_anyone_reads_a_jobs_views_through_the_job_entity(
    graphql: GraphQLClient, world: dict[str, str]
) -> None:
    query = "query($r: [_Any!]!) { _entities(representations: $r) { ... on Job { viewsCount } } }"
    representations = [{"__typename": "Job", "id": job} for job in (world["job"], "unknown")]
    answer = await graphql.data(query, r=representations)
    assert answer["_entities"] == [{"viewsCount": 3}, {"viewsCount": 0}]


TOP_JOBS = "query($days: Int, $limit: Int) { topJobs(days: $days, limit: $limit) { id } }"


async def test_anyone_reads_the_sites_most_viewed_jobs_of_the_last_days(
    graphql: GraphQLClient,
    world: dict[str, str],
    committed_sessions: async_sessionmaker[AsyncSession],
) -> None:
    today = datetime.now(UTC).date()
    elsewhere, long_ago = str(uuid.uuid4()), str(uuid.uuid4())
    async with unit_of_work(committed_sessions) as session:
        session.add_all(
            [
                KnownJob(job_id=elsewhere, organization_id=world["org"], site="another-site"),
                KnownJob(job_id=long_ago, organization_id=world["org"], site="jobboard"),
            ]
        )
        await session.flush()
        for _ in range(5):  # the most viewed, but another site's / before the week
            await increment(session, JOB, elsewhere, today, Metric.VISITS)
            await increment(session, JOB, long_ago, today - timedelta(days=8), Metric.VISITS)
        # applications are not views
        await count_event(
            session,
            key="job_apply_complete",
            day=today,
            entity_id=world["other_job"],
            organization_id=world["other_org"],
        )

    def ids(answer: dict[str, Any]) -> list[str]:
        return [job["id"] for job in answer["topJobs"]]

    # no login needed: the job's 3 views (one two days ago) before the other job's 1
    assert ids(await graphql.data(TOP_JOBS)) == [world["job"], world["other_job"]]
    assert ids(await graphql.data(TOP_JOBS, limit=1)) == [world["job"]]
    assert ids(await graphql.data(TOP_JOBS, days=30)) == [
        long_ago,
        world["job"],
        world["other_job"],
    ]
    for bad in ({"days": 0}, {"days": 31}, {"limit": 0}, {"limit": 51}):
        assert code(await graphql.execute(TOP_JOBS, **bad)) == "BAD_USER_INPUT"


async def test_a_deleted_jobs_counts_go_and_its_organization_keeps_what_it_added(
    graphql: GraphQLClient,
    tokens: TokenIssuer,
    world: dict[str, str],
    committed_sessions: async_sessionmaker[AsyncSession],
) -> None:
    from analytics.messaging.consumers import on_job_deleted
    from jobkit.events import EventEnvelope

    admin = graphql.as_user(tokens.token(str(uuid.uuid4()), ["administrator"]))
    before = (await admin.data(ORGANIZATION_STATS, id=world["org"], days=7))["organizationStats"]
    deleted = EventEnvelope(
        type="jobs.job.deleted",
        aggregate_id=world["job"],
        site="jobboard",
        payload={
            "job_id": world["job"],
            "site": "jobboard",
            "organization_id": world["org"],
            "organization_number": 1,
        },
    )
    for _ in range(2):  # a redelivery changes nothing
        async with unit_of_work(committed_sessions) as session:
            await on_job_deleted(session, deleted)
    async with committed_sessions() as session:
        assert await session.get(KnownJob, world["job"]) is None
        for model in (DailyCount, VisitMark):
            left = await session.scalars(select(model).where(model.subject_id == world["job"]))
            assert list(left) == []
        # the other job is untouched
        assert await session.get(KnownJob, world["other_job"]) is not None
    stats = (await admin.data(JOB_STATS, ids=[world["job"]]))["jobStats"]
    assert stats == []  # a job analytics does not know
    after = (await admin.data(ORGANIZATION_STATS, id=world["org"], days=7))["organizationStats"]
    assert after["visits"] == before["visits"]
