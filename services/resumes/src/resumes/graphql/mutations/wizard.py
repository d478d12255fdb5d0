"""The wizard's mutations (spec 2, 3): each step of the caller's own resume, its visibility and
the organizations it is hidden from. Thin: the rules are resumes.domain.profile's."""

from __future__ import annotations

from typing import TypedDict

import strawberry
from jobkit.auth import Principal
from jobkit.graphql import parse_uuid
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker
from strawberry.types import Info

from resumes.domain import profile, visibility
from resumes.domain.errors import ResumeErrors as DomainErrors
from resumes.graphql.context import ResumeContext
from resumes.graphql.inputs import (
    EducationInput,
    JobPreferencesInput,
    LanguagesInput,
    PersonalInfoInput,
    SkillsInput,
    WorkExperienceInput,
    as_data,
)
from resumes.graphql.mutations.result import (
    DeleteResumeResult,
    ResumeDeleted,
    ResumeResult,
    answer,
)
from resumes.graphql.types import ResumeErrors, settings_of
from resumes.settings import ResumesSettings


class Caller(TypedDict):
    sessions: async_sessionmaker[AsyncSession]
    settings: ResumesSettings
    principal: Principal


def _common(info: Info[ResumeContext, None]) -> Caller:
    return {
        "sessions": info.context.sessions,
        "settings": settings_of(info),
        "principal": info.context.require_principal(),
    }


async def save_personal_info(
    info: Info[ResumeContext, None], input: PersonalInfoInput
) -> ResumeResult:
    return answer(info, await profile.save_personal_info(**_common(info), data=as_data(input)))


async def save_job_preferences(
    info: Info[ResumeContext, None], input: JobPreferencesInput
) -> ResumeResult:
    return answer(info, await profile.save_job_preferences(**_common(info), data=as_data(input)))


async def add_education(info: Info[ResumeContext, None], input: EducationInput) -> ResumeResult:
    result = await profile.add_entry(**_common(info), kind="education", data=as_data(input))
    return answer(info, result)


async def update_education(
    info: Info[ResumeContext, None], id: strawberry.ID, input: EducationInput
) -> ResumeResult:
    result = await profile.update_entry(
        **_common(info), kind="education", entry_id=parse_uuid(id), data=as_data(input)
    )
    return answer(info, result)


async def remove_education(info: Info[ResumeContext, None], id: strawberry.ID) -> ResumeResult:
    result = await profile.remove_entry(**_common(info), kind="education", entry_id=parse_uuid(id))
    return answer(info, result)


async def reorder_education(
    info: Info[ResumeContext, None], ids: list[strawberry.ID]
) -> ResumeResult:
    result = await profile.reorder_entries(
        **_common(info), kind="education", entry_ids=[parse_uuid(i) for i in ids]
    )
    return answer(info, result)


async def add_work_experience(
    info: Info[ResumeContext, None], input: WorkExperienceInput
) -> ResumeResult:
    result = await profile.add_entry(**_common(info), kind="work_experience", data=as_data(input))
    return answer(info, result)


async def update_work_experience(
    info: Info[ResumeContext, None], id: strawberry.ID, input: WorkExperienceInput
) -> ResumeResult:
    result = await profile.update_entry(
        **_common(info), kind="work_experience", entry_id=parse_uuid(id), data=as_data(input)
    )
    return answer(info, result)


async def remove_work_experience(
    info: Info[ResumeContext, None], id: strawberry.ID
) -> ResumeResult:
    result = await profile.remove_entry(
        **_common(info), kind="work_experience", entry_id=parse_uuid(id)
    )
    return answer(info, result)


async def reorder_work_experience(
    info: Info[ResumeContext, None], ids: list[strawberry.ID]
) -> ResumeResult:
    result = await profile.reorder_entries(
        **_common(info), kind="work_experience", entry_ids=[parse_uuid(i) for i in ids]
    )
    return answer(info, result)


async def set_languages(info: Info[ResumeContext, None], input: LanguagesInput) -> ResumeResult:
    return answer(info, await profile.set_languages(**_common(info), data=as_data(input)))


async def set_skills(info: Info[ResumeContext, None], input: SkillsInput) -> ResumeResult:
    return answer(info, await profile.set_skills(**_common(info), data=as_data(input)))


async def set_resume_visibility(info: Info[ResumeContext, None], findable: bool) -> ResumeResult:
    return answer(info, await visibility.set_findable(**_common(info), findable=findable))


async def hide_resume_from_organization(
    info: Info[ResumeContext, None], organization_id: strawberry.ID
) -> ResumeResult:
    result = await visibility.set_hidden_from(
        **_common(info), organization_id=str(organization_id), hidden=True
    )
    return answer(info, result)


async def unhide_resume_from_organization(
    info: Info[ResumeContext, None], organization_id: strawberry.ID
) -> ResumeResult:
    result = await visibility.set_hidden_from(
        **_common(info), organization_id=str(organization_id), hidden=False
    )
    return answer(info, result)


async def delete_my_resume(info: Info[ResumeContext, None]) -> DeleteResumeResult:
    result = await profile.delete_resume(**_common(info))
    if isinstance(result, DomainErrors):
        return ResumeErrors.from_domain(result)
    return ResumeDeleted(id=strawberry.ID(str(result)))
