"""The recruiter's pipeline: changeApplicationStatus (an optional message mailed to the
applicant) and updateApplicationNotes. Who may: ``applications.may_manage`` (FORBIDDEN as data)."""

from __future__ import annotations

import strawberry
from strawberry.types import Info

from jobs.domain import applications
from jobs.domain.errors import NO_SUCH_APPLICATION, JobErrorCode, one_error
from jobs.domain.errors import JobErrors as DomainErrors
from jobs.domain.models import Application as ApplicationModel
from jobs.graphql.application_types import (
    Application,
    ApplicationResult,
    ApplicationSaved,
    ApplicationStatus,
)
from jobs.graphql.context import JobContext
from jobs.graphql.mutations.result import settings_of
from jobs.graphql.types import JobErrors, parse_id


def _answer(result: ApplicationModel | DomainErrors) -> ApplicationResult:
    if isinstance(result, DomainErrors):
        return JobErrors.from_domain(result)
    return ApplicationSaved(application=Application.from_model(result))


def _no_such_application() -> ApplicationResult:
    return JobErrors.from_domain(one_error(JobErrorCode.NOT_FOUND, NO_SUCH_APPLICATION, "id"))


async def change_application_status(
    info: Info[JobContext, None],
    id: strawberry.ID,
    status: ApplicationStatus,
    message: str | None = None,
) -> ApplicationResult:
    application_id = parse_id(id)
    if application_id is None:
        return _no_such_application()
    return _answer(
        await applications.change_status(
            sessions=info.context.sessions,
            settings=settings_of(info),
            principal=info.context.require_principal(),
            application_id=application_id,
            status=status.value,
            message=message,
        )
    )


async def update_application_notes(
    info: Info[JobContext, None], id: strawberry.ID, notes: str
) -> ApplicationResult:
    application_id = parse_id(id)
    if application_id is None:
        return _no_such_application()
    return _answer(
        await applications.update_notes(
            sessions=info.context.sessions,
            principal=info.context.require_principal(),
            application_id=application_id,
            notes=notes,
        )
    )
