"""One resume search, asked three ways in the same run: through the web server (web -> gateway
-> search -> Elasticsearch) with a recruiter's session, through the gateway with a recruiter's
bearer token, and the identical Elasticsearch request sent straight to Elasticsearch (the raw
baseline: the ``_search`` of page 1 with the findable and site filters, built by search's own
``build_resume_query`` from the same request, so the two differ only by the layers in front and
cannot drift apart).

Every request has keywords, two facet selections (skills, a term facet, and career status, a
keyword one), a radius around a city and the newest-change-first sort, and asks for all six
resume facets' counts, as the /resumes page does; the requests cycle through words and cities
of the demo resumes (scripts/demo/seed_resumes.py) so no cache answers them all.

resumeSearch is for recruiters only. The gateway row signs a token with identity's development
signing key (``IDENTITY_JWT_PRIVATE_KEY_FILE``, else ``.local/secrets/identity-jwt.pem``), as the
stack tests act as a chosen user; the web row signs in as the demo recruiter through the web
server's own sign-in (Auth.js's credentials callback) once in setup, keeps the session cookie
for every request and signs out in teardown. Only searches are sent: nothing on the board is
written.
"""

from __future__ import annotations

import itertools
import os
import uuid
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import httpx
from identity.domain.models import User
from identity.domain.tokens import SigningKey, issue_token
from identity.settings import IdentitySettings
from jobkit.geo import geocode
from search.engine.request import (
    Condition,
    ConditionGroup,
    FacetRequest,
    GeoLocation,
    SearchRequest,
    SortRequest,
)
from search.engine.resume_search import (
    RESUME_DATE_SORT,
    RESUMES,
    build_resume_query,
)
from search.engine.validation import validate

from bench.harness import (
    RequestFailed,
    Scenario,
    check_graphql,
    check_http,
    http_client,
    probe_http,
    subject_scenario,
)
from bench.scenarios._search import ES_URL, GATEWAY_URL, HEADERS, SITE

INDEX = f"{os.environ.get('SEARCH_INDEX_PREFIX', 'jobboard')}-resumes"
ROOT = Path(__file__).resolve().parents[2]
DEV_SIGNING_KEY = ROOT / ".local" / "secrets" / "identity-jwt.pem"
RECRUITER_EMAIL = os.environ.get("BENCH_RECRUITER_EMAIL", "recruiter@greenharbor.example")
PASSWORD = os.environ.get("JOBBOARD_DEMO_PASSWORD", "demo-password-2026")
SIGN_IN_TIMEOUT = 60.0  # a sign-in hashes a password on a busy machine

# Words of the demo resumes' titles, occupations, skills and experience (seed_resumes.py).
TEXTS = (
    "organizer",
    "policy",
    "office manager",
    "campaigner",
    "assistant",
    "fundraising",
    "charity",
)
CITIES = (  # (locality, country code): desired places of work of the demo resumes
    ("Berlin", "DE"),
    ("London", "GB"),
    ("Paris", "FR"),
    ("Amsterdam", "NL"),
    ("Vienna", "AT"),
    ("Chicago", "US"),
)
SKILLS = ("python", "javascript", "typescript")  # aliases in the skills vocabulary
CAREER_STATUSES = ("graduate", "professional", "executive")
RADIUS_MI = 100
FACET_LIMIT = 100  # what the /resumes page asks for each facet
# The facets in the order the /resumes page sends them (web's RESUME_FACET_FIELDS).
FACETS = ("careerStatus", "languages", "skills", "occupations", "region", "fieldOfStudy")

SEARCH = """query BenchResumeSearch($input: ResumeSearchInput!) { resumeSearch(input: $input) {
  __typename
  ... on ResumeSearchResults { total
    hits { id title summary occupations skills languages careerStatus
      place { city region countryCode } updatedAt distanceKm }
    facets { field values { value label count } } }
  ... on SearchErrors { message } ... on SearchUnavailable { message }
  ... on ResumeSearchOff { message } } }"""
TERMS = """query BenchTerms($vocabulary: String!) { terms(vocabulary: $vocabulary, limit: 500) {
  tid alias } }"""


@dataclass(frozen=True)
class Place:
    label: str
    lat: float
    lon: float


@dataclass(frozen=True)
class ResumeAsk:
    text: str
    place: Place
    skills: list[int]
    statuses: list[str]


