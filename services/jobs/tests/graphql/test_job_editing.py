"""Recruiters create jobs and edit every form group through GraphQL: descriptions sanitized by
role, validation as data, and nobody outside the organization changes or sees a draft."""

from __future__ import annotations

import json
import uuid
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from jobkit.testing.graphql import GraphQLClient
from jobkit.testing.service import persist
from jobkit.testing.tokens import TokenIssuer
from jobs.db import outbox
from jobs.domain.models import KnownOrganization
from jobs.domain.structured_data import RULES
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from services.jobs.tests.factories import add_member, application, organization, seed_terms

pytestmark = pytest.mark.integration

JOB_FIELDS = """id slug url { path } type state version isExternal canEdit title linkUrl
  description videoUrl videoEmbedUrl organizationName organization { id }
  organizationProfile { id } locations { address { locality countryCode lat lon } }
  remoteOptions { tid } employmentType { tid } degreeLevel { tid }
  salaryRange { minSalary maxSalary currencyCode salaryUnit } applicationWorkflow
  applicationEmails refusal { reason message } published expiration duration
  structuredDataHints { property level } jsonLd applicationsCount"""
RESULT = f"""__typename
  ... on JobSaved {{ job {{ {JOB_FIELDS} }} }}
  ... on JobErrors {{ message errors {{ field code message }} }}"""
CREATE = f"mutation($i: CreateJobInput!) {{ createJob(input: $i) {{ {RESULT} }} }}"
JOB = f"query($id: ID, $slug: String) {{ job(id: $id, slug: $slug) {{ {JOB_FIELDS} }} }}"


def _mutation(name: str, input_type: str) -> str:
    return f"mutation($id: ID!, $i: {input_type}!) {{ {name}(id: $id, input: $i) {{ {RESULT} }} }}"


UPDATE = {
    "info": _mutation("updateJobInfo", "JobInfoInput"),
    "company": _mutation("updateJobCompanyInfo", "CompanyInfoJobInput"),
    "location": _mutation("updateJobLocation", "JobLocationGroupInput"),
    "categorization": _mutation("updateJobCategorization", "JobCategorizationInput"),
    "schedule": _mutation("updateJobSchedule", "JobScheduleInput"),
    "application": _mutation("updateJobApplicationOptions", "JobApplicationOptionsInput"),
}
ARCHIVE = f"mutation($id: ID!) {{ archiveJob(id: $id) {{ {RESULT} }} }}"
PUBLISH = f"mutation($id: ID!) {{ publishJob(id: $id) {{ {RESULT} }} }}"
DUPLICATE = f"mutation($id: ID!) {{ duplicateJob(id: $id) {{ {RESULT} }} }}"
DELETE = """mutation($id: ID!) { deleteJob(id: $id) { __typename ... on JobDeleted { id }
  ... on JobErrors { message errors { field code message } } } }"""


BOSTON = {"address": {"countryCode": "US", "locality": "Boston"}}
REMOTE = 3302  # the remote_options term "Remote"
APPLICANT_COUNTRY_MESSAGE = next(
    rule.message for rule in RULES if rule.property == "applicantLocationRequirements"
)


@pytest.fixture(scope="module", autouse=True)
async def vocabulary(service_engine: Any) -> None:
    from jobkit.db import make_sessionmaker

    await seed_terms(make_sessionmaker(service_engine))


class Recruiters:
    """An organization with a recruiter member, and a client for them."""

    def __init__(self, org: KnownOrganization, user: uuid.UUID, client: GraphQLClient) -> None:
        self.org, self.user, self.client = org, user, client

    async def create(self, title: str = "Community Health Worker", **extra: Any) -> dict[str, Any]:
        answer = await self.client.data(
            CREATE, i={"organizationId": str(self.org.id), "title": title, **extra}
        )
        return dict(answer["createJob"])

    async def update(self, group: str, id: str, **input: Any) -> dict[str, Any]:
        return dict((await self.client.data(UPDATE[group], id=id, i=input)).popitem()[1])


