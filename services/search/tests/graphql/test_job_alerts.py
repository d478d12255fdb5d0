"""Job alerts through GraphQL: an applicant's alerts (create, list, rename, pause, resume,
frequency, search, delete; nobody else's), a visitor's (captcha, double opt-in, manage and
unsubscribe by signed links), and hostile input (a 10,000-character query, the per-address cap,
forged links)."""

from __future__ import annotations

import uuid
from collections.abc import AsyncIterator
from typing import Any
from urllib.parse import parse_qsl, urlsplit

import httpx
import pytest
from jobkit.db import make_sessionmaker
from jobkit.testing.graphql import GraphQLClient
from jobkit.testing.server import serve
from jobkit.testing.tokens import TokenIssuer
from pydantic import SecretStr
from search.alerts import tokens as alert_tokens
from search.alerts.models import AlertMail, SavedSearch
from search.main import create_app
from search.settings import SearchSettings
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncEngine

from scripts.captcha import captcha_app

pytestmark = pytest.mark.integration

CAPTCHA_SECRET = "test-captcha-secret"
ALERT = """id name frequency paused pausedReason confirmed email
  search { keys path geoLocation { label radius unit } }"""
ERRORS = "... on AlertErrors { message errors { field code message } }"
CREATE = f"""mutation($input: CreateJobAlertInput!) {{ createJobAlert(input: $input) {{
  __typename ... on JobAlertCreated {{ alert {{ {ALERT} }} }} {ERRORS} }} }}"""
UPDATE = f"""mutation($input: UpdateJobAlertInput!) {{ updateJobAlert(input: $input) {{
  __typename ... on JobAlertSaved {{ alert {{ {ALERT} }} }} {ERRORS} }} }}"""
PAUSE = f"""mutation($id: ID!, $token: String) {{ pauseJobAlert(id: $id, manageToken: $token) {{
  __typename ... on JobAlertSaved {{ alert {{ {ALERT} }} }} {ERRORS} }} }}"""
RESUME = f"""mutation($id: ID!) {{ resumeJobAlert(id: $id) {{
  __typename ... on JobAlertSaved {{ alert {{ {ALERT} }} }} {ERRORS} }} }}"""
DELETE = f"""mutation($id: ID!, $token: String) {{ deleteJobAlert(id: $id, manageToken: $token) {{
  __typename ... on JobAlertDeleted {{ id }} {ERRORS} }} }}"""
CONFIRM = f"""mutation($token: String!) {{ confirmJobAlert(token: $token) {{
  __typename ... on JobAlertSaved {{ alert {{ {ALERT} }} }} {ERRORS} }} }}"""
UNSUBSCRIBE = f"""mutation($token: String!) {{ unsubscribeJobAlert(token: $token) {{
  __typename ... on JobAlertsUnsubscribed {{ alerts {{ {ALERT} }} }} {ERRORS} }} }}"""
MINE = f"{{ myJobAlerts {{ {ALERT} }} }}"
BY_TOKEN = f"""query($token: String!) {{ jobAlertsByToken(token: $token) {{
  __typename ... on ManagedJobAlerts {{ email alerts {{ {ALERT} }} }} {ERRORS} }} }}"""

BOSTON = {"label": "Boston, MA", "lat": 42.36, "lon": -71.06, "radius": 25, "unit": "mi"}


def _search(keys: str = "program officer", **extra: Any) -> dict[str, Any]:
    return {"fulltext": {"keys": keys}, "geoLocation": BOSTON, **extra}


def _address() -> str:
    return f"alerts-{uuid.uuid4().hex[:8]}@example.org"


def _codes(answer: dict[str, Any]) -> list[tuple[str, str]]:
    return [(e["field"], e["code"]) for e in answer.get("errors", [])]


@pytest.fixture(scope="module")
async def captcha_server() -> AsyncIterator[str]:
    async with serve(captcha_app(secret=CAPTCHA_SECRET)) as url:
        yield url


@pytest.fixture(scope="module")
def captcha_settings(service_settings: SearchSettings, captcha_server: str) -> SearchSettings:
    return service_settings.model_copy(
        update={
            "captcha_verify_url": f"{captcha_server}/turnstile/v0/siteverify",
            "captcha_secret": SecretStr(CAPTCHA_SECRET),
            "alerts_per_address": 2,
        }
    )


