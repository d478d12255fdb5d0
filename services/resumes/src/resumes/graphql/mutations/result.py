"""The answers resume mutations share: the saved resume, or the errors as data."""

from __future__ import annotations

from typing import Annotated

import strawberry
from strawberry.types import Info

from resumes.domain.errors import ResumeErrors as DomainErrors
from resumes.domain.models import ContactRequest as ContactRequestModel
from resumes.domain.models import Resume as ResumeModel
from resumes.graphql.context import ResumeContext
from resumes.graphql.types import ContactRequest, Resume, ResumeErrors, own_resume


@strawberry.type(description="The resume as saved.")
class ResumeSaved:
    resume: Resume


@strawberry.type(description="The contact request as it is now.")
class ContactRequestSaved:
    request: ContactRequest


@strawberry.type(description="The resume was deleted.")
class ResumeDeleted:
    id: strawberry.ID


ResumeResult = Annotated[ResumeSaved | ResumeErrors, strawberry.union("ResumeResult")]
ContactRequestResult = Annotated[
    ContactRequestSaved | ResumeErrors, strawberry.union("ContactRequestResult")
]
DeleteResumeResult = Annotated[ResumeDeleted | ResumeErrors, strawberry.union("DeleteResumeResult")]


def answer(info: Info[ResumeContext, None], result: ResumeModel | DomainErrors) -> ResumeResult:
    if isinstance(result, DomainErrors):
        return ResumeErrors.from_domain(result)
    return ResumeSaved(resume=own_resume(info, result))


def contact_answer(result: ContactRequestModel | DomainErrors) -> ContactRequestResult:
    if isinstance(result, DomainErrors):
        return ResumeErrors.from_domain(result)
    return ContactRequestSaved(request=ContactRequest.from_model(result))
