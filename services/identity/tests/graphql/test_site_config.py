"""Sites and their configuration through GraphQL: getAppConfig per X-Frontend, admin edits,
and the captcha that a site turns on for sign-up (checked against a real siteverify server)."""

from __future__ import annotations

import uuid
from collections.abc import AsyncIterator
from typing import Any

import httpx
import pytest
from identity.domain.site_config import SETTINGS, ensure_site
from identity.main import create_app
from identity.settings import IdentitySettings
from jobkit.db import make_sessionmaker
from jobkit.testing.graphql import GraphQLClient
from jobkit.testing.server import serve
from jobkit.testing.tokens import TokenIssuer
from pydantic import SecretStr
from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncEngine

from scripts.captcha import captcha_app
from services.identity.tests.factories import sign_up_input

pytestmark = pytest.mark.integration

CONFIG = "{ getAppConfig { name key value } }"
UPDATE = """mutation($input: UpdateSiteConfigInput!) { updateSiteConfig(input: $input) {
  __typename
  ... on SiteConfigUpdated { site config { name key value } }
  ... on AccountErrors { message errors { field code message } } } }"""
SIGN_UP = """mutation($input: SignUpInput!) { signUp(input: $input) {
  __typename ... on AccountErrors { errors { field code message } } } }"""
SECRET = "test-captcha-secret"


def _site() -> str:
    return f"site-{uuid.uuid4().hex[:8]}"


def _value(config: list[dict[str, Any]], key: str, name: str) -> Any:
    [entry] = [e for e in config if e["key"] == key and e["name"] == name]
    return entry["value"]


@pytest.fixture
async def site(service_engine: AsyncEngine) -> str:
    name = _site()
    await ensure_site(
        sessions=make_sessionmaker(service_engine), name=name, label="Test", default_locale="en"
    )
    return name


async def test_an_unknown_site_has_an_empty_config(graphql: GraphQLClient) -> None:
    assert (await graphql.for_site("nowhere/en").data(CONFIG))["getAppConfig"] == []


async def test_a_site_answers_every_setting_with_its_defaults(
    graphql: GraphQLClient, site: str
) -> None:
    config = (await graphql.for_site(f"{site}/en").data(CONFIG))["getAppConfig"]
    assert len(config) == len(SETTINGS)
    assert _value(config, "captcha", "registration") is False
    assert _value(config, "geo", "default_radius") == 100
    assert _value(config, "geo", "default_unit") == "km"
    assert _value(config, "navigation", "logo_link") == "/"
    assert _value(config, "features", "recruiter") is True


async def test_an_admin_changes_a_site_and_it_is_an_event(
    graphql: GraphQLClient, tokens: TokenIssuer, site: str, service_engine: AsyncEngine
) -> None:
    admin = graphql.as_user(tokens.token(roles=["administrator"])).for_site(f"{site}/en")
    changes = [
        {"key": "geo", "name": "default_radius", "value": 50},
        {"key": "geo", "name": "default_unit", "value": "mi"},
        {"key": "geo", "name": "radius_multiplier", "value": 1.6},
        {"key": "captcha", "name": "registration", "value": True},
        {"key": "sharing", "name": "buttons", "value": ["facebook", "whatsapp"]},
        {"key": "redirects", "name": "job_categories", "value": {"green-jobs": "environment"}},
        {"key": "contact", "name": "form_url", "value": "https://forms.example.org/contact"},
    ]
    answer = (await admin.data(UPDATE, input={"entries": changes}))["updateSiteConfig"]
    assert answer["__typename"] == "SiteConfigUpdated"
    assert answer["site"] == site
    config = (await graphql.for_site(f"{site}/de").data(CONFIG))["getAppConfig"]
    assert _value(config, "geo", "default_radius") == 50
    assert _value(config, "geo", "radius_multiplier") == 1.6
    assert _value(config, "sharing", "buttons") == ["facebook", "whatsapp"]
    assert _value(config, "redirects", "job_categories") == {"green-jobs": "environment"}
    assert _value(config, "contact", "form_url") == "https://forms.example.org/contact"
    # another site keeps its own values
    other = (await graphql.data(CONFIG))["getAppConfig"]
    assert other == [] or _value(other, "geo", "default_radius") != 50
    async with service_engine.connect() as connection:
        events = await connection.scalar(
            text(
                "SELECT count(*) FROM outbox WHERE event_type = 'identity.site.config_changed'"
                " AND key = :site"
            ),
            {"site": site},
        )
    assert events == 1


