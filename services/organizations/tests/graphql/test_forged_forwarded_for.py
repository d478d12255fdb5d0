"""The contact form is limited per client address as the deployment's proxies saw it, and per
account: what a browser writes into X-Forwarded-For resets nothing (ADR 0024)."""

from __future__ import annotations

import uuid

import pytest
from jobkit.testing.graphql import GraphQLClient
from jobkit.testing.service import persist
from jobkit.testing.tokens import TokenIssuer
from organizations.settings import OrganizationsSettings
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from services.organizations.tests.factories import profile
from services.organizations.tests.graphql.test_contact_form import SEND, form

pytestmark = pytest.mark.integration


def from_address(graphql: GraphQLClient, forwarded_for: str) -> GraphQLClient:
    client = GraphQLClient(graphql.url)
    client.headers = graphql.headers | {"X-Forwarded-For": forwarded_for}
    return client


async def test_a_forged_forwarded_for_does_not_reset_the_per_address_limit(
    graphql: GraphQLClient,
    committed_sessions: async_sessionmaker[AsyncSession],
    service_settings: OrganizationsSettings,
) -> None:
    limit = service_settings.contact_limit_per_ip
    org, published = profile()
    await persist(committed_sessions, org)
    await persist(committed_sessions, published)
    browser = f"203.0.113.{uuid.uuid4().int % 250}"
    answers = []
    for index in range(limit + 1):
        caller = from_address(graphql, f"198.51.100.{index}, {browser}")
        answers.append((await caller.data(SEND, i=form(org.id)))["sendContactMessage"])
    assert [a["__typename"] for a in answers[:limit]] == ["ContactMessageSent"] * limit
    assert answers[limit]["errors"][0]["code"] == "RATE_LIMITED"


async def test_a_signed_in_sender_is_limited_whatever_addresses_they_type(
    graphql: GraphQLClient,
    tokens: TokenIssuer,
    committed_sessions: async_sessionmaker[AsyncSession],
    service_settings: OrganizationsSettings,
) -> None:
    limit = service_settings.contact_limit_per_email
    org, published = profile()
    await persist(committed_sessions, org)
    await persist(committed_sessions, published)
    sender = graphql.as_user(tokens.token(uuid.uuid4(), ["applicant"]))
    answers = []
    for index in range(limit + 1):
        caller = from_address(sender, f"10.{index}.{uuid.uuid4().int % 250}.9")
        answers.append((await caller.data(SEND, i=form(org.id, copy=False)))["sendContactMessage"])
    assert [a["__typename"] for a in answers[:limit]] == ["ContactMessageSent"] * limit
    assert answers[limit]["errors"][0]["code"] == "RATE_LIMITED"