async def _recruiters(
    graphql: GraphQLClient,
    tokens: TokenIssuer,
    committed_sessions: async_sessionmaker[AsyncSession],
    roles: list[str] | None = None,
) -> Recruiters:
    org = organization(name=f"Org {uuid.uuid4().hex[:6]}")
    await persist(committed_sessions, org)
    user = uuid.uuid4()
    await add_member(committed_sessions, org, user)
    return Recruiters(org, user, graphql.as_user(tokens.token(user, roles or ["recruiter"])))


@pytest.fixture
async def team(
    graphql: GraphQLClient,
    tokens: TokenIssuer,
    committed_sessions: async_sessionmaker[AsyncSession],
) -> Recruiters:
    return await _recruiters(graphql, tokens, committed_sessions)


@pytest.fixture
async def other_team(
    graphql: GraphQLClient,
    tokens: TokenIssuer,
    committed_sessions: async_sessionmaker[AsyncSession],
) -> Recruiters:
    return await _recruiters(graphql, tokens, committed_sessions)


def _errors(answer: dict[str, Any]) -> dict[str | None, str]:
    assert answer["__typename"] == "JobErrors", answer
    return {e["field"]: e["code"] for e in answer["errors"]}


async def test_a_recruiter_creates_a_draft_and_fills_every_group(team: Recruiters) -> None:
    created = await team.create("Community Health Worker (m/f/d)")
    job = created["job"]
    assert job["state"] == "DRAFT"
    assert job["version"] == 1
    assert job["slug"] == "community-health-worker-m-f-d"
    assert job["url"] == {"path": "/job/community-health-worker-m-f-d"}
    assert job["organizationName"] == team.org.name
    assert job["organization"] == {"id": str(team.org.id)}
    assert job["canEdit"] is True

    id = job["id"]
    saved = await team.update(
        "info",
        id,
        title="Ignored: the edit form hides the title",
        description="<p>Visit <strong>families</strong></p>",
        videoUrl="https://www.youtube.com/watch?v=abc123",
    )
    assert saved["job"]["title"] == "Community Health Worker (m/f/d)"
    assert saved["job"]["videoEmbedUrl"] == "https://www.youtube-nocookie.com/embed/abc123"
    saved = await team.update(
        "location",
        id,
        locations=[{"address": {"countryCode": "us", "locality": "Boston", "zip": "02110"}}],
        remoteOptionTids=[3302],
    )
    assert saved["job"]["locations"] == [
        {"address": {"locality": "Boston", "countryCode": "US", "lat": 42.3601, "lon": -71.0589}}
    ]
    assert saved["job"]["remoteOptions"] == [{"tid": 3302}]
    saved = await team.update(
        "categorization",
        id,
        employmentTypeTids=[3000, 3000],
        degreeLevelTid=4200,
        salaryRange={
            "minSalary": 40000,
            "maxSalary": 52000,
            "currencyCode": "usd",
            "salaryUnit": "YEAR",
        },
    )
    assert saved["job"]["employmentType"] == [{"tid": 3000}]
    assert saved["job"]["salaryRange"]["currencyCode"] == "USD"
    expiration = (datetime.now(UTC) + timedelta(days=20)).isoformat()
    saved = await team.update("schedule", id, expiration=expiration)
    assert saved["job"]["expiration"] is not None
    saved = await team.update(
        "application", id, applicationWorkflow="EMAIL", applicationEmails=["Jobs@Harbor.example"]
    )
    assert saved["job"]["applicationEmails"] == ["jobs@harbor.example"]
    assert saved["job"]["version"] == 6
    assert saved["job"]["structuredDataHints"] == [
        {"property": "hiringOrganization.logo", "level": "recommended"}
    ]


