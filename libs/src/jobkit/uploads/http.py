"""The upload endpoints a service includes: ``POST /uploads`` and ``GET /files/{id}/{style}``.

Apollo's gateway does not forward multipart requests, so files go to the owning service directly
(the web server proxies ``/api/uploads/<service>`` adding the session's bearer token, see
docs/decisions/0007-uploads.md); GraphQL mutations then reference the returned upload id.
"""

from __future__ import annotations

import asyncio
import json
import logging
import re
from collections.abc import AsyncIterator, Awaitable, Callable, Collection, Mapping, Sequence
from contextlib import asynccontextmanager
from datetime import UTC, datetime, timedelta
from typing import Any

from fastapi import APIRouter, FastAPI, Request, Response
from fastapi.responses import JSONResponse
from pydantic import SecretStr
from sqlalchemy import Row, Table, select

from jobkit.audit import AUDIT_UNAVAILABLE, MasqueradedWrite
from jobkit.auth import Principal
from jobkit.client_address import of_request
from jobkit.frontend import HEADER as FRONTEND_HEADER
from jobkit.frontend import Frontend
from jobkit.graphql import authenticate, parse_uuid
from jobkit.ratelimit import over_limits
from jobkit.uploads.checks import DOCUMENT_KINDS, RejectionCode, UploadKind, UploadRejected
from jobkit.uploads.files import ANONYMOUS_OWNER, file_url
from jobkit.uploads.form import FormError, UploadForm, read_upload_form, refuse_content_length
from jobkit.uploads.processing import (
    content_disposition,
    process,
    served_filename,
    start_workers,
    store_upload,
)
from jobkit.uploads.signing import signature_holds
from jobkit.uploads.sweeper import UploadReference, run_upload_sweeper

# How a masqueraded upload is named in the audit log (a mutation is named by its operation).
UPLOAD_OPERATION = "POST /uploads"
_FORM_FIELDS = frozenset({"purpose", "private"})  # the names the audit may record (not the values)

log = logging.getLogger(__name__)

CanReadPrivate = Callable[[Principal, Row[Any]], bool | Awaitable[bool]]

_PURPOSE = re.compile(r"[a-z][a-z0-9_]{0,63}")
_STATUS = {
    RejectionCode.TOO_LARGE: 413,
    RejectionCode.UNSUPPORTED_TYPE: 415,
    RejectionCode.IMAGE_TOO_LARGE: 422,
    RejectionCode.TOO_COMPLEX: 422,
    RejectionCode.CORRUPT: 422,
    RejectionCode.UNSAFE_CONTENT: 422,
}
_KIND_MESSAGES = {
    frozenset({UploadKind.IMAGE}): "Only JPG, PNG or WebP images can be uploaded here.",
    frozenset({UploadKind.PDF}): "Only PDF files can be uploaded here.",
    frozenset({UploadKind.PDF, UploadKind.DOCX, UploadKind.JSON}): (
        "Only PDF, Word (.docx) or JSON Resume files can be uploaded here."
    ),
}
PUBLIC_CACHE = "public, max-age=31536000, immutable"
PRIVATE_CACHE = "private, no-store"


def _error(status: int, error: str, message: str) -> JSONResponse:
    return JSONResponse({"error": error, "message": message}, status_code=status)


def _refused(rejected: UploadRejected) -> JSONResponse:
    return _error(_STATUS[rejected.code], rejected.code.value, rejected.message)


def _message(answer: Response) -> str:
    """The ``message`` of one of this module's JSON refusals."""
    try:
        message = json.loads(bytes(answer.body)).get("message")
    except (ValueError, AttributeError):
        message = None
    return str(message) if message else f"HTTP {answer.status_code}"


def _too_many() -> JSONResponse:
    return _error(
        429,
        "TOO_MANY_UPLOADS",
        "Too many files from your address in a short time. Try again later.",
    )


def _not_found() -> JSONResponse:
    return _error(404, "NOT_FOUND", "There is no such file.")


def _parse_bool(value: str | None) -> bool:
    if value is None or value == "":
        return False
    lowered = value.strip().lower()
    if lowered in {"true", "1", "yes", "on"}:
        return True
    if lowered in {"false", "0", "no", "off"}:
        return False
    raise FormError("The field 'private' must be true or false.")


