"""The contact form's rules through the served graph: visitors may write to a published
profile; bad input, unknown or unpublished organizations, foreign uploads, the site's captcha
and the rate limit are answered as errors, and nothing is stored."""

from __future__ import annotations

import io
import uuid
from typing import Any

import httpx
import pytest
from jobkit.testing.graphql import GraphQLClient
from jobkit.testing.service import persist
from jobkit.testing.tokens import TokenIssuer
from organizations.db import outbox, site_settings
from organizations.domain.models import ContactMessage
from PIL import Image
from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from services.organizations.tests.factories import profile

pytestmark = pytest.mark.integration

SEND = """mutation($i: ContactMessageInput!) { sendContactMessage(input: $i) { __typename
  ... on ContactMessageSent { id }
  ... on OrganizationErrors { errors { field code message } } } }"""


def form(organization_id: object, **overrides: Any) -> dict[str, Any]:
    return {
        "organizationId": str(organization_id),
        "name": "Sam Rivera",
        "email": f"sam-{uuid.uuid4().hex[:6]}@example.org",
        "subject": "Volunteering",
        "body": "Do you take volunteers on weekends?",
        "copy": True,
    } | overrides


def png() -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", (20, 20), "green").save(buffer, format="PNG")
    return buffer.getvalue()


async def upload(service_url: str, purpose: str = "contact_attachment") -> httpx.Response:
    async with httpx.AsyncClient(base_url=service_url, timeout=120) as client:
        return await client.post(
            "/uploads",
            data={"purpose": purpose},
            files={"file": ("photo.png", png(), "image/png")},
        )


async def stored(sessions: async_sessionmaker[AsyncSession]) -> tuple[int, int]:
    async with sessions() as session:
        messages = await session.scalar(select(func.count()).select_from(ContactMessage))
        events = await session.scalar(
            select(func.count())
            .select_from(outbox)
            .where(outbox.c.event_type == "organizations.contact.message_sent")
        )
    return int(messages or 0), int(events or 0)


async def test_a_visitor_writes_to_a_published_profile_and_bad_input_is_refused(
    graphql: GraphQLClient,
    tokens: TokenIssuer,
    service_url: str,
    committed_sessions: async_sessionmaker[AsyncSession],
) -> None:
    org, published = profile()
    draft_org, draft = profile(status="draft")
    await persist(committed_sessions, org, draft_org)
    await persist(committed_sessions, published, draft)
    before = await stored(committed_sessions)

    bad = await graphql.data(
        SEND, i=form(org.id, name=" ", email="nobody", subject="", body="x" * 10_001)
    )
    assert {(e["field"], e["code"]) for e in bad["sendContactMessage"]["errors"]} == {
        ("name", "TOO_SHORT"),
        ("email", "INVALID"),
        ("subject", "TOO_SHORT"),
        ("body", "TOO_LONG"),
    }
    for organization_id in (draft_org.id, uuid.uuid4(), "not-an-id"):
        missing = await graphql.data(SEND, i=form(organization_id))
        assert missing["sendContactMessage"]["errors"] == [
            {
                "field": "organizationId",
                "code": "NOT_FOUND",
                "message": "This organization does not exist.",
            }
        ]
    # an upload of another purpose, a made-up id
    logo = await upload(service_url, "organization_logo")
    assert logo.status_code == 401  # logos need an account; the contact form's files do not
    foreign = await graphql.data(SEND, i=form(org.id, attachments=[str(uuid.uuid4())]))
    assert foreign["sendContactMessage"]["errors"][0]["field"] == "attachments.0"
    assert foreign["sendContactMessage"]["errors"][0]["code"] == "UNKNOWN_UPLOAD"
    assert await stored(committed_sessions) == before

    uploaded = await upload(service_url)
    assert uploaded.status_code == 201, uploaded.text
    assert uploaded.json()["private"] is True
    file_id = uploaded.json()["id"]
    sent = await graphql.data(SEND, i=form(org.id, attachments=[file_id]))
    assert sent["sendContactMessage"]["__typename"] == "ContactMessageSent"
    assert await stored(committed_sessions) == (before[0] + 1, before[1] + 1)
    # a file goes with one message only
    reused = await graphql.data(SEND, i=form(org.id, attachments=[file_id]))
    assert reused["sendContactMessage"]["errors"][0]["code"] == "UNKNOWN_UPLOAD"
    # a signed-in user writes too
    member = graphql.as_user(tokens.token(uuid.uuid4(), ["applicant"]))
    mine = await member.data(SEND, i=form(org.id, copy=False))
    assert mine["sendContactMessage"]["__typename"] == "ContactMessageSent"


async def test_the_sites_captcha_and_the_rate_limit(
    graphql: GraphQLClient, committed_sessions: async_sessionmaker[AsyncSession]
) -> None:
    org, published = profile()
    published.site = "captcha-site"
    await persist(committed_sessions, org)
    await persist(committed_sessions, published)
    email = f"many-{uuid.uuid4().hex[:6]}@example.org"
    answers = [
        (await graphql.data(SEND, i=form(org.id, email=email)))["sendContactMessage"]
        for _ in range(4)
    ]
    assert [a["__typename"] for a in answers[:3]] == ["ContactMessageSent"] * 3
    assert answers[3]["errors"][0]["code"] == "RATE_LIMITED"

    async with committed_sessions() as session, session.begin():
        await session.execute(
            site_settings.insert().values(
                site="captcha-site", key="captcha", name="contact_form", value=True
            )
        )
    no_token = await graphql.data(SEND, i=form(org.id))
    assert no_token["sendContactMessage"]["errors"][0] == {
        "field": "captchaToken",
        "code": "CAPTCHA_REQUIRED",
        "message": "Confirm that you are not a robot.",
    }
    # no verifier configured here: a token is never taken on trust
    bad = await graphql.data(SEND, i=form(org.id, captchaToken="token"))
    assert bad["sendContactMessage"]["errors"][0]["code"] == "CAPTCHA_INVALID"
