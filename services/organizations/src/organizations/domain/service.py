"""Organization use cases. Each opens one unit of work and writes state and events together.

Who may change an organization is decided in one place, :func:`_authorize`: its members and
admin-like users. Everything else (a wrong group value, an unknown term, someone else's upload)
answers errors as data with the field at fault.
"""

from __future__ import annotations

import hashlib
import secrets
import uuid
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from jobkit.auth import Principal
from jobkit.db import unit_of_work
from jobkit.errors import errors_from_validation
from jobkit.events import EventPayload
from jobkit.geo import geocode
from jobkit.html import plain_text, sanitize_for
from jobkit.outbox import enqueue
from jobkit.site_settings import site_values
from jobkit.uploads.files import file_url
from jobkit.uploads.tables import usable_upload
from jobkit.vocabulary import unknown_terms
from pydantic import BaseModel, EmailStr, Field, ValidationError
from sqlalchemy import delete, func, select
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from organizations.db import members, outbox, site_settings, terms, uploads
from organizations.domain import groups
from organizations.domain.errors import (
    NO_SUCH_PROFILE,
    NOT_A_MEMBER,
    OrganizationError,
    OrganizationErrorCode,
    OrganizationErrors,
)
from organizations.domain.events import (
    IndexedLocation,
    MemberAdded,
    MemberInvited,
    MemberRemoved,
    OrganizationCreated,
    OrganizationDeleted,
    OrganizationUpdated,
    ProfilePublished,
    ProfileSnapshot,
    ProfileUnpublished,
    ProfileUpdated,
)
from organizations.domain.models import (
    ActiveOrganization,
    Invitation,
    Organization,
    OrganizationProfile,
    ProfileSlug,
)
from organizations.domain.slugs import claim_slug
from organizations.settings import OrganizationsSettings

Code = OrganizationErrorCode
LOGO_STYLE = "job_squared_logo_medium"


def _error(code: Code, message: str, field: str | None = None) -> OrganizationErrors:
    return OrganizationErrors([OrganizationError(code, message, field)])


def _forbidden() -> OrganizationErrors:
    return _error(Code.FORBIDDEN, NOT_A_MEMBER)


def _not_found() -> OrganizationErrors:
    return _error(Code.NOT_FOUND, NO_SUCH_PROFILE, "id")


async def is_member(
    session: AsyncSession, principal: Principal, organization_id: uuid.UUID
) -> bool:
    found = await session.scalar(
        select(func.count())
        .select_from(members)
        .where(
            members.c.organization_id == str(organization_id),
            members.c.user_id == principal.user_id,
        )
    )
    return bool(found)


async def _authorize(
    session: AsyncSession, principal: Principal, organization_id: uuid.UUID
) -> OrganizationErrors | None:
    """The one rule for changing an organization: a member of it, or an admin-like user."""
    if principal.is_admin_like or await is_member(session, principal, organization_id):
        return None
    return _forbidden()


async def _emit(
    session: AsyncSession,
    settings: OrganizationsSettings,
    payload: EventPayload,
    aggregate_id: uuid.UUID,
    actor: str | None,
    version: int = 1,
) -> None:
    event = payload.envelope(
        aggregate_id=str(aggregate_id), site=settings.site, actor=actor, aggregate_version=version
    )
    await enqueue(session, outbox, topic=settings.topic(payload.topic), event=event)


def _actor(principal: Principal) -> str:
    return principal.actor_id or principal.user_id


