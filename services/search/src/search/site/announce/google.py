"""The Google Indexing API: a service account's OAuth 2.0 flow and the batch endpoint.

The access token comes from the service account's ``token_uri`` in exchange for a JWT signed
with its private key (RS256; ``iss`` the account's e-mail, ``scope`` indexing, ``aud`` the token
URI); it is kept until shortly before it expires. A batch is one ``multipart/mixed`` request
of at most 100 parts, each an ``application/http`` ``POST /v3/urlNotifications:publish`` with
``{"url", "type"}``; the answer is a ``multipart/mixed`` of per-part HTTP responses.
"""

from __future__ import annotations

import json
import re
import uuid
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from email.parser import BytesParser
from email.policy import HTTP
from pathlib import Path
from typing import Any

import httpx
import jwt

from search.site.announce.notifiers import Notice, NotifyError, OverQuota

NAME = "google"
SCOPE = "https://www.googleapis.com/auth/indexing"
GRANT_TYPE = "urn:ietf:params:oauth:grant-type:jwt-bearer"
PUBLISH_PATH = "/v3/urlNotifications:publish"
BATCH_LIMIT = 100
TOKEN_LIFETIME = timedelta(hours=1)
TOKEN_MARGIN = timedelta(minutes=2)  # renewed this long before it expires
# a publish past the project's daily quota (RESOURCE_EXHAUSTED), for a part or the whole batch
QUOTA_STATUS = 429
_STATUS_LINE = re.compile(rb"^HTTP/\d(?:\.\d)?\s+(\d{3})")


@dataclass(frozen=True)
class ServiceAccount:
    client_email: str
    private_key: str
    private_key_id: str | None
    token_uri: str

    @classmethod
    def from_file(cls, path: Path) -> ServiceAccount:
        data = json.loads(path.read_text())
        return cls(
            client_email=data["client_email"],
            private_key=data["private_key"],
            private_key_id=data.get("private_key_id"),
            token_uri=data.get("token_uri", "https://oauth2.googleapis.com/token"),
        )

    def assertion(self, now: datetime) -> str:
        issued = int(now.timestamp())
        claims = {
            "iss": self.client_email,
            "scope": SCOPE,
            "aud": self.token_uri,
            "iat": issued,
            "exp": issued + int(TOKEN_LIFETIME.total_seconds()),
        }
        headers = {"kid": self.private_key_id} if self.private_key_id else None
        return jwt.encode(claims, self.private_key, algorithm="RS256", headers=headers)


def batch_body(notices: Sequence[Notice], boundary: str) -> bytes:
    """The multipart/mixed body: one ``application/http`` part per notice."""
    if len(notices) > BATCH_LIMIT:
        raise ValueError(f"a Google batch takes at most {BATCH_LIMIT} notifications")
    parts = []
    for index, notice in enumerate(notices):
        content = json.dumps({"url": notice.url, "type": notice.action})
        parts.append(
            f"--{boundary}\r\n"
            "Content-Type: application/http\r\n"
            "Content-Transfer-Encoding: binary\r\n"
            f"Content-ID: <item{index}>\r\n"
            "\r\n"
            f"POST {PUBLISH_PATH} HTTP/1.1\r\n"
            "Content-Type: application/json\r\n"
            "Accept: application/json\r\n"
            f"Content-Length: {len(content.encode())}\r\n"
            "\r\n"
            f"{content}\r\n"
        )
    return ("".join(parts) + f"--{boundary}--\r\n").encode()


def parse_batch_answer(content_type: str, body: bytes) -> dict[int, tuple[int, str]]:
    """Per part index (from ``Content-ID: <response-itemN>``): its HTTP status and body."""
    message = BytesParser(policy=HTTP).parsebytes(
        b"Content-Type: " + content_type.encode() + b"\r\n\r\n" + body
    )
    if not message.is_multipart():
        raise ValueError("the batch answer is not multipart")
    answers: dict[int, tuple[int, str]] = {}
    for position, part in enumerate(message.iter_parts()):
        content_id = str(part.get("Content-ID", ""))
        found = re.search(r"item(\d+)", content_id)
        index = int(found.group(1)) if found else position
        payload = part.get_payload(decode=True)
        raw = payload if isinstance(payload, bytes) else str(part.get_payload()).encode()
        head, _, inner_body = raw.replace(b"\r\n", b"\n").partition(b"\n\n")
        status = _STATUS_LINE.match(head.lstrip())
        if status is None:
            raise ValueError(f"part {content_id or position} has no HTTP status line")
        answers[index] = (int(status.group(1)), inner_body.decode(errors="replace").strip())
    return answers


def _error_text(status: int, body: str) -> str:
    try:
        error: Any = json.loads(body).get("error", {})
        message = error.get("message") if isinstance(error, dict) else str(error)
    except (ValueError, AttributeError):
        message = body
    return f"HTTP {status}: {message}"[:500]


class GoogleIndexingNotifier:
    name = NAME

    def __init__(
        self,
        account: ServiceAccount,
        *,
        batch_url: str,
        http: httpx.AsyncClient,
        clock: Callable[[], datetime] = lambda: datetime.now(UTC),
    ) -> None:
        self._account = account
        self._batch_url = batch_url
        self._http = http
        self._clock = clock
        self._token: str | None = None
        self._token_expires = datetime.min.replace(tzinfo=UTC)

    async def access_token(self) -> str:
        now = self._clock()
        if self._token is not None and now < self._token_expires - TOKEN_MARGIN:
            return self._token
        try:
            answer = await self._http.post(
                self._account.token_uri,
                data={"grant_type": GRANT_TYPE, "assertion": self._account.assertion(now)},
            )
        except httpx.HTTPError as error:
            raise NotifyError(f"token request failed: {error!r}", answered=False) from error
        if answer.status_code != 200:
            raise NotifyError(
                f"token refused: HTTP {answer.status_code} {answer.text[:300]}", answered=False
            )
        grant = answer.json()
        self._token = str(grant["access_token"])
        self._token_expires = now + timedelta(seconds=int(grant.get("expires_in", 3600)))
        return self._token

    async def notify(self, notices: Sequence[Notice]) -> list[str | None]:
        token = await self.access_token()
        boundary = f"batch_{uuid.uuid4().hex}"
        try:
            answer = await self._http.post(
                self._batch_url,
                content=batch_body(notices, boundary),
                headers={
                    "Authorization": f"Bearer {token}",
                    "Content-Type": f"multipart/mixed; boundary={boundary}",
                },
            )
        except httpx.HTTPError as error:
            raise NotifyError(f"batch request failed: {error!r}", answered=False) from error
        if answer.status_code == 401:
            self._token = None  # revoked or expired early: a new one next time
        if answer.status_code != 200:
            raise NotifyError(
                _error_text(answer.status_code, answer.text),
                answered=True,
                over_quota=answer.status_code == QUOTA_STATUS,
            )
        try:
            parts = parse_batch_answer(answer.headers.get("content-type", ""), answer.content)
        except ValueError as error:
            raise NotifyError(f"unreadable batch answer: {error}", answered=True) from error
        results: list[str | None] = []
        for index in range(len(notices)):
            status, body = parts.get(index, (0, "no answer for this part"))
            if 200 <= status < 300:
                results.append(None)
            elif status == QUOTA_STATUS:
                results.append(OverQuota(_error_text(status, body)))
            else:
                results.append(_error_text(status, body))
        return results
