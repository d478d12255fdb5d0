"""Reporting a job through HTTP (ADR 0030): the reasons, the captcha for visitors (none for
signed-in users), one report per reporter and job, the limits per client and per account, the
threshold that hides a job pending review, and what administrators see and do about it."""

from __future__ import annotations

import uuid
from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from typing import Any

import httpx
import pytest
from jobkit.testing.graphql import GraphQLClient
from jobkit.testing.server import serve
from jobkit.testing.service import persist
from jobkit.testing.tokens import TokenIssuer
from jobs.db import outbox
from jobs.domain.models import Job, JobReport, SiteSetting
from jobs.main import create_app
from jobs.settings import JobsSettings
from pydantic import SecretStr
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from scripts.captcha import captcha_app
from services.jobs.tests.factories import add_member, job, organization

pytestmark = pytest.mark.integration

SECRET = "test-captcha-secret"
REPORT = """mutation($input: ReportJobInput!) { reportJob(input: $input) { __typename
  ... on JobReported { jobId } ... on JobErrors { errors { field code message } } } }"""
RESULT = """__typename ... on JobSaved { job { id state publishedAt expiresAt } }
  ... on JobErrors { errors { field code message } }"""
DISMISS = f"mutation($id: ID!) {{ dismissJobReports(id: $id) {{ {RESULT} }} }}"
ARCHIVE = (
    f"mutation($id: ID!, $r: String!) {{ archiveReportedJob(id: $id, reason: $r) {{ {RESULT} }} }}"
)
APPROVE = f"mutation($id: ID!) {{ approveJob(id: $id) {{ {RESULT} }} }}"
QUEUE = """{ jobsToReview(limit: 100) { jobs { id state reports { count hidden
  reasons { reason count } reports { reason details createdAt } } } } }"""
PUBLIC = "query($id: ID) { job(id: $id) { id state reports { count } } }"


def _from(client: GraphQLClient, address: str) -> GraphQLClient:
    """The caller as seen through the trusted web server (it appends the browser's address)."""
    copy = GraphQLClient(client.url)
    copy.headers = client.headers | {"X-Forwarded-For": address}
    return copy


def _address() -> str:
    return f"198.51.{uuid.uuid4().int % 250}.{uuid.uuid4().int % 250}"


def _codes(answer: dict[str, Any]) -> list[tuple[str | None, str]]:
    return [(e["field"], e["code"]) for e in answer["reportJob"].get("errors", [])]


def _input(job_id: object, **overrides: Any) -> dict[str, Any]:
    return {"jobId": str(job_id), "reason": "SCAM"} | overrides


@pytest.fixture(scope="module")
async def captcha_server() -> AsyncIterator[str]:
    async with serve(captcha_app(secret=SECRET)) as url:
        yield url


@pytest.fixture(scope="module")
async def with_captcha(
    service_settings: JobsSettings, captcha_server: str
) -> AsyncIterator[GraphQLClient]:
    settings = service_settings.model_copy(
        update={
            "captcha_verify_url": f"{captcha_server}/turnstile/v0/siteverify",
            "captcha_secret": SecretStr(SECRET),
        }
    )
    async with serve(create_app(settings)) as url:
        yield GraphQLClient(f"{url}/graphql")


async def _token(captcha_server: str) -> str:
    async with httpx.AsyncClient() as client:
        token: str = (await client.post(f"{captcha_server}/turnstile/v0/token")).json()["token"]
    return token


