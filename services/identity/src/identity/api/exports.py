"""``GET /files/<export id>/archive``: a person's data export (ADR 0038), reached through the web
server's upload proxy (``/api/uploads/identity/files/...``) like the services' private files.

Served only to the signed-in user the link was signed for (the person, or the administrator who
asked on their behalf), only until it expires, and only while the archive exists: a copied link
is useless to anyone else. 401 without a session (the web sends the browser to sign in), 404
otherwise, never a hint whether an export exists.
"""

from __future__ import annotations

from fastapi import APIRouter, Request, Response
from fastapi.responses import JSONResponse
from jobkit.export import ARCHIVE_TYPE, export_storage
from jobkit.graphql import authenticate, parse_uuid
from jobkit.uploads.processing import content_disposition

from identity.domain.export import ARCHIVE_STYLE, may_download
from identity.domain.models import DataExport
from identity.settings import IdentitySettings

router = APIRouter()


def _not_found() -> JSONResponse:
    return JSONResponse({"error": "NOT_FOUND", "message": "No such file."}, status_code=404)


@router.get("/files/{export_id}/{style}", include_in_schema=False)
async def download(request: Request, export_id: str, style: str) -> Response:
    runtime = request.app.state.runtime
    settings = runtime.settings
    assert isinstance(settings, IdentitySettings)
    key = parse_uuid(export_id)
    if key is None or style != ARCHIVE_STYLE:
        return _not_found()
    principal, auth_error = await authenticate(request, runtime.verifier)
    if auth_error is not None or principal is None:
        message = auth_error or "Sign in to download your data."
        return JSONResponse({"error": "UNAUTHENTICATED", "message": message}, status_code=401)
    async with runtime.sessions() as session:
        export = await session.get(DataExport, key)
    if (
        export is None
        or export.archive_key is None
        or not may_download(
            settings,
            export,
            user_id=principal.user_id,
            expires=request.query_params.get("expires"),
            signature=request.query_params.get("signature"),
        )
    ):
        return _not_found()
    try:
        body = await export_storage(settings).get(export.archive_key)
    except FileNotFoundError:
        return _not_found()
    assert export.completed_at is not None
    name = f"data-{export.completed_at:%Y-%m-%d}.zip"
    return Response(
        content=body,
        media_type=ARCHIVE_TYPE,
        headers={
            "Content-Disposition": content_disposition(name, inline=False),
            "Cache-Control": "private, no-store",
            "X-Content-Type-Options": "nosniff",
            "Vary": "Authorization",
        },
    )