async def test_descriptions_are_sanitized_by_the_authors_role(
    team: Recruiters,
    graphql: GraphQLClient,
    tokens: TokenIssuer,
    committed_sessions: async_sessionmaker[AsyncSession],
) -> None:
    id = (await team.create())["job"]["id"]
    dirty = (
        '<p onclick="x()">Hi<script>alert(1)</script><img src=x onerror="alert(1)"></p>'
        '<iframe src="https://www.youtube-nocookie.com/embed/abc"></iframe>'
        '<iframe src="https://evil.example/embed"></iframe>'
    )
    recruiter = (await team.update("info", id, description=dirty))["job"]["description"]
    assert "script" not in recruiter
    assert "onerror" not in recruiter
    assert "onclick" not in recruiter
    assert "<iframe" not in recruiter  # the filtered format embeds nothing
    assert "<img" not in recruiter
    assert recruiter.startswith("<p>Hi")

    admin = graphql.as_user(tokens.token(roles=["job_editor"]))
    full = (await admin.data(UPDATE["info"], id=id, i={"description": dirty}))["updateJobInfo"]
    html = full["job"]["description"]
    assert "script" not in html
    assert "onerror" not in html
    assert 'src="https://www.youtube-nocookie.com/embed/abc"' in html  # an allowed video host
    assert "evil.example" not in html
    assert html.count("<iframe") == 1


async def test_invalid_input_answers_errors_as_data(team: Recruiters) -> None:
    assert _errors(await team.create("x" * 10_000)) == {"title": "TOO_LONG"}
    assert _errors(await team.create("")) == {"title": "TOO_SHORT"}
    id = (await team.create())["job"]["id"]
    salary = {"minSalary": 60000, "maxSalary": 50000, "currencyCode": "EUR", "salaryUnit": "YEAR"}
    assert _errors(await team.update("categorization", id, salaryRange=salary)) == {
        "salaryRange.minSalary": "OUT_OF_RANGE"
    }
    salary |= {"minSalary": 1, "currencyCode": "EURO"}
    assert _errors(await team.update("categorization", id, salaryRange=salary)) == {
        "salaryRange.currencyCode": "INVALID"
    }
    assert _errors(
        await team.update("categorization", id, employmentTypeTids=[3000, 999999], skillTids=[3000])
    ) == {"employmentTypeTids": "UNKNOWN_TERM", "skillTids": "UNKNOWN_TERM"}
    past = (datetime.now(UTC) - timedelta(days=1)).isoformat()
    assert _errors(await team.update("schedule", id, expiration=past)) == {
        "expiration": "IN_THE_PAST"
    }
    assert _errors(await team.update("schedule", id, duration=0)) == {"duration": "OUT_OF_RANGE"}
    assert _errors(
        await team.update(
            "application", id, applicationWorkflow="EMAIL", applicationEmails=["nobody"]
        )
    ) == {"applicationEmails.0": "INVALID"}
    assert _errors(await team.update("info", id, linkUrl="ftp://example.org/job")) == {
        "linkUrl": "INVALID"
    }
    assert _errors(await team.update("info", id, fileUploadId=str(uuid.uuid4()))) == {
        "fileUploadId": "UNKNOWN_UPLOAD"
    }
    job = (await team.client.data(JOB, id=id))["job"]
    assert job["version"] == 1  # nothing was saved


async def test_another_organizations_recruiter_cannot_edit_archive_or_see_the_draft(
    team: Recruiters, other_team: Recruiters, graphql: GraphQLClient
) -> None:
    id = (await team.create())["job"]["id"]
    assert _errors(await other_team.update("info", id, description="<p>mine</p>")) == {
        None: "FORBIDDEN"
    }
    archived = (await other_team.client.data(ARCHIVE, id=id))["archiveJob"]
    assert _errors(archived) == {None: "FORBIDDEN"}
    assert _errors((await other_team.client.data(DUPLICATE, id=id))["duplicateJob"]) == {
        None: "FORBIDDEN"
    }
    assert (await other_team.client.data(JOB, id=id))["job"] is None
    assert (await graphql.data(JOB, id=id))["job"] is None
    entities = await graphql.data(
        "query($r: [_Any!]!) { _entities(representations: $r) { ... on Job { id } } }",
        r=[{"__typename": "Job", "id": id}],
    )
    assert entities["_entities"] == [None]
    # a recruiter may not create jobs for an organization they are not a member of
    created = await other_team.client.data(
        CREATE, i={"organizationId": str(team.org.id), "title": "Mine now"}
    )
    assert _errors(created["createJob"]) == {None: "FORBIDDEN"}
    # visitors are not even recruiters
    body = await graphql.execute(ARCHIVE, id=id)
    assert body["errors"][0]["extensions"]["code"] == "UNAUTHENTICATED"
    assert (await team.client.data(JOB, id=id))["job"]["state"] == "DRAFT"


