"""Resume alerts through GraphQL: a recruiter's own saved resume searches (create, list, read,
rename, interval, search, delete; nobody else's), recruiters only and only where the site offers
the resume feature and saved resume searches, and bad input as clear errors (an unknown interval,
a 10,000-character query, the per-recruiter cap). An address that refuses mail pauses them with
the reason until they are saved again; a digest's one-click unsubscribe stops their mails."""

from __future__ import annotations

import uuid
from collections.abc import AsyncIterator
from typing import Any

import httpx
import pytest
from jobkit.db import unit_of_work
from jobkit.testing.graphql import GraphQLClient
from jobkit.testing.server import serve
from jobkit.testing.tokens import TokenIssuer
from search.alerts import tokens as alert_tokens
from search.alerts.bounces import count_failure
from search.main import create_app
from search.settings import SearchSettings

from services.search.tests.factories import configure_site

pytestmark = pytest.mark.integration

ALERT = """id name interval pausedReason createdAt lastMailedAt
  search { keys path conditionGroups { conditions { field value } }
    geoLocation { label radius } }"""
ERRORS = "... on AlertErrors { message errors { field code message } }"
CREATE = f"""mutation($input: CreateResumeAlertInput!) {{ createResumeAlert(input: $input) {{
  __typename ... on ResumeAlertSaved {{ alert {{ {ALERT} }} }} {ERRORS} }} }}"""
UPDATE = f"""mutation($input: UpdateResumeAlertInput!) {{ updateResumeAlert(input: $input) {{
  __typename ... on ResumeAlertSaved {{ alert {{ {ALERT} }} }} {ERRORS} }} }}"""
DELETE = f"""mutation($id: ID!) {{ deleteResumeAlert(id: $id) {{
  __typename ... on ResumeAlertDeleted {{ id }} {ERRORS} }} }}"""
MINE = f"{{ myResumeAlerts {{ {ALERT} }} }}"
ONE = f"query($id: ID!) {{ resumeAlert(id: $id) {{ {ALERT} }} }}"

SEARCH = {
    "fulltext": {"keys": "social worker"},
    "conditionGroups": [
        {"conditions": [{"field": "careerStatus", "value": "professional"}], "tags": ["facet"]}
    ],
    "geoLocation": {"label": "Berlin", "lat": 52.52, "lon": 13.405, "radius": 50, "unit": "km"},
}


async def set_features(sessions: Any, site: str, **flags: bool) -> None:
    await configure_site(sessions, site, "features", **flags)


def _codes(answer: dict[str, Any]) -> list[tuple[str, str]]:
    return [(e["field"], e["code"]) for e in answer.get("errors", [])]


async def offering_site(sessions: Any) -> str:
    site = f"resumealerts-{uuid.uuid4().hex[:6]}"
    await set_features(sessions, site, resume=True, resume_searches=True)
    return site


def recruiter(
    graphql: GraphQLClient, tokens: TokenIssuer, site: str, role: str = "recruiter"
) -> GraphQLClient:
    email = f"recruiter-{uuid.uuid4().hex[:8]}@example.org"
    token = tokens.token(str(uuid.uuid4()), roles=[role], email=email, email_verified=True)
    return graphql.as_user(token).for_site(f"{site}/en")


@pytest.fixture(scope="module")
async def capped(service_settings: SearchSettings) -> AsyncIterator[GraphQLClient]:
    settings = service_settings.model_copy(update={"alerts_per_address": 2})
    async with serve(create_app(settings)) as url:
        yield GraphQLClient(f"{url}/graphql")


