"""One mutation per profile group, publishing, and creating an organization.

Each is declared for recruiter-type callers (RecruiterScope); whether the caller may change
*this* organization is the domain's one rule (members and admin-like users), answered as data.
"""

from __future__ import annotations

from typing import Annotated, Any

import strawberry
from strawberry.types import Info

from organizations.domain import lifecycle, profile
from organizations.domain.errors import OrganizationErrorCode, one_error
from organizations.domain.errors import OrganizationErrors as DomainErrors
from organizations.graphql import inputs
from organizations.graphql.context import OrganizationContext
from organizations.graphql.types import OrganizationErrors, OrganizationProfile, parse_id
from organizations.settings import OrganizationsSettings


@strawberry.type(description="The profile as saved.")
class OrganizationProfileSaved:
    profile: OrganizationProfile


OrganizationProfileResult = Annotated[
    OrganizationProfileSaved | OrganizationErrors, strawberry.union("OrganizationProfileResult")
]


def _settings(info: Info[OrganizationContext, None]) -> OrganizationsSettings:
    settings = info.context.settings
    assert isinstance(settings, OrganizationsSettings)
    return settings


def _answer(result: object) -> OrganizationProfileResult:
    if isinstance(result, DomainErrors):
        return OrganizationErrors.from_domain(result)
    return OrganizationProfileSaved(profile=OrganizationProfile.from_model(result))  # type: ignore[arg-type]


def _no_such_profile() -> OrganizationProfileResult:
    return OrganizationErrors.from_domain(
        one_error(OrganizationErrorCode.NOT_FOUND, "This organization does not exist.", "id")
    )


@strawberry.input
class CreateOrganizationInput:
    name: str


async def create_organization(
    info: Info[OrganizationContext, None], input: CreateOrganizationInput
) -> OrganizationProfileResult:
    return _answer(
        await lifecycle.create_organization(
            sessions=info.context.sessions,
            settings=_settings(info),
            principal=info.context.require_principal(),
            name=input.name,
            site=info.context.frontend.site,
        )
    )


def _plain(value: Any) -> Any:
    """Input as plain data for the domain's models, without UNSET values."""
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items() if v is not strawberry.UNSET}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return value


def _typed(group: str, input_type: type) -> Any:
    """The mutation that replaces one profile group, taking that group's input type."""

    async def mutation(
        info: Info[OrganizationContext, None], id: strawberry.ID, input: Any
    ) -> OrganizationProfileResult:
        profile_id = parse_id(id)
        if profile_id is None:
            return _no_such_profile()
        return _answer(
            await profile.update_group(
                sessions=info.context.sessions,
                settings=_settings(info),
                principal=info.context.require_principal(),
                profile_id=profile_id,
                group=group,
                data=_plain(strawberry.asdict(input)),
            )
        )

    mutation.__name__ = f"update_{group}"
    # the input's type is this group's: set the real classes (annotations are strings here)
    mutation.__annotations__ = {
        "info": Info[OrganizationContext, None],
        "id": strawberry.ID,
        "input": input_type,
        "return": OrganizationProfileResult,
    }
    return mutation


update_personal_info = _typed("personal_info", inputs.PersonalInfoInput)
update_company_info = _typed("company_info", inputs.CompanyInfoInput)
update_organization_info = _typed("organization_info", inputs.OrganizationInfoInput)
update_about = _typed("about", inputs.AboutInput)
update_benefits = _typed("benefits", inputs.BenefitsInput)
update_contact_persons = _typed("contact_persons", inputs.ContactPersonsInput)
update_gallery = _typed("gallery", inputs.GalleryInput)
update_videos = _typed("videos", inputs.VideosInput)
update_locations = _typed("locations", inputs.LocationsInput)
update_faq = _typed("faq", inputs.FaqInput)
update_attachments = _typed("attachments", inputs.AttachmentsInput)


async def _publish(
    info: Info[OrganizationContext, None], id: strawberry.ID, published: bool
) -> OrganizationProfileResult:
    profile_id = parse_id(id)
    if profile_id is None:
        return _no_such_profile()
    return _answer(
        await profile.set_published(
            sessions=info.context.sessions,
            settings=_settings(info),
            principal=info.context.require_principal(),
            profile_id=profile_id,
            published=published,
        )
    )


async def publish_profile(
    info: Info[OrganizationContext, None], id: strawberry.ID
) -> OrganizationProfileResult:
    return await _publish(info, id, True)


async def unpublish_profile(
    info: Info[OrganizationContext, None], id: strawberry.ID
) -> OrganizationProfileResult:
    return await _publish(info, id, False)
