"""Applying (visitors and applicants), the server's rules, and the recruiter's pipeline through
the served app: uploads over HTTP, the graph, signed file URLs."""

from __future__ import annotations

import io
import time
import uuid
from typing import Any

import httpx
import pytest
from jobkit.testing.graphql import GraphQLClient
from jobkit.testing.service import persist
from jobkit.testing.tokens import TokenIssuer
from jobkit.uploads.signing import signed_file_url
from jobkit.uploads.storage import storage_from_settings
from jobs.db import uploads
from jobs.domain.erasure import anonymize_applications
from jobs.domain.models import Application, Job, SiteSetting
from jobs.settings import JobsSettings
from pypdf import PdfWriter
from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from services.jobs.tests.factories import add_member, job, organization, question

pytestmark = pytest.mark.integration

APPLY = """mutation($input: ApplyToJobInput!) { applyToJob(input: $input) { __typename
  ... on ApplicationReceived { applicationId status }
  ... on JobErrors { message errors { field code message } } } }"""
JOB_APPLICATIONS = """query($id: ID!, $s: [ApplicationStatus!]) {
  jobApplications(jobId: $id, statuses: $s) { total applications { id firstName emailAddress
  status knockedOut answers { question type answer knockedOut } job { id applicationsCount }
  attachments { kind filename mediaType url } } } }"""
ORG_APPLICATIONS = """query($o: ID!) { organizationApplications(organizationId: $o, sort: NAME) {
  total applications { id status } } }"""
CHANGE = """mutation($id: ID!, $s: ApplicationStatus!, $m: String) {
  changeApplicationStatus(id: $id, status: $s, message: $m) { __typename
  ... on ApplicationSaved { application { status } }
  ... on JobErrors { errors { field code } } } }"""
MINE = "{ myApplications { jobId status createdAt job { title } } }"
MINE_FOR_JOB = "query($id: ID!) { job(id: $id) { myApplication { id jobId status createdAt } } }"
NOTES = """mutation($id: ID!, $n: String!) { updateApplicationNotes(id: $id, notes: $n) {
  __typename ... on ApplicationSaved { application { id notes } }
  ... on JobErrors { errors { field code } } } }"""
ORG_APPLICATIONS_OF_JOB = """query($o: ID!, $j: ID) {
  organizationApplications(organizationId: $o, jobId: $j) { total applications { id } } }"""


def pdf() -> bytes:
    writer = PdfWriter()
    writer.add_blank_page(100, 100)
    buffer = io.BytesIO()
    writer.write(buffer)
    return buffer.getvalue()


async def upload(
    service_url: str, body: bytes, name: str, token: str | None = None
) -> httpx.Response:
    headers = {"authorization": f"Bearer {token}"} if token else {}
    async with httpx.AsyncClient(base_url=service_url, timeout=120) as client:
        return await client.post(
            "/uploads",
            data={"purpose": "application_attachment"},
            files={"file": (name, body, "application/pdf")},
            headers=headers,
        )


def form(job_id: object, **overrides: Any) -> dict[str, Any]:
    return {
        "jobId": str(job_id),
        "firstName": "Ada",
        "lastName": "Okafor",
        "emailAddress": f"ada-{uuid.uuid4().hex[:6]}@example.org",
        "phone": "+1 617 555 0100",
        "coverLetter": "I would love to help.",
        "answers": [],
        "attachments": [],
    } | overrides


async def count(sessions: async_sessionmaker[AsyncSession], job_id: uuid.UUID) -> int:
    async with sessions() as session:
        return int(
            await session.scalar(
                select(func.count()).select_from(Application).where(Application.job_id == job_id)
            )
            or 0
        )