async def test_a_recruiter_manages_their_resume_alerts_and_nobody_else_can(
    graphql: GraphQLClient, tokens: TokenIssuer, committed_sessions: Any
) -> None:
    site = await offering_site(committed_sessions)
    me = recruiter(graphql, tokens, site)
    created = await me.data(
        CREATE, input={"name": "  Berlin  social work ", "interval": 86400, "search": SEARCH}
    )
    alert = created["createResumeAlert"]["alert"]
    assert alert["name"] == "Berlin social work"
    assert alert["interval"] == 86400
    assert alert["search"]["keys"] == "social worker"
    assert alert["search"]["conditionGroups"][0]["conditions"] == [
        {"field": "careerStatus", "value": "professional"}
    ]
    assert alert["search"]["path"].startswith("/resumes?search=social+worker&geo_location=Berlin")
    assert "careerStatus=professional" in alert["search"]["path"]
    assert alert["lastMailedAt"] is None

    for interval in (604800, 2628000, -1):
        changed = await me.data(UPDATE, input={"id": alert["id"], "interval": interval})
        assert changed["updateResumeAlert"]["alert"]["interval"] == interval
    edited = await me.data(
        UPDATE, input={"id": alert["id"], "name": "Nurses", "search": {"fulltext": {"keys": "x"}}}
    )
    assert edited["updateResumeAlert"]["alert"]["name"] == "Nurses"
    assert edited["updateResumeAlert"]["alert"]["search"]["keys"] == "x"
    assert edited["updateResumeAlert"]["alert"]["search"]["geoLocation"] is None
    assert [a["id"] for a in (await me.data(MINE))["myResumeAlerts"]] == [alert["id"]]
    assert (await me.data(ONE, id=alert["id"]))["resumeAlert"]["name"] == "Nurses"

    other = recruiter(graphql, tokens, site)
    assert (await other.data(MINE))["myResumeAlerts"] == []
    assert (await other.data(ONE, id=alert["id"]))["resumeAlert"] is None
    refused = await other.data(UPDATE, input={"id": alert["id"], "name": "Mine now"})
    assert _codes(refused["updateResumeAlert"]) == [("id", "NOT_FOUND")]
    assert _codes((await other.data(DELETE, id=alert["id"]))["deleteResumeAlert"]) == [
        ("id", "NOT_FOUND")
    ]
    assert _codes((await me.data(DELETE, id="not-an-id"))["deleteResumeAlert"]) == [
        ("id", "NOT_FOUND")
    ]

    deleted = await me.data(DELETE, id=alert["id"])
    assert deleted["deleteResumeAlert"]["id"] == alert["id"]
    assert (await me.data(MINE))["myResumeAlerts"] == []


async def test_only_recruiters_on_a_site_offering_saved_resume_searches(
    graphql: GraphQLClient, tokens: TokenIssuer, committed_sessions: Any
) -> None:
    site = await offering_site(committed_sessions)
    form = {"name": "Anyone", "interval": 86400, "search": SEARCH}
    anonymous = await graphql.for_site(f"{site}/en").execute(CREATE, input=form)
    assert anonymous["errors"][0]["extensions"]["code"] == "UNAUTHENTICATED"
    applicant = recruiter(graphql, tokens, site, role="applicant")
    for document, variables in ((CREATE, {"input": form}), (MINE, {})):
        answer = await applicant.execute(document, **variables)
        assert answer["errors"][0]["extensions"]["code"] == "FORBIDDEN"
        assert not answer.get("data")
    admin = recruiter(graphql, tokens, site, role="administrator")
    assert (await admin.data(CREATE, input=form))["createResumeAlert"]["__typename"] == (
        "ResumeAlertSaved"
    )

    # saved resume searches are off unless the site turns them on
    plain = recruiter(graphql, tokens, f"plain-{uuid.uuid4().hex[:6]}")
    off = (await plain.data(CREATE, input=form))["createResumeAlert"]
    assert [e["code"] for e in off["errors"]] == ["FORBIDDEN"]
    assert "not available" in off["errors"][0]["message"]
    # and with the resume feature off, even where saved searches are on
    me = recruiter(graphql, tokens, site)
    saved = (await me.data(CREATE, input=form))["createResumeAlert"]["alert"]
    await set_features(committed_sessions, site, resume=False)
    assert (await me.data(MINE))["myResumeAlerts"] == []
    assert (await me.data(ONE, id=saved["id"]))["resumeAlert"] is None
    renamed = (await me.data(UPDATE, input={"id": saved["id"], "name": "x"}))["updateResumeAlert"]
    assert [e["code"] for e in renamed["errors"]] == ["FORBIDDEN"]


