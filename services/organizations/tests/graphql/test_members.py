"""Members through GraphQL: a recruiter of several organizations switches the active one, a
member leaves (the owner cannot), and another organization's recruiter removes nobody (errors as
data). Invitations are issued by the use case (the mailed token) and accepted through the API;
an invitation mailed again after the mailer was killed is the same mail with the same link."""

from __future__ import annotations

import re
import uuid
from typing import Any

import pytest
from jobkit.auth import Principal
from jobkit.events import EventEnvelope
from jobkit.testing.graphql import GraphQLClient
from jobkit.testing.smtp import smtp_inbox
from jobkit.testing.tokens import TokenIssuer
from organizations.db import members, outbox
from organizations.domain.events import MemberInvited
from organizations.domain.invitations import IssuedInvitation, invite_member
from organizations.messaging.consumers import invitation_mailer_handlers
from organizations.settings import OrganizationsSettings
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

pytestmark = pytest.mark.integration

CREATE = """mutation($name: String!) { createOrganization(input: {name: $name}) {
  ... on OrganizationProfileSaved { profile { id organization { id } } } } }"""
ACCEPT = """mutation($t: String!) { acceptOrganizationInvitation(token: $t) { __typename } }"""
RESULT = """__typename ... on MembershipChanged { organization { id } }
  ... on OrganizationErrors { errors { field code } }"""
LEAVE = f"mutation($o: ID!) {{ leaveOrganization(organizationId: $o) {{ {RESULT} }} }}"
SWITCH = f"mutation($o: ID!) {{ setActiveOrganization(organizationId: $o) {{ {RESULT} }} }}"
REMOVE = f"""mutation($o: ID!, $u: ID!) {{
  removeOrganizationMember(organizationId: $o, userId: $u) {{ {RESULT} }} }}"""
ACCEPT_ONCE_MORE = (
    f"mutation($t: String!) {{ acceptOrganizationInvitation(token: $t) {{ {RESULT} }} }}"
)
MEMBERS = "query($o: ID!) { organizationMembers(organizationId: $o) { role user { id } } }"
ACTIVE = """query($r: [_Any!]!) { _entities(representations: $r) {
  ... on User { organization { id } activeOrganization { id } } } }"""
MINE = """query($r: [_Any!]!) { _entities(representations: $r) {
  ... on User { organizations { id name } } } }"""
FAQ = """mutation($id: ID!) { updateOrganizationFaq(id: $id, input: {items: []}) {
  __typename ... on OrganizationErrors { errors { code } } } }"""


class Recruiter:
    def __init__(self, graphql: GraphQLClient, tokens: TokenIssuer) -> None:
        self.id = str(uuid.uuid4())
        self.email = f"{self.id}@example.org"
        self.client = graphql.as_user(
            tokens.token(self.id, ["recruiter"], email=self.email, email_verified=True)
        )

    async def found(self, name: str) -> str:
        """A new organization (its id is its profile's)."""
        answer = await self.client.data(CREATE, name=f"{name} {uuid.uuid4().hex[:6]}")
        organization_id: str = answer["createOrganization"]["profile"]["organization"]["id"]
        return organization_id

    async def active(self) -> dict[str, Any]:
        reference = [{"__typename": "User", "id": self.id}]
        [user] = (await self.client.data(ACTIVE, r=reference))["_entities"]
        return {key: value and value["id"] for key, value in user.items()}


async def _join(
    sessions: async_sessionmaker[AsyncSession],
    settings: OrganizationsSettings,
    owner: Recruiter,
    organization_id: str,
    newcomer: Recruiter,
) -> None:
    """The owner invites the newcomer, who accepts the mailed token."""
    issued = await invite_member(
        sessions=sessions,
        settings=settings,
        principal=Principal(user_id=owner.id, roles=frozenset({"recruiter"})),
        organization_id=uuid.UUID(organization_id),
        email=newcomer.email,
    )
    assert isinstance(issued, IssuedInvitation), issued
    joined = await newcomer.client.data(ACCEPT, t=issued.token)
    assert joined["acceptOrganizationInvitation"]["__typename"] == "MembershipChanged"


async def _member_ids(client: GraphQLClient, organization_id: str) -> set[str]:
    listed = (await client.data(MEMBERS, o=organization_id))["organizationMembers"]
    return {member["user"]["id"] for member in listed}


