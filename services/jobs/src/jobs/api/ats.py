"""The ATS API (ADR 0039): REST for applicant tracking systems, under ``/ats/v1`` (the web server
answers it at ``/api/ats/v1``), described by OpenAPI 3.1 at ``/ats/v1/openapi.json``.

Every request carries an organization's API key (``Authorization: Bearer jbk_...``), made in
the organization dashboard; the key's scopes decide which half it may use (``jobs``,
``applications``). Writes take an ``Idempotency-Key``: a retry of the same request gets the
first answer again (``Idempotent-Replayed: true``), the same key with another request is
refused. Errors are RFC 9457 problem documents, with the invalid fields listed as the wizard's
GraphQL errors list them (``field``, ``code``, ``message``). Each key has a request budget per
minute (a batch spends one per job); past it, 429 with ``Retry-After``.
"""

from __future__ import annotations

import base64
import hashlib
import json
import math
import uuid
from collections.abc import Awaitable, Callable
from datetime import datetime, timedelta
from typing import Annotated, Any, Literal

from fastapi import APIRouter, FastAPI, Header, Path, Query, Request
from fastapi.openapi.utils import get_openapi
from fastapi.responses import JSONResponse, Response
from jobkit.db import unit_of_work
from jobkit.ratelimit import count_limits
from jobkit.uploads.processing import content_disposition, served_filename
from pydantic import BaseModel, BeforeValidator, Field, ValidationError
from sqlalchemy import delete, select
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

from jobs.db import uploads
from jobs.domain import applications as application_cases
from jobs.domain import ats, deletion
from jobs.domain.api_keys import ApiCaller, authenticate
from jobs.domain.clock import now_utc
from jobs.domain.errors import JobErrorCode, JobErrors, one_error
from jobs.domain.models import (
    ApiIdempotencyKey,
    Application,
    ApplicationAttachment,
    Job,
    RateLimitHit,
)
from jobs.domain.publishing import archive_job
from jobs.domain.workflow import JobState
from jobs.settings import JobsSettings

PREFIX = "/ats/v1"
TITLE = "Job board ATS API"
VERSION = "1.0.0"
PAGE_LIMIT = 100
IDEMPOTENCY_KEEP = timedelta(days=1)
# an Idempotency-Key whose first request never finished (a crash) may be used again after this
IDEMPOTENCY_STALE = timedelta(minutes=1)
MAX_IDEMPOTENCY_KEY = 255
PROBLEM = "application/problem+json"
MAX_BODY = 1_000_000  # bytes of one job's request
MAX_BATCH_BODY = 64_000_000  # bytes of a batch's

router = APIRouter(prefix=PREFIX)


# --- answers ---------------------------------------------------------------------------------


def problem(
    status: int,
    title: str,
    *,
    errors: list[dict[str, Any]] | None = None,
    headers: dict[str, str] | None = None,
) -> JSONResponse:
    body: dict[str, Any] = {"type": "about:blank", "title": title, "status": status}
    if errors:
        body["errors"] = errors
    return JSONResponse(body, status_code=status, media_type=PROBLEM, headers=headers)


def error_list(errors: JobErrors) -> list[dict[str, Any]]:
    return [
        {"field": error.field, "code": str(error.code), "message": error.message}
        for error in errors.errors
    ]


def refused(errors: JobErrors) -> JSONResponse:
    """A use case's refusal: 404 and 403 as themselves, the rest as invalid input (422)."""
    codes = {str(error.code) for error in errors.errors}
    if codes == {"NOT_FOUND"}:
        return problem(404, errors.errors[0].message)
    if codes == {"FORBIDDEN"}:
        return problem(403, errors.errors[0].message)
    return problem(422, "The request is not valid.", errors=error_list(errors))


def _iso(value: datetime | None) -> str | None:
    return value.isoformat() if value else None


