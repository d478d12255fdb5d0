"""The authorization matrix, generated from the composed supergraph: every mutation of the public
API is sent through the gateway by five callers (a visitor, an applicant, a recruiter of another
organization, a recruiter of the owning organization and an administrator) against objects of one
throwaway organization, and each answer is held against the row that says what that caller may do.

A mutation added to any subgraph without a row here fails `test_every_mutation_has_a_row`, so a
new mutation cannot reach the API without someone deciding who may call it. Arguments are
synthesised from the schema (required fields only), with the ids of the fixture's organization,
job and application where the names say so.

Outcomes: ``U`` unauthenticated, ``F`` refused (FORBIDDEN, or NOT_FOUND where the service hides
what the caller may not see), ``A`` past authorization (a success, or a domain answer such as a
validation error). A row lists, per caller, the outcomes it accepts; an ``A`` where only ``U`` or
``F`` is accepted is an unexpected success, the thing this test exists to catch.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from analytics.settings import get_settings as analytics_settings
from graphql import (
    GraphQLEnumType,
    GraphQLField,
    GraphQLInputObjectType,
    GraphQLInputType,
    GraphQLList,
    GraphQLNonNull,
    GraphQLObjectType,
    GraphQLScalarType,
    GraphQLSchema,
    GraphQLUnionType,
    Undefined,
    build_schema,
)
from jobkit.db import make_engine
from jobkit.testing.graphql import GraphQLClient
from jobs.settings import get_settings as jobs_settings
from organizations.settings import get_settings as organizations_settings
from sqlalchemy import text

from tests.stack.test_gateway_reaches_every_subgraph import GATEWAY_URL, captcha_token, token_for

pytestmark = pytest.mark.integration

API_SCHEMA = Path(__file__).resolve().parents[2] / "gateway" / "supergraph-api.graphql"
CALLERS = ("visitor", "applicant", "other_recruiter", "owner", "admin")
# what a row's operation sends in a free text argument (names, titles, labels)
ROW_TEXT = "Matrix check"

# mutation -> accepted outcomes per caller, in the order of CALLERS.
# Rows are sent in this order, so the destructive ones (archive, remove, leave, delete) come last.
MATRIX: dict[str, tuple[str, str, str, str, str]] = {
    # identity: open to visitors by nature (the answers never reveal an account)
    "signUp": ("A", "A", "A", "A", "A"),
    "verifyEmail": ("A", "A", "A", "A", "A"),
    "requestPasswordReset": ("A", "A", "A", "A", "A"),
    "resetPassword": ("A", "A", "A", "A", "A"),
    # identity: one's own account (the callers here have no account row: a domain answer)
    "updateProfile": ("U", "AF", "AF", "AF", "AF"),
    # a copy of one's own data (the callers here have no account row: a domain answer)
    "requestDataExport": ("U", "AF", "AF", "AF", "AF"),
    "changeEmail": ("U", "AF", "AF", "AF", "AF"),
    "changePassword": ("U", "AF", "AF", "AF", "AF"),
    # identity: administrators only
    "changeUserRoles": ("U", "F", "F", "F", "A"),
    "setUserBlocked": ("U", "F", "F", "F", "AF"),  # NOT_FOUND: the callers have no account
    "updateSiteConfig": ("U", "F", "F", "F", "A"),
    # consent
    "createGdprUserConsent": ("U", "A", "A", "A", "A"),  # a visitor's choice stays in the browser
    "createGdprConsentInfo": ("U", "F", "F", "F", "A"),
    "publishGdprConsentInfoRevision": ("U", "F", "F", "F", "A"),
    # billing: administrators grant and subscribe; members keep their customer profile
    "grantCredits": ("U", "F", "F", "F", "A"),
    "createSubscription": ("U", "F", "F", "F", "AF"),  # an unknown customer: NOT_FOUND
    "extendSubscription": ("U", "F", "F", "F", "AF"),
    "cancelSubscription": ("U", "F", "F", "F", "AF"),
    "updateCustomerProfile": ("U", "F", "F", "A", "A"),
    # search
    "updateLandingPage": ("U", "F", "F", "F", "AF"),  # an unknown page: NOT_FOUND
    # job alerts: anyone saves a search (a visitor answers the captcha and confirms by mail);
    # an alert is changed only by its owner or with its signed link (otherwise NOT_FOUND)
    "createJobAlert": ("A", "A", "A", "A", "A"),
    "confirmJobAlert": ("A", "A", "A", "A", "A"),
    "unsubscribeJobAlert": ("A", "A", "A", "A", "A"),
    "updateJobAlert": ("UF", "F", "F", "F", "F"),
    "pauseJobAlert": ("UF", "F", "F", "F", "F"),
    "resumeJobAlert": ("UF", "F", "F", "F", "F"),
    "deleteJobAlert": ("UF", "F", "F", "F", "F"),
    # resume alerts: recruiters and administrators save resume searches where the site offers
    # them (elsewhere FORBIDDEN); an alert is changed only by its owner (otherwise NOT_FOUND)
    "createResumeAlert": ("U", "F", "AF", "AF", "AF"),
    "updateResumeAlert": ("U", "F", "F", "F", "F"),
    "deleteResumeAlert": ("U", "F", "F", "F", "F"),
    # organizations
    "createOrganization": ("U", "F", "A", "A", "A"),
    "updateOrganizationPersonalInfo": ("U", "F", "F", "A", "A"),
    "updateOrganizationCompanyInfo": ("U", "F", "F", "A", "A"),
    "updateOrganizationInfo": ("U", "F", "F", "A", "A"),
    "updateOrganizationAbout": ("U", "F", "F", "A", "A"),
    "updateOrganizationBenefits": ("U", "F", "F", "A", "A"),
    "updateOrganizationContactPersons": ("U", "F", "F", "A", "A"),
    "updateOrganizationGallery": ("U", "F", "F", "A", "A"),
    "updateOrganizationVideos": ("U", "F", "F", "A", "A"),
    "updateOrganizationLocations": ("U", "F", "F", "A", "A"),
    "updateOrganizationFaq": ("U", "F", "F", "A", "A"),
    "updateOrganizationAttachments": ("U", "F", "F", "A", "A"),
    "publishOrganizationProfile": ("U", "F", "F", "A", "A"),
    "unpublishOrganizationProfile": ("U", "F", "F", "A", "A"),
    "inviteOrganizationMember": ("U", "F", "F", "A", "A"),
    "acceptOrganizationInvitation": ("U", "AF", "AF", "AF", "AF"),
    "setActiveOrganization": ("U", "F", "F", "A", "AF"),
    "sendContactMessage": ("AF", "AF", "AF", "AF", "AF"),  # to an unknown profile
    "setOrganizationVerified": ("U", "F", "F", "F", "A"),
    # jobs: the owning organization's recruiters and administrators write; anyone signed in
    # bookmarks; anyone applies
    "createJob": ("U", "F", "F", "A", "A"),
    "updateJobInfo": ("U", "F", "F", "A", "A"),
    "renameJob": ("U", "F", "F", "A", "A"),
    "shareJob": ("U", "F", "F", "A", "A"),
    "updateJobCompanyInfo": ("U", "F", "F", "A", "A"),
    "updateJobLocation": ("U", "F", "F", "A", "A"),
    "updateJobCategorization": ("U", "F", "F", "A", "A"),
    "updateJobSchedule": ("U", "F", "F", "A", "A"),
    "updateJobApplicationOptions": ("U", "F", "F", "A", "A"),
    "publishJob": ("U", "F", "F", "A", "A"),
    "duplicateJob": ("U", "F", "F", "A", "A"),
    "republishJob": ("U", "F", "F", "A", "A"),
    "approveJob": ("U", "F", "F", "F", "A"),
    "rejectJob": ("U", "F", "F", "F", "A"),
    "bookmarkJob": ("U", "A", "A", "A", "A"),
    "unbookmarkJob": ("U", "A", "A", "A", "A"),
    "applyToJob": ("A", "A", "A", "A", "A"),
    "changeApplicationStatus": ("U", "F", "F", "A", "A"),
    "updateApplicationNotes": ("U", "F", "F", "A", "A"),
    # resumes: one's own resume, applicants only (others: FORBIDDEN as data; an entry or a
    # resume the caller does not have: NOT_FOUND)
    "savePersonalInfo": ("U", "A", "F", "F", "F"),
    "saveJobPreferences": ("U", "A", "F", "F", "F"),
    "addEducation": ("U", "A", "F", "F", "F"),
    "updateEducation": ("U", "F", "F", "F", "F"),
    "removeEducation": ("U", "F", "F", "F", "F"),
    "reorderEducation": ("U", "A", "F", "F", "F"),
    "addWorkExperience": ("U", "A", "F", "F", "F"),
    "updateWorkExperience": ("U", "F", "F", "F", "F"),
    "removeWorkExperience": ("U", "F", "F", "F", "F"),
    "reorderWorkExperience": ("U", "A", "F", "F", "F"),
    "setLanguages": ("U", "A", "F", "F", "F"),
    "setSkills": ("U", "A", "F", "F", "F"),
    "setResumeVisibility": ("U", "A", "F", "F", "F"),
    "hideResumeFromOrganization": ("U", "A", "F", "F", "F"),
    "unhideResumeFromOrganization": ("U", "A", "F", "F", "F"),
    # an import reads the caller's own upload: an id that is not theirs is NOT_FOUND, and
    # callers who keep no resume are refused before that
    "importResume": ("U", "F", "F", "F", "F"),
    # resumes: recruiters of the organization ask (an unknown resume: NOT_FOUND); only the
    # applicant answers a request (an unknown one: NOT_FOUND)
    "requestResumeContact": ("U", "F", "F", "AF", "AF"),
    "approveContactRequest": ("U", "F", "F", "F", "F"),
    "declineContactRequest": ("U", "F", "F", "F", "F"),
    "revokeContactRequest": ("U", "F", "F", "F", "F"),
    # jobs: the organization's ATS API keys, made by its recruiters (a key acts as its maker, so
    # an administrator who is not a member makes none); the synthesised id names no key
    "createApiKey": ("U", "F", "F", "A", "F"),
    "revokeApiKey": ("U", "F", "F", "F", "F"),
    "deleteApiKey": ("U", "F", "F", "F", "F"),
    # jobs: the organization's job feeds, managed by its recruiters and administrators (the
    # synthesised address and interval are refused: a domain answer; AF for the owner while jobs
    # may not have heard of the membership yet); the synthesised id names no feed source
    "createFeedSource": ("U", "F", "F", "AF", "A"),
    "updateFeedSource": ("U", "F", "F", "F", "F"),
    "runFeedSource": ("U", "F", "F", "F", "F"),
    "deleteFeedSource": ("U", "F", "F", "F", "F"),
    # analytics: the organization's webhook endpoints, managed by its recruiters and
    # administrators (the synthesised event list is empty: a domain answer; AF for the owner while
    # analytics may not have heard of the membership yet); the synthesised id names no endpoint
    "createWebhookEndpoint": ("U", "F", "F", "AF", "A"),
    "updateWebhookEndpoint": ("U", "F", "F", "F", "F"),
    "rotateWebhookSecret": ("U", "F", "F", "F", "F"),
    "replayWebhookDeliveries": ("U", "F", "F", "F", "F"),
    "deleteWebhookEndpoint": ("U", "F", "F", "F", "F"),
    # reports: anyone reports (visitors answer the captcha: a domain answer without it); enough
    # reporters hide the job, so these come with the destructive rows; administrators decide
    "reportJob": ("A", "A", "A", "AF", "AF"),  # hidden after three reporters
    "dismissJobReports": ("U", "F", "F", "F", "A"),
    # destructive, last
    "archiveJob": ("U", "F", "F", "A", "A"),
    "archiveReportedJob": ("U", "F", "F", "F", "A"),
    # archived by then: deleted for good by the owner (or refused, applied to); then NOT_FOUND
    "deleteJob": ("U", "F", "F", "A", "AF"),
    "removeOrganizationMember": ("U", "F", "F", "A", "A"),
    "leaveOrganization": ("U", "F", "AF", "A", "AF"),
    "deleteOrganization": ("U", "F", "F", "A", "AF"),  # gone after the owner
    "deleteMyResume": ("U", "A", "F", "F", "F"),
    # administrators; the matrix's owner has no account row: NOT_FOUND
    "exportUserData": ("U", "F", "F", "F", "AF"),
    # a legal hold on the matrix's owner (no account row: NOT_FOUND, a domain answer)
    "setLegalHold": ("U", "F", "F", "F", "AF"),
    "liftLegalHold": ("U", "F", "F", "F", "AF"),
    "eraseUser": ("U", "F", "F", "F", "AF"),
    "deleteAccount": ("U", "AF", "AF", "AF", "AF"),
}

# Queries that answer the caller's own data, where the answer itself says who may: the same
# outcomes, per caller, without the organization fixture (they take no argument aimed at it).
# Queries with a permission on a field of a shared type are the services' own tests' business.
OWN_DATA_QUERIES: dict[str, tuple[str, str, str, str, str]] = {
    # the applicant's resume, rendered or exported: applicants only (the matrix's applicant has
    # no resume: NO_RESUME, a domain answer); a role makes no one else's resume the caller's
    "myResumePdf": ("U", "A", "F", "F", "F"),
    "myResumeJsonResume": ("U", "A", "F", "F", "F"),
}

DENIED_CODES = {"FORBIDDEN", "NOT_FOUND"}


@dataclass
class Fixture:
    """The throwaway organization every row is aimed at, and what hangs off it."""

    owner_id: str
    organization_id: str = ""
    organization_number: int = 0
    profile_id: str = ""
    job_id: str = ""
    application_id: str = ""
    clients: dict[str, GraphQLClient] = field(default_factory=dict)
    started: dt.datetime = field(default_factory=lambda: dt.datetime.now(dt.UTC))


def _schema() -> GraphQLSchema:
    return build_schema(API_SCHEMA.read_text())


def _mutations(schema: GraphQLSchema) -> dict[str, GraphQLField]:
    assert schema.mutation_type is not None
    return dict(schema.mutation_type.fields)


def test_every_mutation_has_a_row() -> None:
    mutations = set(_mutations(_schema()))
    assert sorted(mutations - set(MATRIX)) == [], "mutations without a row in MATRIX"
    assert sorted(set(MATRIX) - mutations) == [], "rows for mutations the API no longer has"


def test_every_own_data_row_names_a_query() -> None:
    schema = _schema()
    assert schema.query_type is not None
    assert sorted(set(OWN_DATA_QUERIES) - set(schema.query_type.fields)) == []


def _unwrap(type_: Any) -> Any:
    while isinstance(type_, GraphQLNonNull | GraphQLList):
        type_ = type_.of_type
    return type_


def _id_for(mutation: str, argument: str, fixture: Fixture) -> str:
    if argument in {"organizationId"}:
        return fixture.organization_id
    if argument == "jobId":
        return fixture.job_id
    if argument == "userId":
        return fixture.owner_id
    if argument == "id":
        if "Application" in mutation and "JobApplication" not in mutation:
            return fixture.application_id
        if "Job" in mutation:
            return fixture.job_id
        if "Organization" in mutation:
            return fixture.profile_id
    return str(uuid.uuid4())


def _value(mutation: str, name: str, type_: GraphQLInputType, fixture: Fixture) -> Any:
    """A value for a required argument or input field, from its type and name."""
    nullable = type_.of_type if isinstance(type_, GraphQLNonNull) else type_
    if isinstance(nullable, GraphQLList):
        return []
    if isinstance(nullable, GraphQLEnumType):
        return next(iter(nullable.values))
    if isinstance(nullable, GraphQLInputObjectType):
        return {
            key: _value(mutation, key, input_field.type, fixture)
            for key, input_field in nullable.fields.items()
            if key in {"organizationId", "jobId", "userId"}
            or (
                isinstance(input_field.type, GraphQLNonNull)
                and input_field.default_value is Undefined
            )
        }
    assert isinstance(nullable, GraphQLScalarType)
    scalar = nullable.name
    if scalar == "ID":
        return _id_for(mutation, name, fixture)
    if scalar == "Int":
        return fixture.organization_number if name == "organizationId" else 1
    if scalar == "Boolean":
        return False
    if scalar == "DateTime":
        return dt.datetime.now(dt.UTC).isoformat()
    if name in {"email", "mail", "emailAddress"}:
        return f"matrix-{uuid.uuid4().hex[:10]}@example.org"
    if name in {"organizationId"}:
        return fixture.organization_id
    return ROW_TEXT


def _selection(result: Any) -> str:
    """__typename plus the error codes of every member of a result union (or type)."""
    members = result.types if isinstance(result, GraphQLUnionType) else [result]
    parts = ["__typename"]
    for member in members:
        assert isinstance(member, GraphQLObjectType)
        if "errors" in member.fields and "code" in _unwrap(member.fields["errors"].type).fields:
            parts.append(f"... on {member.name} {{ errors {{ code }} }}")
        elif "code" in member.fields:
            parts.append(f"... on {member.name} {{ code }}")
    return " ".join(parts)


def _operation(
    name: str, mutation: GraphQLField, fixture: Fixture, *, kind: str = "mutation"
) -> tuple[str, dict[str, Any]]:
    variables: dict[str, Any] = {}
    declarations, arguments = [], []
    for argument, definition in mutation.args.items():
        if not isinstance(definition.type, GraphQLNonNull):
            continue
        variables[argument] = _value(name, argument, definition.type, fixture)
        declarations.append(f"${argument}: {definition.type}")
        arguments.append(f"{argument}: ${argument}")
    header = f"({', '.join(declarations)})" if declarations else ""
    call = f"({', '.join(arguments)})" if arguments else ""
    selection = _selection(_unwrap(mutation.type))
    return f"{kind} Matrix{header} {{ {name}{call} {{ {selection} }} }}", variables


def _outcome(name: str, body: dict[str, Any]) -> str:
    if body.get("errors"):
        code = body["errors"][0].get("extensions", {}).get("code")
        if code == "UNAUTHENTICATED":
            return "U"
        if code in DENIED_CODES:
            return "F"
        if code in {"BAD_USER_INPUT", "GRAPHQL_VALIDATION_FAILED"}:
            # refused by the service after authorization (a path) or never sent (the synthesised
            # operation itself is wrong: the row tested nothing)
            first = body["errors"][0]
            return "A" if first.get("path") else f"invalid operation: {first.get('message')}"
        return f"error {code}: {body['errors'][0].get('message')}"
    answer = (body.get("data") or {}).get(name) or {}
    codes = {answer.get("code")} | {error.get("code") for error in answer.get("errors") or []}
    if "UNAUTHENTICATED" in codes:
        return "U"
    if codes & DENIED_CODES:
        return "F"
    return "A"


async def _wait(predicate: Any, what: str, seconds: float = 300) -> Any:
    deadline = asyncio.get_running_loop().time() + seconds
    while True:
        value = await predicate()
        if value:
            return value
        assert asyncio.get_running_loop().time() < deadline, f"gave up waiting for {what}"
        await asyncio.sleep(0.5)


async def _fixture() -> Fixture:
    owner_id = str(uuid.uuid4())
    fixture = Fixture(owner_id=owner_id)
    fixture.clients = {
        "visitor": GraphQLClient(GATEWAY_URL),
        "applicant": GraphQLClient(GATEWAY_URL, token=token_for(str(uuid.uuid4()), ["applicant"])),
        "other_recruiter": GraphQLClient(
            GATEWAY_URL, token=token_for(str(uuid.uuid4()), ["recruiter"])
        ),
        "owner": GraphQLClient(GATEWAY_URL, token=token_for(owner_id, ["recruiter"])),
        "admin": GraphQLClient(GATEWAY_URL, token=token_for(str(uuid.uuid4()), ["administrator"])),
    }
    owner, admin = fixture.clients["owner"], fixture.clients["admin"]
    created = await owner.data(
        'mutation { createOrganization(input: {name: "Matrix Check Trust"}) { __typename '
        "... on OrganizationProfileSaved { profile { id organization { id number } } } } }"
    )
    profile = created["createOrganization"]["profile"]
    fixture.profile_id = profile["id"]
    fixture.organization_id = profile["organization"]["id"]
    fixture.organization_number = profile["organization"]["number"]

    async def draft() -> str | None:
        answer = await owner.data(
            "mutation($org: ID!) { createJob(input: {organizationId: $org, "
            'title: "Matrix Check Coordinator"}) { __typename ... on JobSaved { job { id } } } }',
            org=fixture.organization_id,
        )
        saved = answer["createJob"]
        return saved["job"]["id"] if saved["__typename"] == "JobSaved" else None

    fixture.job_id = await _wait(draft, "the membership to reach jobs")
    for mutation, input_type, payload in (
        ("updateJobInfo", "JobInfoInput", {"description": "<p>Check who may do what.</p>"}),
        (
            "updateJobLocation",
            "JobLocationGroupInput",
            {"locations": [{"address": {"countryCode": "US", "locality": "Boston"}}]},
        ),
        ("updateJobCategorization", "JobCategorizationInput", {"employmentTypeTids": [3000]}),
    ):
        saved = await owner.data(
            f"mutation($id: ID!, $input: {input_type}!) {{ {mutation}(id: $id, input: $input) "
            "{ __typename } }",
            id=fixture.job_id,
            input=payload,
        )
        assert saved[mutation]["__typename"] == "JobSaved", saved

    await _wait(
        lambda: _granted(admin, fixture.organization_number), "billing to know the organization"
    )
    await owner.data("mutation($id: ID!) { publishJob(id: $id) { __typename } }", id=fixture.job_id)

    async def published() -> bool:
        job = await owner.data("query($id: ID!) { job(id: $id) { state } }", id=fixture.job_id)
        if job["job"]["state"] == "NEEDS_REVIEW":  # the site reviews unverified organizations
            await admin.data(
                "mutation($id: ID!) { approveJob(id: $id) { __typename } }", id=fixture.job_id
            )
        return bool(job["job"]["state"] == "PUBLISHED")

    await _wait(published, "the slot saga to publish the fixture job")
    applied = await fixture.clients["visitor"].data(
        "mutation($input: ApplyToJobInput!) { applyToJob(input: $input) { __typename "
        "... on ApplicationReceived { applicationId } "
        "... on JobErrors { errors { field code } } } }",
        input={
            "jobId": fixture.job_id,
            "firstName": "Matrix",
            "lastName": "Check",
            "emailAddress": f"matrix-{uuid.uuid4().hex[:10]}@example.org",
            "captchaToken": await captcha_token(),
        },
    )
    assert applied["applyToJob"]["__typename"] == "ApplicationReceived", applied
    fixture.application_id = applied["applyToJob"]["applicationId"]
    return fixture


async def _granted(admin: GraphQLClient, number: int) -> bool:
    answer = await admin.data(
        "mutation($n: Int!) { grantCredits(organizationId: $n, kind: JOB, amount: 1) "
        "{ __typename } }",
        n=number,
    )
    return bool(answer["grantCredits"]["__typename"] != "BillingErrors")


async def _clean_up(fixture: Fixture) -> None:
    """Whatever the rows left standing goes: the job archived, the organization deleted, then the
    organization's archived jobs, which the product keeps (the fixture's has an application,
    HAS_APPLICATIONS; the rows' createJob and duplicateJob made the others)."""
    owner, admin = fixture.clients["owner"], fixture.clients["admin"]
    if fixture.job_id:
        await admin.execute(
            "mutation($id: ID!) { archiveJob(id: $id) { __typename } }", id=fixture.job_id
        )
    if fixture.organization_id:
        for client in (owner, admin):
            await client.execute(
                "mutation($id: ID!) { deleteOrganization(organizationId: $id) { __typename } }",
                id=fixture.organization_id,
            )
    if fixture.organization_id:
        await _forget_jobs(fixture.organization_id)
    # and the organizations the createOrganization row made for the callers it accepts
    for made in await _made_by_the_rows(fixture.started):
        answer = await admin.data(
            "mutation($id: ID!) { deleteOrganization(organizationId: $id) { __typename } }",
            id=made,
        )
        assert answer["deleteOrganization"]["__typename"] == "OrganizationDeleted", answer


