"""Inviting a recruiter: the mailer sends the link over real SMTP (through the broker, once),
the invited recruiter accepts it once, becomes a member and can edit; removal and leaving."""

from __future__ import annotations

import asyncio
import re
import uuid
from collections.abc import AsyncIterator
from typing import Any

import pytest
from aiosmtpd.controller import Controller
from jobkit.testing.graphql import GraphQLClient
from jobkit.testing.server import free_port, serve
from jobkit.testing.tokens import TokenIssuer
from organizations.main import create_app
from organizations.settings import OrganizationsSettings

from scripts.mailcatcher import Mailbox

pytestmark = pytest.mark.integration

CREATE = """mutation($i: CreateOrganizationInput!) { createOrganization(input: $i) {
  ... on OrganizationProfileSaved { profile { id organization { id } } } } }"""
INVITE = """mutation($o: ID!, $e: String!) {
  inviteOrganizationMember(organizationId: $o, email: $e) {
  __typename ... on InvitationSent { email } ... on OrganizationErrors { errors { code } } } }"""
ACCEPT = """mutation($t: String!) { acceptOrganizationInvitation(token: $t) {
  __typename ... on MembershipChanged { organization { name } }
  ... on OrganizationErrors { errors { field code } } } }"""
REMOVE = """mutation($o: ID!, $u: ID!) { removeOrganizationMember(organizationId: $o, userId: $u) {
  __typename ... on OrganizationErrors { errors { field code } } } }"""
MEMBERS = "query($o: ID!) { organizationMembers(organizationId: $o) { role user { id } } }"
FAQ = """mutation($id: ID!) { updateOrganizationFaq(id: $id, input: {items: []}) {
  __typename ... on OrganizationErrors { errors { code } } } }"""


@pytest.fixture(scope="module")
async def running(
    service_settings: OrganizationsSettings, run_prefix: str
) -> AsyncIterator[tuple[GraphQLClient, Mailbox]]:
    mailbox = Mailbox()
    smtp = Controller(mailbox, hostname="127.0.0.1", port=free_port())
    smtp.start()
    settings = service_settings.model_copy(
        update={
            "run_background_workers": True,
            "kafka_topic_prefix": f"{run_prefix}invite.",
            "smtp_port": smtp.port,
            "site_url": "http://jobs.test",
            "outbox_poll_interval_seconds": 0.05,
        }
    )
    try:
        async with serve(create_app(settings)) as url:
            yield GraphQLClient(f"{url}/graphql"), mailbox
    finally:
        smtp.stop()


async def _token_mailed_to(mailbox: Mailbox, address: str) -> str:
    deadline = asyncio.get_running_loop().time() + 60
    while asyncio.get_running_loop().time() < deadline:
        for mail in mailbox.mails:
            if address in mail.to:
                found = re.search(
                    r"http://jobs\.test/organization-invitation\?token=(\S+)", mail.text
                )
                assert found, mail.text
                return found.group(1)
        await asyncio.sleep(0.2)
    raise AssertionError(f"no invitation mailed to {address}")


def _as(
    graphql: GraphQLClient, tokens: TokenIssuer, roles: list[str], **claims: Any
) -> tuple[str, Any]:
    user = str(uuid.uuid4())
    return user, graphql.as_user(tokens.token(user, roles, **claims))


