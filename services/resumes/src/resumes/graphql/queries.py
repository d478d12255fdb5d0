from __future__ import annotations

import strawberry
from jobkit.permissions import IsAuthenticated, MemberOfOrganization, RecruiterScope
from strawberry.types import Info

from resumes.domain import contacts
from resumes.domain.access import PRIVATE_FIELDS
from resumes.domain.profile import own_resume as load_own_resume
from resumes.graphql.context import ResumeContext
from resumes.graphql.dataloaders import resume_by_id
from resumes.graphql.importing import (
    ResumeJsonResumeResult,
    ResumePdfResult,
    my_resume_json_resume,
    my_resume_pdf,
)
from resumes.graphql.types import (
    ContactRequest,
    ContactRequestPage,
    ContactRequestStatus,
    Resume,
    own_resume,
    resume_for,
    settings_of,
)


@strawberry.type(description="The site's resume configuration (spec 3).")
class ResumeConfiguration:
    nulled_fields: list[str] = strawberry.field(
        description="Fields this site nulls out: never asked, stored nor shown."
    )
    private_fields: list[str] = strawberry.field(
        description="Fields recruiters see only after the applicant approves a contact request."
    )


def _statuses(statuses: list[ContactRequestStatus] | None) -> list[str] | None:
    return [status.value for status in statuses] if statuses else None


def _page(page: contacts.Page) -> ContactRequestPage:
    return ContactRequestPage(
        total=page.total, requests=[ContactRequest.from_model(row) for row in page.rows]
    )


@strawberry.type
class Query:
    my_resume_json_resume: ResumeJsonResumeResult = strawberry.field(
        resolver=my_resume_json_resume,
        description="My resume as a JSON Resume (v1) document to download (ADR 0028); refused "
        "while the site's resume import is off.",
        permission_classes=[IsAuthenticated],
    )
    my_resume_pdf: ResumePdfResult = strawberry.field(
        resolver=my_resume_pdf,
        description="My resume rendered as a PDF, to attach to an application as my CV (ADR "
        "0033): only my own, never written anywhere; refused while the site's resume feature is "
        "off (FEATURE_OFF), to callers who keep no resume (FORBIDDEN) and before there is one "
        "(NO_RESUME).",
        permission_classes=[IsAuthenticated],
    )

    @strawberry.field(
        description="The signed-in applicant's own resume (null before the first step is saved).",
        permission_classes=[IsAuthenticated],
    )
    async def my_resume(self, info: Info[ResumeContext, None]) -> Resume | None:
        async with info.context.sessions() as session:
            row = await load_own_resume(session, info.context.require_principal())
        return own_resume(info, row) if row is not None else None

    @strawberry.field(
        description="One resume by id: its applicant and admins; recruiters when it is "
        "searchable or their organization asked to contact it (private fields after approval).",
        permission_classes=[IsAuthenticated],
    )
    async def resume(self, info: Info[ResumeContext, None], id: strawberry.ID) -> Resume | None:
        row = await resume_by_id(info.context, id)
        return await resume_for(info, row) if row is not None else None

    @strawberry.field(description="The site's resume configuration.")
    def resume_configuration(self, info: Info[ResumeContext, None]) -> ResumeConfiguration:
        settings = settings_of(info)
        return ResumeConfiguration(
            nulled_fields=sorted(settings.nulled_fields), private_fields=list(PRIVATE_FIELDS)
        )

    @strawberry.field(
        description="Contact requests for my resume (PENDING, APPROVED, DECLINED, REVOKED; all "
        "of them without a filter).",
        permission_classes=[IsAuthenticated],
    )
    async def my_contact_requests(
        self,
        info: Info[ResumeContext, None],
        statuses: list[ContactRequestStatus] | None = None,
        limit: int = 20,
        offset: int = 0,
    ) -> ContactRequestPage:
        page = await contacts.applicant_requests(
            sessions=info.context.sessions,
            principal=info.context.require_principal(),
            statuses=_statuses(statuses),
            limit=limit,
            offset=offset,
        )
        return _page(page)

    @strawberry.field(
        description=(
            "An organization's contact requests, filtered by status (all without one) and by"
            " resume (the organization's requests for that resume only)."
        ),
        permission_classes=[RecruiterScope, MemberOfOrganization],
    )
    async def organization_contact_requests(
        self,
        info: Info[ResumeContext, None],
        organization_id: strawberry.ID,
        statuses: list[ContactRequestStatus] | None = None,
        limit: int = 20,
        offset: int = 0,
        resume_id: strawberry.ID | None = None,
    ) -> ContactRequestPage:
        page = await contacts.organization_requests(
            sessions=info.context.sessions,
            organization_id=str(organization_id),
            statuses=_statuses(statuses),
            limit=limit,
            offset=offset,
            resume_id=None if resume_id is None else str(resume_id),
        )
        return _page(page)
