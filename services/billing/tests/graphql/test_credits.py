"""getCredits through HTTP: only the organization's recruiters and admin-like users read it."""

import uuid
from datetime import UTC, datetime, timedelta

import pytest
from billing.db import memberships
from jobkit.db import unit_of_work
from jobkit.memberships import apply_member_added
from jobkit.testing.graphql import GraphQLClient
from jobkit.testing.tokens import TokenIssuer
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from services.billing.tests.factories import grant, product

pytestmark = pytest.mark.integration

CREDITS = "query($org: Int) { getCredits(organizationId: $org) { amount label type frontend } }"


async def _organization_with_credits(
    committed_sessions: async_sessionmaker[AsyncSession], number: int, recruiter: str
) -> None:
    async with unit_of_work(committed_sessions) as session:
        session.add(grant(organization_number=number, organization_name=f"Org {number}"))
        await apply_member_added(
            session, memberships, organization_id=str(number), user_id=recruiter
        )


async def test_a_member_reads_their_credits_and_nobody_else_does(
    graphql: GraphQLClient,
    tokens: TokenIssuer,
    committed_sessions: async_sessionmaker[AsyncSession],
) -> None:
    member, outsider = str(uuid.uuid4()), str(uuid.uuid4())
    await _organization_with_credits(committed_sessions, 501, member)

    answer = await graphql.as_user(tokens.token(member, ["recruiter"])).data(CREDITS, org=501)
    assert answer["getCredits"] == [
        {"amount": 3, "label": "Job postings", "type": "job", "frontend": "jobboard"}
    ]

    # The leak this closes: any recruiter could read any organization's credits.
    refused = await graphql.as_user(tokens.token(outsider, ["recruiter"])).execute(CREDITS, org=501)
    assert refused["data"] is None
    assert refused["errors"][0]["extensions"]["code"] == "FORBIDDEN"
    anonymous = await graphql.execute(CREDITS, org=501)
    assert anonymous["errors"][0]["extensions"]["code"] == "UNAUTHENTICATED"
    applicant = await graphql.as_user(tokens.token(member, ["applicant"])).execute(CREDITS, org=501)
    assert applicant["errors"][0]["extensions"]["code"] == "FORBIDDEN"

    admin = await graphql.as_user(tokens.token(roles=["site_admin"])).data(CREDITS, org=501)
    assert admin["getCredits"][0]["amount"] == 3


async def test_the_products_are_the_sites_own_and_public(
    graphql: GraphQLClient, committed_sessions: async_sessionmaker[AsyncSession]
) -> None:
    async with unit_of_work(committed_sessions) as session:
        session.add(product(frontend="products-site-a", name="5 job postings"))
        session.add(
            product(
                frontend="products-site-a",
                type="subscription",
                name="Monthly 3+10",
                job_slots=3,
                contact_slots=10,
                validity_days=None,
                period_days=30,
            )
        )
        session.add(product(frontend="products-site-b", name="Other site"))

    query = "{ products { name type jobSlots contactSlots validityDays periodDays frontend } }"
    answer = await graphql.for_site("products-site-a/en").data(query)
    assert answer["products"] == [
        {
            "name": "5 job postings",
            "type": "job_package",
            "jobSlots": 5,
            "contactSlots": 0,
            "validityDays": 60,
            "periodDays": None,
            "frontend": "products-site-a",
        },
        {
            "name": "Monthly 3+10",
            "type": "subscription",
            "jobSlots": 3,
            "contactSlots": 10,
            "validityDays": None,
            "periodDays": 30,
            "frontend": "products-site-a",
        },
    ]


async def test_credits_follow_the_ledger(
    graphql: GraphQLClient,
    tokens: TokenIssuer,
    committed_sessions: async_sessionmaker[AsyncSession],
) -> None:
    """Grants not yet expired, minus what was drawn from them; an expired grant counts nothing."""
    now = datetime.now(UTC)
    live = grant(organization_number=502, amount=5, expires_at=now + timedelta(days=5))
    async with unit_of_work(committed_sessions) as session:
        session.add_all(
            [
                live,
                grant(organization_number=502, amount=2, expires_at=now - timedelta(days=1)),
                grant(organization_number=502, kind="contact", label="Resume contacts", amount=3),
            ]
        )
        await session.flush()
        session.add(
            grant(
                organization_number=502,
                entry_type="consumption",
                amount=-1,
                grant_id=live.id,
                reference="job-77",
            )
        )
    admin = graphql.as_user(tokens.token(roles=["job_editor"]))
    answer = await admin.data(CREDITS, org=502)
    assert answer["getCredits"] == [
        {"amount": 4, "label": "Job postings", "type": "job", "frontend": "jobboard"},
        {"amount": 3, "label": "Resume contacts", "type": "contact", "frontend": "jobboard"},
    ]