@pytest.mark.parametrize(
    ("entry", "field", "code"),
    [
        ({"key": "geo", "name": "nope", "value": 1}, "entries.0.name", "NOT_FOUND"),
        ({"key": "geo", "name": "default_radius", "value": "far"}, "entries.0.value", "INVALID"),
        ({"key": "geo", "name": "default_radius", "value": 0}, "entries.0.value", "OUT_OF_RANGE"),
        (
            {"key": "geo", "name": "default_unit", "value": "ly"},
            "entries.0.value",
            "INVALID_CHOICE",
        ),
        ({"key": "captcha", "name": "registration", "value": "yes"}, "entries.0.value", "INVALID"),
        (
            {"key": "sharing", "name": "buttons", "value": ["myspace"]},
            "entries.0.value",
            "INVALID_CHOICE",
        ),
        (
            {"key": "redirects", "name": "job_categories", "value": {"Bad Slug": "x"}},
            "entries.0.value",
            "INVALID",
        ),
        (
            {"key": "redirects", "name": "job_categories", "value": ["not", "a", "map"]},
            "entries.0.value",
            "INVALID",
        ),
    ],
)
async def test_invalid_values_are_refused_whole(
    graphql: GraphQLClient,
    tokens: TokenIssuer,
    site: str,
    entry: dict[str, Any],
    field: str,
    code: str,
) -> None:
    admin = graphql.as_user(tokens.token(roles=["site_admin"])).for_site(f"{site}/en")
    valid = {"key": "captcha", "name": "registration", "value": True}
    answer = (await admin.data(UPDATE, input={"entries": [entry, valid]}))["updateSiteConfig"]
    assert answer["__typename"] == "AccountErrors"
    assert [(e["field"], e["code"]) for e in answer["errors"]] == [(field, code)]
    config = (await graphql.for_site(f"{site}/en").data(CONFIG))["getAppConfig"]
    assert _value(config, "captcha", "registration") is False  # nothing half-written


async def test_only_admins_change_a_site(
    graphql: GraphQLClient, tokens: TokenIssuer, site: str
) -> None:
    entries = [{"key": "captcha", "name": "registration", "value": True}]
    visitor = await graphql.for_site(f"{site}/en").execute(UPDATE, input={"entries": entries})
    assert visitor["errors"][0]["extensions"]["code"] == "UNAUTHENTICATED"
    recruiter = graphql.as_user(tokens.token(roles=["recruiter"])).for_site(f"{site}/en")
    refused = await recruiter.execute(UPDATE, input={"entries": entries})
    assert refused["errors"][0]["extensions"]["code"] == "FORBIDDEN"
    sites = await recruiter.execute("{ sites { name } }")
    assert sites["errors"][0]["extensions"]["code"] == "FORBIDDEN"


@pytest.fixture(scope="module")
async def captcha_server() -> AsyncIterator[str]:
    async with serve(captcha_app(secret=SECRET)) as url:
        yield url


@pytest.fixture(scope="module")
async def identity_with_captcha(
    service_settings: IdentitySettings, captcha_server: str
) -> AsyncIterator[GraphQLClient]:
    settings = service_settings.model_copy(
        update={
            "captcha_verify_url": f"{captcha_server}/turnstile/v0/siteverify",
            "captcha_secret": SecretStr(SECRET),
        }
    )
    async with serve(create_app(settings)) as url:
        yield GraphQLClient(f"{url}/graphql")


async def _captcha_token(captcha_server: str) -> str:
    async with httpx.AsyncClient() as client:
        token: str = (await client.post(f"{captcha_server}/turnstile/v0/token")).json()["token"]
    return token


async def test_sign_up_asks_for_the_captcha_where_the_site_turns_it_on(
    identity_with_captcha: GraphQLClient, tokens: TokenIssuer, site: str, captcha_server: str
) -> None:
    visitor = identity_with_captcha.for_site(f"{site}/en")
    # off by default: no token needed
    assert (await visitor.data(SIGN_UP, input=sign_up_input()))["signUp"]["__typename"] == (
        "SignUpSuccess"
    )
    admin = visitor.as_user(tokens.token(roles=["administrator"]))
    entries = [{"key": "captcha", "name": "registration", "value": True}]
    await admin.data(UPDATE, input={"entries": entries})

    def codes(answer: dict[str, Any]) -> list[tuple[str, str]]:
        return [(e["field"], e["code"]) for e in answer["signUp"].get("errors", [])]

    missing = await visitor.data(SIGN_UP, input=sign_up_input())
    assert codes(missing) == [("captchaToken", "CAPTCHA_REQUIRED")]
    forged = await visitor.data(SIGN_UP, input=sign_up_input(captchaToken="made-up"))
    assert codes(forged) == [("captchaToken", "CAPTCHA_INVALID")]

    token = await _captcha_token(captcha_server)
    ok = await visitor.data(SIGN_UP, input=sign_up_input(captchaToken=token))
    assert ok["signUp"]["__typename"] == "SignUpSuccess"
    reused = await visitor.data(SIGN_UP, input=sign_up_input(captchaToken=token))
    assert codes(reused) == [("captchaToken", "CAPTCHA_INVALID")]


async def test_a_site_with_captcha_but_no_verifier_refuses_sign_ups(
    graphql: GraphQLClient, tokens: TokenIssuer, site: str, captcha_server: str
) -> None:
    admin = graphql.as_user(tokens.token(roles=["administrator"])).for_site(f"{site}/en")
    await admin.data(
        UPDATE, input={"entries": [{"key": "captcha", "name": "registration", "value": True}]}
    )
    token = await _captcha_token(captcha_server)
    answer = await graphql.for_site(f"{site}/en").data(
        SIGN_UP, input=sign_up_input(captchaToken=token)
    )
    assert [e["code"] for e in answer["signUp"]["errors"]] == ["CAPTCHA_INVALID"]