async def _made_by_the_rows(since: dt.datetime) -> list[str]:
    engine = make_engine(organizations_settings().database_url)
    try:
        async with engine.connect() as connection:
            rows = await connection.execute(
                text(
                    "SELECT id::text FROM organizations WHERE name = :name AND created_at >= :since"
                ),
                {"name": ROW_TEXT, "since": since},
            )
            return [row[0] for row in rows]
    finally:
        await engine.dispose()


# The deleted organization's archived jobs, children first (archived, they left the index).
JOBS = "SELECT id FROM jobs WHERE organization_id::text = :organization"
FORGET_JOBS = (
    (jobs_settings, "DELETE FROM application_attachments WHERE application_id IN"
     f" (SELECT id FROM applications WHERE job_id IN ({JOBS}))"),
    (jobs_settings, f"DELETE FROM applications WHERE job_id IN ({JOBS})"),
    (jobs_settings, f"DELETE FROM bookmarks WHERE job_id IN ({JOBS})"),
    (jobs_settings, f"DELETE FROM job_reports WHERE job_id IN ({JOBS})"),
    (jobs_settings, f"DELETE FROM job_slugs WHERE job_id IN ({JOBS})"),
    (jobs_settings, "DELETE FROM jobs WHERE organization_id::text = :organization"),
    (analytics_settings, "DELETE FROM known_jobs WHERE organization_id = :organization"),
)  # fmt: skip


