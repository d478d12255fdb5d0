"""Customer profiles through HTTP: members and admins; VAT formats; never another's."""

import uuid

import pytest
from billing.db import memberships
from jobkit.db import unit_of_work
from jobkit.memberships import apply_member_added
from jobkit.testing.graphql import GraphQLClient
from jobkit.testing.tokens import TokenIssuer
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

pytestmark = pytest.mark.integration

UPDATE = """mutation($org: Int!, $input: CustomerProfileInput!) {
  updateCustomerProfile(organizationId: $org, input: $input) { __typename
    ... on CustomerProfileSaved { profile { companyName vatNumber address { countryCode } } }
    ... on BillingErrors { errors { code field } } } }"""
READ = """query($org: Int!) { customerProfile(organizationId: $org) {
  companyName email firstName lastName vatNumber address { street postalCode city countryCode }
} }"""


async def test_members_keep_their_billing_details_with_valid_vat_numbers(
    graphql: GraphQLClient,
    tokens: TokenIssuer,
    committed_sessions: async_sessionmaker[AsyncSession],
) -> None:
    member, outsider = str(uuid.uuid4()), str(uuid.uuid4())
    async with unit_of_work(committed_sessions) as session:
        await apply_member_added(session, memberships, organization_id="801", user_id=member)
    recruiter = graphql.as_user(tokens.token(member, ["recruiter"]))
    details = {
        "companyName": "Acme GmbH",
        "email": "billing@acme-gmbh.de",
        "firstName": "Ada",
        "lastName": "Lovelace",
        "address": {
            "street": "Hauptstr. 1",
            "postalCode": "10115",
            "city": "Berlin",
            "countryCode": "de",
        },
        "vatNumber": "DE 123 456 789",
    }
    saved = await recruiter.data(UPDATE, org=801, input=details)
    assert saved["updateCustomerProfile"] == {
        "__typename": "CustomerProfileSaved",
        "profile": {
            "companyName": "Acme GmbH",
            "vatNumber": "DE123456789",
            "address": {"countryCode": "DE"},
        },
    }
    read = await recruiter.data(READ, org=801)
    assert read["customerProfile"]["email"] == "billing@acme-gmbh.de"

    invalid = await recruiter.data(
        UPDATE, org=801, input=details | {"vatNumber": "DE12345", "email": "nope"}
    )
    assert invalid["updateCustomerProfile"] == {
        "__typename": "BillingErrors",
        "errors": [
            {"code": "INVALID", "field": "email"},
            {"code": "INVALID", "field": "vatNumber"},
        ],
    }
    swiss = details | {
        "address": {"countryCode": "CH"},
        "vatNumber": "CHE-123.456.789 MWST",
    }
    kept = await recruiter.data(UPDATE, org=801, input=swiss)
    assert kept["updateCustomerProfile"]["profile"]["vatNumber"] == "CHE-123.456.789 MWST"

    stranger = graphql.as_user(tokens.token(outsider, ["recruiter"]))
    for query, variables in ((READ, {"org": 801}), (UPDATE, {"org": 801, "input": details})):
        refused = await stranger.execute(query, **variables)
        assert refused["errors"][0]["extensions"]["code"] == "FORBIDDEN"
        anonymous = await graphql.execute(query, **variables)
        assert anonymous["errors"][0]["extensions"]["code"] == "UNAUTHENTICATED"

    admin = graphql.as_user(tokens.token(roles=["administrator"]))
    unknown = await admin.data(UPDATE, org=424242, input=details)
    assert unknown["updateCustomerProfile"]["errors"] == [
        {"code": "NOT_FOUND", "field": "organizationId"}
    ]