def job_json(job: Job, settings: JobsSettings, *, content: bool = False) -> dict[str, Any]:
    """A job as the API answers it; with ``content``, also what an ATS sends (a PUT's body)."""
    public = job.published_at is not None
    answer: dict[str, Any] = {
        "id": str(job.id),
        "external_reference": job.external_reference,
        "title": job.title,
        "type": job.type,
        "state": job.state.upper(),
        "version": job.version,
        "url": f"{settings.site_url.rstrip('/')}/job/{job.slug}" if public else None,
        "refusal": job.refusal,
        "created_at": _iso(job.created_at),
        "updated_at": _iso(job.updated_at),
        "submitted_at": _iso(job.submitted_at),
        "published_at": _iso(job.published_at),
        "expires_at": _iso(job.expires_at),
        "applications_count": job.applications_count,
    }
    if content:
        period = (
            {"start": _iso_date(job.availability_start), "end": _iso_date(job.availability_end)}
            if job.availability_start or job.availability_end
            else None
        )
        answer |= {
            "link_url": job.link_url,
            "description": job.description,
            "availability_period": period,
            "video_url": job.video_url,
            "organization_assignment": job.organization_assignment,
            "locations": [
                {"address": {k: v for k, v in item["address"].items() if k not in {"lat", "lon"}}}
                for item in job.locations
            ],
            "remote_option_tids": job.remote_option_tids,
            "employment_type_tids": job.employment_type_tids,
            "occupational_field_tids": job.occupational_field_tids,
            "fields_of_study_tids": job.fields_of_study_tids,
            "degree_level_tid": job.degree_level_tid,
            "years_of_experience_tid": job.years_of_experience_tid,
            "salary_range": job.salary_range,
            "salary_range_free": job.salary_range_free,
            "language_tids": job.language_tids,
            "languages_free": job.languages_free,
            "skill_tids": job.skill_tids,
            "skills_free": job.skills_free,
            "published": _iso(job.published),
            "expiration": _iso(job.expiration),
            "duration": job.duration,
            "application_workflow": job.application_workflow,
            "application_emails": job.application_emails,
            "application_link": job.application_link,
            "application_require_cv": job.application_require_cv,
            "application_require_cover_letter": job.application_require_cover_letter,
            "application_require_qualifying_questions": (
                job.application_require_qualifying_questions
            ),
            "application_qualifying_questions": job.application_qualifying_questions,
        }
    return answer


def _iso_date(value: Any) -> str | None:
    return value.isoformat() if value else None


def attachment_json(row: Any, application_id: uuid.UUID, settings: JobsSettings) -> dict[str, Any]:
    """An application's file as the API lists it (``row``: the attachment with its upload)."""
    path = f"/api/ats/v1/applications/{application_id}/attachments/{row.id}"
    return {
        "id": str(row.id),
        "kind": row.ApplicationAttachment.kind.upper(),
        "filename": row.filename,
        "media_type": row.media_type,
        "size": int(row.size),
        "url": f"{settings.site_url.rstrip('/')}{path}",
    }


async def attachments_by_application(
    session: AsyncSession, application_ids: list[uuid.UUID], settings: JobsSettings
) -> dict[uuid.UUID, list[dict[str, Any]]]:
    """The applications' files as the API lists them, in their order (one query for a page)."""
    rows = await application_cases.attachments_by_application(session, application_ids)
    return {
        application_id: [attachment_json(row, application_id, settings) for row in found]
        for application_id, found in rows.items()
    }


def application_json(
    application: Application, reference: str | None, attachments: list[dict[str, Any]]
) -> dict[str, Any]:
    return {
        "id": str(application.id),
        "job_id": str(application.job_id),
        "job_external_reference": reference,
        "status": application.status.upper(),
        "first_name": application.first_name,
        "last_name": application.last_name,
        "email": application.email,
        "phone": application.phone,
        "cover_letter": application.cover_letter,
        "answers": application.answers,
        "knocked_out": application.knocked_out,
        "created_at": _iso(application.created_at),
        "status_changed_at": _iso(application.status_changed_at),
        "attachments": attachments,
    }


# --- who calls -------------------------------------------------------------------------------


def _runtime(request: Request) -> Any:
    return request.app.state.runtime


def _settings(request: Request) -> JobsSettings:
    settings = _runtime(request).settings
    assert isinstance(settings, JobsSettings)
    return settings


class _Refusal(Exception):
    def __init__(self, response: JSONResponse) -> None:
        self.response = response


