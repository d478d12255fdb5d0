"""Administrators review the needs_review queue: approve publishes, reject sends the job back to
its recruiters with the reason; recruiters cannot review."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime, timedelta

import pytest
from jobkit.testing.graphql import GraphQLClient
from jobkit.testing.service import persist
from jobkit.testing.tokens import TokenIssuer
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from services.jobs.tests.factories import add_member, job, organization

pytestmark = pytest.mark.integration

RESULT = """__typename ... on JobSaved { job { id state publishedAt expiresAt jsonLd
  refusal { reason message } } } ... on JobErrors { errors { field code } }"""
QUEUE = "{ jobsToReview { jobs { id state } total } }"
APPROVE = f"mutation($id: ID!) {{ approveJob(id: $id) {{ {RESULT} }} }}"
REJECT = f"mutation($id: ID!, $r: String!) {{ rejectJob(id: $id, reason: $r) {{ {RESULT} }} }}"


async def test_admins_approve_or_reject_jobs_under_review(
    graphql: GraphQLClient,
    tokens: TokenIssuer,
    committed_sessions: async_sessionmaker[AsyncSession],
) -> None:
    org = organization()
    waiting = [job(org, state="needs_review") for _ in range(2)]
    later = job(org, state="needs_review", published=datetime.now(UTC) + timedelta(days=1))
    await persist(committed_sessions, org, *waiting, later)
    member = uuid.uuid4()
    await add_member(committed_sessions, org, member)
    recruiter = graphql.as_user(tokens.token(member, ["recruiter"]))
    admin = graphql.as_user(tokens.token(roles=["site_admin"]))

    body = await recruiter.execute(APPROVE, id=str(waiting[0].id))
    assert body["errors"][0]["extensions"]["code"] == "FORBIDDEN"
    assert (await recruiter.execute(QUEUE))["errors"][0]["extensions"]["code"] == "FORBIDDEN"

    queue = (await admin.data(QUEUE))["jobsToReview"]
    assert {str(j.id) for j in [*waiting, later]} <= {j["id"] for j in queue["jobs"]}

    approved = (await admin.data(APPROVE, id=str(waiting[0].id)))["approveJob"]["job"]
    assert approved["state"] == "PUBLISHED"
    assert approved["publishedAt"] is not None
    assert approved["jsonLd"] is not None
    scheduled = (await admin.data(APPROVE, id=str(later.id)))["approveJob"]["job"]
    assert scheduled["state"] == "SCHEDULED"
    assert scheduled["jsonLd"] is None

    rejected = await admin.data(REJECT, id=str(waiting[1].id), r="Add a salary, please.")
    assert rejected["rejectJob"]["job"]["state"] == "DRAFT"
    seen = await recruiter.data(
        "query($id: ID) { job(id: $id) { state refusal { reason message } } }",
        id=str(waiting[1].id),
    )
    assert seen["job"] == {
        "state": "DRAFT",
        "refusal": {"reason": "rejected", "message": "Add a salary, please."},
    }
    again = (await admin.data(APPROVE, id=str(waiting[1].id)))["approveJob"]
    assert again["errors"] == [{"field": "state", "code": "INVALID_TRANSITION"}]
