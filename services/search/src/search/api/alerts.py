"""One-click unsubscribe (RFC 8058) for alert mails' ``List-Unsubscribe`` header: a POST with
the signed token stops the mail's alerts at once, without cookies or a login (a job alert
mail's alerts are unsubscribed; a resume digest's resume alerts stop mailing and keep their
search). A GET (a link scanner, or a person pasting the address) acts on nothing: it shows a
button that POSTs."""

from __future__ import annotations

from html import escape

from fastapi import APIRouter, Request, Response
from fastapi.responses import HTMLResponse, JSONResponse
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from search.alerts import resume_alerts, service, tokens
from search.alerts.errors import AlertErrors
from search.settings import SearchSettings


def alerts_router(settings: SearchSettings) -> APIRouter:
    router = APIRouter(prefix="/alerts", include_in_schema=False)

    @router.post("/unsubscribe")
    async def one_click(request: Request, token: str = "") -> Response:
        sessions: async_sessionmaker[AsyncSession] = request.app.state.runtime.sessions
        try:
            result = await service.unsubscribe(sessions=sessions, settings=settings, token=token)
        except tokens.AlertsUnavailable:
            return JSONResponse({"error": "Job alerts are unavailable right now."}, 503)
        if isinstance(result, AlertErrors):
            return JSONResponse({"error": result.errors[0].message}, 400)
        return JSONResponse({"status": "unsubscribed", "alerts": len(result)})

    @router.get("/unsubscribe")
    async def confirm_page(token: str = "") -> Response:
        return _confirm_page("Stop these job alerts?", "/alerts/unsubscribe", token)

    @router.post("/resume-unsubscribe")
    async def one_click_resumes(request: Request, token: str = "") -> Response:
        sessions: async_sessionmaker[AsyncSession] = request.app.state.runtime.sessions
        try:
            result = await resume_alerts.stop_by_token(
                sessions=sessions, settings=settings, token=token
            )
        except tokens.AlertsUnavailable:
            return JSONResponse({"error": "Resume alerts are unavailable right now."}, 503)
        if isinstance(result, AlertErrors):
            return JSONResponse({"error": result.errors[0].message}, 400)
        return JSONResponse({"status": "unsubscribed", "alerts": len(result)})

    @router.get("/resume-unsubscribe")
    async def confirm_resume_page(token: str = "") -> Response:
        return _confirm_page(
            "Stop mailing these resume alerts? Their searches stay saved.",
            "/alerts/resume-unsubscribe",
            token,
        )

    return router


def _confirm_page(question: str, action: str, token: str) -> HTMLResponse:
    return HTMLResponse(
        '<!doctype html><html><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        '<title>Unsubscribe</title></head><body style="font-family:Arial,sans-serif">'
        f"<p>{escape(question)}</p>"
        f'<form method="post" action="{action}?token={escape(token)}">'
        '<button type="submit">Unsubscribe</button></form></body></html>'
    )
