"""The running stack (make up): one request through the gateway and the web reaches all subgraphs.

Runs after ``deploy/local/stack start services edge``; uses identity's development signing key
(``IDENTITY_JWT_PRIVATE_KEY_FILE``) to act as a chosen user.
"""

from __future__ import annotations

import os
import uuid
from typing import Any

import httpx
import pytest
from identity.domain.models import User
from identity.domain.tokens import SigningKey, issue_token
from identity.settings import IdentitySettings
from jobkit.testing.graphql import GraphQLClient

pytestmark = pytest.mark.integration

GATEWAY_URL = os.environ.get("JOBBOARD_GATEWAY_URL", "http://127.0.0.1:4000/graphql")
WEB_URL = os.environ.get("JOBBOARD_WEB_URL", "http://127.0.0.1:3002")
CAPTCHA_URL = os.environ.get("JOBBOARD_CAPTCHA_URL", "http://127.0.0.1:3006")
IDENTITY_URL = os.environ.get("JOBBOARD_IDENTITY_URL", "http://127.0.0.1:8101")

EVERY_SUBGRAPH = """
query EverySubgraph($id: ID!) {
  currentUser { id email roles { targetId } }
  organizationProfile(id: $id) { id name }
  job(id: $id) { id title }
  resume(id: $id) { id title }
  getCredits { amount type }
  getGdprConsentInfos(type: "PRIVACY_POLICY", placement: "REGISTRATION") { id optIn text }
  route(slug: "/no-such-page") { __typename ... on ErrorResponse { code reason } }
  analyticsEventTypes { key type }
}
"""

SIGN_UP = """
mutation SignUp($input: SignUpInput!) {
  signUp(input: $input) {
    __typename
    ... on SignUpSuccess { email }
    ... on AccountErrors { message errors { field code message } }
  }
}
"""


def token_for(user_id: str, roles: list[str]) -> str:
    settings = IdentitySettings()
    user = User(id=uuid.UUID(user_id), roles=roles, site=settings.site)
    return issue_token(
        user,
        session_id=str(uuid.uuid4()),
        key=SigningKey.from_settings(settings),
        settings=settings,
    )


@pytest.fixture
def gateway() -> GraphQLClient:
    return GraphQLClient(GATEWAY_URL)


async def captcha_token() -> str:
    """An answer of the local captcha (this site asks for one on sign-up), as the widget gets."""
    async with httpx.AsyncClient() as client:
        response = await client.post(f"{CAPTCHA_URL}/turnstile/v0/token")
        response.raise_for_status()
        token: str = response.json()["token"]
    return token


REGISTRATION_INFOS = """{
  getGdprConsentInfos(placement: "REGISTRATION", limit: 20) { id optIn }
}"""


async def registration_consents(gateway: GraphQLClient) -> list[str]:
    """The opt-in REGISTRATION consent infos a sign-up must tick (ADR 0009)."""
    infos = (await gateway.data(REGISTRATION_INFOS))["getGdprConsentInfos"]
    return [info["id"] for info in infos if info["optIn"]]


async def credentials_sign_in(email: str, password: str) -> dict[str, Any]:
    """Identity's credentials sign-in as the web server calls it: ``accessToken`` and ``user``."""
    async with httpx.AsyncClient() as client:
        answer = await client.post(
            f"{IDENTITY_URL}/auth/credentials", json={"email": email, "password": password}
        )
    assert answer.status_code == 200, answer.text
    body: dict[str, Any] = answer.json()
    return body


# The accounts the suite's sign-ups made, erased at its end (tests/stack/conftest.py).
SIGNED_UP: list[str] = []


async def sign_up(
    gateway: GraphQLClient, *, email: str, password: str, role: str, first: str, last: str
) -> dict[str, Any]:
    """A visitor's sign-up through the gateway, then the new account's first sign-in (signUp's
    answer never names the account: it reads the same for a taken address, ADR 0017)."""
    data = await gateway.data(
        SIGN_UP,
        input={
            "email": email,
            "password": password,
            "firstName": first,
            "lastName": last,
            "role": role,
            "captchaToken": await captcha_token(),
            "acceptedConsentInfoIds": await registration_consents(gateway),
        },
    )
    assert data["signUp"] == {"__typename": "SignUpSuccess", "email": email}, data
    signed_in = await credentials_sign_in(email, password)
    SIGNED_UP.append(str(signed_in["user"]["id"]))  # erased when the suite ends (conftest)
    return signed_in


async def _recruiter(gateway: GraphQLClient) -> dict[str, str]:
    email = f"recruiter-{uuid.uuid4().hex[:8]}@example.org"
    signed_in = await sign_up(
        gateway,
        email=email,
        password="long enough password",
        role="RECRUITER",
        first="Rae",
        last="Cruiter",
    )
    assert signed_in["user"]["roles"] == ["recruiter"]
    return {"id": str(signed_in["user"]["id"]), "email": email}


async def test_one_request_through_the_gateway_reaches_all_eight_subgraphs(
    gateway: GraphQLClient,
) -> None:
    user = await _recruiter(gateway)
    client = gateway.as_user(token_for(user["id"], ["recruiter"]))

    data = await client.data(EVERY_SUBGRAPH, id=str(uuid.uuid4()))

    assert data["currentUser"]["email"] == user["email"]
    assert data["currentUser"]["roles"] == [{"targetId": "recruiter"}]
    assert data["organizationProfile"] is None
    assert data["job"] is None
    assert data["resume"] is None
    assert isinstance(data["getCredits"], list)
    assert any(info["optIn"] for info in data["getGdprConsentInfos"])
    assert data["route"] == {"__typename": "ErrorResponse", "code": 404, "reason": "Not found"}
    assert {"key": "sign_up", "type": "SERVER"} in data["analyticsEventTypes"]