async def test_a_recruiter_of_several_organizations_switches_the_active_one(
    graphql: GraphQLClient,
    tokens: TokenIssuer,
    committed_sessions: async_sessionmaker[AsyncSession],
    service_settings: OrganizationsSettings,
) -> None:
    rita = Recruiter(graphql, tokens)
    harbor = await rita.found("Harbor Trust")
    meadow = await rita.found("Meadow Aid")
    assert await rita.active() == {"organization": harbor, "activeOrganization": harbor}
    olga = Recruiter(graphql, tokens)
    river = await olga.found("River Fund")
    await _join(committed_sessions, service_settings, olga, river, rita)
    assert (await rita.active())["activeOrganization"] == harbor  # joining does not switch

    for target in (meadow, river):
        switched = await rita.client.data(SWITCH, o=target)
        assert switched["setActiveOrganization"] == {
            "__typename": "MembershipChanged",
            "organization": {"id": target},
        }
        assert (await rita.active())["activeOrganization"] == target
    assert (await rita.active())["organization"] == harbor  # the owned one, unchanged

    # only one of your own organizations: others are refused as data, nothing changes
    outsider_org = await Recruiter(graphql, tokens).found("Elsewhere")
    refused = await rita.client.data(SWITCH, o=outsider_org)
    assert refused["setActiveOrganization"]["errors"] == [{"field": None, "code": "FORBIDDEN"}]
    unknown = await rita.client.data(SWITCH, o=str(uuid.uuid4()))
    assert unknown["setActiveOrganization"]["errors"] == [
        {"field": "organizationId", "code": "NOT_FOUND"}
    ]
    malformed = await rita.client.data(SWITCH, o="not-an-id")
    assert malformed["setActiveOrganization"]["errors"] == [
        {"field": "organizationId", "code": "NOT_FOUND"}
    ]
    assert (await rita.active())["activeOrganization"] == river

    # the organizations she may switch to, oldest first
    rita_ref = [{"__typename": "User", "id": rita.id}]
    [mine] = (await rita.client.data(MINE, r=rita_ref))["_entities"]
    assert [organization["id"] for organization in mine["organizations"]] == [
        harbor,
        meadow,
        river,
    ]
    assert mine["organizations"][2]["name"].startswith("River Fund")

    # someone else's view of Rita: the fields are the user's own (and admins')
    [seen] = (await olga.client.data(ACTIVE, r=rita_ref))["_entities"]
    assert seen == {"organization": None, "activeOrganization": None}
    [theirs] = (await olga.client.data(MINE, r=rita_ref))["_entities"]
    assert theirs == {"organizations": []}
    admin = graphql.as_user(tokens.token(str(uuid.uuid4()), ["administrator"]))
    [audited] = (await admin.data(MINE, r=rita_ref))["_entities"]
    assert len(audited["organizations"]) == 3
    visitor = await graphql.execute(SWITCH, o=harbor)
    assert visitor["errors"][0]["extensions"]["code"] == "UNAUTHENTICATED"


async def test_a_member_leaves_and_the_owner_cannot(
    graphql: GraphQLClient,
    tokens: TokenIssuer,
    committed_sessions: async_sessionmaker[AsyncSession],
    service_settings: OrganizationsSettings,
) -> None:
    olga = Recruiter(graphql, tokens)
    river = await olga.found("River Fund")
    rita = Recruiter(graphql, tokens)
    harbor = await rita.found("Harbor Trust")
    await _join(committed_sessions, service_settings, olga, river, rita)
    await rita.client.data(SWITCH, o=river)

    left = await rita.client.data(LEAVE, o=river)
    assert left["leaveOrganization"] == {
        "__typename": "MembershipChanged",
        "organization": {"id": river},
    }
    assert await _member_ids(olga.client, river) == {olga.id}
    assert (await rita.client.data(FAQ, id=river))["updateOrganizationFaq"]["errors"] == [
        {"code": "FORBIDDEN"}
    ]
    # the organization she left is no longer her active one: back to her own
    assert await rita.active() == {"organization": harbor, "activeOrganization": harbor}
    async with committed_sessions() as session:
        bodies = await session.scalars(
            select(outbox.c.body).where(outbox.c.key == river).order_by(outbox.c.id)
        )
        last = EventEnvelope.from_bytes(list(bodies)[-1])
    assert (last.type, last.payload["user_id"], last.actor) == (
        "organizations.member.removed",
        rita.id,
        rita.id,
    )

    again = await rita.client.data(LEAVE, o=river)  # no longer a member
    assert again["leaveOrganization"]["errors"] == [{"field": None, "code": "FORBIDDEN"}]
    owner = await olga.client.data(LEAVE, o=river)
    assert owner["leaveOrganization"]["errors"] == [
        {"field": "userId", "code": "OWNER_CANNOT_LEAVE"}
    ]
    assert await _member_ids(olga.client, river) == {olga.id}