async def snapshot(
    session: AsyncSession,
    settings: OrganizationsSettings,
    profile: OrganizationProfile,
    kind: type[ProfileSnapshot],
) -> ProfileSnapshot:
    organization = await session.get(Organization, profile.id)
    assert organization is not None
    former = await session.scalars(
        select(ProfileSlug.slug).where(
            ProfileSlug.profile_id == profile.id, ProfileSlug.slug != profile.slug
        )
    )
    locations = [profile.organization_location] if profile.organization_location else []
    named = [(None, a) for a in locations] + [
        (item["name"], item["address"]) for item in profile.locations
    ]
    return kind(
        profile_id=str(profile.id),
        organization_id=str(profile.id),
        organization_number=organization.number,
        site=profile.site,
        slug=profile.slug,
        former_slugs=sorted(former),
        name=profile.name,
        alternative_name=profile.alternative_name,
        published=profile.status == "published",
        version=profile.version,
        logo_url=file_url(settings, profile.logo_upload_id, LOGO_STYLE)
        if profile.logo_upload_id
        else None,
        presentation_text=plain_text(profile.presentation or "")[:5000],
        industry_tid=profile.industry_tid,
        size_tid=profile.size_tid,
        occupation_tids=profile.occupation_tids,
        fields_of_study_tids=profile.fields_of_study_tids,
        benefit_tids=profile.benefit_tids,
        locations=[
            IndexedLocation(
                name=name,
                locality=address["locality"],
                country_code=address["country_code"],
                administrative_area=address.get("administrative_area"),
                lat=address.get("lat"),
                lon=address.get("lon"),
            )
            for name, address in named
        ],
    )


class NewOrganization(BaseModel):
    name: groups.Text


async def _activate_unless_active(
    session: AsyncSession, user_id: uuid.UUID, organization_id: uuid.UUID
) -> None:
    """Make the organization the user's active one when they have none; one statement, so two
    organizations founded at once by the same recruiter cannot both claim it."""
    await session.execute(
        pg_insert(ActiveOrganization)
        .values(user_id=user_id, organization_id=organization_id)
        .on_conflict_do_nothing(index_elements=[ActiveOrganization.user_id])
    )


async def create_organization(
    *,
    sessions: async_sessionmaker[AsyncSession],
    settings: OrganizationsSettings,
    principal: Principal,
    name: str,
    site: str | None = None,
) -> OrganizationProfile | OrganizationErrors:
    """A recruiter founds an organization: they own it, are its first member, and it becomes
    their active organization when they had none. Its profile starts as a draft."""
    if not principal.is_recruiter:
        return _error(Code.FORBIDDEN, "Only recruiters can create organizations.")
    try:
        valid = NewOrganization(name=name)
    except ValidationError as error:
        return OrganizationErrors(errors_from_validation(error, Code))
    site = site or settings.site
    owner = uuid.UUID(principal.user_id)
    async with unit_of_work(sessions) as session:
        organization = Organization(
            id=uuid.uuid4(),
            name=valid.name,
            owner_id=owner,
            owner_email=(principal.email or "").lower() or None,
            site=site,
        )
        session.add(organization)
        await session.flush()
        profile = OrganizationProfile(
            id=organization.id,
            owner_id=owner,
            site=site,
            name=valid.name,
            status="draft",
            social_profiles={},
            occupation_tids=[],
            fields_of_study_tids=[],
            benefit_tids=[],
            contact_persons=[],
            gallery=[],
            videos=[],
            locations=[],
            faq=[],
            attachments=[],
        )
        session.add(profile)
        await session.flush()
        profile.slug = await claim_slug(session, site=site, name=valid.name, profile_id=profile.id)
        await session.execute(
            members.insert().values(
                organization_id=str(organization.id), user_id=principal.user_id, role="owner"
            )
        )
        await _activate_unless_active(session, owner, organization.id)
        actor = _actor(principal)
        await _emit(
            session,
            settings,
            OrganizationCreated(
                organization_id=str(organization.id),
                number=organization.number,
                name=organization.name,
                owner_id=principal.user_id,
            ),
            organization.id,
            actor,
        )
        await _emit(
            session,
            settings,
            MemberAdded(
                organization_id=str(organization.id),
                organization_number=organization.number,
                user_id=principal.user_id,
                role="owner",
            ),
            organization.id,
            actor,
        )
        await session.flush()
        await session.refresh(profile)  # server-set columns, for the answer
        return profile


# The group's vocabulary fields: (field, vocabulary).
TERM_FIELDS: dict[str, list[tuple[str, str]]] = {
    "about": [
        ("industry_tid", "industries"),
        ("size_tid", "organization_sizes"),
        ("occupation_tids", "occupational_fields"),
        ("fields_of_study_tids", "fields_of_study"),
    ],
    "benefits": [("benefit_tids", "benefits")],
}