async def test_bad_input_gets_clear_errors(
    graphql: GraphQLClient, capped: GraphQLClient, tokens: TokenIssuer, committed_sessions: Any
) -> None:
    site = await offering_site(committed_sessions)
    me = recruiter(graphql, tokens, site)
    hourly = (await me.data(CREATE, input={"name": "x", "interval": 3600, "search": SEARCH}))[
        "createResumeAlert"
    ]
    assert _codes(hourly) == [("interval", "INVALID_CHOICE")]
    assert "86400 (daily)" in hourly["errors"][0]["message"]
    huge = await me.data(
        CREATE,
        input={"name": "x", "interval": 86400, "search": {"fulltext": {"keys": "a" * 10_000}}},
    )
    assert _codes(huge["createResumeAlert"]) == [("search.fulltext.keys", "TOO_LONG")]
    unnamed = await me.data(CREATE, input={"name": " ", "interval": -1, "search": SEARCH})
    assert _codes(unnamed["createResumeAlert"]) == [("name", "REQUIRED")]
    facet = await me.data(
        CREATE,
        input={
            "name": "x",
            "interval": -1,
            "search": {"conditionGroups": [{"conditions": [{"field": "salary", "value": "1"}]}]},
        },
    )
    assert facet["createResumeAlert"]["__typename"] == "AlertErrors"
    assert all(f.startswith("search.") for f, _ in _codes(facet["createResumeAlert"]))
    assert (await me.data(MINE))["myResumeAlerts"] == []
    mine = await me.data(CREATE, input={"name": "ok", "interval": -1, "search": SEARCH})
    changed = await me.data(
        UPDATE, input={"id": mine["createResumeAlert"]["alert"]["id"], "interval": 7}
    )
    assert _codes(changed["updateResumeAlert"]) == [("interval", "INVALID_CHOICE")]

    # at most alerts_per_address each (2 on this server)
    limited = recruiter(capped, tokens, site)
    for number in range(2):
        answer = await limited.data(
            CREATE, input={"name": f"n{number}", "interval": -1, "search": SEARCH}
        )
        assert answer["createResumeAlert"]["__typename"] == "ResumeAlertSaved"
    third = await limited.data(CREATE, input={"name": "n3", "interval": -1, "search": SEARCH})
    assert [e["code"] for e in third["createResumeAlert"]["errors"]] == ["LIMIT_REACHED"]


async def test_a_refusing_address_pauses_them_and_one_click_stops_their_mails(
    graphql: GraphQLClient,
    tokens: TokenIssuer,
    committed_sessions: Any,
    service_settings: SearchSettings,
) -> None:
    site = await offering_site(committed_sessions)
    email = f"recruiter-{uuid.uuid4().hex[:8]}@example.org"
    token = tokens.token(str(uuid.uuid4()), roles=["recruiter"], email=email, email_verified=True)
    me = graphql.as_user(token).for_site(f"{site}/en")
    created = await me.data(CREATE, input={"name": "Nurses", "interval": 86400, "search": SEARCH})
    alert = created["createResumeAlert"]["alert"]
    assert alert["pausedReason"] is None

    # the relay refuses the address for good as often as the limit allows: the alert pauses
    for _ in range(service_settings.alert_bounce_limit):
        async with unit_of_work(committed_sessions) as session:
            await count_failure(session, service_settings, email, "550 5.1.1 No such user")
    paused = (await me.data(ONE, id=alert["id"]))["resumeAlert"]
    assert paused["pausedReason"] == "Mail to this address failed 3 times: 550 5.1.1 No such user"
    # saved again with its interval, it mails again
    resumed = await me.data(UPDATE, input={"id": alert["id"], "interval": 604800})
    assert resumed["updateResumeAlert"]["alert"]["pausedReason"] is None

    stop = alert_tokens.sign(service_settings, alert_tokens.RESUME_UNSUBSCRIBE, alert["id"])
    job_stop = alert_tokens.sign(service_settings, alert_tokens.UNSUBSCRIBE, alert["id"])
    base = graphql.url.removesuffix("/graphql")
    async with httpx.AsyncClient() as client:
        # a link scanner's GET changes nothing
        page = await client.get(f"{base}/alerts/resume-unsubscribe", params={"token": stop})
        assert page.status_code == 200
        assert 'method="post"' in page.text
        assert (await me.data(ONE, id=alert["id"]))["resumeAlert"]["interval"] == 604800
        # a job alert's token is not a resume alert's
        other = await client.post(
            f"{base}/alerts/resume-unsubscribe",
            params={"token": job_stop},
            content="List-Unsubscribe=One-Click",
        )
        assert other.status_code == 400
        assert "not valid" in other.json()["error"]
        for _ in range(2):  # idempotent
            done = await client.post(
                f"{base}/alerts/resume-unsubscribe",
                params={"token": stop},
                content="List-Unsubscribe=One-Click",
                headers={"Content-Type": "application/x-www-form-urlencoded"},
            )
            assert done.status_code == 200
            assert done.json() == {"status": "unsubscribed", "alerts": 1}
    # the search stays saved, without mails
    kept = (await me.data(ONE, id=alert["id"]))["resumeAlert"]
    assert (kept["name"], kept["interval"]) == ("Nurses", -1)