async def test_a_visitor_applies_and_the_recruiter_works_the_pipeline(
    graphql: GraphQLClient,
    tokens: TokenIssuer,
    service_url: str,
    committed_sessions: async_sessionmaker[AsyncSession],
) -> None:
    org, other = organization(), organization(name="Elsewhere")
    open_job = job(
        org,
        state="published",
        application_qualifying_questions=[
            question("Do you hold a driving licence?", "yes_no", knock_out=["no"]),
            question("Which shift suits you?", "single_choice", options=["Days", "Nights"]),
        ],
        application_require_qualifying_questions=True,
    )
    await persist(committed_sessions, org, other, open_job)
    recruiter_id, stranger_id = uuid.uuid4(), uuid.uuid4()
    await add_member(committed_sessions, org, recruiter_id)
    await add_member(committed_sessions, other, stranger_id)
    recruiter = graphql.as_user(tokens.token(recruiter_id, ["recruiter"]))
    stranger = graphql.as_user(tokens.token(stranger_id, ["recruiter"]))

    uploaded = await upload(service_url, pdf(), "cv.pdf")
    assert uploaded.status_code == 201, uploaded.text
    assert uploaded.json()["private"] is True
    file_id = uploaded.json()["id"]

    # an empty required answer: a clear message, nothing stored
    refused = (await graphql.data(APPLY, input=form(open_job.id, answers=["", "Evenings"])))[
        "applyToJob"
    ]
    assert refused["errors"] == [
        {"field": "answers.0", "code": "REQUIRED", "message": "Answer this question."},
        {"field": "answers.1", "code": "INVALID_CHOICE", "message": "Choose one of the options."},
    ]
    not_yes_or_no = await graphql.data(APPLY, input=form(open_job.id, answers=["Often", "Days"]))
    assert not_yes_or_no["applyToJob"]["errors"] == [
        {"field": "answers.0", "code": "INVALID_CHOICE", "message": "Answer yes or no."}
    ]
    assert await count(committed_sessions, open_job.id) == 0

    email = "ada@example.org"
    answer = await graphql.data(
        APPLY,
        input=form(
            open_job.id,
            emailAddress=email,
            answers=["No", "nights"],
            attachments=[{"uploadId": file_id, "kind": "CV"}],
        ),
    )
    assert answer["applyToJob"]["__typename"] == "ApplicationReceived"
    assert answer["applyToJob"]["status"] == "NEW"
    application_id = answer["applyToJob"]["applicationId"]

    again = await graphql.data(APPLY, input=form(open_job.id, emailAddress="ADA@example.org"))
    assert again["applyToJob"]["errors"][0]["code"] == "ALREADY_APPLIED"
    assert again["applyToJob"]["errors"][0]["field"] == "emailAddress"

    page = (await recruiter.data(JOB_APPLICATIONS, id=str(open_job.id)))["jobApplications"]
    assert page["total"] == 1
    seen = page["applications"][0]
    assert seen["emailAddress"] == email
    assert seen["knockedOut"] is True
    assert seen["answers"] == [
        {
            "question": "Do you hold a driving licence?",
            "type": "YES_NO",
            "answer": "no",
            "knockedOut": True,
        },
        {
            "question": "Which shift suits you?",
            "type": "SINGLE_CHOICE",
            "answer": "Nights",
            "knockedOut": False,
        },
    ]
    assert seen["job"]["applicationsCount"] == 1
    [attachment] = seen["attachments"]
    assert (attachment["kind"], attachment["mediaType"]) == ("CV", "application/pdf")

    # the signed URL: the recruiter it was issued to, not a visitor, not someone else
    path = attachment["url"].removeprefix("/api/uploads/jobs")
    recruiter_token = tokens.token(recruiter_id, ["recruiter"])
    other_token = tokens.token(stranger_id, ["recruiter"])
    unsigned = path.split("?", 1)[0]
    expired = signed_file_url(
        JobsSettings(upload_public_url=""),
        file_id,
        "original",
        user_id=str(recruiter_id),
        secret=JobsSettings().file_signing_secret,
        ttl_seconds=60,
        now=time.time() - 3600,
    )

    async def status(url: str, token: str | None = None) -> int:
        headers = {"authorization": f"Bearer {token}"} if token else {}
        async with httpx.AsyncClient(base_url=service_url, timeout=120) as client:
            response = await client.get(url, headers=headers)
        if response.status_code == 200:
            assert response.content.startswith(b"%PDF")
        return response.status_code

    assert await status(path, recruiter_token) == 200
    assert await status(path) == 404  # anonymous
    assert await status(path, other_token) == 404  # signed for someone else
    assert await status(unsigned, recruiter_token) == 404
    assert await status(expired, recruiter_token) == 404

    # another organization's recruiter gets nothing
    assert (await stranger.data(JOB_APPLICATIONS, id=str(open_job.id)))["jobApplications"] == {
        "total": 0,
        "applications": [],
    }
    denied = await stranger.execute(ORG_APPLICATIONS, o=str(org.id))
    assert denied["errors"][0]["extensions"]["code"] == "FORBIDDEN"
    moved = await stranger.data(CHANGE, id=application_id, s="SHORTLISTED")
    assert moved["changeApplicationStatus"]["errors"][0]["code"] == "FORBIDDEN"

    # the pipeline
    moved = await recruiter.data(CHANGE, id=application_id, s="SHORTLISTED", m="See you soon.")
    assert moved["changeApplicationStatus"]["application"]["status"] == "SHORTLISTED"
    back = await recruiter.data(CHANGE, id=application_id, s="NEW")
    assert back["changeApplicationStatus"]["errors"] == [
        {"field": "status", "code": "INVALID_TRANSITION"}
    ]
    listed = (await recruiter.data(ORG_APPLICATIONS, o=str(org.id)))["organizationApplications"]
    assert listed["applications"] == [{"id": application_id, "status": "SHORTLISTED"}]
    filtered = await recruiter.data(JOB_APPLICATIONS, id=str(open_job.id), s=["NEW"])
    assert filtered["jobApplications"]["total"] == 0


