"""A local stand-in for Google's OAuth token endpoint, its Indexing API (single publish, the batch
endpoint and the daily publish quota) and an IndexNow endpoint, checking each protocol as the
real ones do. Tests and ``bench.indexing_removals`` serve it on loopback (``serve(engines.app)``,
then set ``engines.base_url``).

- ``POST /token``: the service account's JWT-bearer grant (RFC 7523): the RS256 assertion is
  verified with the account's public key (``kid``, ``iss``, ``aud`` the token URI, ``scope``
  indexing, at most an hour); answers an access token.
- ``POST /v3/urlNotifications:publish``: one ``{"url", "type"}`` with that bearer.
- ``POST /batch`` and ``POST /batch/indexing/v3``: ``multipart/mixed`` of at most 100
  ``application/http`` parts, each such a publish; answered part by part.
- Quota: ``daily_quota`` publishes (updates and deletions together, a batch's parts each count)
  per day of Google's quota clock, which resets at midnight Pacific time; a publish past it is
  answered 429 ``RESOURCE_EXHAUSTED`` (in a batch, that part) and not counted.
"""

from __future__ import annotations

import json
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, date, datetime
from email.parser import BytesParser
from email.policy import HTTP
from typing import Any
from zoneinfo import ZoneInfo

import jwt
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import rsa
from fastapi import FastAPI, Request, Response
from fastapi.responses import JSONResponse

SCOPE = "https://www.googleapis.com/auth/indexing"
GRANT_TYPE = "urn:ietf:params:oauth:grant-type:jwt-bearer"
CLIENT_EMAIL = "announcer@jobboard-test.iam.gserviceaccount.com"
PUBLISH_LINE = "POST /v3/urlNotifications:publish HTTP/1.1"
ACTIONS = ("URL_UPDATED", "URL_DELETED")
# Google's per-day quotas reset at midnight Pacific time
QUOTA_ZONE = ZoneInfo("America/Los_Angeles")
QUOTA_EXCEEDED = (
    "Quota exceeded for quota metric 'Publish requests' and limit 'Publish requests per day' "
    "of service 'indexing.googleapis.com' for consumer 'project_number:1'."
)


def quota_answer() -> dict[str, Any]:
    """Google's error body for a publish past the daily quota."""
    return {
        "error": {
            "code": 429,
            "message": QUOTA_EXCEEDED,
            "status": "RESOURCE_EXHAUSTED",
            "details": [
                {
                    "@type": "type.googleapis.com/google.rpc.ErrorInfo",
                    "reason": "RATE_LIMIT_EXCEEDED",
                    "domain": "googleapis.com",
                    "metadata": {
                        "quota_metric": "indexing.googleapis.com/v3_publish_requests",
                        "quota_limit": "DefaultPublishRequestsPerDayPerProject",
                        "service": "indexing.googleapis.com",
                    },
                }
            ],
        }
    }


@dataclass(frozen=True)
class Publish:
    """One accepted notification, with when it was accepted (``time.time()``)."""

    action: str
    url: str
    at: float


@dataclass
class Received:
    """What the endpoints accepted, in order, and what they refused (with why)."""

    google: list[tuple[str, str]] = field(default_factory=list)  # (type, url)
    google_log: list[Publish] = field(default_factory=list)  # the same, with times
    google_batches: list[int] = field(default_factory=list)  # parts per batch
    over_quota: list[tuple[str, str]] = field(default_factory=list)  # answered 429
    indexnow: list[str] = field(default_factory=list)
    indexnow_batches: list[int] = field(default_factory=list)
    tokens_issued: int = 0
    refused: list[str] = field(default_factory=list)