async def test_every_change_bumps_the_version_and_emits_an_event(
    team: Recruiters, committed_sessions: async_sessionmaker[AsyncSession]
) -> None:
    id = (await team.create())["job"]["id"]
    await team.update("company", id, organizationId=str(team.org.id), organizationAssignment="X")
    saved = await team.update("info", id, description="<p>Now described</p>")
    assert saved["job"]["version"] == 3
    async with committed_sessions() as session:
        rows = (
            await session.execute(
                select(outbox.c.event_type).where(outbox.c.key == id).order_by(outbox.c.id)
            )
        ).all()
    assert [r.event_type for r in rows] == [
        "jobs.job.created",
        "jobs.job.updated",
        "jobs.job.updated",
    ]


async def test_a_link_job_is_not_editable_once_submitted(team: Recruiters) -> None:
    created = await team.create("Field officer", type="JOB_PER_LINK", linkUrl="https://a.org/j/1")
    job = created["job"]
    assert job["isExternal"] is True
    assert job["linkUrl"] == "https://a.org/j/1"
    await team.update("location", job["id"], locations=[BOSTON])
    published = (await team.client.data(PUBLISH, id=job["id"]))["publishJob"]
    assert published["job"]["state"] == "AWAITING_SLOT"
    assert _errors(await team.update("info", job["id"], linkUrl="https://a.org/j/2")) == {
        "id": "NOT_EDITABLE"
    }


async def test_publishing_needs_a_description_a_location_and_a_draft(team: Recruiters) -> None:
    id = (await team.create())["job"]["id"]
    assert _errors((await team.client.data(PUBLISH, id=id))["publishJob"]) == {
        "description": "REQUIRED",
        "locations": "REQUIRED",
    }
    await team.update("info", id, description="<p>Described</p>")
    await team.update("location", id, locations=[BOSTON])
    published = (await team.client.data(PUBLISH, id=id))["publishJob"]
    assert published["job"]["state"] == "AWAITING_SLOT"
    assert _errors((await team.client.data(PUBLISH, id=id))["publishJob"]) == {
        "state": "INVALID_TRANSITION"
    }
    # archived before publication: the slot request is withdrawn
    archived = (await team.client.data(ARCHIVE, id=id))["archiveJob"]
    assert archived["job"]["state"] == "ARCHIVED"
    copy = (await team.client.data(DUPLICATE, id=id))["duplicateJob"]["job"]
    assert copy["state"] == "DRAFT"
    assert copy["id"] != id
    assert copy["description"] == "<p>Described</p>"
    assert copy["slug"] != archived["job"]["slug"]


async def test_a_remote_job_without_the_country_applicants_must_live_in_is_not_published(
    team: Recruiters,
) -> None:
    id = (await team.create())["job"]["id"]
    await team.update("info", id, description="<p>Work with us from home.</p>")
    await team.update("location", id, locations=[], remoteOptionTids=[REMOTE])
    hints = (await team.client.data(JOB, id=id))["job"]["structuredDataHints"]
    assert {"property": "applicantLocationRequirements", "level": "required"} in hints

    refused = (await team.client.data(PUBLISH, id=id))["publishJob"]
    assert refused["__typename"] == "JobErrors"
    assert refused["errors"] == [
        {"field": "locations", "code": "REQUIRED", "message": APPLICANT_COUNTRY_MESSAGE}
    ]
    assert (await team.client.data(JOB, id=id))["job"]["state"] == "DRAFT"

    # a town in the country its applicants must live in, and it may go
    await team.update("location", id, locations=[BOSTON], remoteOptionTids=[REMOTE])
    hints = (await team.client.data(JOB, id=id))["job"]["structuredDataHints"]
    assert all(hint["level"] == "recommended" for hint in hints)
    published = (await team.client.data(PUBLISH, id=id))["publishJob"]
    assert published["job"]["state"] == "AWAITING_SLOT", published