async def _caller(request: Request, scope: str, cost: int = 1) -> ApiCaller:
    header = request.headers.get("authorization", "")
    scheme, _, secret = header.partition(" ")
    if scheme.lower() != "bearer" or not secret.strip():
        raise _Refusal(
            problem(
                401,
                "Send the organization's API key: Authorization: Bearer <key>.",
                headers={"WWW-Authenticate": "Bearer"},
            )
        )
    runtime = _runtime(request)
    caller = await authenticate(runtime.sessions, secret.strip())
    if caller is None:
        raise _Refusal(
            problem(
                401,
                "This API key is not valid: it was revoked, or its recruiter left the "
                "organization.",
                headers={"WWW-Authenticate": 'Bearer error="invalid_token"'},
            )
        )
    if scope not in caller.scopes:
        raise _Refusal(problem(403, f"This API key may not use the {scope} endpoints."))
    settings = _settings(request)
    now = now_utc()
    window = settings.ats_limit_window_seconds
    wait = await count_limits(
        runtime.sessions,
        RateLimitHit.__table__,  # type: ignore[arg-type]
        [(f"ats:{caller.key_id}", settings.ats_limit_per_key)],
        now=now,
        window_seconds=window,
        amount=cost,
    )
    if wait is not None:
        retry = max(1, math.ceil(min(wait, 2 * window)))
        raise _Refusal(
            problem(
                429,
                f"Too many requests for this API key: at most {settings.ats_limit_per_key} "
                f"per {window} s.",
                headers={"Retry-After": str(retry)},
            )
        )
    return caller


Answer = Callable[[ApiCaller], Awaitable[Response]]


async def _json_body(request: Request, limit: int) -> Any:
    """The request's JSON, read only when it is not too large (raises :class:`_Refusal`)."""
    declared = request.headers.get("content-length")
    if declared is not None and (not declared.isdigit() or int(declared) > limit):
        raise _Refusal(problem(413, f"The request is larger than {limit:,} bytes."))
    raw = bytearray()
    async for chunk in request.stream():
        raw += chunk
        if len(raw) > limit:
            raise _Refusal(problem(413, f"The request is larger than {limit:,} bytes."))
    try:
        return json.loads(raw)
    except ValueError:
        raise _Refusal(problem(400, "The request's body is not JSON.")) from None


def _body_schema(name: str) -> dict[str, Any]:
    return {
        "requestBody": {
            "required": True,
            "content": {"application/json": {"schema": {"$ref": f"#/components/schemas/{name}"}}},
        }
    }


async def _answer(request: Request, scope: str, answer: Answer, *, cost: int = 1) -> Response:
    try:
        caller = await _caller(request, scope, cost)
    except _Refusal as refusal:
        return refusal.response
    return await answer(caller)


async def _idempotent(
    request: Request,
    scope: str,
    answer: Callable[[ApiCaller, Any], Awaitable[JSONResponse]],
    *,
    body_limit: int | None = None,
    cost: Callable[[Any], int] = lambda _: 1,
    check: Callable[[Any], JSONResponse | None] = lambda _: None,
) -> JSONResponse:
    """A write, after its caller and body were checked: answered once per ``Idempotency-Key``
    (when the request has one)."""
    try:
        data = await _json_body(request, body_limit) if body_limit is not None else None
        too_much = check(data)  # before the request spends the key's budget
        if too_much is not None:
            return too_much
        caller = await _caller(request, scope, cost(data))
    except _Refusal as refusal:
        return refusal.response
    key = request.headers.get("idempotency-key")
    if key is None:
        return await answer(caller, data)
    key = key.strip()
    if not key or len(key) > MAX_IDEMPOTENCY_KEY:
        return problem(400, f"An Idempotency-Key has 1 to {MAX_IDEMPOTENCY_KEY} characters.")
    canonical = json.dumps(data, sort_keys=True, separators=(",", ":"))
    digest = hashlib.sha256(
        f"{request.method} {request.url.path}\n{canonical}".encode()
    ).hexdigest()
    sessions = _runtime(request).sessions
    now = now_utc()
    async with unit_of_work(sessions) as session:
        await session.execute(
            delete(ApiIdempotencyKey).where(
                ApiIdempotencyKey.api_key_id == caller.key_id,
                ApiIdempotencyKey.created_at < now - IDEMPOTENCY_KEEP,
            )
        )
        claimed = await session.scalar(
            insert(ApiIdempotencyKey)
            .values(api_key_id=caller.key_id, key=key, request_sha256=digest, created_at=now)
            .on_conflict_do_nothing()
            .returning(ApiIdempotencyKey.key)
        )
        if claimed is None:
            earlier = await session.get(
                ApiIdempotencyKey, (caller.key_id, key), with_for_update=True
            )
            assert earlier is not None
            if earlier.request_sha256 != digest:
                return problem(
                    422,
                    "This Idempotency-Key was used for another request; use a new key for a "
                    "new request.",
                )
            if earlier.status_code is not None:
                return JSONResponse(
                    earlier.response,
                    status_code=earlier.status_code,
                    media_type=PROBLEM if earlier.status_code >= 400 else None,
                    headers={"Idempotent-Replayed": "true"},
                )
            if now - earlier.created_at < IDEMPOTENCY_STALE:
                return problem(
                    409,
                    "A request with this Idempotency-Key is still being answered; try again "
                    "in a moment.",
                    headers={"Retry-After": "1"},
                )
            earlier.created_at = now  # its first request never finished: this one takes over
    response = await answer(caller, data)
    async with unit_of_work(sessions) as session:
        row = await session.get(ApiIdempotencyKey, (caller.key_id, key))
        if row is not None:
            if response.status_code >= 500:
                await session.delete(row)  # not an answer to keep: a retry tries again
            else:
                row.status_code = response.status_code
                row.response = json.loads(bytes(response.body))
    return response


