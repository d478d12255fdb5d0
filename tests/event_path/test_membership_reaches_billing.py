"""Organizations' member events reach billing's membership read model through the real broker:
a recruiter who founds an organization may read its credits in billing (by the organization's
integer number), with no call between the services."""

from __future__ import annotations

import asyncio
import uuid

import pytest
from billing.main import create_app as create_billing
from billing.settings import SERVICE_DIR as BILLING_DIR
from billing.settings import BillingSettings
from jobkit.settings import database_name
from jobkit.testing.database import temporary_database
from jobkit.testing.graphql import GraphQLClient
from jobkit.testing.server import serve
from jobkit.testing.tokens import token_issuer
from organizations.main import create_app as create_organizations
from organizations.settings import SERVICE_DIR as ORGANIZATIONS_DIR
from organizations.settings import OrganizationsSettings

pytestmark = pytest.mark.integration

CREATE = """mutation($i: CreateOrganizationInput!) { createOrganization(input: $i) {
  ... on OrganizationProfileSaved { profile { organization { number } } } } }"""
CREDITS = "query($n: Int) { getCredits(organizationId: $n) { amount } }"


async def test_a_founder_reads_their_organizations_credits_in_billing(run_prefix: str) -> None:
    common = {
        "kafka_topic_prefix": f"{run_prefix}members.",
        "run_migrations_on_startup": False,
        "outbox_poll_interval_seconds": 0.05,
    }
    organizations = OrganizationsSettings(**common)
    billing = BillingSettings(**common)
    async with (
        token_issuer(issuer=billing.jwt_issuer, audience=billing.jwt_audience) as tokens,
        temporary_database(organizations, service_dir=ORGANIZATIONS_DIR) as organizations_db,
        temporary_database(billing, service_dir=BILLING_DIR) as billing_db,
    ):
        organizations = organizations.model_copy(
            update={"db_name": database_name(organizations_db), "jwks_url": tokens.jwks_url}
        )
        billing = billing.model_copy(
            update={"db_name": database_name(billing_db), "jwks_url": tokens.jwks_url}
        )
        recruiter = tokens.token(str(uuid.uuid4()), ["recruiter"])
        async with (
            serve(create_organizations(organizations)) as organizations_url,
            serve(create_billing(billing)) as billing_url,
        ):
            founded = await GraphQLClient(f"{organizations_url}/graphql", token=recruiter).data(
                CREATE, i={"name": "Event Path Trust"}
            )
            number = founded["createOrganization"]["profile"]["organization"]["number"]
            billing_client = GraphQLClient(f"{billing_url}/graphql", token=recruiter)
            outsider = GraphQLClient(
                f"{billing_url}/graphql", token=tokens.token(str(uuid.uuid4()), ["recruiter"])
            )
            deadline = asyncio.get_running_loop().time() + 60
            while True:
                answer = await billing_client.execute(CREDITS, n=number)
                if not answer.get("errors"):
                    break
                assert answer["errors"][0]["extensions"]["code"] == "FORBIDDEN"
                assert asyncio.get_running_loop().time() < deadline, "membership never arrived"
                await asyncio.sleep(0.3)
            assert answer["data"]["getCredits"] == []
            refused = await outsider.execute(CREDITS, n=number)
            assert refused["errors"][0]["extensions"]["code"] == "FORBIDDEN"
