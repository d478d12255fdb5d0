from collections.abc import Awaitable, Callable
from typing import Any

import strawberry
from jobkit.permissions import IsAuthenticated, MemberOfOrganization, RecruiterScope
from jobkit.schema import build_schema

from resumes.graphql import importing
from resumes.graphql.mutations import contacts, wizard
from resumes.graphql.mutations.result import (
    ContactRequestResult,
    DeleteResumeResult,
    ResumeResult,
)
from resumes.graphql.queries import Query
from resumes.graphql.types import Resume


def _signed_in(resolver: Callable[..., Awaitable[Any]], description: str) -> Any:
    """The caller's own resume (the domain refuses callers who are not applicants)."""
    return strawberry.mutation(
        resolver=resolver, description=description, permission_classes=[IsAuthenticated]
    )


@strawberry.type
class Mutation:
    save_personal_info: ResumeResult = _signed_in(
        wizard.save_personal_info,
        "Step personal_info; creates the resume on first save. Name, phone, birthday and home "
        "location stay private until the applicant approves a contact request.",
    )
    save_job_preferences: ResumeResult = _signed_in(
        wizard.save_job_preferences, "Step job_preferences (creates the resume on first save)."
    )
    add_education: ResumeResult = _signed_in(wizard.add_education, "A new last education entry.")
    update_education: ResumeResult = _signed_in(wizard.update_education, "Change one entry.")
    remove_education: ResumeResult = _signed_in(wizard.remove_education, "Remove one entry.")
    reorder_education: ResumeResult = _signed_in(
        wizard.reorder_education, "Every education entry's id once, in the new order."
    )
    add_work_experience: ResumeResult = _signed_in(
        wizard.add_work_experience, "A new last work experience entry."
    )
    update_work_experience: ResumeResult = _signed_in(
        wizard.update_work_experience, "Change one entry."
    )
    remove_work_experience: ResumeResult = _signed_in(
        wizard.remove_work_experience, "Remove one entry."
    )
    reorder_work_experience: ResumeResult = _signed_in(
        wizard.reorder_work_experience, "Every work experience entry's id once, in the new order."
    )
    set_languages: ResumeResult = _signed_in(wizard.set_languages, "The languages step.")
    set_skills: ResumeResult = _signed_in(wizard.set_skills, "The skills step.")
    set_resume_visibility: ResumeResult = _signed_in(
        wizard.set_resume_visibility,
        "Findable or not, at any time; only findable and complete resumes are searchable.",
    )
    hide_resume_from_organization: ResumeResult = _signed_in(
        wizard.hide_resume_from_organization,
        "Its recruiters never see the resume (approved contacts included).",
    )
    unhide_resume_from_organization: ResumeResult = _signed_in(
        wizard.unhide_resume_from_organization, "Show the resume to its recruiters again."
    )
    import_resume: importing.ResumeImportResult = _signed_in(
        importing.import_resume,
        "Read a CV uploaded with purpose resume_import (PDF, Word .docx or JSON Resume) into a "
        "draft for the wizard to prefill; the uploader alone. Saves nothing.",
    )
    delete_my_resume: DeleteResumeResult = _signed_in(
        wizard.delete_my_resume, "Delete my resume and its contact requests."
    )
    request_resume_contact: ContactRequestResult = strawberry.mutation(
        resolver=contacts.request_resume_contact,
        description="Ask to contact the applicant for the organization: one resume contact "
        "slot (AWAITING_CREDIT until billing answers; then PENDING, or DENIED with the way to "
        "more contacts).",
        permission_classes=[RecruiterScope, MemberOfOrganization],
    )
    approve_contact_request: ContactRequestResult = _signed_in(
        contacts.approve_contact_request,
        "The applicant lets the organization see the private fields.",
    )
    decline_contact_request: ContactRequestResult = _signed_in(
        contacts.decline_contact_request, "The applicant declines a pending request."
    )
    revoke_contact_request: ContactRequestResult = _signed_in(
        contacts.revoke_contact_request,
        "The applicant withdraws an approval: the private fields are hidden again.",
    )


schema = build_schema(query=Query, mutation=Mutation, types=[Resume])
