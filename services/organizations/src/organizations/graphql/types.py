"""Organizations' graph types: the profile with every group of spec 3, organizations, members.

Personal info (invoicing) is only for the organization's members and admin-like users: null for
everyone else, visitors and other organizations' recruiters included (``ProfileMember``).
Unpublished profiles are only visible to the same people (``visible_to``, applied wherever a
profile is answered: queries and entity references).
"""

from __future__ import annotations

import uuid
from datetime import datetime
from enum import Enum
from typing import Any

import strawberry
from jobkit.graphql import Error, errors_summary, field_errors, site_name
from jobkit.html import plain_text
from jobkit.permissions import SelfOrAdminLike
from jobkit.site_settings import page_title
from jobkit.uploads.files import file_url
from jobkit.vocabulary import TermRef, term_ref
from strawberry.permission import BasePermission, PermissionExtension
from strawberry.types import Info

from organizations.db import site_settings
from organizations.domain import errors as domain_errors
from organizations.domain.models import Organization as OrganizationModel
from organizations.domain.models import OrganizationProfile as ProfileModel
from organizations.graphql.context import OrganizationContext
from organizations.graphql.dataloaders import (
    active_organization_of,
    offered_networks_of,
    organization_by_id,
    organization_of,
    organizations_of,
    profile_by_id,
)

OrganizationErrorCode = strawberry.enum(
    domain_errors.OrganizationErrorCode, description="Why an organization operation was refused."
)


@strawberry.type(description="One refused input of an organization operation.")
class OrganizationError(Error):
    code: OrganizationErrorCode  # type: ignore[valid-type]


@strawberry.type(description="An organization operation was refused; each error names its field.")
class OrganizationErrors:
    message: str
    errors: list[OrganizationError]

    @classmethod
    def from_domain(cls, refused: domain_errors.OrganizationErrors) -> OrganizationErrors:
        errors = field_errors(refused, OrganizationError)
        return cls(message=errors_summary(len(errors)), errors=errors)


async def may_edit(context: OrganizationContext, organization_id: object) -> bool:
    """The caller is a member of the organization or admin-like (read side of the domain's rule:
    who sees drafts and private groups, who may list members)."""
    principal = context.principal
    return principal is not None and (
        principal.is_admin_like or await context.is_member(organization_id)
    )


class ProfileMember(BasePermission):
    """On a profile: a member of its organization, or an admin-like user (else the field is
    null)."""

    message = "Only members of this organization may see this."

    async def has_permission(self, source: Any, info: Info[Any, Any], **kwargs: Any) -> bool:
        return await may_edit(info.context, source.id)


def _members_only() -> list[Any]:
    return [PermissionExtension([ProfileMember()], fail_silently=True)]


async def visible_to(context: OrganizationContext, row: ProfileModel) -> bool:
    """Published profiles for everyone; drafts for members and admin-like users only."""
    if row.status == "published":
        return True
    return await may_edit(context, row.id)


@strawberry.enum(description="A profile is a draft until a member publishes it.")
class ProfileStatus(Enum):
    DRAFT = "draft"
    PUBLISHED = "published"


@strawberry.federation.type(shareable=True)  # also returned by jobs
class Url:
    path: str


@strawberry.federation.type(shareable=True, description="An image in one of its styles.")
class Image:
    upload_id: strawberry.ID = strawberry.field(
        description="The upload it was made from (what the group mutations take to keep it)."
    )
    url: str
    alt: str
    title: str | None
    style: str


@strawberry.federation.type(shareable=True)  # also returned by jobs
class Address:
    country_code: str
    address_line1: str | None
    address_line2: str | None
    administrative_area: str | None
    locality: str
    zip: str | None
    lat: float | None
    lon: float | None

    @classmethod
    def from_dict(cls, data: dict[str, Any] | None) -> Address | None:
        if not data:
            return None
        return cls(
            country_code=data["country_code"],
            address_line1=data.get("address_line1"),
            address_line2=data.get("address_line2"),
            administrative_area=data.get("administrative_area"),
            locality=data["locality"],
            zip=data.get("zip"),
            lat=data.get("lat"),
            lon=data.get("lon"),
        )


@strawberry.type(description="Private: who invoices for the organization.")
class PersonalInfo:
    salutation: str | None
    first_name: str
    last_name: str
    phone: str | None
    position: str | None