async def _stored_uploads(sessions: async_sessionmaker[AsyncSession]) -> int:
    async with sessions() as session:
        return int(await session.scalar(select(func.count()).select_from(uploads)) or 0)


async def test_rules_for_closed_jobs_files_and_captcha(
    graphql: GraphQLClient,
    tokens: TokenIssuer,
    service_url: str,
    committed_sessions: async_sessionmaker[AsyncSession],
) -> None:
    org = organization()
    archived = job(org, state="archived")
    needs_cv = job(org, state="published", application_require_cv=True, site="cvsite")
    await persist(committed_sessions, org, archived, needs_cv)

    closed = (await graphql.data(APPLY, input=form(archived.id)))["applyToJob"]
    assert closed["errors"][0]["code"] == "NOT_OPEN"

    missing = (await graphql.data(APPLY, input=form(needs_cv.id)))["applyToJob"]
    assert missing["errors"][0] == {
        "field": "attachments",
        "code": "REQUIRED",
        "message": "This job asks for your CV.",
    }

    stored_before = await _stored_uploads(committed_sessions)
    # an executable renamed .pdf is refused by content, with a message for people
    refused = await upload(service_url, b"MZ\x90\x00" + b"\x00" * 200, "cv.pdf")
    assert (refused.status_code, refused.json()) == (
        415,
        {
            "error": "UNSUPPORTED_TYPE",
            "message": "Only PDF, JPG, PNG or WebP files can be uploaded.",
        },
    )
    # 51 MB: refused before reading
    async with httpx.AsyncClient(base_url=service_url, timeout=120) as client:
        big = await client.post(
            "/uploads",
            data={"purpose": "application_attachment"},
            files={"file": ("big.pdf", b"%PDF-" + b"0" * (51 * 1024 * 1024), "application/pdf")},
        )
    assert (big.status_code, big.json()) == (
        413,
        {"error": "TOO_LARGE", "message": "The file is larger than 50 MB."},
    )
    assert await _stored_uploads(committed_sessions) == stored_before  # nothing kept
    # a made-up upload id
    unknown = await graphql.data(
        APPLY, input=form(needs_cv.id, attachments=[{"uploadId": str(uuid.uuid4()), "kind": "CV"}])
    )
    assert unknown["applyToJob"]["errors"][0]["field"] == "attachments.0.uploadId"

    # the site's captcha: required, and checked (no verifier configured here: refused)
    async with committed_sessions() as session, session.begin():
        session.add(SiteSetting(site="cvsite", key="captcha", name="job_application", value=True))
    file_id = (await upload(service_url, pdf(), "cv.pdf")).json()["id"]
    attachments = [{"uploadId": file_id, "kind": "CV"}]
    no_token = await graphql.data(APPLY, input=form(needs_cv.id, attachments=attachments))
    assert no_token["applyToJob"]["errors"][0]["code"] == "CAPTCHA_REQUIRED"
    bad = await graphql.data(
        APPLY, input=form(needs_cv.id, attachments=attachments, captchaToken="nope")
    )
    assert bad["applyToJob"]["errors"][0]["code"] == "CAPTCHA_INVALID"
    assert await count(committed_sessions, needs_cv.id) == 0


