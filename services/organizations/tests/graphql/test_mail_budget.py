"""What mails an address is limited per recipient (ADR 0024): the contact form's copy to the
typed address within that address's mail budget, every message within the organization's own
budget, invitations to one address within its budget."""

from __future__ import annotations

import uuid
from collections.abc import AsyncIterator

import pytest
from jobkit.testing.graphql import GraphQLClient
from jobkit.testing.server import serve
from jobkit.testing.service import persist
from jobkit.testing.tokens import TokenIssuer
from organizations.domain.models import ContactMessage
from organizations.main import create_app
from organizations.settings import OrganizationsSettings
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from services.organizations.tests.factories import profile
from services.organizations.tests.graphql.test_contact_form import SEND, form
from services.organizations.tests.integration.test_invitations import CREATE, INVITE

pytestmark = pytest.mark.integration
ORGANIZATION_LIMIT = 4


@pytest.fixture(scope="module")
async def served(service_settings: OrganizationsSettings) -> AsyncIterator[GraphQLClient]:
    # more messages per sender than the copies' budget, and a small inbox budget
    settings = service_settings.model_copy(
        update={"contact_limit_per_email": 10, "contact_limit_per_organization": ORGANIZATION_LIMIT}
    )
    async with serve(create_app(settings)) as url:
        yield GraphQLClient(f"{url}/graphql")


def from_client(graphql: GraphQLClient) -> GraphQLClient:
    client = GraphQLClient(graphql.url)
    address = f"10.{uuid.uuid4().int % 250}.{uuid.uuid4().int % 250}.3"
    client.headers = graphql.headers | {"X-Forwarded-For": address}
    return client


async def test_the_senders_copy_stays_within_the_typed_addresss_mail_budget(
    served: GraphQLClient,
    committed_sessions: async_sessionmaker[AsyncSession],
    service_settings: OrganizationsSettings,
) -> None:
    limit = service_settings.mail_limit_per_recipient
    organizations = [profile() for _ in range(limit + 2)]
    for org, published in organizations:
        await persist(committed_sessions, org)
        await persist(committed_sessions, published)
    victim = f"victim-{uuid.uuid4().hex[:6]}@example.org"
    for org, _ in organizations:
        answer = await from_client(served).data(SEND, i=form(org.id, email=victim, copy=True))
        assert answer["sendContactMessage"]["__typename"] == "ContactMessageSent"
    async with committed_sessions() as session:
        copies = (
            await session.scalars(
                select(ContactMessage.copy)
                .where(ContactMessage.email == victim)
                .order_by(ContactMessage.created_at)
            )
        ).all()
    assert copies == [True] * limit + [False] * 2


async def test_an_organization_receives_a_bounded_number_of_messages(
    served: GraphQLClient, committed_sessions: async_sessionmaker[AsyncSession]
) -> None:
    org, published = profile()
    await persist(committed_sessions, org)
    await persist(committed_sessions, published)
    answers = [
        (await from_client(served).data(SEND, i=form(org.id, copy=False)))["sendContactMessage"]
        for _ in range(ORGANIZATION_LIMIT + 1)
    ]
    assert [a["__typename"] for a in answers[:ORGANIZATION_LIMIT]] == [
        "ContactMessageSent"
    ] * ORGANIZATION_LIMIT
    assert answers[ORGANIZATION_LIMIT]["errors"][0]["code"] == "RATE_LIMITED"


async def test_invitations_to_one_address_stay_within_its_mail_budget(
    graphql: GraphQLClient, tokens: TokenIssuer, service_settings: OrganizationsSettings
) -> None:
    limit = service_settings.mail_limit_per_recipient
    owners = [
        graphql.as_user(tokens.token(str(uuid.uuid4()), ["recruiter"])) for _ in range(limit + 1)
    ]
    email = f"invited-{uuid.uuid4().hex[:6]}@example.org"
    answers = []
    for index, owner in enumerate(owners):
        created = await owner.data(CREATE, i={"name": f"Budget Trust {index}"})
        organization_id = created["createOrganization"]["profile"]["organization"]["id"]
        # other organizations, other clients: only the invited address repeats
        answer = await from_client(owner).data(INVITE, o=organization_id, e=email)
        answers.append(answer["inviteOrganizationMember"])
    assert answers[:limit] == [{"__typename": "InvitationSent", "email": email}] * limit
    assert answers[limit] == {
        "__typename": "OrganizationErrors",
        "errors": [{"code": "RATE_LIMITED"}],
    }