@strawberry.type(description="The public company name and address.")
class CompanyInfo:
    name: str
    address: Address


@strawberry.type
class SocialProfiles:
    facebook: str | None = None
    twitter: str | None = None
    linkedin: str | None = None
    youtube: str | None = None
    xing: str | None = None
    instagram: str | None = None
    tiktok: str | None = None
    blue_sky: str | None = None


@strawberry.type
class ContactPerson:
    salutation: str | None
    first_name: str
    last_name: str
    photo: Image | None
    email: str | None
    position: str | None
    phone: str | None
    linkedin_profile: str | None
    contact_info: str | None


@strawberry.type
class GalleryImage:
    upload_id: strawberry.ID
    image: Image
    thumbnail: Image


@strawberry.type
class Video:
    source: str
    embed_url: str | None = strawberry.field(
        description="The privacy-friendly player (youtube-nocookie, Vimeo with dnt)."
    )
    cover: Image | None
    cover_title: str | None


@strawberry.type
class Location:
    name: str
    address: Address


@strawberry.type
class Question:
    question: str
    answer: str


@strawberry.type
class Attachment:
    upload_id: strawberry.ID
    title: str
    url: str


@strawberry.federation.type(
    shareable=True,
    description="A metatag of a public page (title, description, canonical, og:*).",
)
class Metatag:
    meta: str
    value: str


def _robots(row: ProfileModel, site: str) -> str:
    """Indexed on its own site once published; a draft is not, nor the profile shown on another
    site (where its organization posts jobs), whose links to that site's jobs are followed."""
    if row.status != "published":
        return "noindex, nofollow"
    return "index, follow" if row.site == site else "noindex, follow"


def _image(
    context: OrganizationContext, upload_id: object, style: str, alt: str, title: str | None = None
) -> Image:
    return Image(
        upload_id=strawberry.ID(str(upload_id)),
        url=file_url(context.settings, upload_id, style),
        alt=alt,
        title=title,
        style=style,
    )