# --- jobs ------------------------------------------------------------------------------------


class JobSummary(BaseModel):
    id: str
    external_reference: str | None
    title: str
    type: str
    state: str = Field(
        description="DRAFT, AWAITING_SLOT, NEEDS_REVIEW, SCHEDULED, PUBLISHED, ARCHIVED or EXPIRED."
    )
    version: int
    url: str | None = Field(description="The public page, once the job was published.")
    refusal: dict[str, Any] | None = Field(
        description="Why the last publication was refused (no slot left, a review's reason)."
    )
    created_at: str | None
    updated_at: str | None
    submitted_at: str | None
    published_at: str | None
    expires_at: str | None
    applications_count: int


class JobPage(BaseModel):
    jobs: list[JobSummary]
    next_cursor: str | None = Field(description="Pass it as `cursor` for the next page.")


class BatchResult(BaseModel):
    external_reference: str | None
    status: Literal["created", "updated", "refused"]
    job: JobSummary | None = None
    errors: list[dict[str, Any]] = []


class BatchAnswer(BaseModel):
    results: list[BatchResult]
    created: int
    updated: int
    refused: int


class BatchRequest(BaseModel):
    jobs: list[dict[str, Any]] = Field(
        description=f"Up to {ats.MAX_BATCH} jobs, each an `AtsJob` with its "
        "`external_reference`; each is saved (or refused) on its own.",
    )


class StatusChange(BaseModel):
    status: Annotated[
        Literal["new", "reviewed", "shortlisted", "rejected", "hired"],
        BeforeValidator(lambda value: value.lower() if isinstance(value, str) else value),
    ] = Field(description="NEW, REVIEWED, SHORTLISTED, REJECTED or HIRED (any case).")
    message: str | None = Field(
        default=None,
        description="Mailed to the applicant with the news (at most 5,000 characters).",
    )


ReferencePath = Annotated[
    str,
    Path(
        min_length=1,
        max_length=ats.MAX_REFERENCE,
        description="The organization's own reference for the job (its ATS id).",
    ),
]
IdempotencyKey = Annotated[
    str | None,
    Header(
        alias="Idempotency-Key",
        description="Any unique string (a UUID): a retry with the same key gets the first "
        "answer, never a second effect. Kept a day.",
    ),
]


def _cursor(job: Job) -> str:
    raw = f"{job.created_at.isoformat()}|{job.id}"
    return base64.urlsafe_b64encode(raw.encode()).decode().rstrip("=")


def _after(cursor: str | None) -> tuple[datetime, uuid.UUID] | JSONResponse | None:
    if not cursor:
        return None
    try:
        raw = base64.urlsafe_b64decode(cursor + "=" * (-len(cursor) % 4)).decode()
        created_at, job_id = raw.split("|")
        return datetime.fromisoformat(created_at), uuid.UUID(job_id)
    except (ValueError, UnicodeDecodeError):
        return problem(400, "This cursor is not one the API gave.")


_STATES = [state.value.upper() for state in JobState]