async def test_an_edit_never_breaks_a_rule_that_a_job_on_its_way_or_live_keeps(
    team: Recruiters,
) -> None:
    id = (await team.create())["job"]["id"]
    await team.update("info", id, description="<p>Work with us from home.</p>")
    await team.update("location", id, locations=[BOSTON], remoteOptionTids=[REMOTE])
    assert (await team.client.data(PUBLISH, id=id))["publishJob"]["job"]["state"] == (
        "AWAITING_SLOT"
    )
    # taking the last place away would leave the page without the country applicants need
    refused = await team.update("location", id, locations=[], remoteOptionTids=[REMOTE])
    assert refused["errors"] == [
        {"field": "locations", "code": "REQUIRED", "message": APPLICANT_COUNTRY_MESSAGE}
    ]
    job = (await team.client.data(JOB, id=id))["job"]
    assert job["locations"][0]["address"]["locality"] == "Boston"
    assert job["version"] == 4  # nothing written
    # an edit that keeps the rules goes through
    saved = await team.update("info", id, description="<p>Work with us from anywhere.</p>")
    assert saved["job"]["description"] == "<p>Work with us from anywhere.</p>"
    # a draft may be anything until it is published
    draft = (await team.create("Remote draft"))["job"]["id"]
    assert (await team.update("location", draft, locations=[], remoteOptionTids=[REMOTE]))[
        "__typename"
    ] == "JobSaved"


QUESTIONS = """query($id: ID) { job(id: $id) { applicationsCount applicationQualifyingQuestions {
  question type options knockOutAnswers } } }"""


async def test_typed_qualifying_questions_keep_their_knock_outs_private(
    team: Recruiters,
    graphql: GraphQLClient,
    committed_sessions: async_sessionmaker[AsyncSession],
) -> None:
    id = (await team.create())["job"]["id"]
    questions = [
        {"question": "Do you hold a driving licence?", "type": "YES_NO", "knockOutAnswers": ["no"]},
        {
            "question": "Which shift suits you?",
            "type": "SINGLE_CHOICE",
            "options": ["Days", "Nights", "Days"],
        },
    ]
    refused = await team.update(
        "application",
        id,
        applicationRequireQualifyingQuestions=True,
        applicationQualifyingQuestions=questions,
    )
    assert _errors(refused) == {"applicationQualifyingQuestions.1.options": "INVALID"}
    questions[1]["options"] = ["Days", "Nights"]
    questions[1]["knockOutAnswers"] = ["nights"]
    questions.append({"question": "Why us?"})
    saved = await team.update(
        "application",
        id,
        applicationRequireQualifyingQuestions=True,
        applicationQualifyingQuestions=questions,
    )
    assert saved["__typename"] == "JobSaved", saved
    mine = (await team.client.data(QUESTIONS, id=id))["job"]
    assert mine["applicationsCount"] == 0
    assert mine["applicationQualifyingQuestions"] == [
        {
            "question": "Do you hold a driving licence?",
            "type": "YES_NO",
            "options": ["yes", "no"],
            "knockOutAnswers": ["no"],
        },
        {
            "question": "Which shift suits you?",
            "type": "SINGLE_CHOICE",
            "options": ["Days", "Nights"],
            "knockOutAnswers": ["Nights"],
        },
        {"question": "Why us?", "type": "FREE_TEXT", "options": [], "knockOutAnswers": []},
    ]
    # published, a visitor sees the questions but neither the knock-outs nor the count
    from jobs.domain.models import Job as JobModel

    async with committed_sessions() as session, session.begin():
        row = await session.get(JobModel, uuid.UUID(id))
        assert row is not None
        row.state = "published"
    public = (await graphql.data(QUESTIONS, id=id))["job"]
    assert public["applicationsCount"] is None
    assert [q["knockOutAnswers"] for q in public["applicationQualifyingQuestions"]] == [[], [], []]
    assert public["applicationQualifyingQuestions"][1]["options"] == ["Days", "Nights"]


RENAME = f"mutation($id: ID!, $t: String!) {{ renameJob(id: $id, title: $t) {{ {RESULT} }} }}"