async def test_visitors_answer_the_captcha_and_signed_in_users_do_not(
    with_captcha: GraphQLClient,
    captcha_server: str,
    tokens: TokenIssuer,
    committed_sessions: async_sessionmaker[AsyncSession],
) -> None:
    org = organization()
    posting = job(org, state="published", published_at=datetime.now(UTC))
    draft = job(org)
    gone = job(org, state="archived", published_at=datetime.now(UTC) - timedelta(days=3))
    await persist(committed_sessions, org, posting, draft, gone)
    visitor = _from(with_captcha, _address())

    missing = await visitor.data(REPORT, input=_input(posting.id))
    assert _codes(missing) == [("captchaToken", "CAPTCHA_REQUIRED")]
    forged = await visitor.data(REPORT, input=_input(posting.id, captchaToken="made-up"))
    assert _codes(forged) == [("captchaToken", "CAPTCHA_INVALID")]
    token = await _token(captcha_server)
    sent = await visitor.data(
        REPORT,
        input=_input(posting.id, reason="WRONG_INFORMATION", captchaToken=token, details=" Pay? "),
    )
    assert sent["reportJob"] == {"__typename": "JobReported", "jobId": str(posting.id)}
    # the same visitor again: counted once
    again = await visitor.data(
        REPORT, input=_input(posting.id, captchaToken=await _token(captcha_server))
    )
    assert _codes(again) == [("jobId", "ALREADY_REPORTED")]

    member = with_captcha.as_user(tokens.token(uuid.uuid4(), ["applicant"]))
    signed_in = await _from(member, _address()).data(REPORT, input=_input(posting.id))
    assert signed_in["reportJob"]["__typename"] == "JobReported"
    # the same account from another address: still the same reporter
    twice = await _from(member, _address()).data(REPORT, input=_input(posting.id))
    assert _codes(twice) == [("jobId", "ALREADY_REPORTED")]

    # only public jobs: a draft does not exist for visitors, an archived job is not online
    assert _codes(await member.data(REPORT, input=_input(draft.id))) == [("jobId", "NOT_FOUND")]
    assert _codes(await member.data(REPORT, input=_input(gone.id))) == [("jobId", "NOT_OPEN")]
    assert _codes(await member.data(REPORT, input=_input("nope"))) == [("jobId", "NOT_FOUND")]
    # the details are bounded; an unknown reason is refused by the schema
    long = await member.data(REPORT, input=_input(draft.id, details="x" * 1001))
    assert _codes(long) == [("details", "TOO_LONG")]
    wrong = await member.execute(REPORT, input=_input(posting.id, reason="BORING"))
    assert "does not exist in 'JobReportReason'" in wrong["errors"][0]["message"]


async def test_reports_are_limited_per_client_and_per_account(
    graphql: GraphQLClient,
    tokens: TokenIssuer,
    committed_sessions: async_sessionmaker[AsyncSession],
    service_settings: JobsSettings,
) -> None:
    limit = service_settings.report_limit_per_account
    assert limit == service_settings.report_limit_per_client
    org = organization()
    jobs = [job(org, state="published", published_at=datetime.now(UTC)) for _ in range(limit + 1)]
    await persist(committed_sessions, org, *jobs)
    account = graphql.as_user(tokens.token(uuid.uuid4(), ["applicant"]))
    # a new address every time: the account still counts
    answers = [
        (await _from(account, _address()).data(REPORT, input=_input(p.id)))["reportJob"]
        for p in jobs
    ]
    assert [a["__typename"] for a in answers[:limit]] == ["JobReported"] * limit
    assert answers[limit]["errors"][0]["code"] == "RATE_LIMITED"
    # new accounts from one address (forging X-Forwarded-For on the left changes nothing)
    browser = _address()
    answers = [
        (
            await _from(
                graphql.as_user(tokens.token(uuid.uuid4(), ["applicant"])),
                f"203.0.113.{index}, {browser}",
            ).data(REPORT, input=_input(p.id, reason="OTHER"))
        )["reportJob"]
        for index, p in enumerate(jobs)
    ]
    assert [a["__typename"] for a in answers[:limit]] == ["JobReported"] * limit
    assert answers[limit]["errors"][0]["code"] == "RATE_LIMITED"


async def _events(sessions: async_sessionmaker[AsyncSession], job_id: object) -> list[str]:
    async with sessions() as session:
        rows = await session.scalars(
            select(outbox.c.event_type).where(outbox.c.key == str(job_id)).order_by(outbox.c.id)
        )
        return list(rows)


