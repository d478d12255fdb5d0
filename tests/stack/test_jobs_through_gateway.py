"""The running stack: a recruiter posts a job through the gateway and billing's slot saga answers
over the real broker. With a slot the job is published and its page data carries a JobPosting;
for the demo organization without slots it goes back to draft with the reason. Another
organization's recruiter can neither see the draft nor change or archive the job."""

from __future__ import annotations

import asyncio
import json
import uuid
from typing import Any

import httpx
import pytest
from jobkit.testing.graphql import GraphQLClient

from tests.stack.test_gateway_reaches_every_subgraph import GATEWAY_URL, WEB_URL, token_for
from tests.stack.test_organizations_through_gateway import _signed_in

pytestmark = pytest.mark.integration

ORGANIZATION = """query($slug: String!) { organizationProfile(slug: $slug) {
  organization { id number } } }"""
CREATE = """mutation($input: CreateJobInput!) { createJob(input: $input) {
  __typename ... on JobSaved { job { id state slug } }
  ... on JobErrors { errors { field code message } } } }"""
JOB = """query($id: ID!) { job(id: $id) { id slug state version title jsonLd
  refusal { reason message } url { path } } }"""
SAVED = (
    "__typename ... on JobSaved { job { id state version } } "
    "... on JobErrors { errors { field code message } }"
)


async def _organization(slug: str) -> dict[str, Any]:
    data = await GraphQLClient(GATEWAY_URL).data(ORGANIZATION, slug=slug)
    organization: dict[str, Any] = data["organizationProfile"]["organization"]
    return organization


async def grant_job_credit(admin: GraphQLClient, organization: dict[str, Any]) -> None:
    """One job credit for the organization, as an administrator grants it (billing)."""
    granted = await admin.data(
        "mutation($n: Int!) { grantCredits(organizationId: $n, kind: JOB, amount: 1) "
        "{ __typename } }",
        n=organization["number"],
    )
    assert granted["grantCredits"]["__typename"] != "BillingErrors", granted


async def _draft(client: GraphQLClient, organization_id: str, title: str) -> str:
    created = (
        await client.data(CREATE, input={"organizationId": organization_id, "title": title})
    )["createJob"]
    assert created["__typename"] == "JobSaved", created
    job_id: str = created["job"]["id"]
    assert created["job"]["state"] == "DRAFT"
    for mutation, payload in (
        (
            "updateJobInfo",
            {"description": "<p>Help our coastal teams.</p><script>alert(1)</script>"},
        ),
        (
            "updateJobLocation",
            {"locations": [{"address": {"countryCode": "US", "locality": "Boston"}}]},
        ),
        (
            "updateJobCategorization",
            {
                "employmentTypeTids": [3000],
                "salaryRange": {
                    "minSalary": 50000,
                    "maxSalary": 60000,
                    "currencyCode": "USD",
                    "salaryUnit": "YEAR",
                },
            },
        ),
    ):
        answer = await client.data(
            f"mutation($id: ID!, $input: {_input_type(mutation)}!) "
            f"{{ {mutation}(id: $id, input: $input) {{ {SAVED} }} }}",
            id=job_id,
            input=payload,
        )
        assert answer[mutation]["__typename"] == "JobSaved", answer
    return job_id


async def delete_for_good(client: GraphQLClient, job_id: str) -> None:
    """Its recruiter deletes the test's job (a draft, or one archived without applications), so
    the demo organization's job manager does not collect one a run."""
    answer = await client.data(
        "mutation($id: ID!) { deleteJob(id: $id) { __typename "
        "... on JobErrors { errors { code message } } } }",
        id=job_id,
    )
    assert answer["deleteJob"]["__typename"] == "JobDeleted", answer


def _input_type(mutation: str) -> str:
    return {
        "updateJobInfo": "JobInfoInput",
        "updateJobLocation": "JobLocationGroupInput",
        "updateJobCategorization": "JobCategorizationInput",
    }[mutation]


async def _settled(client: GraphQLClient, job_id: str) -> dict[str, Any]:
    """The job once billing's answer arrived (no longer AWAITING_SLOT)."""
    deadline = asyncio.get_running_loop().time() + 60
    while True:
        job: dict[str, Any] = (await client.data(JOB, id=job_id))["job"]
        if job["state"] != "AWAITING_SLOT":
            return job
        assert asyncio.get_running_loop().time() < deadline, "billing never answered"
        await asyncio.sleep(0.3)


