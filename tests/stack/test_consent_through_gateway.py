"""The running stack: the spec's consent documents (section 7) through the gateway, with exactly
the spec's arguments; hasTheLatestConsent flips after createGdprUserConsent; only one's own
consents; errors as data; consent at registration reaches the consent service (ADR 0009)."""

from __future__ import annotations

import asyncio
import os
import uuid

import pytest
from jobkit.testing.graphql import GraphQLClient

from tests.stack.test_gateway_reaches_every_subgraph import (
    GATEWAY_URL,
    credentials_sign_in,
    sign_up,
)

pytestmark = pytest.mark.integration

DEMO_PASSWORD = os.environ.get("JOBBOARD_DEMO_PASSWORD", "demo-password-2026")

GET_GDPR_CONSENT_INFOS = """query getGdprConsentInfos($id: ID, $type: String, $limit: Int,
  $offset: Int, $sorting: String, $placement: String, $language: String, $path: String) {
  getGdprConsentInfos(id: $id, type: $type, limit: $limit, offset: $offset, sorting: $sorting,
    placement: $placement, language: $language, path: $path) { id type optIn text }
}"""
CREATE_GDPR_USER_CONSENT = """mutation createGdprUserConsent($mail: String!, $infoId: ID!) {
  createGdprUserConsent(mail: $mail, infoId: $infoId) {
    errors { field code message }
    consent { id mail infoId infoRevisionId }
  }
}"""
HAS_THE_LATEST_CONSENT = """query hasTheLatestConsent($type: String!, $placement: String!) {
  hasTheLatestConsent(type: $type, placement: $placement) { infoRevisionId infoId id mail }
}"""
USER_CONSENTS = """query($placement: String, $type: String, $userId: ID) {
  getGdprUserConsents(placement: $placement, type: $type, userId: $userId) {
    id mail infoId infoRevisionId
  }
}"""
CREATE_FOR_REVISION = """mutation($mail: String!, $infoId: ID!, $infoRevisionId: ID) {
  createGdprUserConsent(mail: $mail, infoId: $infoId, infoRevisionId: $infoRevisionId) {
    errors { field code } consent { id }
  }
}"""
REVISIONS = """query($infoId: ID!) { getGdprConsentInfoRevisions(infoId: $infoId) { id number } }"""
SITE_POLICY = {"type": "PRIVACY_POLICY", "placement": "REGISTRATION"}


async def _signed_in(email: str, password: str = DEMO_PASSWORD) -> GraphQLClient:
    signed_in = await credentials_sign_in(email, password)
    return GraphQLClient(GATEWAY_URL, token=signed_in["accessToken"])


async def _new_applicant(gateway: GraphQLClient) -> tuple[GraphQLClient, str, str]:
    email = f"consent-{uuid.uuid4().hex[:8]}@example.org"
    signed_in = await sign_up(
        gateway,
        email=email,
        password="long enough password",
        role="APPLICANT",
        first="Con",
        last="Sent",
    )
    client = GraphQLClient(GATEWAY_URL, token=signed_in["accessToken"])
    return client, str(signed_in["user"]["id"]), email


async def _policy(gateway: GraphQLClient) -> dict[str, str]:
    infos = await gateway.data(
        GET_GDPR_CONSENT_INFOS,
        id=None,
        type="PRIVACY_POLICY",
        limit=10,
        offset=0,
        sorting="created",
        placement="REGISTRATION",
        language="en",
        path="/user/register",
    )
    [policy, *_] = infos["getGdprConsentInfos"]
    return dict(policy)


async def test_the_spec_documents_answer_with_the_spec_fields() -> None:
    gateway = GraphQLClient(GATEWAY_URL)
    policy = await _policy(gateway)
    assert set(policy) == {"id", "type", "optIn", "text"}
    assert policy["type"] == "PRIVACY_POLICY"
    assert policy["optIn"] is True
    assert policy["text"]
    by_id = await gateway.data(GET_GDPR_CONSENT_INFOS, id=policy["id"])
    assert [info["id"] for info in by_id["getGdprConsentInfos"]] == [policy["id"]]