def _uploads_of(group: str, model: BaseModel) -> list[tuple[str, str | None, str]]:
    """(field path, upload id, purpose) of every upload the group references."""
    if isinstance(model, groups.OrganizationInfo):
        return [
            ("logo_upload_id", model.logo_upload_id, "organization_logo"),
            ("cover_upload_id", model.cover_upload_id, "organization_image"),
        ]
    if isinstance(model, groups.ContactPersons):
        return [
            (f"items.{i}.photo_upload_id", p.photo_upload_id, "organization_image")
            for i, p in enumerate(model.items)
        ]
    if isinstance(model, groups.Gallery):
        return [
            (f"items.{i}.upload_id", g.upload_id, "organization_image")
            for i, g in enumerate(model.items)
        ]
    if isinstance(model, groups.Videos):
        return [
            (f"items.{i}.cover_upload_id", v.cover_upload_id, "organization_image")
            for i, v in enumerate(model.items)
        ]
    if isinstance(model, groups.Attachments):
        return [
            (f"items.{i}.upload_id", a.upload_id, "organization_document")
            for i, a in enumerate(model.items)
        ]
    return []


GROUP_MODELS: dict[str, type[groups.Group]] = {
    "personal_info": groups.PersonalInfo,
    "company_info": groups.CompanyInfo,
    "organization_info": groups.OrganizationInfo,
    "about": groups.About,
    "benefits": groups.Benefits,
    "contact_persons": groups.ContactPersons,
    "gallery": groups.Gallery,
    "videos": groups.Videos,
    "locations": groups.Locations,
    "faq": groups.Faq,
    "attachments": groups.Attachments,
}


def _address(address: groups.Address) -> dict[str, Any]:
    data = address.model_dump()
    data["country_code"] = address.country_code.upper()
    point = geocode(locality=address.locality, country_code=address.country_code)
    data["lat"], data["lon"] = (point.lat, point.lon) if point else (None, None)
    return data


def _apply(profile: OrganizationProfile, model: BaseModel, *, full_html: bool) -> None:
    if isinstance(model, groups.PersonalInfo):
        profile.personal_info = model.model_dump()
    elif isinstance(model, groups.CompanyInfo):
        profile.company_info = {"name": model.name, "address": _address(model.address)}
    elif isinstance(model, groups.OrganizationInfo):
        profile.name = model.name
        profile.alternative_name = model.alternative_name
        profile.logo_upload_id = uuid.UUID(model.logo_upload_id) if model.logo_upload_id else None
        profile.cover_upload_id = (
            uuid.UUID(model.cover_upload_id) if model.cover_upload_id else None
        )
        profile.organization_location = (
            _address(model.organization_location) if model.organization_location else None
        )
        profile.website = model.website
        social = model.social_profiles.model_dump() if model.social_profiles else {}
        profile.social_profiles = {k: v for k, v in social.items() if v is not None}
    elif isinstance(model, groups.About):
        profile.presentation = sanitize_for(model.presentation, full=full_html) or None
        profile.industry_tid = model.industry_tid
        profile.size_tid = model.size_tid
        profile.occupation_tids = list(dict.fromkeys(model.occupation_tids))
        profile.fields_of_study_tids = list(dict.fromkeys(model.fields_of_study_tids))
    elif isinstance(model, groups.Benefits):
        profile.benefit_tids = list(dict.fromkeys(model.benefit_tids))
    elif isinstance(model, groups.ContactPersons):
        profile.contact_persons = [p.model_dump(mode="json") for p in model.items]
    elif isinstance(model, groups.Gallery):
        profile.gallery = [g.model_dump() for g in model.items]
    elif isinstance(model, groups.Videos):
        profile.videos = [
            v.model_dump() | {"embed_url": groups.video_embed_url(v.source)} for v in model.items
        ]
    elif isinstance(model, groups.Locations):
        profile.locations = [
            {"name": loc.name, "address": _address(loc.address)} for loc in model.items
        ]
    elif isinstance(model, groups.Faq):
        profile.faq = [q.model_dump() for q in model.items]
    elif isinstance(model, groups.Attachments):
        profile.attachments = [a.model_dump() for a in model.items]


async def offered_networks(session: AsyncSession, site: str) -> frozenset[str]:
    """The social networks profiles of ``site`` offer (its ``organizations.social_profiles``)."""
    values = await site_values(session, site_settings, [site], *groups.SOCIAL_SETTING)
    return groups.offered_networks(values.get(site))