@pytest.fixture(scope="module")
async def visitors(captcha_settings: SearchSettings) -> AsyncIterator[GraphQLClient]:
    async with serve(create_app(captcha_settings)) as url:
        yield GraphQLClient(f"{url}/graphql")


async def _captcha(captcha_server: str) -> str:
    async with httpx.AsyncClient() as client:
        token: str = (await client.post(f"{captcha_server}/turnstile/v0/token")).json()["token"]
    return token


def _applicant(graphql: GraphQLClient, tokens: TokenIssuer, *, verified: bool = True) -> Any:
    user_id = str(uuid.uuid4())
    email = _address()
    client = graphql.as_user(tokens.token(user_id, email=email, email_verified=verified))
    return client, user_id, email


async def test_an_applicant_manages_their_alerts_and_nobody_else_can(
    graphql: GraphQLClient, tokens: TokenIssuer, service_engine: AsyncEngine
) -> None:
    me, _user_id, email = _applicant(graphql, tokens)
    created = await me.data(
        CREATE, input={"name": "  Boston   programs ", "frequency": "DAILY", "search": _search()}
    )
    alert = created["createJobAlert"]["alert"]
    assert alert["name"] == "Boston programs"
    assert alert["confirmed"] is True  # the account's address is proven
    assert alert["email"] == email
    assert alert["search"]["keys"] == "program officer"
    assert alert["search"]["geoLocation"]["radius"] == 25
    # the job search page's own parameters (web/app/features/search/job-search-params.ts)
    path = urlsplit(alert["search"]["path"])
    assert path.path == "/jobs"
    assert dict(parse_qsl(path.query)) == {
        "search": "program officer",
        "geo_location": BOSTON["label"],
        "lat": str(BOSTON["lat"]),
        "lon": str(BOSTON["lon"]),
        "radius": "25",
    }

    renamed = await me.data(
        UPDATE, input={"id": alert["id"], "name": "Officers", "frequency": "WEEKLY"}
    )
    assert renamed["updateJobAlert"]["alert"]["name"] == "Officers"
    assert renamed["updateJobAlert"]["alert"]["frequency"] == "WEEKLY"
    edited = await me.data(UPDATE, input={"id": alert["id"], "search": _search("nurse")})
    assert edited["updateJobAlert"]["alert"]["search"]["keys"] == "nurse"
    assert (await me.data(PAUSE, id=alert["id"]))["pauseJobAlert"]["alert"]["paused"] is True
    assert (await me.data(RESUME, id=alert["id"]))["resumeJobAlert"]["alert"]["paused"] is False
    mine = (await me.data(MINE))["myJobAlerts"]
    assert [a["id"] for a in mine] == [alert["id"]]

    other, _, _ = _applicant(graphql, tokens)
    assert (await other.data(MINE))["myJobAlerts"] == []
    refused = await other.data(PAUSE, id=alert["id"])
    assert _codes(refused["pauseJobAlert"]) == [("id", "NOT_FOUND")]
    assert _codes((await other.data(DELETE, id=alert["id"]))["deleteJobAlert"]) == [
        ("id", "NOT_FOUND")
    ]
    anonymous = await graphql.execute(MINE)
    assert anonymous["errors"][0]["extensions"]["code"] == "UNAUTHENTICATED"

    deleted = await me.data(DELETE, id=alert["id"])
    assert deleted["deleteJobAlert"]["id"] == alert["id"]
    assert (await me.data(MINE))["myJobAlerts"] == []
    # a confirmed account's alert queues no confirmation mail
    async with make_sessionmaker(service_engine)() as session:
        assert (
            await session.scalars(select(AlertMail).where(AlertMail.email == email))
        ).all() == []