@router.get(
    "/jobs",
    response_model=JobPage,
    summary="List the organization's jobs",
    description="Newest first, 1 to 100 a page; `state` filters (repeat it for several).",
)
async def list_jobs(
    request: Request,
    state: Annotated[list[str] | None, Query(description=f"One of {', '.join(_STATES)}.")] = None,
    limit: Annotated[int, Query(ge=1, le=PAGE_LIMIT)] = 50,
    cursor: str | None = None,
) -> Response:
    async def answer(caller: ApiCaller) -> JSONResponse:
        states = [value.lower() for value in state or []]
        unknown = [value for value in state or [] if value.upper() not in _STATES]
        if unknown:
            return problem(400, f"Unknown state {unknown[0]}; the states are {', '.join(_STATES)}.")
        after = _after(cursor)
        if isinstance(after, JSONResponse):
            return after
        rows = await ats.jobs_page(
            sessions=_runtime(request).sessions,
            caller=caller,
            states=states,
            after=after,
            limit=limit + 1,
        )
        settings = _settings(request)
        page = rows[:limit]
        return JSONResponse(
            {
                "jobs": [job_json(job, settings) for job in page],
                "next_cursor": _cursor(page[-1]) if len(rows) > limit else None,
            }
        )

    return await _answer(request, "jobs", answer)


@router.get(
    "/jobs/{external_reference}",
    summary="Read one job by the organization's reference",
    description="The job's state and, as `AtsJob` fields, its content.",
)
async def get_job(request: Request, external_reference: ReferencePath) -> Response:
    async def answer(caller: ApiCaller) -> JSONResponse:
        job = await ats.job_by_reference(
            sessions=_runtime(request).sessions,
            caller=caller,
            reference=external_reference.strip(),
        )
        if job is None:
            return problem(404, "The organization has no job with this reference.")
        return JSONResponse(job_json(job, _settings(request), content=True))

    return await _answer(request, "jobs", answer)


async def _put(request: Request, caller: ApiCaller, reference: str, data: object) -> JSONResponse:
    checked = ats.reference_of(reference)
    if isinstance(checked, JobErrors):
        return refused(checked)
    body = ats.parse_job(data)
    if isinstance(body, JobErrors):
        return refused(body)
    result = await ats.put_job(
        sessions=_runtime(request).sessions,
        settings=_settings(request),
        caller=caller,
        reference=checked,
        body=body,
    )
    if isinstance(result, JobErrors):
        return refused(result)
    return JSONResponse(
        job_json(result.job, _settings(request), content=True),
        status_code=201 if result.created else 200,
    )


@router.put(
    "/jobs/{external_reference}",
    summary="Create or replace a job",
    description="Creates the organization's job with this reference (201) or replaces its "
    "content (200; the content the job already has changes nothing: no new version): the same "
    "checks, sanitizing and workflow as the posting wizard. With "
    "`publish: true` its publication is asked for (a slot of the organization's credits; the "
    "answer's `state` says where it stands: AWAITING_SLOT until billing answers).",
    status_code=200,
    responses={201: {"description": "Created"}, 422: {"description": "Invalid fields"}},
    openapi_extra=_body_schema("AtsJob"),
)
async def put_job(
    request: Request, external_reference: ReferencePath, idempotency_key: IdempotencyKey = None
) -> JSONResponse:
    async def answer(caller: ApiCaller, data: Any) -> JSONResponse:
        return await _put(request, caller, external_reference, data)

    return await _idempotent(request, "jobs", answer, body_limit=MAX_BODY)


@router.post(
    "/jobs/{external_reference}/close",
    summary="Close a job",
    description="Takes the job offline (ARCHIVED); before its publication the slot goes back "
    "to the organization. Closing a closed job answers it as it is.",
)
async def close_job(
    request: Request, external_reference: ReferencePath, idempotency_key: IdempotencyKey = None
) -> JSONResponse:
    async def answer(caller: ApiCaller, _: Any) -> JSONResponse:
        runtime = _runtime(request)
        job = await ats.job_by_reference(
            sessions=runtime.sessions, caller=caller, reference=external_reference.strip()
        )
        if job is None:
            return problem(404, "The organization has no job with this reference.")
        if job.state in {JobState.ARCHIVED, JobState.EXPIRED}:
            return JSONResponse(job_json(job, _settings(request)))
        result = await archive_job(
            sessions=runtime.sessions,
            settings=_settings(request),
            principal=caller.principal,
            job_id=job.id,
        )
        if isinstance(result, JobErrors):
            return refused(result)
        return JSONResponse(job_json(result, _settings(request)))

    return await _idempotent(request, "jobs", answer, body_limit=None)