async def _check_site_offers(
    session: AsyncSession, site: str, model: BaseModel
) -> list[OrganizationError]:
    """A social profile of a network the site does not offer (the US variant: xing) is refused,
    not stored: the site never shows it."""
    if not isinstance(model, groups.OrganizationInfo) or model.social_profiles is None:
        return []
    given = [
        network
        for network in groups.SOCIAL_HOSTS
        if getattr(model.social_profiles, network) is not None
    ]
    if not given:
        return []
    offered = await offered_networks(session, site)
    return [
        OrganizationError(
            Code.INVALID_CHOICE,
            f"Profiles on this site do not link to {network.replace('_', ' ')}: leave it empty.",
            f"social_profiles.{network}",
        )
        for network in given
        if network not in offered
    ]


async def _check_references(
    session: AsyncSession, principal: Principal, group: str, model: BaseModel
) -> list[OrganizationError]:
    errors: list[OrganizationError] = []
    for field, vocabulary in TERM_FIELDS.get(group, []):
        value = getattr(model, field)
        tids = value if isinstance(value, list) else ([value] if value is not None else [])
        unknown = await unknown_terms(session, terms, vocabulary, tids)
        if unknown:
            errors.append(
                OrganizationError(
                    Code.UNKNOWN_TERM,
                    f"Unknown {vocabulary.replace('_', ' ')}: {', '.join(map(str, unknown))}.",
                    field,
                )
            )
    for field, upload_id, purpose in _uploads_of(group, model):
        if upload_id is None:
            continue
        row = await usable_upload(session, uploads, upload_id, principal=principal, purpose=purpose)
        if row is None:
            errors.append(
                OrganizationError(
                    Code.UNKNOWN_UPLOAD, "Upload the file again: this one is not available.", field
                )
            )
    return errors


async def update_group(
    *,
    sessions: async_sessionmaker[AsyncSession],
    settings: OrganizationsSettings,
    principal: Principal,
    profile_id: uuid.UUID,
    group: str,
    data: dict[str, Any],
) -> OrganizationProfile | OrganizationErrors:
    """Replace one group of a profile (members and admin-like users only)."""
    try:
        model = GROUP_MODELS[group].model_validate(data)
    except ValidationError as error:
        return OrganizationErrors(errors_from_validation(error, Code))
    async with unit_of_work(sessions) as session:
        profile = await session.get(OrganizationProfile, profile_id, with_for_update=True)
        if profile is None:
            return _not_found()
        refused = await _authorize(session, principal, profile.id)
        if refused is not None:
            return refused
        errors = await _check_site_offers(session, profile.site, model)
        errors += await _check_references(session, principal, group, model)
        if errors:
            return OrganizationErrors(errors)
        old_name = profile.name
        _apply(profile, model, full_html=principal.is_admin_like)
        profile.version += 1
        actor = _actor(principal)
        if profile.name != old_name:
            profile.slug = await claim_slug(
                session, site=profile.site, name=profile.name, profile_id=profile.id
            )
            organization = await session.get(Organization, profile.id)
            assert organization is not None
            organization.name = profile.name
            organization.version += 1
            await _emit(
                session,
                settings,
                OrganizationUpdated(
                    organization_id=str(organization.id),
                    number=organization.number,
                    name=organization.name,
                ),
                organization.id,
                actor,
                organization.version,
            )
        await session.flush()
        event = await snapshot(session, settings, profile, ProfileUpdated)
        await _emit(session, settings, event, profile.id, actor, profile.version)
        await session.refresh(profile)
        return profile


def missing_for_publication(profile: OrganizationProfile) -> list[OrganizationError]:
    missing = []
    if not profile.company_info:
        missing.append(
            OrganizationError(
                Code.INCOMPLETE_PROFILE, "Add the company's name and address first.", "companyInfo"
            )
        )
    if not profile.presentation:
        missing.append(
            OrganizationError(
                Code.INCOMPLETE_PROFILE, "Present the organization in About first.", "presentation"
            )
        )
    return missing