@strawberry.federation.type(
    keys=["id"], description="An organization's profile: public once published."
)
class OrganizationProfile:
    id: strawberry.ID
    row: strawberry.Private[ProfileModel]

    @strawberry.field
    def slug(self) -> str:
        return self.row.slug

    @strawberry.field
    def status(self) -> ProfileStatus:
        return ProfileStatus(self.row.status)

    @strawberry.field
    def name(self) -> str:
        return self.row.name

    @strawberry.field
    def alternative_name(self) -> str | None:
        return self.row.alternative_name

    @strawberry.field(description="The public page, /organization/{slug}.")
    def url(self) -> Url:
        return Url(path=f"/organization/{self.row.slug}")

    @strawberry.field(description="An administrator verified the organization (a badge).")
    async def verified(self, info: Info[OrganizationContext, None]) -> bool:
        row = await organization_by_id(info.context, self.row.id)
        return bool(row is not None and row.verified)

    @strawberry.field(description="The public page's path without the leading slash.")
    def url_no_prefix(self) -> str:
        return f"organization/{self.row.slug}"

    @strawberry.field(description="The logo in a style (job_squared_logo_medium by default).")
    def logo(
        self, info: Info[OrganizationContext, None], style: str = "job_squared_logo_medium"
    ) -> Image | None:
        if self.row.logo_upload_id is None:
            return None
        return _image(
            info.context, self.row.logo_upload_id, style, f"{self.row.name} logo", self.row.name
        )

    @strawberry.field(description="The cover image (teaser style, 1000x500).")
    def cover(self, info: Info[OrganizationContext, None], style: str = "teaser") -> Image | None:
        if self.row.cover_upload_id is None:
            return None
        return _image(info.context, self.row.cover_upload_id, style, self.row.name)

    @strawberry.field
    def organization_location(self) -> Address | None:
        return Address.from_dict(self.row.organization_location)

    @strawberry.field
    def website(self) -> str | None:
        return self.row.website

    @strawberry.field(
        description="Links to the networks the site offers (a network the site left out, like "
        "xing in the US variant, is always null)."
    )
    async def social_profiles(self, info: Info[OrganizationContext, None]) -> SocialProfiles:
        offered = await offered_networks_of(info.context, self.row.site)
        return SocialProfiles(**{k: v for k, v in self.row.social_profiles.items() if k in offered})

    @strawberry.field(
        description="Private (invoicing): members of the organization and administrators only.",
        extensions=_members_only(),
    )
    def personal_info(self) -> PersonalInfo | None:
        data = self.row.personal_info
        return PersonalInfo(**data) if data else None

    @strawberry.field
    def company_info(self) -> CompanyInfo | None:
        data = self.row.company_info
        if not data:
            return None
        address = Address.from_dict(data["address"])
        assert address is not None
        return CompanyInfo(name=data["name"], address=address)

    @strawberry.field(description="Sanitized HTML.")
    def presentation(self) -> str | None:
        return self.row.presentation

    @strawberry.field
    def industry(self) -> TermRef | None:
        return term_ref(self.row.industry_tid) if self.row.industry_tid is not None else None

    @strawberry.field
    def size(self) -> TermRef | None:
        return term_ref(self.row.size_tid) if self.row.size_tid is not None else None

    @strawberry.field
    def occupation(self) -> list[TermRef]:
        return [term_ref(tid) for tid in self.row.occupation_tids]

    @strawberry.field
    def fields_of_study(self) -> list[TermRef]:
        return [term_ref(tid) for tid in self.row.fields_of_study_tids]

    @strawberry.field
    def benefits(self) -> list[TermRef]:
        return [term_ref(tid) for tid in self.row.benefit_tids]

    @strawberry.field
    def contact_persons(self, info: Info[OrganizationContext, None]) -> list[ContactPerson]:
        return [
            ContactPerson(
                salutation=p.get("salutation"),
                first_name=p["first_name"],
                last_name=p["last_name"],
                photo=_image(
                    info.context,
                    p["photo_upload_id"],
                    "thumbnail",
                    f"{p['first_name']} {p['last_name']}",
                )
                if p.get("photo_upload_id")
                else None,
                email=p.get("email"),
                position=p.get("position"),
                phone=p.get("phone"),
                linkedin_profile=p.get("linkedin_profile"),
                contact_info=p.get("contact_info"),
            )
            for p in self.row.contact_persons
        ]

    @strawberry.field
    def gallery(self, info: Info[OrganizationContext, None]) -> list[GalleryImage]:
        return [
            GalleryImage(
                upload_id=strawberry.ID(g["upload_id"]),
                image=_image(
                    info.context, g["upload_id"], "gallery", g.get("alt") or "", g.get("title")
                ),
                thumbnail=_image(
                    info.context, g["upload_id"], "thumbnail", g.get("alt") or "", g.get("title")
                ),
            )
            for g in self.row.gallery
        ]

    @strawberry.field
    def videos(self, info: Info[OrganizationContext, None]) -> list[Video]:
        return [
            Video(
                source=v["source"],
                embed_url=v.get("embed_url"),
                cover=_image(
                    info.context, v["cover_upload_id"], "teaser", v.get("cover_title") or ""
                )
                if v.get("cover_upload_id")
                else None,
                cover_title=v.get("cover_title"),
            )
            for v in self.row.videos
        ]

    @strawberry.field
    def locations(self) -> list[Location]:
        return [
            Location(name=loc["name"], address=Address.from_dict(loc["address"]))  # type: ignore[arg-type]
            for loc in self.row.locations
        ]

    @strawberry.field
    def faq(self) -> list[Question]:
        return [Question(question=q["question"], answer=q["answer"]) for q in self.row.faq]

    @strawberry.field
    def attachments(self, info: Info[OrganizationContext, None]) -> list[Attachment]:
        return [
            Attachment(
                upload_id=strawberry.ID(a["upload_id"]),
                title=a["title"],
                url=file_url(info.context.settings, a["upload_id"], "original"),
            )
            for a in self.row.attachments
        ]

    @strawberry.field
    async def organization(self, info: Info[OrganizationContext, None]) -> Organization | None:
        row = await organization_by_id(info.context, self.row.id)
        return Organization.from_model(row) if row is not None else None

    @strawberry.field(description="Whether the caller may edit this profile.")
    async def can_edit(self, info: Info[OrganizationContext, None]) -> bool:
        return await may_edit(info.context, self.row.id)

    @strawberry.field
    def published_at(self) -> datetime | None:
        return self.row.published_at

    @strawberry.field
    def updated_at(self) -> datetime:
        return self.row.updated_at

    @strawberry.field(description="Title, description, canonical, og:* and robots of the page.")
    async def metatags(self, info: Info[OrganizationContext, None]) -> list[Metatag]:
        row = self.row
        description = plain_text(row.presentation or "")[:300] or f"{row.name}: jobs and profile."
        name = await site_name(info.context, site_settings, info.context.frontend.site)
        tags = [
            Metatag(meta="title", value=page_title(row.name, name)),
            Metatag(meta="description", value=description),
            Metatag(meta="canonical", value=f"/organization/{row.slug}"),
            Metatag(meta="og:title", value=row.name),
            Metatag(meta="og:description", value=description),
            Metatag(meta="robots", value=_robots(row, info.context.frontend.site)),
        ]
        if row.cover_upload_id or row.logo_upload_id:
            image = row.cover_upload_id or row.logo_upload_id
            style = "teaser" if row.cover_upload_id else "job_squared_logo_medium"
            tags.append(
                Metatag(meta="og:image", value=file_url(info.context.settings, image, style))
            )
        return tags

    @classmethod
    def from_model(cls, row: ProfileModel) -> OrganizationProfile:
        return cls(id=strawberry.ID(str(row.id)), row=row)

    @classmethod
    async def resolve_reference(
        cls, info: Info[OrganizationContext, None], id: strawberry.ID
    ) -> OrganizationProfile | None:
        row = await profile_by_id(info.context, id)
        if row is None or not await visible_to(info.context, row):
            return None
        return cls.from_model(row)


