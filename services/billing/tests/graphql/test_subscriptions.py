"""getSubscriptions and the admin subscription mutations through HTTP."""

import uuid
from datetime import timedelta

import pytest
from billing.db import memberships
from billing.domain.ledger import now_utc
from billing.domain.models import Subscription, SubscriptionUsage
from billing.domain.subscriptions import period_start
from jobkit.db import unit_of_work
from jobkit.memberships import apply_member_added
from jobkit.testing.graphql import GraphQLClient
from jobkit.testing.tokens import TokenIssuer
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from services.billing.tests.factories import product

pytestmark = pytest.mark.integration

CREATE = """mutation($org: Int!, $product: ID!, $start: DateTime) {
  createSubscription(organizationId: $org, productId: $product, startDate: $start) {
    __typename ... on SubscriptionSaved { subscription { id status { value } } }
    ... on BillingErrors { errors { code field } } } }"""
CANCEL = """mutation($id: ID!) { cancelSubscription(id: $id) { __typename
  ... on SubscriptionSaved { subscription { status { label value } } } } }"""
EXTEND = """mutation($id: ID!, $days: Int!) { extendSubscription(id: $id, days: $days) {
  __typename ... on SubscriptionSaved { subscription { endDate } }
  ... on BillingErrors { errors { code field } } } }"""
LIST = """query($org: Int, $limit: Int!, $filters: SubscriptionFilters,
  $sorting: SubscriptionSorting, $all: Boolean! = false) {
  getSubscriptions(organizationId: $org, limit: $limit, filters: $filters, sorting: $sorting,
    showSubscriptionsFromAllFrontends: $all) {
    total errors { code field }
    subscriptions { id label organizationName availableJobSlots type frontend absoluteUrl
      usageResumeContactSlots { active available total } status { label value }
      product { id name } startDate endDate } } }"""


async def _setup(
    committed_sessions: async_sessionmaker[AsyncSession], number: int, member: str
) -> str:
    plan = product(
        type="subscription",
        name="Monthly 3 jobs + 10 contacts",
        job_slots=3,
        contact_slots=10,
        validity_days=365,
        period_days=30,
    )
    async with unit_of_work(committed_sessions) as session:
        session.add(plan)
        await apply_member_added(session, memberships, organization_id=str(number), user_id=member)
    return str(plan.id)