async def set_published(
    *,
    sessions: async_sessionmaker[AsyncSession],
    settings: OrganizationsSettings,
    principal: Principal,
    profile_id: uuid.UUID,
    published: bool,
) -> OrganizationProfile | OrganizationErrors:
    async with unit_of_work(sessions) as session:
        profile = await session.get(OrganizationProfile, profile_id, with_for_update=True)
        if profile is None:
            return _not_found()
        refused = await _authorize(session, principal, profile.id)
        if refused is not None:
            return refused
        if published:
            missing = missing_for_publication(profile)
            if missing:
                return OrganizationErrors(missing)
        if (profile.status == "published") == published:
            return profile
        profile.status = "published" if published else "draft"
        profile.published_at = datetime.now(UTC) if published else profile.published_at
        profile.version += 1
        await session.flush()
        kind = ProfilePublished if published else ProfileUnpublished
        event = await snapshot(session, settings, profile, kind)
        await _emit(session, settings, event, profile.id, _actor(principal), profile.version)
        await session.refresh(profile)
        return profile


class InvitationInput(BaseModel):
    email: EmailStr = Field(max_length=254)


def _token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def new_invitation_token() -> tuple[str, str]:
    """A fresh invitation token and the digest stored in its place (never the token)."""
    token = secrets.token_urlsafe(32)
    return token, _token_hash(token)


@dataclass(frozen=True)
class IssuedInvitation:
    invitation: Invitation
    token: str  # only for the mailer and tests; answers never show it


async def invite_member(
    *,
    sessions: async_sessionmaker[AsyncSession],
    settings: OrganizationsSettings,
    principal: Principal,
    organization_id: uuid.UUID,
    email: str,
) -> IssuedInvitation | OrganizationErrors:
    """A member invites a recruiter by email; the mailer sends them a one-time link."""
    try:
        address = str(InvitationInput(email=email.strip()).email).lower()
    except ValidationError as error:
        return OrganizationErrors(errors_from_validation(error, Code))
    token = secrets.token_urlsafe(32)
    async with unit_of_work(sessions) as session:
        if await session.get(Organization, organization_id) is None:
            return _error(Code.NOT_FOUND, NO_SUCH_PROFILE, "organizationId")
        refused = await _authorize(session, principal, organization_id)
        if refused is not None:
            return refused
        invitation = Invitation(
            id=uuid.uuid4(),
            organization_id=organization_id,
            email=address,
            token_hash=_token_hash(token),
            invited_by=uuid.UUID(principal.user_id),
            expires_at=datetime.now(UTC) + timedelta(days=settings.invitation_lifetime_days),
        )
        session.add(invitation)
        await session.flush()
        await _emit(
            session,
            settings,
            MemberInvited(
                organization_id=str(organization_id),
                invitation_id=str(invitation.id),
                email=address,
            ),
            organization_id,
            _actor(principal),
        )
        return IssuedInvitation(invitation, token)


async def accept_invitation(
    *,
    sessions: async_sessionmaker[AsyncSession],
    settings: OrganizationsSettings,
    principal: Principal,
    token: str,
) -> Organization | OrganizationErrors:
    """The invited recruiter joins with the mailed link (once, before it expires)."""
    if not principal.is_recruiter:
        return _error(Code.FORBIDDEN, "Only recruiter accounts can join an organization.")
    async with unit_of_work(sessions) as session:
        invitation = await session.scalar(
            select(Invitation).where(Invitation.token_hash == _token_hash(token)).with_for_update()
        )
        if invitation is None or invitation.accepted_at is not None:
            return _error(
                Code.INVITATION_INVALID,
                "This invitation is not valid (any more). Ask for a new one.",
                "token",
            )
        if invitation.expires_at <= datetime.now(UTC):
            return _error(
                Code.INVITATION_EXPIRED, "This invitation has expired. Ask for a new one.", "token"
            )
        organization = await session.get(Organization, invitation.organization_id)
        assert organization is not None
        if await is_member(session, principal, organization.id):
            return _error(Code.ALREADY_MEMBER, "You are already a member.", "token")
        invitation.accepted_at = datetime.now(UTC)
        invitation.accepted_by = uuid.UUID(principal.user_id)
        await session.execute(
            members.insert().values(
                organization_id=str(organization.id), user_id=principal.user_id, role="recruiter"
            )
        )
        user = uuid.UUID(principal.user_id)
        await _activate_unless_active(session, user, organization.id)
        await _emit(
            session,
            settings,
            MemberAdded(
                organization_id=str(organization.id),
                organization_number=organization.number,
                user_id=principal.user_id,
                role="recruiter",
            ),
            organization.id,
            _actor(principal),
        )
        return organization