class SearchEngines:
    def __init__(
        self,
        *,
        indexnow_key: str,
        daily_quota: int = 200,
        clock: Callable[[], datetime] = lambda: datetime.now(UTC),
    ) -> None:
        self.key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
        self.key_id = uuid.uuid4().hex
        self.indexnow_key = indexnow_key
        self.daily_quota = self._initial_quota = daily_quota
        self.clock = self._initial_clock = clock
        self.base_url = ""  # set once served
        self.received = Received()
        self.fail_next = 0  # answer the next N batch calls (both kinds) with 503
        self.refuse_urls: set[str] = set()  # Google answers these parts 400
        self.used: dict[date, int] = {}  # publishes counted per quota day
        self._tokens: set[str] = set()
        self.app = self._build()

    def service_account(self) -> dict[str, str]:
        pem = self.key.private_bytes(
            serialization.Encoding.PEM,
            serialization.PrivateFormat.PKCS8,
            serialization.NoEncryption(),
        ).decode()
        return {
            "type": "service_account",
            "project_id": "jobboard-test",
            "private_key_id": self.key_id,
            "private_key": pem,
            "client_email": CLIENT_EMAIL,
            "client_id": "1",
            "token_uri": f"{self.base_url}/token",
        }

    def reset(self) -> None:
        """Forget what was received and counted; the quota and clock as constructed."""
        self.received = Received()
        self.daily_quota, self.clock = self._initial_quota, self._initial_clock
        self.fail_next = 0
        self.refuse_urls = set()
        self.used = {}

    def quota_day(self) -> date:
        return self.clock().astimezone(QUOTA_ZONE).date()

    def _refuse(self, status: int, why: str) -> Response:
        self.received.refused.append(why)
        return JSONResponse({"error": {"code": status, "message": why}}, status_code=status)

    def _authorized(self, request: Request) -> bool:
        authorization = request.headers.get("authorization", "")
        return authorization.startswith("Bearer ") and authorization[7:] in self._tokens

    def _build(self) -> FastAPI:
        app = FastAPI()

        @app.post("/token")
        async def token(request: Request) -> Response:
            form = await request.form()
            if form.get("grant_type") != GRANT_TYPE:
                return self._refuse(400, f"grant_type {form.get('grant_type')!r}")
            assertion = str(form.get("assertion", ""))
            try:
                header = jwt.get_unverified_header(assertion)
                claims = jwt.decode(
                    assertion,
                    self.key.public_key(),
                    algorithms=["RS256"],
                    audience=f"{self.base_url}/token",
                    issuer=CLIENT_EMAIL,
                    options={"require": ["iss", "aud", "iat", "exp", "scope"]},
                )
            except jwt.PyJWTError as error:
                return self._refuse(400, f"invalid_grant: {error}")
            if header.get("kid") != self.key_id:
                return self._refuse(400, "invalid_grant: unknown key id")
            if claims["scope"] != SCOPE or claims["exp"] - claims["iat"] > 3600:
                return self._refuse(400, "invalid_scope or lifetime")
            access = f"ya29.{uuid.uuid4().hex}"
            self._tokens.add(access)
            self.received.tokens_issued += 1
            return JSONResponse(
                {"access_token": access, "expires_in": 3599, "token_type": "Bearer"}
            )

        @app.post("/v3/urlNotifications:publish")
        async def publish(request: Request) -> Response:
            if not self._authorized(request):
                return self._refuse(401, "missing or unknown bearer token")
            if not request.headers.get("content-type", "").startswith("application/json"):
                return self._refuse(400, "not JSON")
            status, data = self._notify(await request.body())
            if status == 400:
                self.received.refused.append(str(data))
            return JSONResponse(data, status_code=status)

        async def batch(request: Request) -> Response:
            if not self._authorized(request):
                return self._refuse(401, "missing or unknown bearer token")
            content_type = request.headers.get("content-type", "")
            if not content_type.startswith("multipart/mixed") or "boundary=" not in content_type:
                return self._refuse(400, f"content type {content_type!r}")
            if self.fail_next:
                self.fail_next -= 1
                return self._refuse(503, "backend unavailable")
            message = BytesParser(policy=HTTP).parsebytes(
                f"Content-Type: {content_type}\r\n\r\n".encode() + await request.body()
            )
            parts = list(message.iter_parts())
            if not parts or len(parts) > 100:
                return self._refuse(400, f"{len(parts)} parts in a batch")
            answers = []
            for part in parts:
                answer = self._part(part)
                answers.append((str(part.get("Content-ID", "")), *answer))
            self.received.google_batches.append(len(parts))
            boundary = f"batch_{uuid.uuid4().hex}"
            reasons = {200: "OK", 429: "Too Many Requests"}
            body = "".join(
                f"--{boundary}\r\nContent-Type: application/http\r\n"
                f"Content-ID: <response-{cid.strip('<>')}>\r\n\r\n"
                f"HTTP/1.1 {status} {reasons.get(status, 'Bad Request')}\r\n"
                f"Content-Type: application/json; charset=UTF-8\r\n\r\n{json.dumps(data)}\r\n"
                for cid, status, data in answers
            )
            return Response(
                body + f"--{boundary}--\r\n",
                media_type=f"multipart/mixed; boundary={boundary}",
            )

        # the global batch path, and the per-API one
        app.post("/batch")(batch)
        app.post("/batch/indexing/v3")(batch)

        @app.post("/indexnow")
        async def indexnow(request: Request) -> Response:
            if not request.headers.get("content-type", "").startswith("application/json"):
                return self._refuse(400, "not JSON")
            if self.fail_next:
                self.fail_next -= 1
                return self._refuse(503, "backend unavailable")
            body = await request.json()
            if set(body) != {"host", "key", "keyLocation", "urlList"}:
                return self._refuse(400, f"fields {sorted(body)}")
            if body["key"] != self.indexnow_key:
                return self._refuse(403, "key not valid")
            host = body["host"]
            if not body["keyLocation"].endswith(f"/{self.indexnow_key}.txt") or (
                f"//{host}" not in body["keyLocation"]
            ):
                return self._refuse(422, f"keyLocation {body['keyLocation']}")
            urls = body["urlList"]
            if not urls or len(urls) > 100 or any(f"//{host}" not in url for url in urls):
                return self._refuse(422, "urlList empty, too long or of another host")
            self.received.indexnow.extend(urls)
            self.received.indexnow_batches.append(len(urls))
            return Response(status_code=202)

        return app

    def _part(self, part: Any) -> tuple[int, dict[str, Any]]:
        if part.get_content_type() != "application/http":
            return 400, {"error": {"message": "part is not application/http"}}
        raw = part.get_payload(decode=True).replace(b"\r\n", b"\n")
        head, _, body = raw.partition(b"\n\n")
        request_line, *headers = head.decode().split("\n")
        if request_line != PUBLISH_LINE:
            return 400, {"error": {"message": f"request line {request_line!r}"}}
        if not any(h.lower().startswith("content-type: application/json") for h in headers):
            return 400, {"error": {"message": "inner request is not JSON"}}
        return self._notify(body)

    def _notify(self, body: bytes) -> tuple[int, dict[str, Any]]:
        try:
            notification = json.loads(body)
        except ValueError:
            return 400, {"error": {"message": "body is not JSON"}}
        if (
            not isinstance(notification, dict)
            or set(notification) != {"url", "type"}
            or notification["type"] not in ACTIONS
        ):
            return 400, {"error": {"message": f"bad notification {notification}"}}
        action, url = notification["type"], notification["url"]
        if url in self.refuse_urls:
            return 400, {"error": {"message": "Invalid value at 'url_notification.url'"}}
        day = self.quota_day()
        if self.used.get(day, 0) >= self.daily_quota:
            self.received.over_quota.append((action, url))
            return 429, quota_answer()
        self.used[day] = self.used.get(day, 0) + 1
        self.received.google.append((action, url))
        self.received.google_log.append(Publish(action, url, time.time()))
        latest = "latestRemove" if action == "URL_DELETED" else "latestUpdate"
        notify_time = self.clock().isoformat().replace("+00:00", "Z")
        return 200, {
            "urlNotificationMetadata": {
                "url": url,
                latest: {"url": url, "type": action, "notifyTime": notify_time},
            }
        }