async def test_a_job_with_a_slot_is_published_and_its_page_data_has_a_job_posting() -> None:
    organization = await _organization("green-harbor-foundation")
    admin = GraphQLClient(GATEWAY_URL, token=token_for(str(uuid.uuid4()), ["administrator"]))
    await grant_job_credit(admin, organization)
    recruiter = await _signed_in("recruiter@greenharbor.example")
    job_id = await _draft(
        recruiter, organization["id"], f"Wetland Field Technician {uuid.uuid4().hex[:6]}"
    )

    published = await recruiter.data(
        f"mutation($id: ID!) {{ publishJob(id: $id) {{ {SAVED} }} }}", id=job_id
    )
    assert published["publishJob"]["job"]["state"] == "AWAITING_SLOT", published
    job = await _settled(recruiter, job_id)
    assert job["state"] == "PUBLISHED", job

    public = (await GraphQLClient(GATEWAY_URL).data(JOB, id=job_id))["job"]
    assert public["url"]["path"] == f"/job/{public['slug']}"
    posting = json.loads(public["jsonLd"])
    assert posting["@type"] == "JobPosting"
    assert posting["title"] == public["title"]
    assert "<script>" not in posting["description"]
    assert posting["baseSalary"]["currency"] == "USD"
    assert posting["baseSalary"]["value"]["minValue"] == 50000
    assert posting["employmentType"] in ("FULL_TIME", ["FULL_TIME"])
    assert posting["jobLocation"][0]["address"]["addressLocality"] == "Boston"

    # its recruiter takes it down again and deletes it: the demo board does not collect one
    archived = await recruiter.data(
        f"mutation($id: ID!) {{ archiveJob(id: $id) {{ {SAVED} }} }}", id=job_id
    )
    assert archived["archiveJob"]["job"]["state"] == "ARCHIVED", archived
    await delete_for_good(recruiter, job_id)


async def test_the_organization_without_slots_is_refused_with_the_reason() -> None:
    organization = await _organization("northlight-climate-action")
    recruiter = await _signed_in("recruiter@openmeadow.example")
    job_id = await _draft(
        recruiter, organization["id"], f"Climate Campaigner {uuid.uuid4().hex[:6]}"
    )
    await recruiter.data(f"mutation($id: ID!) {{ publishJob(id: $id) {{ {SAVED} }} }}", id=job_id)
    try:
        job = await _settled(recruiter, job_id)
        assert job["state"] == "DRAFT"
        assert job["refusal"]["reason"] == "no_slots_left"
        assert "/my-products" in job["refusal"]["message"]
        assert job["jsonLd"] is None
    finally:
        await delete_for_good(recruiter, job_id)


async def test_another_organizations_recruiter_cannot_see_change_or_archive_a_draft() -> None:
    organization = await _organization("green-harbor-foundation")
    owner = await _signed_in("recruiter@greenharbor.example")
    job_id = await _draft(owner, organization["id"], f"Draft Role {uuid.uuid4().hex[:6]}")

    stranger = await _signed_in("recruiter@europa-aid.example")
    assert (await stranger.data(JOB, id=job_id))["job"] is None
    assert (await GraphQLClient(GATEWAY_URL).data(JOB, id=job_id))["job"] is None
    changed = await stranger.data(
        f'mutation($id: ID!) {{ updateJobInfo(id: $id, input: {{description: "<p>mine</p>"}}) '
        f"{{ {SAVED} }} }}",
        id=job_id,
    )
    assert changed["updateJobInfo"]["__typename"] == "JobErrors"
    assert changed["updateJobInfo"]["errors"][0]["code"] == "FORBIDDEN"
    archived = await stranger.data(
        f"mutation($id: ID!) {{ archiveJob(id: $id) {{ {SAVED} }} }}", id=job_id
    )
    assert archived["archiveJob"]["errors"][0]["code"] == "FORBIDDEN"
    mine = (await owner.data(JOB, id=job_id))["job"]
    assert mine["state"] == "DRAFT"
    assert mine["version"] >= 1
    await delete_for_good(owner, job_id)

    visitor = await GraphQLClient(GATEWAY_URL).execute(
        CREATE, input={"organizationId": organization["id"], "title": "Nope"}
    )
    assert visitor["errors"][0]["extensions"]["code"] == "UNAUTHENTICATED"


async def test_bad_input_is_answered_as_data() -> None:
    organization = await _organization("green-harbor-foundation")
    owner = await _signed_in("recruiter@greenharbor.example")
    too_long = (
        await owner.data(
            CREATE, input={"organizationId": organization["id"], "title": "x" * 10_000}
        )
    )["createJob"]
    assert too_long["__typename"] == "JobErrors"
    assert too_long["errors"][0]["field"] == "title"
    job_id = await _draft(owner, organization["id"], f"Validation Role {uuid.uuid4().hex[:6]}")
    answer = await owner.data(
        f"mutation($id: ID!, $input: JobCategorizationInput!) "
        f"{{ updateJobCategorization(id: $id, input: $input) {{ {SAVED} }} }}",
        id=job_id,
        input={
            "employmentTypeTids": [987654321],
            "salaryRange": {
                "minSalary": 90000,
                "maxSalary": 10000,
                "currencyCode": "USD",
                "salaryUnit": "YEAR",
            },
        },
    )
    codes = {e["code"] for e in answer["updateJobCategorization"]["errors"]}
    assert {"UNKNOWN_TERM", "OUT_OF_RANGE"} <= codes
    past = await owner.data(
        f"mutation($id: ID!) {{ updateJobSchedule(id: $id, input: "
        f'{{expiration: "2020-01-01T00:00:00+00:00"}}) {{ {SAVED} }} }}',
        id=job_id,
    )
    assert past["updateJobSchedule"]["errors"][0]["code"] == "IN_THE_PAST"
    await delete_for_good(owner, job_id)


