"""``POST /relay/gmapi`` and ``POST /relay/conversionapi``: the browser's analytics events, as
the web server passes them on from ``/api/gmapi`` and ``/api/conversionapi`` (ADR 0014).

The web server adds ``X-Frontend`` (``{FRONTEND_NAME}/{locale}``), ``X-Cookie-Consent`` (the
categories of the visitor's ``jb_cookie_consent`` cookie) and, for a session, its bearer token.
A body that is not what the spec describes answers 400 with the reasons; an accepted one 202
with the outcome (``forwarded``, ``recorded`` or ``no_consent``), whatever the flags say.
"""

from __future__ import annotations

import json
import logging
from datetime import UTC, datetime
from typing import Any, TypeVar

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse
from jobkit.app import ServiceRuntime
from jobkit.frontend import HEADER as FRONTEND_HEADER
from jobkit.frontend import Frontend
from jobkit.graphql import authenticate
from pydantic import BaseModel, ValidationError
from sqlalchemy.exc import SQLAlchemyError

from analytics.domain.relay_rules import (
    MAX_BODY_BYTES,
    ConversionRequest,
    GmapiRequest,
    parse_consent,
)
from analytics.domain.relays import Outcome, Visitor, accept_conversion, accept_measurement
from analytics.relay.workers import relay_config
from analytics.settings import AnalyticsSettings

log = logging.getLogger(__name__)

CONSENT_HEADER = "x-cookie-consent"
Body = TypeVar("Body", bound=BaseModel)


def _bad_request(reason: str, details: list[str] | None = None) -> JSONResponse:
    return JSONResponse({"error": reason, "details": details or []}, status_code=400)


def _reasons(error: ValidationError) -> list[str]:
    reasons = []
    for item in error.errors(include_url=False, include_input=False):
        where = ".".join(str(part) for part in item["loc"])
        reasons.append(f"{where}: {item['msg']}" if where else str(item["msg"]))
    return reasons[:20]


async def _parse(request: Request, model: type[Body]) -> Body | JSONResponse:
    raw = await request.body()
    if len(raw) > MAX_BODY_BYTES:
        return _bad_request(f"The body is larger than {MAX_BODY_BYTES} bytes.")
    try:
        data: Any = json.loads(raw)
    except (ValueError, UnicodeDecodeError):
        return _bad_request("The body is not JSON.")
    try:
        return model.model_validate(data)
    except ValidationError as error:
        return _bad_request("The event is not valid.", _reasons(error))


async def _visitor(request: Request, runtime: ServiceRuntime) -> Visitor:
    principal, _ = await authenticate(request, runtime.verifier)
    return Visitor(
        frontend=Frontend.parse(
            request.headers.get(FRONTEND_HEADER), default_site=runtime.settings.site
        ),
        consent=parse_consent(request.headers.get(CONSENT_HEADER)),
        user_id=principal.user_id if principal is not None else None,
    )


def _answer(outcome: Outcome) -> JSONResponse:
    return JSONResponse({"outcome": outcome.value}, status_code=202)


def _unavailable(error: SQLAlchemyError) -> JSONResponse:
    log.warning("an analytics event could not be stored: %s", error)
    return JSONResponse({"error": "Analytics is unavailable."}, status_code=503)


def relays_router(settings: AnalyticsSettings) -> APIRouter:
    router = APIRouter(prefix="/relay", include_in_schema=False)
    relay = relay_config(settings)

    @router.post("/gmapi")
    async def gmapi(request: Request) -> JSONResponse:
        body = await _parse(request, GmapiRequest)
        if isinstance(body, JSONResponse):
            return body
        runtime: ServiceRuntime = request.app.state.runtime
        try:
            outcome = await accept_measurement(
                sessions=runtime.sessions,
                request=body,
                visitor=await _visitor(request, runtime),
                relay=relay,
                now=datetime.now(UTC),
            )
        except SQLAlchemyError as error:
            return _unavailable(error)
        return _answer(outcome)

    @router.post("/conversionapi")
    async def conversionapi(request: Request) -> JSONResponse:
        body = await _parse(request, ConversionRequest)
        if isinstance(body, JSONResponse):
            return body
        runtime: ServiceRuntime = request.app.state.runtime
        try:
            outcome = await accept_conversion(
                sessions=runtime.sessions,
                request=body,
                visitor=await _visitor(request, runtime),
                relay=relay,
            )
        except SQLAlchemyError as error:
            return _unavailable(error)
        return _answer(outcome)

    return router