async def test_another_organizations_recruiter_cannot_remove_a_member(
    graphql: GraphQLClient,
    tokens: TokenIssuer,
    committed_sessions: async_sessionmaker[AsyncSession],
    service_settings: OrganizationsSettings,
) -> None:
    olga = Recruiter(graphql, tokens)
    river = await olga.found("River Fund")
    rita = Recruiter(graphql, tokens)
    await _join(committed_sessions, service_settings, olga, river, rita)
    mallory = Recruiter(graphql, tokens)
    await mallory.found("Elsewhere")

    for user in (rita.id, olga.id):
        refused = await mallory.client.data(REMOVE, o=river, u=user)
        assert refused["removeOrganizationMember"]["errors"] == [
            {"field": None, "code": "FORBIDDEN"}
        ]
    async with committed_sessions() as session:
        kept = set(
            await session.scalars(
                select(members.c.user_id).where(members.c.organization_id == river)
            )
        )
    assert kept == {olga.id, rita.id}
    applicant = graphql.as_user(tokens.token(str(uuid.uuid4()), ["applicant"]))
    denied = await applicant.execute(REMOVE, o=river, u=rita.id)
    assert denied["errors"][0]["extensions"]["code"] == "FORBIDDEN"


async def test_an_invitation_mailed_again_after_a_kill_is_the_same_mail_whose_link_works_once(
    graphql: GraphQLClient,
    tokens: TokenIssuer,
    committed_sessions: async_sessionmaker[AsyncSession],
    service_settings: OrganizationsSettings,
) -> None:
    """The mailer sent the invitation and died before it recorded the event (its transaction
    rolled back); the event comes again: the same mail (the event's Message-ID) with the same
    link, which works, once."""
    owner, newcomer = Recruiter(graphql, tokens), Recruiter(graphql, tokens)
    organization_id = await owner.found("Twice Sent")
    issued = await invite_member(
        sessions=committed_sessions,
        settings=service_settings,
        principal=Principal(user_id=owner.id, roles=frozenset({"recruiter"})),
        organization_id=uuid.UUID(organization_id),
        email=newcomer.email,
    )
    assert isinstance(issued, IssuedInvitation), issued
    async with committed_sessions() as session:
        bodies = await session.scalars(
            select(outbox.c.body).where(
                outbox.c.key == organization_id,
                outbox.c.event_type == MemberInvited.event_type,
            )
        )
        [event] = [EventEnvelope.from_bytes(body) for body in bodies]

    with smtp_inbox() as inbox:
        settings = service_settings.model_copy(update={"smtp_port": inbox.port})
        mailer = invitation_mailer_handlers(settings)[MemberInvited.event_type]
        async with committed_sessions() as session:
            await mailer(session, event)
            await session.rollback()  # killed before the ledger's commit
        async with committed_sessions() as session, session.begin():
            await mailer(session, event)  # the event delivered again
        mails = await inbox.wait_for(newcomer.email, 2)

    assert {str(mail["Message-ID"]) for mail in mails} == {
        f"<{event.id}.invitation@{settings.message_id_domain}>"
    }
    links = {re.findall(r"token=(\S+)", mail.get_content())[0] for mail in mails}
    assert links == {issued.token}
    joined = await newcomer.client.data(ACCEPT, t=issued.token)
    assert joined["acceptOrganizationInvitation"]["__typename"] == "MembershipChanged"
    again = await newcomer.client.data(ACCEPT_ONCE_MORE, t=issued.token)
    assert again["acceptOrganizationInvitation"]["errors"] == [
        {"field": "token", "code": "INVITATION_INVALID"}
    ]