async def test_hostile_input_gets_clear_errors(graphql: GraphQLClient, tokens: TokenIssuer) -> None:
    me, _, _ = _applicant(graphql, tokens)
    huge = await me.data(
        CREATE, input={"name": "x", "frequency": "INSTANT", "search": _search("a" * 10_000)}
    )
    answer = huge["createJobAlert"]
    assert answer["__typename"] == "AlertErrors"
    assert _codes(answer) == [("search.fulltext.keys", "TOO_LONG")]
    assert "at most 500 characters" in answer["errors"][0]["message"]
    unnamed = await me.data(CREATE, input={"name": " ", "frequency": "DAILY", "search": _search()})
    assert _codes(unnamed["createJobAlert"]) == [("name", "REQUIRED")]
    long_name = await me.data(
        CREATE, input={"name": "n" * 121, "frequency": "DAILY", "search": _search()}
    )
    assert _codes(long_name["createJobAlert"]) == [("name", "TOO_LONG")]
    bad_radius = await me.data(
        CREATE,
        input={
            "name": "far",
            "frequency": "DAILY",
            "search": {"geoLocation": {**BOSTON, "radius": 7}},
        },
    )
    assert bad_radius["createJobAlert"]["__typename"] == "AlertErrors"
    assert all(f.startswith("search.geoLocation") for f, _ in _codes(bad_radius["createJobAlert"]))
    assert (await me.data(MINE))["myJobAlerts"] == []


async def test_a_visitor_confirms_by_the_mailed_link_and_manages_by_signed_links(
    visitors: GraphQLClient,
    captcha_server: str,
    captcha_settings: SearchSettings,
    service_engine: AsyncEngine,
) -> None:
    address = _address()
    form = {"name": "Boston", "frequency": "INSTANT", "search": _search(), "email": address}
    missing = await visitors.data(CREATE, input=form)
    assert _codes(missing["createJobAlert"]) == [("captchaToken", "CAPTCHA_REQUIRED")]
    forged = await visitors.data(CREATE, input={**form, "captchaToken": "made-up"})
    assert _codes(forged["createJobAlert"]) == [("captchaToken", "CAPTCHA_INVALID")]
    invalid = await visitors.data(
        CREATE, input={**form, "email": "not an address", "captchaToken": "x"}
    )
    assert _codes(invalid["createJobAlert"]) == [("email", "INVALID")]

    created = await visitors.data(
        CREATE,
        input={**form, "email": address.upper(), "captchaToken": await _captcha(captcha_server)},
    )
    alert = created["createJobAlert"]["alert"]
    assert alert["confirmed"] is False
    assert alert["email"] == address
    sessions = make_sessionmaker(service_engine)
    async with sessions() as session:
        mails = (await session.scalars(select(AlertMail).where(AlertMail.email == address))).all()
    # exactly one mail is queued for the unconfirmed address: the confirmation
    assert [(m.kind, m.content["alert_id"]) for m in mails] == [("confirmation", alert["id"])]

    # forged and altered links are refused
    manage = alert_tokens.sign(captcha_settings, alert_tokens.MANAGE, address)
    other_key = captcha_settings.model_copy(update={"alert_signing_secret": SecretStr("guess")})
    for token in (
        "forged",
        manage[:-2] + ("AA" if not manage.endswith("AA") else "BB"),
        alert_tokens.sign(other_key, alert_tokens.CONFIRM, alert["id"]),
        alert_tokens.sign(captcha_settings, alert_tokens.UNSUBSCRIBE, alert["id"]),
    ):
        refused = await visitors.data(CONFIRM, token=token)
        assert _codes(refused["confirmJobAlert"]) == [("token", "INVALID_TOKEN")]
    forged_manage = await visitors.data(
        BY_TOKEN, token=alert_tokens.sign(other_key, alert_tokens.MANAGE, address)
    )
    assert _codes(forged_manage["jobAlertsByToken"]) == [("token", "INVALID_TOKEN")]

    confirm = alert_tokens.sign(captcha_settings, alert_tokens.CONFIRM, alert["id"])
    confirmed = await visitors.data(CONFIRM, token=confirm)
    assert confirmed["confirmJobAlert"]["alert"]["confirmed"] is True
    again = await visitors.data(CONFIRM, token=confirm)
    assert again["confirmJobAlert"]["alert"]["confirmed"] is True

    managed = (await visitors.data(BY_TOKEN, token=manage))["jobAlertsByToken"]
    assert managed["email"] == address
    assert [a["id"] for a in managed["alerts"]] == [alert["id"]]
    paused = await visitors.data(PAUSE, id=alert["id"], token=manage)
    assert paused["pauseJobAlert"]["alert"]["paused"] is True
    # without a link (or another address's link) a visitor changes nothing
    assert _codes((await visitors.data(PAUSE, id=alert["id"]))["pauseJobAlert"]) == [
        ("id", "NOT_FOUND")
    ]
    elsewhere = alert_tokens.sign(captcha_settings, alert_tokens.MANAGE, _address())
    assert _codes(
        (await visitors.data(DELETE, id=alert["id"], token=elsewhere))["deleteJobAlert"]
    ) == [("id", "NOT_FOUND")]

    unsubscribe = alert_tokens.sign(captcha_settings, alert_tokens.UNSUBSCRIBE, alert["id"])
    gone = await visitors.data(UNSUBSCRIBE, token=unsubscribe)
    assert [a["id"] for a in gone["unsubscribeJobAlert"]["alerts"]] == [alert["id"]]
    async with sessions() as session:
        row = await session.get(SavedSearch, uuid.UUID(alert["id"]))
        assert row is not None
        assert row.unsubscribed_at is not None
    assert (await visitors.data(BY_TOKEN, token=manage))["jobAlertsByToken"]["alerts"] == []