async def test_enough_reporters_hide_a_job_until_an_administrator_decides(
    graphql: GraphQLClient,
    tokens: TokenIssuer,
    committed_sessions: async_sessionmaker[AsyncSession],
    service_settings: JobsSettings,
) -> None:
    threshold = service_settings.report_hide_threshold
    assert threshold == 3  # JOBS_REPORT_HIDE_THRESHOLD's default
    org = organization()
    published_at = datetime.now(UTC) - timedelta(days=2)
    posting = job(
        org, state="published", published_at=published_at, expires_at=published_at + timedelta(30)
    )
    other = job(org, state="published", published_at=published_at)
    await persist(committed_sessions, org, posting, other)
    admin = graphql.as_user(tokens.token(roles=["site_admin"]))
    reporters = [graphql.as_user(tokens.token(uuid.uuid4(), ["applicant"])) for _ in range(3)]
    reasons = ["SCAM", "SCAM", "DISCRIMINATORY"]

    for reporter, reason in zip(reporters[:2], reasons, strict=False):
        await reporter.data(REPORT, input=_input(posting.id, reason=reason))
    # below the threshold: still public, and already in the review queue with its reports
    assert (await graphql.data(PUBLIC, id=str(posting.id)))["job"]["state"] == "PUBLISHED"
    queue = {j["id"]: j for j in (await admin.data(QUEUE))["jobsToReview"]["jobs"]}
    assert queue[str(posting.id)]["reports"]["count"] == 2
    assert queue[str(posting.id)]["reports"]["hidden"] is False
    assert str(other.id) not in queue

    await reporters[2].data(REPORT, input=_input(posting.id, reason="DISCRIMINATORY", details="!"))
    # hidden: gone for visitors (its updated event takes it out of search)
    assert (await graphql.data(PUBLIC, id=str(posting.id)))["job"] is None
    assert (await _events(committed_sessions, posting.id))[-1] == "jobs.job.updated"
    entry = {j["id"]: j for j in (await admin.data(QUEUE))["jobsToReview"]["jobs"]}[str(posting.id)]
    assert entry["state"] == "NEEDS_REVIEW"
    assert entry["reports"]["count"] == 3
    assert entry["reports"]["hidden"] is True
    assert entry["reports"]["reasons"] == [
        {"reason": "SCAM", "count": 2},
        {"reason": "DISCRIMINATORY", "count": 1},
    ]
    assert entry["reports"]["reports"][0]["details"] == "!"
    # nobody else sees the reports
    recruiter_id = uuid.uuid4()
    await add_member(committed_sessions, org, recruiter_id)
    recruiter = graphql.as_user(tokens.token(recruiter_id, ["recruiter"]))
    assert (await recruiter.data(PUBLIC, id=str(posting.id)))["job"]["reports"] is None

    # the review's approve is not the answer to reports; dismissing them restores the job as
    # it was (the same publication and expiry)
    refused = (await admin.data(APPROVE, id=str(posting.id)))["approveJob"]
    assert refused["errors"][0]["code"] == "INVALID_TRANSITION"
    restored = (await admin.data(DISMISS, id=str(posting.id)))["dismissJobReports"]["job"]
    assert restored["state"] == "PUBLISHED"
    async with committed_sessions() as session:
        row = await session.get(Job, posting.id)
        assert row is not None
        assert row.published_at == published_at
        assert row.hidden_for_reports_at is None
    assert str(posting.id) not in {
        j["id"] for j in (await admin.data(QUEUE))["jobsToReview"]["jobs"]
    }
    nothing = (await admin.data(DISMISS, id=str(posting.id)))["dismissJobReports"]
    assert nothing["errors"][0]["code"] == "INVALID"