@router.delete(
    "/jobs/{external_reference}",
    summary="Delete a job for good",
    description="Deletes a DRAFT, or a job that is ARCHIVED or EXPIRED and never had an "
    "application (applications stay with their applicants: such a job is closed and kept); its "
    "page answers 410 Gone and its reference is free again. Any other job: 409 with the reason "
    "(close it first).",
    responses={409: {"description": "The job cannot be deleted in its state"}},
)
async def delete_job(
    request: Request, external_reference: ReferencePath, idempotency_key: IdempotencyKey = None
) -> JSONResponse:
    async def answer(caller: ApiCaller, _: Any) -> JSONResponse:
        runtime = _runtime(request)
        reference = external_reference.strip()
        job = await ats.job_by_reference(
            sessions=runtime.sessions, caller=caller, reference=reference
        )
        if job is None:
            return problem(404, "The organization has no job with this reference.")
        result = await deletion.delete_job(
            sessions=runtime.sessions,
            settings=_settings(request),
            principal=caller.principal,
            job_id=job.id,
        )
        if isinstance(result, JobErrors):
            codes = {str(error.code) for error in result.errors}
            if codes <= {"INVALID_TRANSITION", "HAS_APPLICATIONS"}:
                return problem(409, "The job cannot be deleted.", errors=error_list(result))
            return refused(result)
        return JSONResponse(
            {"id": str(result), "external_reference": reference, "state": "DELETED"}
        )

    return await _idempotent(request, "jobs", answer, body_limit=None)


@router.post(
    "/jobs:batch",
    response_model=BatchAnswer,
    summary="Create or replace up to 1,000 jobs",
    description="Each job is put as by PUT /jobs/{external_reference}, on its own: one "
    "refused job does not stop the others. The answer lists each job's result in the "
    "request's order. A reference twice in one batch is refused the second time.",
    openapi_extra=_body_schema("BatchRequest"),
)
async def batch(request: Request, idempotency_key: IdempotencyKey = None) -> JSONResponse:
    async def answer(caller: ApiCaller, data: Any) -> JSONResponse:
        try:
            items = BatchRequest.model_validate(data).jobs
        except ValidationError:
            return problem(422, 'Send {"jobs": [...]}: a list of jobs.')
        # each item checked on its own first; the valid ones are put together (one transaction)
        checked: list[tuple[str, ats.AtsJob] | tuple[object, JobErrors]] = []
        seen: set[str] = set()
        for item in items:
            reference = item.get("external_reference")
            verdict = ats.reference_of(reference if isinstance(reference, str) else "")
            if isinstance(verdict, str) and verdict in seen:
                verdict = one_error(
                    JobErrorCode.INVALID,
                    "This reference is already in the batch.",
                    "external_reference",
                )
            if isinstance(verdict, JobErrors):
                checked.append((reference, verdict))
                continue
            seen.add(verdict)
            body = ats.parse_job({k: v for k, v in item.items() if k != "external_reference"})
            checked.append((reference, body) if isinstance(body, JobErrors) else (verdict, body))
        valid = [(ref, body) for ref, body in checked if isinstance(body, ats.AtsJob)]
        put = iter(
            await ats.put_jobs(
                sessions=_runtime(request).sessions,
                settings=_settings(request),
                principal=caller.principal,
                organization_id=caller.organization_id,
                jobs=[(str(ref), body) for ref, body in valid],
            )
        )
        results: list[dict[str, Any]] = []
        counts = {"created": 0, "updated": 0, "refused": 0}
        for reference, outcome in checked:
            result = next(put) if isinstance(outcome, ats.AtsJob) else outcome
            if isinstance(result, JobErrors):
                status = "refused"
                results.append(
                    {
                        "external_reference": reference if isinstance(reference, str) else None,
                        "status": status,
                        "errors": error_list(result),
                    }
                )
            else:
                status = "created" if result.created else "updated"
                summary = _summary(job_json(result.job, _settings(request)))
                results.append({"external_reference": reference, "status": status, "job": summary})
            counts[status] += 1
        return JSONResponse({"results": results, **counts})

    return await _idempotent(
        request, "jobs", answer, body_limit=MAX_BATCH_BODY, cost=_batch_cost, check=_batch_size
    )


def _batch_jobs(data: Any) -> list[Any] | None:
    jobs = data.get("jobs") if isinstance(data, dict) else None
    return jobs if isinstance(jobs, list) else None