def upload_router(
    *,
    table: Table,
    can_read_private: CanReadPrivate | None = None,
    purposes: Mapping[str, Collection[UploadKind]] | None = None,
    anonymous_purposes: Collection[str] = (),
    private_purposes: Collection[str] = (),
    signing_secret: SecretStr | None = None,
    rate_limits: Table | None = None,
    references: Sequence[UploadReference] | None = None,
) -> APIRouter:
    """The upload endpoints over a service's ``uploads_table``.

    ``purposes`` (optional) names the purposes the service takes and the kinds each accepts,
    e.g. ``{"organization_logo": {UploadKind.IMAGE}}``; without it any purpose and kind goes.
    ``can_read_private(principal, row)`` may allow more callers than the owner and admin-like
    users to read a private file (e.g. the recruiters of an organization a resume was sent to).
    ``anonymous_purposes`` may be uploaded without signing in (owner ``anonymous``: such an
    upload is usable by whoever holds its random id, once); ``private_purposes`` are always
    stored private. With ``signing_secret``, a private file is also served to the signed-in user
    a signed URL was issued to (``jobkit.uploads.signing``), until it expires.
    Anonymous uploads count against a quota per client address (files and bytes per window, the
    ``upload_quota_*`` settings) in ``rate_limits`` (a ``jobkit.ratelimit`` table), required
    with ``anonymous_purposes``.
    With ``references`` (where the service's rows name uploads), the app's background workers
    include the sweeper (``jobkit.uploads.sweeper``): uploads no row refers to any more, or never
    did within a day, are deleted with their files. An empty ``references`` means no row ever
    names an upload (files read once, e.g. a resume import): each goes a day after it came.
    """
    if anonymous_purposes and rate_limits is None:
        raise ValueError("anonymous uploads need a rate_limits table for their per-client quota")

    @asynccontextmanager
    async def sweeping(app: FastAPI) -> AsyncIterator[None]:
        start_workers()
        runtime = app.state.runtime
        settings = runtime.settings
        if references is None or not settings.run_background_workers:
            yield
            return
        task = asyncio.create_task(
            run_upload_sweeper(
                runtime.sessions,
                table,
                references,
                storage=runtime.storage,
                orphan_after=timedelta(seconds=settings.upload_orphan_seconds),
                interval_seconds=settings.upload_sweep_interval_seconds,
            ),
            name="upload-sweeper",
        )
        try:
            yield
        finally:
            task.cancel()
            await asyncio.gather(task, return_exceptions=True)

    router = APIRouter(lifespan=sweeping)

    async def over_quota(request: Request, *, files: int = 0, size: int = 0) -> bool:
        """Counts an anonymous upload (or its bytes) on the client's quota (ADR 0024)."""
        assert rate_limits is not None
        settings = request.app.state.runtime.settings
        client = of_request(request, settings.trusted_proxies) or "unknown"
        if files:
            key, limit, amount = (
                f"upload:files:{client}",
                settings.upload_quota_files_per_client,
                files,
            )
        else:  # counted in KiB, so a window's sum stays far from the column's range
            key, limit, amount = (
                f"upload:kib:{client}",
                settings.upload_quota_bytes_per_client // 1024,
                -(-size // 1024),
            )
        return await over_limits(
            request.app.state.runtime.sessions,
            rate_limits,
            [(key, limit)],
            now=datetime.now(UTC),
            window_seconds=settings.upload_quota_window_seconds,
            amount=amount,
        )

    @router.post("/uploads", status_code=201)
    async def upload(request: Request) -> Response:
        runtime = request.app.state.runtime
        principal, auth_error = await authenticate(request, runtime.verifier)
        if auth_error is not None or (principal is None and not anonymous_purposes):
            return _error(401, "UNAUTHENTICATED", auth_error or "Authentication required")
        # A masqueraded upload is a write like a mutation: recorded before it is stored (ADR 0006).
        write = MasqueradedWrite.of(
            principal,
            sessions=runtime.sessions,
            outbox=runtime.outbox,
            settings=runtime.settings,
            site=Frontend.parse(
                request.headers.get(FRONTEND_HEADER), default_site=runtime.settings.site
            ).site,
        )
        try:
            refuse_content_length(request.headers.get("content-length"))
            if principal is None and await over_quota(request, files=1):
                return _too_many()
            form = await read_upload_form(request.headers.get("content-type"), request.stream())
            purpose = form.fields.get("purpose", "").strip()
            if not _PURPOSE.fullmatch(purpose):
                raise FormError("The field 'purpose' is required (lower-case letters, _).")
            if purposes is not None and purpose not in purposes:
                raise FormError(f"Unknown upload purpose {purpose!r}.")
            if principal is None and purpose not in anonymous_purposes:
                return _error(401, "UNAUTHENTICATED", "Authentication required")
            if principal is None and await over_quota(request, size=len(form.file or b"")):
                return _too_many()
        except UploadRejected as rejected:
            log.info("upload refused: %s", rejected.code)
            return _refused(rejected)
        except FormError as error:
            return _error(400, "BAD_REQUEST", str(error))
        if write is not None:
            try:
                await write.attempted(
                    operation_name=UPLOAD_OPERATION,
                    fields=[f"upload:{purpose}"],
                    variables=["file", *(name for name in form.fields if name in _FORM_FIELDS)],
                )
            except Exception:
                log.exception("could not record a masqueraded upload; refusing it")
                return _error(403, "FORBIDDEN", AUDIT_UNAVAILABLE)
        try:
            answer = await _store(runtime, form, purpose=purpose, principal=principal)
        except Exception:
            # a failure past the attempt (storage, database): on record as failed, then a 500
            if write is not None:
                await write.finished(["Internal server error"])
            raise
        if write is not None:
            failed = answer.status_code >= 400
            await write.finished([_message(answer)] if failed else [])
        return answer

    async def _store(
        runtime: Any, form: UploadForm, *, purpose: str, principal: Principal | None
    ) -> Response:
        """Check, render and store the file; 201 with its styles, or the refusal."""
        try:
            private = _parse_bool(form.fields.get("private")) or purpose in private_purposes
            data = bytes(form.file or b"")
            form.file = None
            kinds = frozenset(purposes[purpose]) if purposes is not None else None
            try:
                processed = await process(
                    data, budget_seconds=runtime.settings.upload_processing_seconds, kinds=kinds
                )
            except UploadRejected as rejected:
                # a purpose taking documents names them in its refusal of other kinds
                if (
                    rejected.code is RejectionCode.UNSUPPORTED_TYPE
                    and kinds
                    and kinds & DOCUMENT_KINDS
                    and kinds in _KIND_MESSAGES
                ):
                    raise UploadRejected(rejected.code, _KIND_MESSAGES[kinds]) from rejected
                raise
            del data
            if kinds is not None and processed.kind not in kinds:
                raise UploadRejected(
                    RejectionCode.UNSUPPORTED_TYPE,
                    _KIND_MESSAGES.get(kinds, "This kind of file cannot be uploaded here."),
                )
        except UploadRejected as rejected:
            log.info("upload refused: %s", rejected.code)
            return _refused(rejected)
        except FormError as error:
            return _error(400, "BAD_REQUEST", str(error))
        values = await store_upload(
            processed=processed,
            storage=runtime.storage,
            sessions=runtime.sessions,
            table=table,
            owner_id=principal.user_id if principal is not None else ANONYMOUS_OWNER,
            filename=form.filename,
            purpose=purpose,
            private=private,
        )
        settings = runtime.settings
        styles = {
            name: {
                "url": file_url(settings, values["id"], name),
                "width": style["width"],
                "height": style["height"],
            }
            for name, style in values["styles"].items()
        }
        return JSONResponse(
            {
                "id": str(values["id"]),
                "kind": values["kind"],
                "mediaType": values["media_type"],
                "purpose": purpose,
                "private": private,
                "styles": styles,
                "url": styles["original"]["url"],
            },
            status_code=201,
        )

    @router.get("/files/{upload_id}/{style}")
    async def serve_file(request: Request, upload_id: str, style: str) -> Response:
        runtime = request.app.state.runtime
        key = parse_uuid(upload_id)
        if key is None:
            return _not_found()
        async with runtime.sessions() as session:
            row = (await session.execute(select(table).where(table.c.id == key))).first()
        if row is None or style not in row.styles:
            return _not_found()
        if row.private:
            principal, auth_error = await authenticate(request, runtime.verifier)
            if auth_error is not None:
                return _error(401, "UNAUTHENTICATED", auth_error)
            signed = (
                principal is not None
                and signing_secret is not None
                and signature_holds(
                    signing_secret,
                    row.id,
                    style,
                    user_id=principal.user_id,
                    expires=request.query_params.get("expires"),
                    signature=request.query_params.get("signature"),
                )
            )
            if principal is None or not (
                signed or await _may_read(principal, row, can_read_private)
            ):
                return _not_found()
        stored = row.styles[style]
        try:
            body = await runtime.storage.get(stored["key"])
        except FileNotFoundError:
            log.warning("upload %s has no stored %s", row.id, style)
            return _not_found()
        extension = stored["key"].rsplit(".", 1)[-1]
        headers = {
            "X-Content-Type-Options": "nosniff",
            "Content-Disposition": content_disposition(served_filename(row.filename, extension)),
            "Cache-Control": PRIVATE_CACHE if row.private else PUBLIC_CACHE,
            "Cross-Origin-Resource-Policy": "same-site",
        }
        if row.kind != UploadKind.PDF.value:  # images and documents never run anything
            headers["Content-Security-Policy"] = "default-src 'none'; sandbox"
        if row.private:
            headers["Vary"] = "Authorization"
        return Response(content=body, media_type=stored["media_type"], headers=headers)

    return router


async def _may_read(
    principal: Principal, row: Row[Any], can_read_private: CanReadPrivate | None
) -> bool:
    if principal.can_act_on(row.owner_id):
        return True
    if can_read_private is None:
        return False
    allowed = can_read_private(principal, row)
    if not isinstance(allowed, bool):
        allowed = await allowed
    return bool(allowed)
