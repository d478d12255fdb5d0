"""Contact request mutations: a recruiter asks (billing takes one resume contact slot), the
applicant approves, declines or later revokes. The rules are resumes.domain.contacts'."""

from __future__ import annotations

import strawberry
from jobkit.graphql import parse_uuid
from strawberry.types import Info

from resumes.domain import contacts
from resumes.graphql.context import ResumeContext
from resumes.graphql.mutations.result import ContactRequestResult, contact_answer
from resumes.graphql.types import settings_of


async def request_resume_contact(
    info: Info[ResumeContext, None], resume_id: strawberry.ID, organization_id: strawberry.ID
) -> ContactRequestResult:
    result = await contacts.request_contact(
        sessions=info.context.sessions,
        settings=settings_of(info),
        principal=info.context.require_principal(),
        resume_id=parse_uuid(resume_id),
        organization_id=str(organization_id),
    )
    return contact_answer(result)


async def _answer(
    info: Info[ResumeContext, None], id: strawberry.ID, action: str
) -> ContactRequestResult:
    result = await contacts.answer_request(
        sessions=info.context.sessions,
        settings=settings_of(info),
        principal=info.context.require_principal(),
        request_id=parse_uuid(id),
        action=action,
    )
    return contact_answer(result)


async def approve_contact_request(
    info: Info[ResumeContext, None], id: strawberry.ID
) -> ContactRequestResult:
    return await _answer(info, id, "approve")


async def decline_contact_request(
    info: Info[ResumeContext, None], id: strawberry.ID
) -> ContactRequestResult:
    return await _answer(info, id, "decline")


async def revoke_contact_request(
    info: Info[ResumeContext, None], id: strawberry.ID
) -> ContactRequestResult:
    return await _answer(info, id, "revoke")
