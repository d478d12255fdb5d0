"""organizationLedger through HTTP: newest first with each kind's running balance; members and
admin-like users only."""

import uuid

import pytest
from jobkit.testing.graphql import GraphQLClient
from jobkit.testing.tokens import TokenIssuer
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from services.billing.tests.graphql.test_grant_credits import GRANT, _organization_created

pytestmark = pytest.mark.integration

LEDGER = """query($org: Int!) { organizationLedger(organizationId: $org, limit: 10) {
  total entries { kind entryType amount balance label } } }"""


async def test_the_ledger_shows_each_entry_with_its_running_balance(
    graphql: GraphQLClient,
    tokens: TokenIssuer,
    committed_sessions: async_sessionmaker[AsyncSession],
) -> None:
    await _organization_created(committed_sessions, 733, "Ledger Trust")
    admin = graphql.as_user(tokens.token(roles=["administrator"]))
    for amount in (4, 2, 5):
        await admin.data(GRANT, org=733, amount=amount, days=30)
    ledger = (await admin.data(LEDGER, org=733))["organizationLedger"]
    assert ledger["total"] == 3
    assert [(e["entryType"], e["amount"], e["balance"]) for e in ledger["entries"]] == [
        ("grant", 5, 11),
        ("grant", 2, 6),
        ("grant", 4, 4),
    ]


async def test_only_members_and_admins_read_a_ledger(
    graphql: GraphQLClient, tokens: TokenIssuer
) -> None:
    outsider = graphql.as_user(tokens.token(str(uuid.uuid4()), ["recruiter"]))
    refused = await outsider.execute(LEDGER, org=733)
    assert refused["errors"][0]["extensions"]["code"] == "FORBIDDEN"
    visitor = await graphql.execute(LEDGER, org=733)
    assert visitor["errors"][0]["extensions"]["code"] == "UNAUTHENTICATED"