async def test_an_expired_job_page_says_gone_to_visitors_without_json_ld() -> None:
    organization = await _organization("green-harbor-foundation")
    member = await _signed_in("recruiter@greenharbor.example")
    expired = await member.data(
        "query($id: ID!) { organizationJobs(organizationId: $id, states: [EXPIRED], limit: 1) "
        "{ jobs { slug } } }",
        id=organization["id"],
    )
    slug = expired["organizationJobs"]["jobs"][0]["slug"]
    async with httpx.AsyncClient(base_url=WEB_URL) as client:
        page = await client.get(f"/job/{slug}")
    assert page.status_code == 410
    assert "application/ld+json" not in page.text
    assert "noindex" in page.text


async def test_applying_to_an_archived_or_expired_job_through_the_gateway_is_refused() -> None:
    organization = await _organization("green-harbor-foundation")
    member = await _signed_in("recruiter@greenharbor.example")
    # an archived job of its own (the demo organization keeps none), an expired one of the demo's
    admin = GraphQLClient(GATEWAY_URL, token=token_for(str(uuid.uuid4()), ["administrator"]))
    await grant_job_credit(admin, organization)
    archived_id = await _draft(
        member, organization["id"], f"Tide Pool Guide {uuid.uuid4().hex[:6]}"
    )
    await member.data(f"mutation($id: ID!) {{ publishJob(id: $id) {{ {SAVED} }} }}", id=archived_id)
    try:
        assert (await _settled(member, archived_id))["state"] == "PUBLISHED"
        archived = await member.data(
            f"mutation($id: ID!) {{ archiveJob(id: $id) {{ {SAVED} }} }}", id=archived_id
        )
        assert archived["archiveJob"]["job"]["state"] == "ARCHIVED", archived
        expired = await member.data(
            "query($id: ID!, $states: [JobState!]) { organizationJobs(organizationId: $id, "
            "states: $states, limit: 1) { jobs { id } } }",
            id=organization["id"],
            states=["EXPIRED"],
        )
        closed = {
            "ARCHIVED": archived_id,
            "EXPIRED": expired["organizationJobs"]["jobs"][0]["id"],
        }
        await _refused_an_application(closed)
    finally:
        await delete_for_good(member, archived_id)


async def _refused_an_application(closed: dict[str, str]) -> None:
    for state, job_id in closed.items():
        answer = await GraphQLClient(GATEWAY_URL).data(
            "mutation($input: ApplyToJobInput!) { applyToJob(input: $input) { __typename "
            "... on JobErrors { errors { field code message } } } }",
            input={
                "jobId": job_id,
                "firstName": "Ada",
                "lastName": "Visitor",
                "emailAddress": f"visitor-{uuid.uuid4().hex[:8]}@example.org",
            },
        )
        assert answer["applyToJob"]["__typename"] == "JobErrors", (state, answer)
        assert [e["code"] for e in answer["applyToJob"]["errors"]] == ["NOT_OPEN"], (state, answer)


MY_APPLICATIONS = "{ myApplications(limit: 50) { id status job { slug } } }"
MY_APPLICATION = """query($slug: String!) { job(slug: $slug) {
  myApplication { id status } } }"""


async def test_a_jobs_my_application_is_the_callers_own_and_no_one_elses() -> None:
    """Job.myApplication through the gateway: the demo applicant sees their own application on
    the job's page; a visitor, another applicant and the organization's recruiter see null."""
    applicant = await _signed_in("applicant@jobboard.example")
    mine = [
        application
        for application in (await applicant.data(MY_APPLICATIONS))["myApplications"]
        if application["job"] is not None
    ]
    assert mine, "the demo applicant has applied to a job that is online"
    own = mine[0]
    slug = own["job"]["slug"]

    answer = (await applicant.data(MY_APPLICATION, slug=slug))["job"]["myApplication"]
    assert answer == {"id": own["id"], "status": own["status"]}
    others = {
        "visitor": GraphQLClient(GATEWAY_URL),
        "another applicant": GraphQLClient(
            GATEWAY_URL, token=token_for(str(uuid.uuid4()), ["applicant"])
        ),
        "a recruiter": await _signed_in("recruiter@greenharbor.example"),
        "an administrator": GraphQLClient(
            GATEWAY_URL, token=token_for(str(uuid.uuid4()), ["administrator"])
        ),
    }
    for who, client in others.items():
        job = (await client.data(MY_APPLICATION, slug=slug))["job"]
        assert job is not None, who
        assert job["myApplication"] is None, who