async def test_an_application_counts_without_changing_the_jobs_last_change(
    graphql: GraphQLClient,
    committed_sessions: async_sessionmaker[AsyncSession],
) -> None:
    """updated_at is what the job's events announce (the sitemap's lastmod): a new application
    is no change of the job, only of its count."""
    org = organization()
    open_job = job(org, state="published")
    await persist(committed_sessions, org, open_job)

    async def stored() -> tuple[int, object]:
        async with committed_sessions() as session:
            row = (
                await session.execute(
                    select(Job.applications_count, Job.updated_at).where(Job.id == open_job.id)
                )
            ).one()
            return int(row[0]), row[1]

    _, changed = await stored()
    for _ in range(2):
        answer = await graphql.data(APPLY, input=form(open_job.id))
        assert answer["applyToJob"]["__typename"] == "ApplicationReceived", answer
    assert await stored() == (2, changed)


async def test_an_applicant_sees_their_applications_and_the_rate_limit_holds(
    graphql: GraphQLClient,
    tokens: TokenIssuer,
    committed_sessions: async_sessionmaker[AsyncSession],
) -> None:
    org = organization()
    jobs = [job(org, state="published") for _ in range(7)]
    await persist(committed_sessions, org, *jobs)
    applicant_id = uuid.uuid4()
    applicant = graphql.as_user(tokens.token(applicant_id, ["applicant"]))
    assert (await graphql.execute(MINE))["errors"][0]["extensions"]["code"] == "UNAUTHENTICATED"

    email = f"sam-{uuid.uuid4().hex[:6]}@example.org"
    answers = [
        (await applicant.data(APPLY, input=form(j.id, emailAddress=email)))["applyToJob"]
        for j in jobs[:6]
    ]
    assert [a["__typename"] for a in answers[:5]] == ["ApplicationReceived"] * 5
    assert answers[5]["errors"][0]["code"] == "RATE_LIMITED"
    mine = (await applicant.data(MINE))["myApplications"]
    assert len(mine) == 5
    assert {m["status"] for m in mine} == {"NEW"}
    assert mine[0]["job"]["title"] == "Community Health Worker"

    # sent as a visitor from the account's address: theirs once signed in
    await graphql.data(APPLY, input=form(jobs[6].id, emailAddress="Sam@Example.org"))
    signed_in = graphql.as_user(tokens.token(uuid.uuid4(), ["applicant"], email="sam@example.org"))
    assert [m["jobId"] for m in (await signed_in.data(MINE))["myApplications"]] == [str(jobs[6].id)]

    # each job says whether the caller applied to it (the job page's "You applied on ...")
    async def applied(client: GraphQLClient, target: Any) -> dict[str, Any] | None:
        found = await client.data(MINE_FOR_JOB, id=str(target.id))
        return found["job"]["myApplication"]

    first = await applied(applicant, jobs[0])
    assert first is not None
    assert (first["jobId"], first["status"]) == (str(jobs[0].id), "NEW")
    assert first["id"] == answers[0]["applicationId"]
    assert await applied(applicant, jobs[5]) is None  # refused by the rate limit
    mailed = await applied(signed_in, jobs[6])
    assert mailed is not None
    assert mailed["jobId"] == str(jobs[6].id)
    assert await applied(signed_in, jobs[0]) is None  # someone else's
    assert await applied(graphql, jobs[0]) is None  # visitors