def places() -> list[Place]:
    """The cities with the coordinates the resumes service gives the resumes in them."""
    found = []
    for locality, country in CITIES:
        point = geocode(locality=locality, country_code=country)
        if point is None:
            raise RequestFailed(f"no coordinates for {locality}, {country}")
        found.append(Place(locality, point.lat, point.lon))
    return found


def cycle_asks(skills: list[int]) -> list[ResumeAsk]:
    """Every text with every city (7 x 6: coprime, so one cycle pairs them all)."""
    cities = places()
    return [
        ResumeAsk(TEXTS[n % len(TEXTS)], cities[n % len(cities)], skills, list(CAREER_STATUSES))
        for n in range(len(TEXTS) * len(cities))
    ]


async def asks() -> list[ResumeAsk]:
    """The requests to cycle through (the skills' term ids read from the vocabulary once)."""
    async with http_client(GATEWAY_URL) as client:
        terms = check_graphql(
            await client.post(
                "/graphql",
                json={"query": TERMS, "variables": {"vocabulary": "skills"}},
                headers=HEADERS,
            )
        )["terms"]
    skills = [t["tid"] for t in terms if t["alias"] in SKILLS]
    if not skills:
        raise RequestFailed(f"no skills terms {SKILLS}: run make up")
    return cycle_asks(skills)


def graphql_input(ask: ResumeAsk) -> dict[str, Any]:
    """``ResumeSearchInput`` as the /resumes page builds it (web's buildResumeSearchInput)."""
    return {
        "language": "en",
        "facets": [
            {"field": f, "limit": FACET_LIMIT, "operator": "or", "minCount": 1, "missing": False}
            for f in FACETS
        ],
        "conditionGroups": [
            {
                "conditions": [
                    {"field": "careerStatus", "value": s, "operator": "="} for s in ask.statuses
                ],
                "conjunction": "OR",
                "tags": ["facet:careerStatus"],
            },
            {
                "conditions": [
                    {"field": "skills", "value": str(t), "operator": "="} for t in ask.skills
                ],
                "conjunction": "OR",
                "tags": ["facet:skills"],
            },
        ],
        "fulltext": {"keys": ask.text},
        "geoLocation": {
            "locationType": "locality",
            "label": ask.place.label,
            "lat": ask.place.lat,
            "lon": ask.place.lon,
            "radius": RADIUS_MI,
            "unit": "mi",
        },
        "range": None,
        "page": 1,
        "sorts": [{"field": RESUME_DATE_SORT, "value": "DESC"}],
    }


def elasticsearch_body(ask: ResumeAsk) -> dict[str, Any]:
    """The ``_search`` body search sends Elasticsearch for ``graphql_input(ask)``."""
    request = SearchRequest(
        language="en",
        facets=[FacetRequest(f, limit=FACET_LIMIT) for f in FACETS],
        condition_groups=[
            ConditionGroup(
                [Condition("careerStatus", s) for s in ask.statuses],
                tags=["facet:careerStatus"],
            ),
            ConditionGroup(
                [Condition("skills", str(t)) for t in ask.skills], tags=["facet:skills"]
            ),
        ],
        fulltext=ask.text,
        geo_location=GeoLocation(
            label=ask.place.label,
            lat=ask.place.lat,
            lon=ask.place.lon,
            radius=RADIUS_MI,
            unit="mi",
            location_type="locality",
        ),
        sorts=[SortRequest(RESUME_DATE_SORT)],
    )
    body: dict[str, Any] = build_resume_query(validate(request, RESUMES), site=SITE)
    return body


def recruiter_token() -> str:
    """A recruiter's access token signed with identity's development key (never printed)."""
    settings = IdentitySettings()
    if settings.private_key_pem() is None:
        if not DEV_SIGNING_KEY.is_file():
            raise RequestFailed(
                "no signing key: set IDENTITY_JWT_PRIVATE_KEY_FILE (set -a; . .local/env)"
            )
        settings = IdentitySettings(jwt_private_key_file=DEV_SIGNING_KEY)
    user = User(id=uuid.uuid4(), roles=["recruiter"], site=settings.site)
    token: str = issue_token(
        user,
        session_id=str(uuid.uuid4()),
        key=SigningKey.from_settings(settings),
        settings=settings,
    )
    return token