async def test_sign_up_records_the_registration_consent() -> None:
    """A new account's registration consent reaches consent through identity's event."""
    gateway = GraphQLClient(GATEWAY_URL)
    policy = await _policy(gateway)
    applicant, _, mail = await _new_applicant(gateway)
    # Sign-up recorded the REGISTRATION consent through identity's event (ADR 0009).
    deadline = asyncio.get_running_loop().time() + 60
    while True:
        latest = (await applicant.data(HAS_THE_LATEST_CONSENT, **SITE_POLICY))[
            "hasTheLatestConsent"
        ]
        if latest is not None or asyncio.get_running_loop().time() > deadline:
            break
        await asyncio.sleep(0.2)
    assert latest is not None, "the registration consent did not reach the consent service"
    assert latest["infoId"] == policy["id"]
    assert latest["mail"] == mail
    assert set(latest) == {"infoRevisionId", "infoId", "id", "mail"}

    again = (await applicant.data(CREATE_GDPR_USER_CONSENT, mail=mail, infoId=policy["id"]))[
        "createGdprUserConsent"
    ]
    assert again["errors"] == []
    assert again["consent"]["infoRevisionId"] == latest["infoRevisionId"]
    mine = await applicant.data(USER_CONSENTS, **SITE_POLICY)
    assert [c["infoRevisionId"] for c in mine["getGdprUserConsents"]] == [latest["infoRevisionId"]]


async def test_has_the_latest_consent_flips_after_create() -> None:
    gateway = GraphQLClient(GATEWAY_URL)
    policy = await _policy(gateway)
    # The demo applicant who agreed only to the old revision (scripts/demo/seed_consent.py).
    applicant = await _signed_in("applicant@jobboard.example")
    mail = "applicant@jobboard.example"
    before = (await applicant.data(HAS_THE_LATEST_CONSENT, **SITE_POLICY))["hasTheLatestConsent"]
    # Null on a fresh seed; the browser journey may have given it already.
    assert before is None or before["mail"] == mail
    given = (await applicant.data(CREATE_GDPR_USER_CONSENT, mail=mail, infoId=policy["id"]))[
        "createGdprUserConsent"
    ]
    assert given["errors"] == [], given
    latest = (await applicant.data(HAS_THE_LATEST_CONSENT, **SITE_POLICY))["hasTheLatestConsent"]
    assert latest is not None
    revisions = (await gateway.data(REVISIONS, infoId=policy["id"]))["getGdprConsentInfoRevisions"]
    assert latest["infoRevisionId"] == revisions[0]["id"]  # newest first
    if len(revisions) > 1:
        old = await applicant.data(
            CREATE_FOR_REVISION, mail=mail, infoId=policy["id"], infoRevisionId=revisions[1]["id"]
        )
        assert old["createGdprUserConsent"] == {
            "errors": [{"field": "infoRevisionId", "code": "NOT_LATEST_REVISION"}],
            "consent": None,
        }


async def test_own_consents_only_and_errors_as_data() -> None:
    gateway = GraphQLClient(GATEWAY_URL)
    policy = await _policy(gateway)
    first, first_id, first_mail = await _new_applicant(gateway)
    second, _, _ = await _new_applicant(gateway)

    for_someone_else = (
        await second.data(CREATE_GDPR_USER_CONSENT, mail=first_mail, infoId=policy["id"])
    )["createGdprUserConsent"]
    assert for_someone_else["consent"] is None
    assert for_someone_else["errors"][0]["code"] == "NOT_OWN_MAIL"

    read_other = await second.execute(USER_CONSENTS, userId=first_id)
    assert read_other["errors"][0]["extensions"]["code"] == "FORBIDDEN"

    unknown = (
        await first.data(CREATE_GDPR_USER_CONSENT, mail=first_mail, infoId=str(uuid.uuid4()))
    )["createGdprUserConsent"]
    assert (unknown["errors"][0]["field"], unknown["errors"][0]["code"]) == ("infoId", "NOT_FOUND")
    empty = (await first.data(CREATE_GDPR_USER_CONSENT, mail="", infoId=policy["id"]))[
        "createGdprUserConsent"
    ]
    assert (empty["errors"][0]["field"], empty["errors"][0]["code"]) == ("mail", "REQUIRED")

    admin = await _signed_in("admin@jobboard.example")
    anyone = await admin.data(USER_CONSENTS, userId=first_id)
    assert isinstance(anyone["getGdprUserConsents"], list)

    visitor = await gateway.execute(HAS_THE_LATEST_CONSENT, **SITE_POLICY)
    assert visitor["errors"][0]["extensions"]["code"] == "UNAUTHENTICATED"