def _batch_cost(data: Any) -> int:
    return max(1, len(_batch_jobs(data) or []))


def _batch_size(data: Any) -> JSONResponse | None:
    jobs = _batch_jobs(data) or []
    if len(jobs) > ats.MAX_BATCH:
        return problem(413, f"A batch has at most {ats.MAX_BATCH} jobs; this one has {len(jobs)}.")
    return None


def _summary(job: dict[str, Any]) -> dict[str, Any]:
    return {key: job[key] for key in JobSummary.model_fields}


# --- applications ----------------------------------------------------------------------------


class AttachmentOut(BaseModel):
    id: str
    kind: str = Field(description="CV, COVER_LETTER or OTHER.")
    filename: str
    media_type: str
    size: int = Field(description="Bytes.")
    url: str = Field(description="Where to download it, with the same key.")


class ApplicationOut(BaseModel):
    id: str
    job_id: str
    job_external_reference: str | None
    status: str = Field(description="NEW, REVIEWED, SHORTLISTED, REJECTED or HIRED.")
    first_name: str
    last_name: str
    email: str
    phone: str | None
    cover_letter: str | None
    answers: list[dict[str, Any]]
    knocked_out: bool
    created_at: str | None
    status_changed_at: str | None
    attachments: list[AttachmentOut] = Field(description="The applicant's files, in order.")


class ApplicationPage(BaseModel):
    applications: list[ApplicationOut]
    next_cursor: str | None


@router.get(
    "/applications",
    response_model=ApplicationPage,
    summary="List the organization's applications",
    description="Newest first, 1 to 100 a page; `job` keeps one job's (by its reference), "
    "`status` one status.",
)
async def list_applications(
    request: Request,
    job: str | None = None,
    status: str | None = None,
    limit: Annotated[int, Query(ge=1, le=PAGE_LIMIT)] = 50,
    cursor: str | None = None,
) -> Response:
    async def answer(caller: ApiCaller) -> JSONResponse:
        after = _after(cursor)
        if isinstance(after, JSONResponse):
            return after
        if status is not None and status.lower() not in application_cases.STATUSES:
            return problem(400, f"Unknown status {status}.")
        query = (
            select(Application, Job.external_reference)
            .join(Job, Job.id == Application.job_id)
            .where(Application.organization_id == caller.organization_id)
        )
        if job is not None:
            query = query.where(Job.external_reference == job.strip())
        if status is not None:
            query = query.where(Application.status == status.lower())
        if after is not None:
            created_at, application_id = after
            query = query.where(
                (Application.created_at < created_at)
                | ((Application.created_at == created_at) & (Application.id < application_id))
            )
        async with _runtime(request).sessions() as session:
            rows = (
                await session.execute(
                    query.order_by(Application.created_at.desc(), Application.id.desc()).limit(
                        limit + 1
                    )
                )
            ).all()
            page = rows[:limit]
            files = await attachments_by_application(
                session, [row[0].id for row in page], _settings(request)
            )
        last = page[-1][0] if len(rows) > limit else None
        return JSONResponse(
            {
                "applications": [
                    application_json(row[0], row[1], files[row[0].id]) for row in page
                ],
                "next_cursor": (
                    base64.urlsafe_b64encode(f"{last.created_at.isoformat()}|{last.id}".encode())
                    .decode()
                    .rstrip("=")
                    if last is not None
                    else None
                ),
            }
        )

    return await _answer(request, "applications", answer)


@router.get(
    "/applications/{application_id}", response_model=ApplicationOut, summary="Read one application"
)
async def get_application(request: Request, application_id: uuid.UUID) -> Response:
    async def answer(caller: ApiCaller) -> JSONResponse:
        async with _runtime(request).sessions() as session:
            row = (
                await session.execute(
                    select(Application, Job.external_reference)
                    .join(Job, Job.id == Application.job_id)
                    .where(
                        Application.id == application_id,
                        Application.organization_id == caller.organization_id,
                    )
                )
            ).first()
            if row is None:
                return problem(404, "The organization has no application with this id.")
            files = await attachments_by_application(session, [row[0].id], _settings(request))
        return JSONResponse(application_json(row[0], row[1], files[row[0].id]))

    return await _answer(request, "applications", answer)