async def test_renaming_a_job_moves_its_slug_and_the_former_one_still_finds_it(
    team: Recruiters, other_team: Recruiters, graphql: GraphQLClient
) -> None:
    created = (await team.create(title="Harbour Warden"))["job"]
    first = created["slug"]
    renamed = (await team.client.data(RENAME, id=created["id"], t="Senior Harbour Warden"))[
        "renameJob"
    ]
    assert renamed["__typename"] == "JobSaved", renamed
    second = renamed["job"]["slug"]
    assert second.startswith("senior-harbour-warden")
    assert second != first
    assert renamed["job"]["title"] == "Senior Harbour Warden"
    assert renamed["job"]["url"]["path"] == f"/job/{second}"
    assert renamed["job"]["version"] == created["version"] + 1
    # the former slug finds the job, whose current slug tells the page to redirect
    assert (await team.client.data(JOB, slug=first))["job"]["slug"] == second
    # renamed back: the first slug comes back rather than a numbered one
    back = (await team.client.data(RENAME, id=created["id"], t="Harbour Warden"))["renameJob"]
    assert back["job"]["slug"] == first
    # a case-only change keeps the slug; bad titles and strangers get errors as data
    same = (await team.client.data(RENAME, id=created["id"], t="HARBOUR WARDEN"))["renameJob"]
    assert same["job"]["slug"] == first
    blank = (await team.client.data(RENAME, id=created["id"], t="   "))["renameJob"]
    assert blank["__typename"] == "JobErrors"
    stranger = (await other_team.client.data(RENAME, id=created["id"], t="Mine"))["renameJob"]
    assert _errors(stranger) == {None: "FORBIDDEN"}
    body = await graphql.execute(RENAME, id=created["id"], t="Anonymous")
    assert body["errors"][0]["extensions"]["code"] == "UNAUTHENTICATED"


async def test_a_draft_is_deleted_for_good_by_its_recruiters_only(
    team: Recruiters,
    other_team: Recruiters,
    graphql: GraphQLClient,
    committed_sessions: async_sessionmaker[AsyncSession],
) -> None:
    id = (await team.create())["job"]["id"]
    assert _errors((await other_team.client.data(DELETE, id=id))["deleteJob"]) == {
        None: "FORBIDDEN"
    }
    body = await graphql.execute(DELETE, id=id)
    assert body["errors"][0]["extensions"]["code"] == "UNAUTHENTICATED"

    assert (await team.client.data(DELETE, id=id))["deleteJob"] == {
        "__typename": "JobDeleted",
        "id": id,
    }
    assert (await team.client.data(JOB, id=id))["job"] is None
    async with committed_sessions() as session:
        rows = (
            await session.execute(
                select(outbox.c.event_type, outbox.c.body)
                .where(outbox.c.key == id)
                .order_by(outbox.c.id)
            )
        ).all()
    assert [r.event_type for r in rows] == ["jobs.job.created", "jobs.job.deleted"]
    deleted = json.loads(rows[-1].body)
    # after the last snapshot's version: a late snapshot never outranks the deletion
    assert deleted["aggregate_version"] == 2
    assert deleted["payload"] == {
        "job_id": id,
        "site": "jobboard",
        "organization_id": str(team.org.id),
        "organization_number": team.org.number,
    }
    # gone: a second deletion finds nothing
    assert _errors((await team.client.data(DELETE, id=id))["deleteJob"]) == {"id": "NOT_FOUND"}


async def test_a_job_that_went_out_is_archived_first_and_stays_once_applied_to(
    team: Recruiters, committed_sessions: async_sessionmaker[AsyncSession]
) -> None:
    id = (await team.create())["job"]["id"]
    await team.update("info", id, description="<p>Described</p>")
    await team.update("location", id, locations=[BOSTON])
    assert (await team.client.data(PUBLISH, id=id))["publishJob"]["job"]["state"] == "AWAITING_SLOT"
    refused = (await team.client.data(DELETE, id=id))["deleteJob"]
    assert _errors(refused) == {None: "INVALID_TRANSITION"}
    assert "archive this job first" in refused["errors"][0]["message"]

    assert (await team.client.data(ARCHIVE, id=id))["archiveJob"]["job"]["state"] == "ARCHIVED"
    await persist(committed_sessions, application(uuid.UUID(id), team.org.id))
    refused = (await team.client.data(DELETE, id=id))["deleteJob"]
    assert _errors(refused) == {None: "HAS_APPLICATIONS"}
    assert (await team.client.data(JOB, id=id))["job"]["state"] == "ARCHIVED"