async def test_one_address_has_a_limited_number_of_alerts(
    visitors: GraphQLClient, captcha_server: str
) -> None:
    address = _address()
    form = {"name": "Boston", "frequency": "DAILY", "search": _search(), "email": address}
    for _ in range(2):
        created = await visitors.data(
            CREATE, input={**form, "captchaToken": await _captcha(captcha_server)}
        )
        assert created["createJobAlert"]["__typename"] == "JobAlertCreated"
    over = await visitors.data(
        CREATE, input={**form, "captchaToken": await _captcha(captcha_server)}
    )
    assert _codes(over["createJobAlert"]) == [("email", "LIMIT_REACHED")]
    assert "at most 2 alerts" in over["createJobAlert"]["errors"][0]["message"]


async def test_one_click_unsubscribe_acts_on_post_only(
    graphql: GraphQLClient, tokens: TokenIssuer, service_settings: SearchSettings
) -> None:
    me, _, _ = _applicant(graphql, tokens)
    created = await me.data(
        CREATE, input={"name": "One click", "frequency": "DAILY", "search": _search()}
    )
    alert_id = created["createJobAlert"]["alert"]["id"]
    token = alert_tokens.sign(service_settings, alert_tokens.UNSUBSCRIBE, alert_id)
    base = graphql.url.removesuffix("/graphql")
    async with httpx.AsyncClient() as client:
        # a link scanner's GET changes nothing
        page = await client.get(f"{base}/alerts/unsubscribe", params={"token": token})
        assert page.status_code == 200
        assert 'method="post"' in page.text
        assert [a["id"] for a in (await me.data(MINE))["myJobAlerts"]] == [alert_id]
        forged = await client.post(
            f"{base}/alerts/unsubscribe",
            params={"token": token[:-3] + "abc"},
            content="List-Unsubscribe=One-Click",
        )
        assert forged.status_code == 400
        assert "not valid" in forged.json()["error"]
        done = await client.post(
            f"{base}/alerts/unsubscribe",
            params={"token": token},
            content="List-Unsubscribe=One-Click",
            headers={"Content-Type": "application/x-www-form-urlencoded"},
        )
        assert done.status_code == 200
        assert done.json() == {"status": "unsubscribed", "alerts": 1}
    assert (await me.data(MINE))["myJobAlerts"] == []


async def test_confirmations_to_one_address_stay_within_its_mail_budget(
    captcha_settings: SearchSettings, captcha_server: str, service_engine: AsyncEngine
) -> None:
    """ADR 0024: a visitor cannot make the site mail an address over and over; the answer is
    the same whether the confirmation goes or not."""
    budget = captcha_settings.model_copy(
        update={"mail_limit_per_recipient": 1, "alerts_per_address": 5}
    )
    address = _address()
    form = {"name": "Boston", "frequency": "DAILY", "search": _search(), "email": address}
    async with serve(create_app(budget)) as url:
        visitors = GraphQLClient(f"{url}/graphql")
        for _ in range(3):
            created = await visitors.data(
                CREATE, input={**form, "captchaToken": await _captcha(captcha_server)}
            )
            assert created["createJobAlert"]["__typename"] == "JobAlertCreated"
            assert created["createJobAlert"]["alert"]["confirmed"] is False
    async with make_sessionmaker(service_engine)() as session:
        queued = (await session.scalars(select(AlertMail).where(AlertMail.email == address))).all()
    assert len(queued) == 1