async def remove_member(
    *,
    sessions: async_sessionmaker[AsyncSession],
    settings: OrganizationsSettings,
    principal: Principal,
    organization_id: uuid.UUID,
    user_id: uuid.UUID,
) -> Organization | OrganizationErrors:
    """A member removes another member, or themself (leaving); the owner stays."""
    async with unit_of_work(sessions) as session:
        organization = await session.get(Organization, organization_id)
        if organization is None:
            return _error(Code.NOT_FOUND, NO_SUCH_PROFILE, "organizationId")
        refused = await _authorize(session, principal, organization_id)
        if refused is not None:
            return refused
        if user_id == organization.owner_id:
            return _error(
                Code.OWNER_CANNOT_LEAVE, "The owner cannot leave or be removed.", "userId"
            )
        removed = await session.execute(
            delete(members).where(
                members.c.organization_id == str(organization_id), members.c.user_id == str(user_id)
            )
        )
        if not removed.rowcount:  # type: ignore[attr-defined]
            return _error(Code.NOT_FOUND, "This person is not a member.", "userId")
        await session.execute(
            delete(ActiveOrganization).where(
                ActiveOrganization.user_id == user_id,
                ActiveOrganization.organization_id == organization_id,
            )
        )
        await _emit(
            session,
            settings,
            MemberRemoved(
                organization_id=str(organization_id),
                organization_number=organization.number,
                user_id=str(user_id),
            ),
            organization_id,
            _actor(principal),
        )
        return organization


async def set_active_organization(
    *,
    sessions: async_sessionmaker[AsyncSession],
    principal: Principal,
    organization_id: uuid.UUID,
) -> Organization | OrganizationErrors:
    async with unit_of_work(sessions) as session:
        organization = await session.get(Organization, organization_id)
        if organization is None:
            return _error(Code.NOT_FOUND, NO_SUCH_PROFILE, "organizationId")
        if not await is_member(session, principal, organization_id):
            return _forbidden()
        user = uuid.UUID(principal.user_id)
        active = await session.get(ActiveOrganization, user)
        if active is None:
            session.add(ActiveOrganization(user_id=user, organization_id=organization_id))
        else:
            active.organization_id = organization_id
        return organization


async def delete_organization(
    *,
    sessions: async_sessionmaker[AsyncSession],
    settings: OrganizationsSettings,
    principal: Principal,
    organization_id: uuid.UUID,
) -> uuid.UUID | OrganizationErrors:
    """Delete an organization with its profile, slugs, invitations and memberships: its owner or
    an admin-like user only. Search drops the profile; member read models drop the members."""
    async with unit_of_work(sessions) as session:
        organization = await session.get(Organization, organization_id, with_for_update=True)
        if organization is None:
            return _error(Code.NOT_FOUND, NO_SUCH_PROFILE, "organizationId")
        if not (principal.is_admin_like or str(organization.owner_id) == principal.user_id):
            return _error(Code.FORBIDDEN, "Only the owner or an administrator may delete it.")
        actor = _actor(principal)
        profile = await session.get(OrganizationProfile, organization_id)
        if profile is not None and profile.status == "published":
            profile.status = "draft"
            profile.version += 1
            await session.flush()
            event = await snapshot(session, settings, profile, ProfileUnpublished)
            await _emit(session, settings, event, profile.id, actor, profile.version)
        member_ids = list(
            await session.scalars(
                select(members.c.user_id).where(members.c.organization_id == str(organization_id))
            )
        )
        for user_id in member_ids:
            await _emit(
                session,
                settings,
                MemberRemoved(
                    organization_id=str(organization_id),
                    organization_number=organization.number,
                    user_id=user_id,
                ),
                organization_id,
                actor,
            )
        await session.execute(
            delete(members).where(members.c.organization_id == str(organization_id))
        )
        await _emit(
            session,
            settings,
            OrganizationDeleted(organization_id=str(organization_id), number=organization.number),
            organization_id,
            actor,
            organization.version + 1,
        )
        await session.delete(organization)
        return organization_id
