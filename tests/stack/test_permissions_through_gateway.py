"""The running stack: each new field and mutation that needs a right refuses, through the
gateway, a caller without it (visitors UNAUTHENTICATED, signed-in callers FORBIDDEN)."""

from __future__ import annotations

import uuid
from typing import Any

import pytest
from jobkit.testing.graphql import GraphQLClient

from tests.stack.test_gateway_reaches_every_subgraph import GATEWAY_URL, token_for

pytestmark = pytest.mark.integration

ORG = str(uuid.uuid4())
# (operation, roles of a signed-in caller who lacks the right)
GUARDED = [
    (
        'mutation { updateSiteConfig(input: {entries: [{key: "captcha", name: "registration",'
        " value: false}]}) { __typename } }",
        ["recruiter"],
    ),
    ("{ sites { name } }", ["recruiter"]),
    ("{ auditLog { total } }", ["recruiter"]),
    ("{ signUpsPerDay { day count } }", ["recruiter"]),
    ("{ organizationsCreatedPerDay { day count } }", ["recruiter"]),
    ("{ openJobReports { reports jobs } }", ["recruiter"]),
    ("{ dataExports { total } }", ["recruiter"]),
    (f'mutation {{ exportUserData(userId: "{ORG}") {{ __typename }} }}', ["recruiter"]),
    (
        f'mutation {{ setLegalHold(userId: "{ORG}", reason: "r") {{ __typename }} }}',
        ["recruiter"],
    ),
    (f'mutation {{ liftLegalHold(userId: "{ORG}") {{ __typename }} }}', ["applicant"]),
    (
        f'{{ organizationStats(organizationId: "{ORG}", from: "2026-01-01") {{ visits '
        "jobs { jobId job { id } } } }",
        ["recruiter"],
    ),
    (
        "mutation { grantCredits(organizationId: 1, kind: JOB, amount: 5) { __typename } }",
        ["recruiter"],
    ),
    (
        'mutation { createSubscription(organizationId: 1, productId: "x") { __typename } }',
        ["recruiter"],
    ),
    ('mutation { cancelSubscription(id: "x") { __typename } }', ["recruiter"]),
    ("{ organizationLedger(organizationId: 1) { total } }", ["recruiter"]),
    ("{ getSubscriptions(organizationId: 1, limit: 5) { total } }", ["recruiter"]),
    ("{ updatableOrganizationProfiles { id } }", ["applicant"]),
    ('mutation { createOrganization(input: {name: "X"}) { __typename } }', ["applicant"]),
    (
        f'mutation {{ updateOrganizationFaq(id: "{ORG}", input: {{items: []}}) {{ __typename }} }}',
        ["applicant"],
    ),
    (
        f'mutation {{ inviteOrganizationMember(organizationId: "{ORG}", email: "a@b.org")'
        " { __typename } }",
        ["applicant"],
    ),
    (f'mutation {{ deleteOrganization(organizationId: "{ORG}") {{ __typename }} }}', ["applicant"]),
    (f'{{ apiKeys(organizationId: "{ORG}") {{ id }} }}', ["applicant"]),
    (
        f'mutation {{ createApiKey(organizationId: "{ORG}", name: "n", scopes: [JOBS]) '
        "{ __typename } }",
        ["applicant"],
    ),
    ('mutation { revokeApiKey(id: "x") { __typename } }', ["applicant"]),
    ('mutation { deleteApiKey(id: "x") { __typename } }', ["applicant"]),
    (f'{{ feedSources(organizationId: "{ORG}") {{ id }} }}', ["applicant"]),
    ('{ feedRuns(sourceId: "x") { id } }', ["applicant"]),
    (
        f'mutation {{ createFeedSource(organizationId: "{ORG}", name: "n", '
        'url: "https://x.org/jobs.xml", format: XML) { __typename } }',
        ["applicant"],
    ),
    ('mutation { updateFeedSource(id: "x", enabled: false) { __typename } }', ["applicant"]),
    ('mutation { runFeedSource(id: "x") { __typename } }', ["applicant"]),
    ('mutation { deleteFeedSource(id: "x") { __typename } }', ["applicant"]),
    (f'{{ webhookEndpoints(organizationId: "{ORG}") {{ id }} }}', ["applicant"]),
    ('{ webhookDeliveries(endpointId: "x") { id } }', ["applicant"]),
    (
        f'mutation {{ createWebhookEndpoint(organizationId: "{ORG}", url: "https://x.org", '
        'eventTypes: ["job.published"]) { __typename } }',
        ["applicant"],
    ),
    ('mutation { rotateWebhookSecret(id: "x") { __typename } }', ["applicant"]),
    ('mutation { deleteWebhookEndpoint(id: "x") { __typename } }', ["applicant"]),
    # sharing a job with other sites (ADR 0057): recruiters and admin-like only
    ("{ jobSharingSites { name title } }", ["applicant"]),
    (
        f'mutation {{ shareJob(id: "{ORG}", sites: ["jobboard-us"]) {{ __typename }} }}',
        ["applicant"],
    ),
]
SIGNED_IN_ONLY = [
    'mutation { updateProfile(input: {firstName: "X"}) { __typename } }',
    'mutation { changeEmail(input: {email: "x@y.org", currentPassword: "p"}) { __typename } }',
    'mutation { changePassword(input: {currentPassword: "p", newPassword: "q"}) { __typename } }',
    'mutation { deleteAccount(currentPassword: "p") { __typename } }',
    "mutation { requestDataExport { __typename } }",
    "{ myDataExports { id } }",
    'mutation { acceptOrganizationInvitation(token: "t") { __typename } }',
]


def _code(body: dict[str, Any]) -> Any:
    assert body.get("errors"), body
    return body["errors"][0]["extensions"]["code"]


@pytest.mark.parametrize(("operation", "roles"), GUARDED)
async def test_a_caller_without_the_right_is_refused(operation: str, roles: list[str]) -> None:
    visitor = await GraphQLClient(GATEWAY_URL).execute(operation)
    assert _code(visitor) == "UNAUTHENTICATED"
    signed_in = GraphQLClient(GATEWAY_URL, token=token_for(str(uuid.uuid4()), roles))
    assert _code(await signed_in.execute(operation)) == "FORBIDDEN"


@pytest.mark.parametrize("operation", SIGNED_IN_ONLY)
async def test_visitors_cannot_change_an_account(operation: str) -> None:
    assert _code(await GraphQLClient(GATEWAY_URL).execute(operation)) == "UNAUTHENTICATED"
