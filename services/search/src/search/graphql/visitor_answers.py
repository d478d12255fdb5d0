"""A visitor's whole GraphQL answer kept for a search-only operation (ADR 0047).

The answer cache (:mod:`search.engine.answer_cache`) spares a repeated search Elasticsearch, but
the request still costs its Python: strawberry converting the nested input, graphql-core
completing a few hundred fields of hits and facets, the JSON. For a request without an
``Authorization`` header whose operation asks only ``jobSearch`` / ``organizationSearch`` (the
first pages visitors see, through the gateway), the job page's ``recommendedJobs`` or the home
page's ``videoJobs`` (the same for every visitor too), the answer's bytes are kept beside it,
under the operation's text, its variables and the ``X-Frontend`` site and locale, with the same
generation and bounds. An answer is kept only when every search in it was one to keep (the
resolvers say so through :data:`KEEPABLE`) and it has no errors.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Awaitable, Callable, Hashable, MutableMapping
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any

from graphql import FieldNode, OperationDefinitionNode, OperationType, parse
from graphql.error import GraphQLSyntaxError
from jobkit.site_settings import SITE_SETTINGS

from search.engine.answer_cache import AnswerCache

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

CACHEABLE_FIELDS = frozenset(
    {"jobSearch", "organizationSearch", "recommendedJobs", "videoJobs", "__typename"}
)
MAX_BODY_BYTES = 64 * 1024


@dataclass
class Keepable:
    """Set to False by a search whose answer must not be kept (refused, index unavailable)."""

    value: bool = True


KEEPABLE: ContextVar[Keepable | None] = ContextVar("search_answer_keepable", default=None)


def not_keepable() -> None:
    """Called by a resolver whose answer is not one to keep."""
    flag = KEEPABLE.get()
    if flag is not None:
        flag.value = False


@functools.lru_cache(maxsize=256)
def asks_only_searches(query: str, operation_name: str | None) -> bool:
    """True when the operation to run is a query whose root fields are all searches."""
    try:
        document = parse(query, no_location=True)
    except GraphQLSyntaxError:
        return False
    operations = [d for d in document.definitions if isinstance(d, OperationDefinitionNode)]
    if operation_name is not None:
        operations = [o for o in operations if o.name and o.name.value == operation_name]
    if len(operations) != 1 or operations[0].operation != OperationType.QUERY:
        return False
    return all(
        isinstance(selection, FieldNode) and selection.name.value in CACHEABLE_FIELDS
        for selection in operations[0].selection_set.selections
    )


def _header(scope: Scope, name: bytes) -> bytes | None:
    for key, value in scope.get("headers", ()):
        if key == name:
            return bytes(value)
    return None


def request_key(scope: Scope, body: bytes) -> Hashable | None:
    """The kept answer's key for a visitor's search-only POST, else None."""
    if _header(scope, b"authorization") is not None or _header(scope, b"cookie") is not None:
        return None
    try:
        request = json.loads(body)
    except ValueError:
        return None
    if not isinstance(request, dict):
        return None
    query, name = request.get("query"), request.get("operationName")
    variables = request.get("variables") or {}
    if not isinstance(query, str) or not isinstance(name, str | None):
        return None
    if not isinstance(variables, dict) or not asks_only_searches(query, name):
        return None
    return (
        "response",
        query,
        name,
        json.dumps(variables, sort_keys=True, separators=(",", ":")),
        _header(scope, b"x-frontend"),
    )


@dataclass(frozen=True)
class KeptResponse:
    status: int
    headers: list[tuple[bytes, bytes]]
    body: bytes


class VisitorSearchAnswers:
    """ASGI middleware over the service: a visitor's search-only POST /graphql answered from
    the kept bytes when it can be."""

    def __init__(
        self, app: ASGIApp, *, answers: Callable[[], AnswerCache], sessions: Callable[[], Any]
    ) -> None:
        self.app = app
        self.answers = answers
        self.sessions = sessions

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if (
            scope["type"] != "http"
            or scope["method"] != "POST"
            or scope["path"].rstrip("/") != "/graphql"
        ):
            await self.app(scope, receive, send)
            return
        body, more = await _read_body(receive)
        replay = _replay(body, more, receive)
        key = request_key(scope, body) if not more else None
        cache = self.answers()
        if key is None or cache.capacity <= 0:
            await self.app(scope, replay, send)
            return

        async def make() -> tuple[KeptResponse, bool]:
            flag = Keepable()
            token = KEEPABLE.set(flag)
            try:
                kept = await _run(self.app, scope, replay)
            finally:
                KEEPABLE.reset(token)
            return kept, flag.value and kept.status == 200 and b'"errors"' not in kept.body

        kept = await cache.answer(
            key, make, sessions=self.sessions(), local=lambda: SITE_SETTINGS.generation
        )
        await send({"type": "http.response.start", "status": kept.status, "headers": kept.headers})
        await send({"type": "http.response.body", "body": kept.body})


async def _read_body(receive: Receive) -> tuple[bytes, bool]:
    """The request body, up to MAX_BODY_BYTES (``more`` when it was longer)."""
    chunks: list[bytes] = []
    size = 0
    while True:
        message = await receive()
        if message["type"] != "http.request":
            return b"".join(chunks), False
        chunk = message.get("body", b"")
        chunks.append(chunk)
        size += len(chunk)
        if not message.get("more_body", False):
            return b"".join(chunks), False
        if size > MAX_BODY_BYTES:
            return b"".join(chunks), True


def _replay(body: bytes, more: bool, receive: Receive) -> Receive:
    sent = False

    async def replay() -> Message:
        nonlocal sent
        if not sent:
            sent = True
            return {"type": "http.request", "body": body, "more_body": more}
        return await receive()

    return replay


async def _run(app: ASGIApp, scope: Scope, receive: Receive) -> KeptResponse:
    status = 500
    headers: list[tuple[bytes, bytes]] = []
    chunks: list[bytes] = []

    async def capture(message: Message) -> None:
        nonlocal status, headers
        if message["type"] == "http.response.start":
            status = int(message["status"])
            headers = [(bytes(k), bytes(v)) for k, v in message.get("headers", ())]
        elif message["type"] == "http.response.body":
            chunks.append(bytes(message.get("body", b"")))

    await app(scope, receive, capture)
    return KeptResponse(status, headers, b"".join(chunks))