async def test_subscriptions_listed_for_members_with_usage_status_and_errors(
    graphql: GraphQLClient,
    tokens: TokenIssuer,
    committed_sessions: async_sessionmaker[AsyncSession],
) -> None:
    member, outsider = str(uuid.uuid4()), str(uuid.uuid4())
    plan = await _setup(committed_sessions, 701, member)
    admin = graphql.as_user(tokens.token(roles=["site_admin"]))
    start = now_utc() - timedelta(days=40)
    first = (await admin.data(CREATE, org=701, product=plan, start=start.isoformat()))[
        "createSubscription"
    ]
    second = (await admin.data(CREATE, org=701, product=plan))["createSubscription"]
    assert first["subscription"]["status"]["value"] == "ACTIVE"

    # Two job slots and a contact used this period of the first, one job in the previous period.
    async with unit_of_work(committed_sessions) as session:
        row = await session.get(Subscription, uuid.UUID(first["subscription"]["id"]))
        assert row is not None
        current = period_start(row, now_utc())
        for kind, reference, when in (
            ("job", "j1", current),
            ("job", "j2", current),
            ("contact", "c1", current),
            ("job", "j0", current - timedelta(days=30)),
        ):
            session.add(
                SubscriptionUsage(
                    subscription_id=row.id,
                    kind=kind,
                    reference=f"{row.id}-{reference}",
                    period_start=when,
                )
            )

    recruiter = graphql.as_user(tokens.token(member, ["recruiter"]))
    page = (
        await recruiter.data(
            LIST, org=701, limit=10, sorting={"field": "START_DATE", "direction": "ASC"}
        )
    )["getSubscriptions"]
    assert page["total"] == 2
    assert page["errors"] == []
    listed = page["subscriptions"]
    assert [s["id"] for s in listed] == [first["subscription"]["id"], second["subscription"]["id"]]
    assert listed[0]["availableJobSlots"] == 1
    assert listed[0]["usageResumeContactSlots"] == {"active": 1, "available": 9, "total": 10}
    assert listed[0]["status"] == {"label": "Active", "value": "ACTIVE"}
    assert listed[0]["absoluteUrl"] == "http://127.0.0.1:3002/my-products"
    assert listed[0]["product"] == {"id": plan, "name": "Monthly 3 jobs + 10 contacts"}
    assert listed[0]["type"] == "combined"
    assert listed[1]["availableJobSlots"] == 3

    # Cancel one, extend the other, filter by status.
    cancelled = await admin.data(CANCEL, id=second["subscription"]["id"])
    assert cancelled["cancelSubscription"]["subscription"]["status"] == {
        "label": "Cancelled",
        "value": "CANCELLED",
    }
    extended = await admin.data(EXTEND, id=first["subscription"]["id"], days=10)
    assert extended["extendSubscription"]["__typename"] == "SubscriptionSaved"
    bad_days = await admin.data(EXTEND, id=first["subscription"]["id"], days=-1)
    assert bad_days["extendSubscription"]["errors"] == [{"code": "OUT_OF_RANGE", "field": "days"}]
    active = (await recruiter.data(LIST, org=701, limit=10, filters={"status": ["ACTIVE"]}))[
        "getSubscriptions"
    ]
    assert [s["id"] for s in active["subscriptions"]] == [first["subscription"]["id"]]

    # limit above 100: an error as data, nothing listed.
    too_many = (await recruiter.data(LIST, org=701, limit=101))["getSubscriptions"]
    assert too_many == {
        "total": 0,
        "errors": [{"code": "OUT_OF_RANGE", "field": "limit"}],
        "subscriptions": [],
    }

    # Another site sees nothing unless asked for every site.
    other_site = recruiter.for_site("othersite/en")
    assert (await other_site.data(LIST, org=701, limit=10))["getSubscriptions"]["total"] == 0
    everywhere = await other_site.data(LIST, org=701, limit=10, all=True)
    assert everywhere["getSubscriptions"]["total"] == 2

    # Never another organization's subscriptions.
    refused = await graphql.as_user(tokens.token(outsider, ["recruiter"])).execute(
        LIST, org=701, limit=10
    )
    assert refused["data"] is None
    assert refused["errors"][0]["extensions"]["code"] == "FORBIDDEN"
    anonymous = await graphql.execute(LIST, org=701, limit=10)
    assert anonymous["errors"][0]["extensions"]["code"] == "UNAUTHENTICATED"
    applicant = await graphql.as_user(tokens.token(member, ["applicant"])).execute(
        LIST, org=701, limit=10
    )
    assert applicant["errors"][0]["extensions"]["code"] == "FORBIDDEN"
    no_organization = (await recruiter.data(LIST, limit=10))["getSubscriptions"]
    assert no_organization["total"] == 0


async def test_create_subscription_errors_are_data(
    graphql: GraphQLClient,
    tokens: TokenIssuer,
    committed_sessions: async_sessionmaker[AsyncSession],
) -> None:
    plan = await _setup(committed_sessions, 702, str(uuid.uuid4()))
    admin = graphql.as_user(tokens.token(roles=["administrator"]))
    unknown_org = await admin.data(CREATE, org=99999, product=plan)
    assert unknown_org["createSubscription"]["errors"] == [
        {"code": "NOT_FOUND", "field": "organizationId"}
    ]
    unknown_product = await admin.data(CREATE, org=702, product=str(uuid.uuid4()))
    assert unknown_product["createSubscription"]["errors"] == [
        {"code": "NOT_FOUND", "field": "productId"}
    ]
    recruiter = graphql.as_user(tokens.token(str(uuid.uuid4()), ["recruiter"]))
    refused = await recruiter.execute(CREATE, org=702, product=plan)
    assert refused["errors"][0]["extensions"]["code"] == "FORBIDDEN"