async def test_the_sites_threshold_and_who_may_decide(
    graphql: GraphQLClient,
    tokens: TokenIssuer,
    committed_sessions: async_sessionmaker[AsyncSession],
) -> None:
    site = f"strict-{uuid.uuid4().hex[:6]}"
    org = organization()
    posting = job(org, site=site, state="published", published_at=datetime.now(UTC))
    await persist(
        committed_sessions,
        org,
        posting,
        SiteSetting(site=site, key="jobs", name="report_hide_threshold", value=1),
    )
    reporter = graphql.as_user(tokens.token(uuid.uuid4(), ["applicant"]))
    await reporter.data(REPORT, input=_input(posting.id))
    async with committed_sessions() as session:
        row = await session.get(Job, posting.id)
        assert row is not None
        assert row.state == "needs_review"

    member = uuid.uuid4()
    await add_member(committed_sessions, org, member)
    recruiter = graphql.as_user(tokens.token(member, ["recruiter"]))
    for caller, code in [(graphql, "UNAUTHENTICATED"), (recruiter, "FORBIDDEN")]:
        for mutation, variables in [
            (DISMISS, {"id": str(posting.id)}),
            (ARCHIVE, {"id": str(posting.id), "r": "Scam."}),
        ]:
            answer = await caller.execute(mutation, **variables)
            assert answer["errors"][0]["extensions"]["code"] == code
        assert (await caller.execute(QUEUE))["errors"][0]["extensions"]["code"] == code

    admin = graphql.as_user(tokens.token(roles=["administrator"]))
    blank = (await admin.data(ARCHIVE, id=str(posting.id), r="  "))["archiveReportedJob"]
    assert blank["errors"] == [
        {"field": "reason", "code": "REQUIRED", "message": "Say why the job is archived."}
    ]
    archived = (await admin.data(ARCHIVE, id=str(posting.id), r="A scam."))["archiveReportedJob"]
    assert archived["job"]["state"] == "ARCHIVED"
    events = await _events(committed_sessions, posting.id)
    # a public job's slot was used: nothing is withdrawn
    assert events[-2:] == ["jobs.job.archived", "jobs.job.taken_down"]
    assert "jobs.job.publish_withdrawn" not in events
    seen = await recruiter.data(
        "query($id: ID) { job(id: $id) { refusal { reason message } } }", id=str(posting.id)
    )
    assert seen["job"]["refusal"] == {"reason": "reported", "message": "A scam."}


OPEN_REPORTS = "{ openJobReports { reports jobs } }"


async def test_administrators_count_the_sites_open_reports_and_the_jobs_they_concern(
    graphql: GraphQLClient,
    tokens: TokenIssuer,
    committed_sessions: async_sessionmaker[AsyncSession],
) -> None:
    admin = graphql.as_user(tokens.token(roles=["administrator"]))
    before = (await admin.data(OPEN_REPORTS))["openJobReports"]
    org = organization()
    first = job(org, state="published", published_at=datetime.now(UTC))
    second = job(org, state="published", published_at=datetime.now(UTC))
    elsewhere = job(org, state="published", published_at=datetime.now(UTC), site="another-site")
    await persist(committed_sessions, org, first, second, elsewhere)

    def report(posting: Job, *, site: str = "jobboard", resolved: bool = False) -> JobReport:
        return JobReport(
            job_id=posting.id,
            site=site,
            reporter=f"user:{uuid.uuid4()}",
            reason="SCAM",
            resolved_at=datetime.now(UTC) if resolved else None,
            resolution="dismissed" if resolved else None,
        )

    await persist(
        committed_sessions,
        report(first),
        report(first),
        report(second),
        report(second, resolved=True),  # dismissed: no longer open
        report(elsewhere, site="another-site"),  # another site's
    )
    after = (await admin.data(OPEN_REPORTS))["openJobReports"]
    assert after == {"reports": before["reports"] + 3, "jobs": before["jobs"] + 2}

    for roles in (["recruiter"], ["applicant"]):
        answer = await graphql.as_user(tokens.token(uuid.uuid4(), roles)).execute(OPEN_REPORTS)
        assert answer["errors"][0]["extensions"]["code"] == "FORBIDDEN"
    assert (await graphql.execute(OPEN_REPORTS))["errors"][0]["extensions"]["code"] == (
        "UNAUTHENTICATED"
    )