@strawberry.federation.type(
    keys=["id"], description="An organization: the employer behind a profile and its jobs."
)
class Organization:
    id: strawberry.ID
    number: int = strawberry.field(description="The stable integer id (the spec's Int ids).")
    name: str
    owner_id: strawberry.ID
    verified: bool = strawberry.field(description="An administrator verified it.")

    @classmethod
    def from_model(cls, row: OrganizationModel) -> Organization:
        return cls(
            id=strawberry.ID(str(row.id)),
            number=row.number,
            name=row.name,
            owner_id=strawberry.ID(str(row.owner_id)),
            verified=bool(row.verified),
        )

    @classmethod
    async def resolve_reference(
        cls, info: Info[OrganizationContext, None], id: strawberry.ID
    ) -> Organization | None:
        row = await organization_by_id(info.context, id)
        return cls.from_model(row) if row is not None else None


@strawberry.federation.type(keys=["id"], description="A person with an account on the site.")
class User:
    id: strawberry.ID

    @strawberry.field(
        description="The organization the user owns, else the first they joined (the user and "
        "admins only).",
        extensions=[PermissionExtension([SelfOrAdminLike()], fail_silently=True)],
    )
    async def organization(self, info: Info[OrganizationContext, None]) -> Organization | None:
        row = await organization_of(info.context, self.id)
        return Organization.from_model(row) if row is not None else None

    @strawberry.field(
        description="Every organization the user is a member of, oldest first: the ones "
        "setActiveOrganization takes (the user and admins only; empty for others).",
        extensions=[PermissionExtension([SelfOrAdminLike()], fail_silently=True)],
    )
    async def organizations(self, info: Info[OrganizationContext, None]) -> list[Organization]:
        return [
            Organization.from_model(row) for row in await organizations_of(info.context, self.id)
        ]

    @strawberry.field(
        description="The organization the user works for now (the user and admins only).",
        extensions=[PermissionExtension([SelfOrAdminLike()], fail_silently=True)],
    )
    async def active_organization(
        self, info: Info[OrganizationContext, None]
    ) -> Organization | None:
        row = await active_organization_of(info.context, self.id)
        return Organization.from_model(row) if row is not None else None

    @classmethod
    def resolve_reference(cls, id: strawberry.ID) -> User:
        return cls(id=id)


@strawberry.type(description="A member of an organization.")
class Member:
    user: User
    role: str = strawberry.field(description="owner or recruiter")


@strawberry.type(description="An invitation waiting to be accepted.")
class PendingInvitation:
    id: strawberry.ID
    email: str
    expires_at: datetime


def parse_id(value: object) -> uuid.UUID | None:
    try:
        return uuid.UUID(str(value))
    except ValueError:
        return None