async def _forget_jobs(organization_id: str) -> None:
    for settings in dict.fromkeys(owner for owner, _ in FORGET_JOBS):
        engine = make_engine(settings().database_url)
        try:
            async with engine.begin() as connection:
                for _, statement in (row for row in FORGET_JOBS if row[0] is settings):
                    await connection.execute(text(statement), {"organization": organization_id})
        finally:
            await engine.dispose()


@pytest.mark.timeout(1200)  # some 500 requests, and a job published through the slot saga
async def test_no_caller_gets_past_a_row_that_refuses_it() -> None:
    mutations = _mutations(_schema())
    fixture = await _fixture()
    unexpected: list[str] = []
    try:
        for name, accepted in MATRIX.items():
            if name not in mutations:
                continue
            for caller, allowed in zip(CALLERS, accepted, strict=True):
                operation, variables = _operation(name, mutations[name], fixture)
                body = await fixture.clients[caller].execute(operation, **variables)
                outcome = _outcome(name, body)
                if outcome not in allowed:
                    unexpected.append(f"{name} as {caller}: {outcome}, row says {allowed}")
    finally:
        await _clean_up(fixture)
    assert not unexpected, "unexpected outcomes:\n" + "\n".join(unexpected)


async def test_no_caller_gets_past_an_own_data_query_row_that_refuses_it() -> None:
    schema = _schema()
    assert schema.query_type is not None
    queries = schema.query_type.fields
    fixture = Fixture(owner_id=str(uuid.uuid4()))
    fixture.clients = {
        "visitor": GraphQLClient(GATEWAY_URL),
        "applicant": GraphQLClient(GATEWAY_URL, token=token_for(str(uuid.uuid4()), ["applicant"])),
        "other_recruiter": GraphQLClient(
            GATEWAY_URL, token=token_for(str(uuid.uuid4()), ["recruiter"])
        ),
        "owner": GraphQLClient(GATEWAY_URL, token=token_for(fixture.owner_id, ["recruiter"])),
        "admin": GraphQLClient(GATEWAY_URL, token=token_for(str(uuid.uuid4()), ["administrator"])),
    }
    unexpected: list[str] = []
    for name, accepted in OWN_DATA_QUERIES.items():
        for caller, allowed in zip(CALLERS, accepted, strict=True):
            operation, variables = _operation(name, queries[name], fixture, kind="query")
            body = await fixture.clients[caller].execute(operation, **variables)
            outcome = _outcome(name, body)
            if outcome not in allowed:
                unexpected.append(f"{name} as {caller}: {outcome}, row says {allowed}")
    assert not unexpected, "unexpected outcomes:\n" + "\n".join(unexpected)
