"""The input of each profile group (camelCase in the schema, the domain's groups behind)."""

from __future__ import annotations

import strawberry


@strawberry.input
class AddressInput:
    country_code: str = strawberry.field(description="ISO 3166-1 alpha-2, e.g. US, DE")
    locality: str
    address_line1: str | None = None
    address_line2: str | None = None
    administrative_area: str | None = None
    zip: str | None = None


@strawberry.input
class PersonalInfoInput:
    first_name: str
    last_name: str
    salutation: str | None = None
    phone: str | None = None
    position: str | None = None


@strawberry.input
class CompanyInfoInput:
    name: str
    address: AddressInput


@strawberry.input
class SocialProfilesInput:
    facebook: str | None = None
    twitter: str | None = None
    linkedin: str | None = None
    youtube: str | None = None
    xing: str | None = None
    instagram: str | None = None
    tiktok: str | None = None
    blue_sky: str | None = None


@strawberry.input
class OrganizationInfoInput:
    name: str
    alternative_name: str | None = None
    logo_upload_id: strawberry.ID | None = strawberry.field(
        default=None, description="An upload (purpose organization_logo) of the caller's."
    )
    cover_upload_id: strawberry.ID | None = None
    organization_location: AddressInput | None = None
    website: str | None = None
    social_profiles: SocialProfilesInput | None = None


@strawberry.input
class AboutInput:
    presentation: str = strawberry.field(default="", description="Rich text (HTML), sanitized.")
    industry_tid: int | None = None
    size_tid: int | None = None
    occupation_tids: list[int] = strawberry.field(default_factory=list)
    fields_of_study_tids: list[int] = strawberry.field(default_factory=list)


@strawberry.input
class BenefitsInput:
    benefit_tids: list[int] = strawberry.field(default_factory=list)


@strawberry.input
class ContactPersonInput:
    first_name: str
    last_name: str
    salutation: str | None = None
    photo_upload_id: strawberry.ID | None = None
    email: str | None = None
    position: str | None = None
    phone: str | None = None
    linkedin_profile: str | None = None
    contact_info: str | None = None


@strawberry.input
class ContactPersonsInput:
    items: list[ContactPersonInput]


@strawberry.input
class GalleryImageInput:
    upload_id: strawberry.ID
    alt: str = ""
    title: str | None = None


@strawberry.input
class GalleryInput:
    items: list[GalleryImageInput] = strawberry.field(description="In display order.")


@strawberry.input
class VideoInput:
    source: str = strawberry.field(description="A YouTube or Vimeo address.")
    cover_upload_id: strawberry.ID | None = None
    cover_title: str | None = None


@strawberry.input
class VideosInput:
    items: list[VideoInput]


@strawberry.input
class LocationInput:
    name: str
    address: AddressInput


@strawberry.input
class LocationsInput:
    items: list[LocationInput]


@strawberry.input
class QuestionInput:
    question: str
    answer: str


@strawberry.input
class FaqInput:
    items: list[QuestionInput]


@strawberry.input
class AttachmentInput:
    upload_id: strawberry.ID
    title: str


@strawberry.input
class AttachmentsInput:
    items: list[AttachmentInput]