@router.get(
    "/applications/{application_id}/attachments/{attachment_id}",
    summary="Download one of an application's files",
    response_class=Response,
    responses={200: {"description": "The file as the applicant sent it (a PDF)."}},
)
async def get_attachment(
    request: Request, application_id: uuid.UUID, attachment_id: uuid.UUID
) -> Response:
    async def answer(caller: ApiCaller) -> Response:
        async with _runtime(request).sessions() as session:
            row = (
                await session.execute(
                    select(uploads)
                    .join(ApplicationAttachment, ApplicationAttachment.upload_id == uploads.c.id)
                    .join(Application, Application.id == ApplicationAttachment.application_id)
                    .where(
                        Application.id == application_id,
                        Application.organization_id == caller.organization_id,
                        ApplicationAttachment.upload_id == attachment_id,
                    )
                )
            ).first()
        original = row.styles.get("original") if row is not None else None
        if row is None or original is None:
            return problem(404, "The application has no file with this id.")
        try:
            body = await _runtime(request).storage.get(original["key"])
        except FileNotFoundError:
            return problem(404, "The application has no file with this id.")
        extension = original["key"].rsplit(".", 1)[-1]
        return Response(
            body,
            media_type=original.get("media_type") or row.media_type,
            headers={
                "Content-Disposition": content_disposition(
                    served_filename(row.filename, extension)
                ),
                "X-Content-Type-Options": "nosniff",
                "Cache-Control": "private, no-store",
            },
        )

    return await _answer(request, "applications", answer)


@router.post(
    "/applications/{application_id}/status",
    response_model=ApplicationOut,
    summary="Move an application along the pipeline",
    description="As the recruiters' pipeline does: the applicant is mailed the news (with the "
    "message, when there is one). The pipeline's rules apply (a HIRED application stays).",
    openapi_extra=_body_schema("StatusChange"),
)
async def change_status(
    request: Request, application_id: uuid.UUID, idempotency_key: IdempotencyKey = None
) -> JSONResponse:
    async def answer(caller: ApiCaller, data: Any) -> JSONResponse:
        try:
            change = StatusChange.model_validate(data)
        except ValidationError:
            return problem(
                422,
                'Send {"status": ...}: one of NEW, REVIEWED, SHORTLISTED, REJECTED, HIRED.',
            )
        async with _runtime(request).sessions() as session:
            application = await session.get(Application, application_id)
        if application is None or application.organization_id != caller.organization_id:
            return problem(404, "The organization has no application with this id.")
        result = await application_cases.change_status(
            sessions=_runtime(request).sessions,
            settings=_settings(request),
            principal=caller.principal,
            application_id=application_id,
            status=change.status,
            message=change.message,
        )
        if isinstance(result, JobErrors):
            return refused(result)
        async with _runtime(request).sessions() as session:
            reference = await session.scalar(
                select(Job.external_reference).where(Job.id == result.job_id)
            )
            files = await attachments_by_application(session, [result.id], _settings(request))
        return JSONResponse(application_json(result, reference, files[result.id]))

    return await _idempotent(request, "applications", answer, body_limit=MAX_BODY)


# --- the description -------------------------------------------------------------------------


def openapi_document() -> dict[str, Any]:
    """The API's OpenAPI 3.1 description (its routes only, not the service's others)."""
    document = get_openapi(
        title=TITLE,
        version=VERSION,
        openapi_version="3.1.0",
        summary="Post and manage an organization's jobs and applications from an applicant "
        "tracking system.",
        description=(__doc__ or "").split("\n\n", 1)[1].replace("\n", " ").strip(),
        routes=router.routes,
        servers=[{"url": "/api"}],
    )
    document["components"]["securitySchemes"] = {
        "apiKey": {
            "type": "http",
            "scheme": "bearer",
            "description": "An API key of the organization (organization dashboard, API keys).",
        }
    }
    document["security"] = [{"apiKey": []}]
    schemas = document["components"].setdefault("schemas", {})
    for model in (ats.AtsJob, BatchRequest, StatusChange):
        schema = model.model_json_schema(ref_template="#/components/schemas/{model}")
        schemas.update(schema.pop("$defs", {}))
        schemas[model.__name__] = schema
    return document


def add_ats_api(app: FastAPI) -> None:
    app.include_router(router)
    document = openapi_document()

    @app.get(f"{PREFIX}/openapi.json", include_in_schema=False)
    async def openapi() -> JSONResponse:
        return JSONResponse(document)