async def test_notes_are_the_job_recruiters_and_the_job_filter_narrows_the_list(
    graphql: GraphQLClient,
    tokens: TokenIssuer,
    committed_sessions: async_sessionmaker[AsyncSession],
) -> None:
    org, other = organization(), organization(name="Elsewhere")
    first, second = job(org, state="published"), job(org, state="published")
    await persist(committed_sessions, org, other, first, second)
    recruiter_id, stranger_id = uuid.uuid4(), uuid.uuid4()
    await add_member(committed_sessions, org, recruiter_id)
    await add_member(committed_sessions, other, stranger_id)
    recruiter = graphql.as_user(tokens.token(recruiter_id, ["recruiter"]))
    stranger = graphql.as_user(tokens.token(stranger_id, ["recruiter"]))
    applicant = graphql.as_user(tokens.token(uuid.uuid4(), ["applicant"]))
    admin = graphql.as_user(tokens.token(uuid.uuid4(), ["administrator"]))
    ids = [
        (await graphql.data(APPLY, input=form(j.id)))["applyToJob"]["applicationId"]
        for j in (first, second, second)
    ]

    saved = (await recruiter.data(NOTES, id=ids[0], n="  Call on Monday. "))[
        "updateApplicationNotes"
    ]
    assert saved["application"] == {"id": ids[0], "notes": "Call on Monday."}
    by_admin = (await admin.data(NOTES, id=ids[0], n="Checked."))["updateApplicationNotes"]
    assert by_admin["application"]["notes"] == "Checked."
    # RecruiterScope: visitors are unauthenticated, applicants forbidden (top-level errors)
    anonymous = await graphql.execute(NOTES, id=ids[0], n="x")
    assert anonymous["errors"][0]["extensions"]["code"] == "UNAUTHENTICATED"
    not_a_recruiter = await applicant.execute(NOTES, id=ids[0], n="x")
    assert not_a_recruiter["errors"][0]["extensions"]["code"] == "FORBIDDEN"
    # may_manage: another organization's recruiter is refused as data
    refused = (await stranger.data(NOTES, id=ids[0], n="x"))["updateApplicationNotes"]
    assert refused["errors"] == [{"field": None, "code": "FORBIDDEN"}]
    too_long = (await recruiter.data(NOTES, id=ids[0], n="x" * 20_001))["updateApplicationNotes"]
    assert too_long["errors"] == [{"field": "notes", "code": "TOO_LONG"}]
    unknown = (await recruiter.data(NOTES, id=str(uuid.uuid4()), n="x"))["updateApplicationNotes"]
    assert unknown["errors"] == [{"field": "id", "code": "NOT_FOUND"}]

    everything = await recruiter.data(ORG_APPLICATIONS_OF_JOB, o=str(org.id))
    assert everything["organizationApplications"]["total"] == 3
    only_second = await recruiter.data(ORG_APPLICATIONS_OF_JOB, o=str(org.id), j=str(second.id))
    assert only_second["organizationApplications"]["total"] == 2
    assert {a["id"] for a in only_second["organizationApplications"]["applications"]} == set(
        ids[1:]
    )
    # a job of another organization filters to nothing (the organization still decides)
    foreign = job(other, state="published")
    await persist(committed_sessions, foreign)
    await graphql.data(APPLY, input=form(foreign.id))
    crossed = await recruiter.data(ORG_APPLICATIONS_OF_JOB, o=str(org.id), j=str(foreign.id))
    assert crossed["organizationApplications"]["total"] == 0


ANONYMIZED = """query($o: ID!) { organizationApplications(organizationId: $o) {
  applications { id firstName lastName anonymized } } }"""


async def test_an_anonymized_application_says_so_to_the_recruiter(
    graphql: GraphQLClient,
    tokens: TokenIssuer,
    committed_sessions: async_sessionmaker[AsyncSession],
) -> None:
    org = organization()
    open_job = job(org, state="published")
    await persist(committed_sessions, org, open_job)
    recruiter_id = uuid.uuid4()
    await add_member(committed_sessions, org, recruiter_id)
    recruiter = graphql.as_user(tokens.token(recruiter_id, ["recruiter"]))
    kept, erased = [
        (await graphql.data(APPLY, input=form(open_job.id)))["applyToJob"]["applicationId"]
        for _ in range(2)
    ]
    async with committed_sessions() as session, session.begin():
        await anonymize_applications(
            session,
            storage=storage_from_settings(JobsSettings()),
            application_ids=[uuid.UUID(erased)],
        )

    listed = (await recruiter.data(ANONYMIZED, o=str(org.id)))["organizationApplications"]
    assert {a["id"]: (a["firstName"], a["anonymized"]) for a in listed["applications"]} == {
        kept: ("Ada", False),
        erased: ("", True),
    }
