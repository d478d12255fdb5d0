"""No open redirects (ADR 0022): every redirect target the running web server takes from a
request (the login page's `destination`, Auth.js's `callbackUrl`, /router's path, the request
path itself) leads to a page of the site, whatever a browser makes of it (tabs and newlines
dropped, backslashes read as slashes, odd Unicode full stops, percent-encodings), and none of
the known open-redirect payloads answers a 500."""

from __future__ import annotations

import os
import re
from collections.abc import AsyncIterator
from urllib.parse import quote, unquote, urljoin, urlsplit

import httpx
import pytest

from tests.stack.test_gateway_reaches_every_subgraph import WEB_URL

pytestmark = pytest.mark.integration

DEMO_PASSWORD = os.environ.get("JOBBOARD_DEMO_PASSWORD", "demo-password-2026")
APPLICANT = "applicant@jobboard.example"
# generous: a sign-in hashes a password, and pages render on a busy machine
TIMEOUT = 60.0

PAYLOADS = [
    "//evil.example",
    "///evil.example/",
    "////evil.example",
    "/\\evil.example",
    "\\/evil.example",
    "\\\\evil.example",
    "/\\/evil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    "/\r\n/evil.example",
    "\t//evil.example",
    " //evil.example",
    "/%09/evil.example",
    "/%0A/x",
    "/%2F%2Fevil.example",
    "/%5Cevil.example",
    "https://evil.example",
    "http://evil.example/",
    "HTTPS://evil.example",
    "https:evil.example",
    "https:/evil.example",
    "https:\\\\evil.example",
    "//evil\u3002example",
    "//evil\uff0eexample",
    "//evil\uff61example",
    "/.//evil.example",
    "/./\\evil.example",
    "/../..//evil.example",
    "/x/..//evil.example",
    "javascript:alert(1)",
    "JaVaScRiPt:alert(1)",
    "java\tscript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "//evil.example@127.0.0.1",
    "http://127.0.0.1:3002@evil.example",
    "//user:pass@evil.example",
    "//2130706433",
    "/\u3000//evil.example",
    "not a url",
    "",
]


def _stays_on_site(location: str | None, page_url: str) -> bool:
    """Whether a browser at `page_url` following `location` stays on the web's origin."""
    if location is None:
        return True
    # what browsers do before resolving: drop ASCII tabs and newlines, read \ as /
    cleaned = re.sub(r"[\t\n\r]", "", location).strip(" \x00")
    target = urlsplit(urljoin(page_url, cleaned.replace("\\", "/")))
    site = urlsplit(WEB_URL)
    return (target.scheme, target.netloc) == (site.scheme, site.netloc)


@pytest.fixture(scope="module")
async def session_cookies() -> AsyncIterator[httpx.Cookies]:
    """A demo applicant's session, signed in once for the whole table (sign-ins are throttled)."""
    async with httpx.AsyncClient(base_url=WEB_URL, timeout=TIMEOUT) as client:
        csrf = (await client.get("/api/auth/csrf")).json()["csrfToken"]
        answer = await client.post(
            "/api/auth/callback/credentials",
            data={
                "email": APPLICANT,
                "password": DEMO_PASSWORD,
                "csrfToken": csrf,
                "callbackUrl": "/\t/evil.example",
            },
            headers={"x-auth-return-redirect": "1"},
        )
        assert answer.status_code == 200, answer.text[:300]
        # even the sign-in's own answer leads back to the site
        assert _stays_on_site(answer.json()["url"], f"{WEB_URL}/user/login")
        yield client.cookies


@pytest.mark.parametrize("payload", PAYLOADS)
async def test_the_login_page_never_sends_anyone_off_the_site(
    payload: str, session_cookies: httpx.Cookies
) -> None:
    async with httpx.AsyncClient(base_url=WEB_URL, timeout=TIMEOUT) as visitor:
        for name in ("destination", "callbackUrl"):
            page = await visitor.get("/user/login", params={name: payload})
            assert page.status_code == 200, (name, payload, page.status_code)
    async with httpx.AsyncClient(
        base_url=WEB_URL, cookies=session_cookies, timeout=TIMEOUT
    ) as signed_in:
        for name in ("destination", "callbackUrl"):
            answer = await signed_in.get("/user/login", params={name: payload})
            assert answer.status_code in (302, 303), (name, payload, answer.status_code)
            location = answer.headers["location"]
            assert _stays_on_site(location, str(answer.url)), (name, payload, location)


@pytest.mark.parametrize("payload", PAYLOADS)
async def test_auth_js_keeps_only_a_callback_url_on_the_site(payload: str) -> None:
    async with httpx.AsyncClient(base_url=WEB_URL, timeout=TIMEOUT) as client:
        # Auth.js keeps the callbackUrl it accepted in a cookie: where it sends the visitor next
        answer = await client.get("/api/auth/csrf", params={"callbackUrl": payload})
        assert answer.status_code == 200, (payload, answer.status_code)
        kept = answer.cookies.get("authjs.callback-url")
        assert kept is None or _stays_on_site(unquote(kept), str(answer.url)), (payload, kept)

        unknown = await client.get("/api/auth/signin/nowhere", params={"callbackUrl": payload})
        assert unknown.status_code < 500, (payload, unknown.status_code)
        assert _stays_on_site(unknown.headers.get("location"), str(unknown.url)), payload


@pytest.mark.parametrize("payload", PAYLOADS)
async def test_router_and_odd_request_paths_stay_on_the_site(payload: str) -> None:
    async with httpx.AsyncClient(base_url=WEB_URL, timeout=TIMEOUT) as client:
        routed = await client.get("/router", params={"router": payload})
        assert routed.status_code < 500, (payload, routed.status_code)
        assert _stays_on_site(routed.headers.get("location"), str(routed.url)), payload

        # the request target as written, but for what HTTP cannot carry (whitespace, non-ASCII):
        # httpx would not send `//host` or `\` as they are
        raw = quote(payload, safe="/\\:@%?#=&.;,+!$'()*~-_")
        if raw.startswith("/"):
            answer = await client.request(
                "GET", httpx.URL(WEB_URL).copy_with(raw_path=raw.encode())
            )
            assert answer.status_code < 500, (payload, answer.status_code)
            assert _stays_on_site(answer.headers.get("location"), f"{WEB_URL}/"), (
                payload,
                answer.headers.get("location"),
            )