async def test_an_invited_recruiter_joins_once_and_can_then_edit(
    running: tuple[GraphQLClient, Mailbox], tokens: TokenIssuer
) -> None:
    graphql, mailbox = running
    owner_id, owner = _as(graphql, tokens, ["recruiter"])
    created = (await owner.data(CREATE, i={"name": "Invite Trust"}))["createOrganization"]
    profile_id, organization_id = created["profile"]["id"], created["profile"]["organization"]["id"]
    email = f"new-{uuid.uuid4().hex[:6]}@example.org"
    sent = await owner.data(INVITE, o=organization_id, e=email)
    assert sent["inviteOrganizationMember"] == {"__typename": "InvitationSent", "email": email}
    token = await _token_mailed_to(mailbox, email)

    # a forwarded link is useless to anyone else, and to the invited address unconfirmed
    _, forwarded = _as(
        graphql, tokens, ["recruiter"], email="someone@example.org", email_verified=True
    )
    refused = (await forwarded.data(ACCEPT, t=token))["acceptOrganizationInvitation"]
    assert refused["errors"] == [{"field": "token", "code": "INVITATION_INVALID"}]
    assert email not in str(refused)
    _, unconfirmed = _as(graphql, tokens, ["recruiter"], email=email, email_verified=False)
    unconfirmed_answer = await unconfirmed.data(ACCEPT, t=token)
    assert unconfirmed_answer["acceptOrganizationInvitation"]["errors"] == [
        {"field": "token", "code": "FORBIDDEN"}
    ]

    # the invited address, confirmed (any case): joins, once
    newcomer_id, newcomer = _as(
        graphql, tokens, ["recruiter"], email=email.upper(), email_verified=True
    )
    assert (await newcomer.data(FAQ, id=profile_id))["updateOrganizationFaq"]["errors"] == [
        {"code": "FORBIDDEN"}
    ]
    joined = await newcomer.data(ACCEPT, t=token)
    assert joined["acceptOrganizationInvitation"]["organization"] == {"name": "Invite Trust"}
    again = await newcomer.data(ACCEPT, t=token)
    assert again["acceptOrganizationInvitation"]["errors"] == [
        {"field": "token", "code": "INVITATION_INVALID"}
    ]
    edited = await newcomer.data(FAQ, id=profile_id)
    assert edited["updateOrganizationFaq"]["__typename"] == "OrganizationProfileSaved"
    members = (await owner.data(MEMBERS, o=organization_id))["organizationMembers"]
    assert {(m["user"]["id"], m["role"]) for m in members} == {
        (owner_id, "owner"),
        (newcomer_id, "recruiter"),
    }

    # nobody removes the owner; the newcomer is removed and can no longer edit
    refused = await newcomer.data(REMOVE, o=organization_id, u=owner_id)
    assert refused["removeOrganizationMember"]["errors"] == [
        {"field": "userId", "code": "OWNER_CANNOT_LEAVE"}
    ]
    removed = await owner.data(REMOVE, o=organization_id, u=newcomer_id)
    assert removed["removeOrganizationMember"]["__typename"] == "MembershipChanged"
    assert (await newcomer.data(FAQ, id=profile_id))["updateOrganizationFaq"]["errors"] == [
        {"code": "FORBIDDEN"}
    ]


async def test_outsiders_cannot_invite_or_see_members(
    running: tuple[GraphQLClient, Mailbox], tokens: TokenIssuer
) -> None:
    graphql, _ = running
    _, owner = _as(graphql, tokens, ["recruiter"])
    organization_id = (await owner.data(CREATE, i={"name": "Closed Circle"}))["createOrganization"][
        "profile"
    ]["organization"]["id"]
    _, outsider = _as(graphql, tokens, ["recruiter"])
    refused = await outsider.data(INVITE, o=organization_id, e="x@example.org")
    assert refused["inviteOrganizationMember"]["errors"] == [{"code": "FORBIDDEN"}]
    assert (await outsider.data(MEMBERS, o=organization_id))["organizationMembers"] == []
    _, applicant = _as(graphql, tokens, ["applicant"])
    bad = await applicant.execute(ACCEPT, t="whatever")
    assert bad["data"]["acceptOrganizationInvitation"]["errors"][0]["code"] == "FORBIDDEN"


async def test_only_the_owner_deletes_an_organization(
    running: tuple[GraphQLClient, Mailbox], tokens: TokenIssuer
) -> None:
    graphql, _ = running
    delete = """mutation($o: ID!) { deleteOrganization(organizationId: $o) {
      __typename ... on OrganizationErrors { errors { code } } } }"""
    _, owner = _as(graphql, tokens, ["recruiter"])
    created = (await owner.data(CREATE, i={"name": "Short Lived"}))["createOrganization"]
    organization_id = created["profile"]["organization"]["id"]
    _, outsider = _as(graphql, tokens, ["recruiter"])
    refused = await outsider.data(delete, o=organization_id)
    assert refused["deleteOrganization"]["errors"] == [{"code": "FORBIDDEN"}]
    gone = await owner.data(delete, o=organization_id)
    assert gone["deleteOrganization"]["__typename"] == "OrganizationDeleted"
    profile = await owner.data(
        "query($id: ID!) { organizationProfile(id: $id) { id } }", id=created["profile"]["id"]
    )
    assert profile["organizationProfile"] is None
