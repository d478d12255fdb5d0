"""grantCredits through HTTP: admin-like users only; errors as data; the ledger shows it."""

import uuid

import pytest
from billing.messaging.consumers import apply_organization
from jobkit.db import unit_of_work
from jobkit.events import EventEnvelope
from jobkit.testing.graphql import GraphQLClient
from jobkit.testing.tokens import TokenIssuer
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

pytestmark = pytest.mark.integration

GRANT = """mutation($org: Int!, $amount: Int!, $days: Int) {
  grantCredits(organizationId: $org, kind: JOB, amount: $amount, validDays: $days) {
    __typename
    ... on CreditsGranted { credit { amount label organizationName type } }
    ... on BillingErrors { errors { code field } } } }"""
CREDITS = "query($org: Int) { getCredits(organizationId: $org) { amount type organizationName } }"


async def _organization_created(
    sessions: async_sessionmaker[AsyncSession], number: int, name: str
) -> None:
    event = EventEnvelope(
        type="organizations.organization.created",
        aggregate_id=str(uuid.uuid4()),
        site="jobboard",
        payload={"organization_id": str(uuid.uuid4()), "number": number, "name": name},
    )
    async with unit_of_work(sessions) as session:
        await apply_organization(session, event)


async def test_an_admin_grants_credits_and_errors_are_data(
    graphql: GraphQLClient,
    tokens: TokenIssuer,
    committed_sessions: async_sessionmaker[AsyncSession],
) -> None:
    await _organization_created(committed_sessions, 611, "Acme Robotics")
    admin = graphql.as_user(tokens.token(roles=["administrator"]))

    granted = await admin.data(GRANT, org=611, amount=4, days=30)
    assert granted["grantCredits"] == {
        "__typename": "CreditsGranted",
        "credit": {
            "amount": 4,
            "label": "Job postings",
            "organizationName": "Acme Robotics",
            "type": "job",
        },
    }
    await admin.data(GRANT, org=611, amount=2)
    credits = await admin.data(CREDITS, org=611)
    assert credits["getCredits"] == [
        {"amount": 6, "type": "job", "organizationName": "Acme Robotics"}
    ]

    negative = await admin.data(GRANT, org=611, amount=-3, days=0)
    assert negative["grantCredits"] == {
        "__typename": "BillingErrors",
        "errors": [
            {"code": "OUT_OF_RANGE", "field": "amount"},
            {"code": "OUT_OF_RANGE", "field": "validDays"},
        ],
    }
    unknown = await admin.data(GRANT, org=987654, amount=1)
    assert unknown["grantCredits"] == {
        "__typename": "BillingErrors",
        "errors": [{"code": "NOT_FOUND", "field": "organizationId"}],
    }
    assert (await admin.data(CREDITS, org=611))["getCredits"][0]["amount"] == 6


async def test_only_admin_like_users_grant(graphql: GraphQLClient, tokens: TokenIssuer) -> None:
    recruiter = graphql.as_user(tokens.token(str(uuid.uuid4()), ["recruiter"]))
    refused = await recruiter.execute(GRANT, org=611, amount=1)
    assert refused["errors"][0]["extensions"]["code"] == "FORBIDDEN"
    anonymous = await graphql.execute(GRANT, org=611, amount=1)
    assert anonymous["errors"][0]["extensions"]["code"] == "UNAUTHENTICATED"