async def sign_in_through_web(client: httpx.AsyncClient) -> None:
    """The demo recruiter signs in the way the login page does; the client keeps the cookie."""
    csrf = (await client.get("/api/auth/csrf", timeout=SIGN_IN_TIMEOUT)).json()["csrfToken"]
    answer = await client.post(
        "/api/auth/callback/credentials",
        data={
            "email": RECRUITER_EMAIL,
            "password": PASSWORD,
            "csrfToken": csrf,
            "callbackUrl": "/resumes",
        },
        headers={"X-Auth-Return-Redirect": "1"},
        timeout=SIGN_IN_TIMEOUT,
    )
    check_http(answer)
    url = answer.json().get("url") or ""
    error = parse_qs(urlsplit(url).query).get("error")
    if error:
        raise RequestFailed(f"web sign-in of {RECRUITER_EMAIL} refused: {error[0]}")
    session = (await client.get("/api/auth/session", timeout=SIGN_IN_TIMEOUT)).json() or {}
    roles = (session.get("user") or {}).get("roles") or []
    if "recruiter" not in roles:
        raise RequestFailed(f"{RECRUITER_EMAIL} has no recruiter session (roles {roles})")


async def sign_out_through_web(client: httpx.AsyncClient) -> None:
    """Ends the session (identity too); a teardown, so it never raises."""
    try:
        csrf = (await client.get("/api/auth/csrf")).json()["csrfToken"]
        await client.post(
            "/api/auth/signout",
            data={"csrfToken": csrf},
            headers={"X-Auth-Return-Redirect": "1"},
        )
    except (httpx.HTTPError, ValueError, KeyError):
        pass


class ResumeSearchThrough:
    """``resumeSearch`` through a GraphQL endpoint as a recruiter: the gateway's with a bearer
    token, or the web server's /graphql with the session cookie of a sign-in."""

    def __init__(self, base_url: str, *, web: bool) -> None:
        self.base_url = base_url.rstrip("/")
        self.web = web
        self.client: httpx.AsyncClient | None = None
        self.headers = dict(HEADERS)
        self.cycle: itertools.cycle[dict[str, Any]] | None = None

    async def probe(self) -> None:
        await probe_http(f"{GATEWAY_URL}/healthz", GATEWAY_URL)
        if self.web:
            await probe_http(f"{self.base_url}/", self.base_url)

    async def setup(self) -> None:
        self.cycle = itertools.cycle([graphql_input(ask) for ask in await asks()])
        self.client = http_client(self.base_url)
        if self.web:
            await sign_in_through_web(self.client)
        else:
            self.headers["Authorization"] = f"Bearer {recruiter_token()}"

    async def request(self) -> None:
        if self.client is None or self.cycle is None:
            raise RequestFailed("scenario not set up")
        answer = check_graphql(
            await self.client.post(
                "/graphql",
                json={"query": SEARCH, "variables": {"input": next(self.cycle)}},
                headers=self.headers,
            )
        )["resumeSearch"]
        if answer["__typename"] != "ResumeSearchResults":
            raise RequestFailed(f"{answer['__typename']}: {answer.get('message')}")

    async def teardown(self) -> None:
        self.headers.pop("Authorization", None)
        if self.client is not None:
            if self.web:
                await sign_out_through_web(self.client)
            await self.client.aclose()
            self.client = None


class ResumeSearchDirect:
    """The same searches as the service's ``_search`` on the live resumes alias."""

    def __init__(self) -> None:
        self.base_url = ES_URL.rstrip("/")
        self.client: httpx.AsyncClient | None = None
        self.cycle: itertools.cycle[dict[str, Any]] | None = None

    async def probe(self) -> None:
        await probe_http(f"{self.base_url}/", "elasticsearch")
        await probe_http(f"{GATEWAY_URL}/healthz", GATEWAY_URL)  # the skills' term ids

    async def setup(self) -> None:
        self.cycle = itertools.cycle([elasticsearch_body(ask) for ask in await asks()])
        self.client = http_client(self.base_url)

    async def request(self) -> None:
        if self.client is None or self.cycle is None:
            raise RequestFailed("scenario not set up")
        response = await self.client.post(f"/{INDEX}/_search", json=next(self.cycle))
        check_http(response)
        answer = response.json()
        if answer.get("timed_out") or answer.get("_shards", {}).get("failed"):
            raise RequestFailed("search timed out or a shard failed")

    async def teardown(self) -> None:
        if self.client is not None:
            await self.client.aclose()
            self.client = None


def scenario(
    name: str, description: str, subject: ResumeSearchThrough | ResumeSearchDirect
) -> Scenario:
    return subject_scenario(name, description, subject, GATEWAY_URL)
