"""``POST /visits``: the web server reports a job page or an organization profile it rendered
for a person (ADR 0037). The body names the page (``{"page": "job", "id": "..."}``); the
visitor's address comes in ``X-Forwarded-For`` (set by the web server, never by the browser) and
their browser in ``User-Agent``. Both are only hashed with the day's salt, never stored. Answers
202 with ``{"counted": true|false}``, 400 with the reasons for a body that is not that.
"""

from __future__ import annotations

import logging
from datetime import UTC, datetime

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse
from jobkit.app import ServiceRuntime
from jobkit.db import unit_of_work
from pydantic import BaseModel, ConfigDict, Field, ValidationError
from sqlalchemy.exc import SQLAlchemyError

from analytics.domain.visits import VisitedPage, count_visit

log = logging.getLogger(__name__)

MAX_BODY_BYTES = 1024


class VisitReport(BaseModel):
    model_config = ConfigDict(extra="forbid")

    page: VisitedPage
    id: str = Field(min_length=1, max_length=64)


def visits_router() -> APIRouter:
    router = APIRouter(include_in_schema=False)

    @router.post("/visits")
    async def visits(request: Request) -> JSONResponse:
        raw = await request.body()
        if len(raw) > MAX_BODY_BYTES:
            return JSONResponse(
                {"error": f"The body is larger than {MAX_BODY_BYTES} bytes.", "details": []},
                status_code=400,
            )
        try:
            report = VisitReport.model_validate_json(raw)
        except ValidationError as error:
            details = [
                f"{'.'.join(str(part) for part in item['loc'])}: {item['msg']}".lstrip(": ")
                for item in error.errors(include_url=False, include_input=False)
            ]
            return JSONResponse(
                {"error": "The visit is not valid.", "details": details[:10]}, status_code=400
            )
        address = request.headers.get("x-forwarded-for", "").split(",")[0].strip()
        if not address and request.client is not None:
            address = request.client.host
        runtime: ServiceRuntime = request.app.state.runtime
        try:
            async with unit_of_work(runtime.sessions) as session:
                counted = await count_visit(
                    session,
                    page=report.page,
                    subject_id=report.id,
                    day=datetime.now(UTC).date(),
                    address=address,
                    browser=request.headers.get("user-agent", "")[:512],
                )
        except SQLAlchemyError as error:
            log.warning("a visit could not be counted: %s", error)
            return JSONResponse({"error": "Analytics is unavailable."}, status_code=503)
        return JSONResponse({"counted": counted}, status_code=202)

    return router
