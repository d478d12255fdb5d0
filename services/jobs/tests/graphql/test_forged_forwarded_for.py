"""Applying is limited per client address as the deployment's proxies saw it, and per account:
what a browser writes into X-Forwarded-For, or types as its address, resets nothing (ADR 0024)."""

from __future__ import annotations

import uuid

import pytest
from jobkit.testing.graphql import GraphQLClient
from jobkit.testing.service import persist
from jobkit.testing.tokens import TokenIssuer
from jobs.settings import JobsSettings
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from services.jobs.tests.factories import job, organization
from services.jobs.tests.graphql.test_applications import APPLY, form

pytestmark = pytest.mark.integration


def from_address(graphql: GraphQLClient, forwarded_for: str) -> GraphQLClient:
    """The same caller with an X-Forwarded-For header (this test's loopback peer is the
    trusted web server appending the browser's address)."""
    client = GraphQLClient(graphql.url)
    client.headers = graphql.headers | {"X-Forwarded-For": forwarded_for}
    return client


async def test_a_forged_forwarded_for_does_not_reset_the_per_address_limit(
    graphql: GraphQLClient,
    committed_sessions: async_sessionmaker[AsyncSession],
    service_settings: JobsSettings,
) -> None:
    limit = service_settings.apply_limit_per_ip
    org = organization()
    jobs = [job(org, state="published") for _ in range(limit + 1)]
    await persist(committed_sessions, org, *jobs)
    browser = f"203.0.113.{uuid.uuid4().int % 250}"
    answers = []
    for index, posting in enumerate(jobs):
        # the browser claims another address every time; the web server appends the real one
        caller = from_address(graphql, f"198.51.100.{index}, {browser}")
        answer = await caller.data(APPLY, input=form(posting.id))
        answers.append(answer["applyToJob"])
    assert [a["__typename"] for a in answers[:limit]] == ["ApplicationReceived"] * limit
    assert answers[limit]["__typename"] == "JobErrors"
    assert answers[limit]["errors"][0]["code"] == "RATE_LIMITED"


async def test_a_signed_in_applicant_is_limited_whatever_addresses_they_type(
    graphql: GraphQLClient,
    tokens: TokenIssuer,
    committed_sessions: async_sessionmaker[AsyncSession],
    service_settings: JobsSettings,
) -> None:
    limit = service_settings.apply_limit_per_email
    org = organization()
    jobs = [job(org, state="published") for _ in range(limit + 1)]
    await persist(committed_sessions, org, *jobs)
    applicant = graphql.as_user(tokens.token(uuid.uuid4(), ["applicant"]))
    answers = []
    for index, posting in enumerate(jobs):
        # a new typed address and a new client address each time: only the account repeats
        caller = from_address(applicant, f"10.{index}.{uuid.uuid4().int % 250}.9")
        answers.append((await caller.data(APPLY, input=form(posting.id)))["applyToJob"])
    assert [a["__typename"] for a in answers[:limit]] == ["ApplicationReceived"] * limit
    assert answers[limit]["errors"][0]["code"] == "RATE_LIMITED"