async def test_a_bad_token_is_refused_not_treated_as_anonymous(gateway: GraphQLClient) -> None:
    body = await gateway.as_user("not-a-token").execute("{ currentUser { id } }")
    assert body["errors"][0]["extensions"]["code"] == "UNAUTHENTICATED"


async def test_invalid_sign_up_input_gets_field_errors(gateway: GraphQLClient) -> None:
    data = await gateway.data(
        SIGN_UP,
        input={"email": "nope", "password": "short", "firstName": "", "lastName": "X"},
    )
    result = data["signUp"]
    assert result["__typename"] == "AccountErrors"
    assert {(error["field"], error["code"]) for error in result["errors"]} == {
        ("email", "INVALID"),
        ("password", "TOO_SHORT"),
        ("firstName", "TOO_SHORT"),
        ("captchaToken", "CAPTCHA_REQUIRED"),  # this site asks for one
        ("acceptedConsentInfoIds", "CONSENT_REQUIRED"),  # and for the privacy policy
    }


async def test_through_the_gateway_a_recruiter_reads_only_their_organizations_credits(
    gateway: GraphQLClient,
) -> None:
    outsider = await _recruiter(gateway)
    client = gateway.as_user(token_for(outsider["id"], ["recruiter"]))
    body = await client.execute("{ getCredits(organizationId: 1) { amount } }")
    assert body["errors"][0]["extensions"]["code"] == "FORBIDDEN"
    assert not body.get("data")
    admin = gateway.as_user(token_for(str(uuid.uuid4()), ["administrator"]))
    credits = await admin.data("{ getCredits(organizationId: 1) { amount type } }")
    assert {entry["type"] for entry in credits["getCredits"]} == {"job", "contact"}


async def test_through_the_gateway_unstorable_strings_get_a_clear_error(
    gateway: GraphQLClient,
) -> None:
    body = await gateway.execute('{ route(slug: "a\\u0000b") { __typename } }')
    assert body["errors"][0]["extensions"]["code"] == "BAD_USER_INPUT"
    assert "SELECT" not in str(body)


async def test_the_web_server_proxies_graphql_and_frames_only_same_origin() -> None:
    web = GraphQLClient(f"{WEB_URL}/graphql")
    data = await web.data("{ analyticsEventTypes { key } }")
    assert len(data["analyticsEventTypes"]) > 10
    async with httpx.AsyncClient() as client:
        page = await client.get(f"{WEB_URL}/")
    assert page.status_code == 200
    assert page.headers["x-frame-options"] == "SAMEORIGIN"
    assert "<nav" in page.text


async def test_through_the_gateway_only_admins_change_roles(gateway: GraphQLClient) -> None:
    user = await _recruiter(gateway)
    change = """mutation($input: ChangeUserRolesInput!) { changeUserRoles(input: $input) {
        __typename ... on ChangeUserRolesSuccess { user { roles { targetId } } } } }"""
    wanted = {"userId": user["id"], "roles": ["administrator"]}
    anonymous = await gateway.execute(change, input=wanted)
    assert anonymous["errors"][0]["extensions"]["code"] == "UNAUTHENTICATED"
    itself = gateway.as_user(token_for(user["id"], ["recruiter"]))
    refused = await itself.execute(change, input=wanted)
    assert refused["errors"][0]["extensions"]["code"] == "FORBIDDEN"
    admin = gateway.as_user(token_for(str(uuid.uuid4()), ["administrator"]))
    done = await admin.data(change, input={"userId": user["id"], "roles": ["recruiter"]})
    assert done["changeUserRoles"]["user"]["roles"] == [{"targetId": "recruiter"}]


async def test_this_site_answers_its_own_config(gateway: GraphQLClient) -> None:
    config = {
        (entry["key"], entry["name"]): entry["value"]
        for entry in (await gateway.data("{ getAppConfig { name key value } }"))["getAppConfig"]
    }
    assert config[("navigation", "logo_link")] == "/jobs"
    assert config[("geo", "default_radius")] == 50
    assert config[("geo", "default_unit")] == "mi"
    assert config[("geo", "radius_multiplier")] == 1.6
    assert config[("captcha", "registration")] is True
    assert config[("sharing", "buttons")] == [
        "facebook",
        "linkedin",
        "email",
        "twitter",
        "whatsapp",
    ]
    other = await gateway.for_site("elsewhere/en").data("{ getAppConfig { name } }")
    assert other["getAppConfig"] == []


async def test_a_recruiter_sees_their_organization_from_the_organizations_subgraph(
    gateway: GraphQLClient,
) -> None:
    signed_in = await credentials_sign_in(
        "recruiter@greenharbor.example",
        os.environ.get("JOBBOARD_DEMO_PASSWORD", "demo-password-2026"),
    )
    recruiter = gateway.as_user(signed_in["accessToken"])
    me = (
        await recruiter.data(
            "{ currentUser { id isUserApprovedAndVerified organization { id name ownerId }"
            " activeOrganization { id ownerId } } }"
        )
    )["currentUser"]
    assert me["isUserApprovedAndVerified"] is True
    assert me["organization"]["name"] in {"Green Harbor Foundation", "Riverbend Literacy Project"}

    assert me["organization"]["ownerId"] == me["id"]
    # the one they work for now: one of theirs (the first they founded, until they switch)
    assert me["activeOrganization"]["ownerId"] == me["id"]
