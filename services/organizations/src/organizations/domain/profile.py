"""An organization's profile: replacing one of its groups (:mod:`organizations.domain.groups`
checks each field's shape; the site's social networks, the vocabularies and the uploads are
checked here), and publishing or unpublishing it."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime
from typing import Any

from jobkit.auth import Principal
from jobkit.db import unit_of_work
from jobkit.errors import errors_from_validation
from jobkit.geo import geocode
from jobkit.html import sanitize_for
from jobkit.site_settings import site_values
from jobkit.uploads.tables import usable_upload
from jobkit.vocabulary import unknown_terms
from pydantic import BaseModel, ValidationError
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from organizations.db import site_settings, terms, uploads
from organizations.domain import groups
from organizations.domain.access import actor_of, authorize
from organizations.domain.errors import (
    OrganizationError,
    OrganizationErrorCode,
    OrganizationErrors,
    not_found,
)
from organizations.domain.events import (
    ProfilePublished,
    ProfileUnpublished,
    ProfileUpdated,
)
from organizations.domain.models import Organization, OrganizationProfile
from organizations.domain.slugs import claim_slug
from organizations.domain.snapshots import emit, organization_updated, snapshot
from organizations.settings import OrganizationsSettings

Code = OrganizationErrorCode


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
    """Replace one group of a profile (members and admin-like users only; who is asked before
    what, so a caller who may not write learns nothing from the validation)."""
    async with unit_of_work(sessions) as session:
        profile = await session.get(OrganizationProfile, profile_id, with_for_update=True)
        if profile is None:
            return not_found()
        refused = await authorize(session, principal, profile.id)
        if refused is not None:
            return refused
        model = await checked_group(session, principal, profile, group, data)
        if isinstance(model, OrganizationErrors):
            return model
        await apply_group(session, settings, principal, profile, model)
        await session.flush()
        event = await snapshot(session, settings, profile, ProfileUpdated)
        await emit(session, settings, event, profile.id, actor_of(principal), profile.version)
        await session.refresh(profile)
        return profile


async def checked_group(
    session: AsyncSession,
    principal: Principal,
    profile: OrganizationProfile,
    group: str,
    data: dict[str, Any],
) -> groups.Group | OrganizationErrors:
    """``data`` as the group's model when every field, network, term and upload is accepted."""
    try:
        model = GROUP_MODELS[group].model_validate(data)
    except ValidationError as error:
        return OrganizationErrors(errors_from_validation(error, Code))
    errors = await _check_site_offers(session, profile.site, model)
    errors += await _check_references(session, principal, group, model)
    return OrganizationErrors(errors) if errors else model


async def apply_group(
    session: AsyncSession,
    settings: OrganizationsSettings,
    principal: Principal,
    profile: OrganizationProfile,
    model: groups.Group,
) -> None:
    """A checked group written into the profile, its version one more; a new name takes its
    slug and renames the organization (``organizations.organization.updated``). The profile's
    own event is the caller's: one per change, or one for a batch's profile."""
    old_name = profile.name
    _apply(profile, model, full_html=principal.is_admin_like)
    profile.version += 1
    if profile.name == old_name:
        return
    profile.slug = await claim_slug(
        session, site=profile.site, name=profile.name, profile_id=profile.id
    )
    organization = await session.get(Organization, profile.id)
    assert organization is not None
    organization.name = profile.name
    await organization_updated(session, settings, organization, actor_of(principal))


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


def mark_published(profile: OrganizationProfile, published: bool) -> None:
    """The profile published (when) or back to a draft, its version one more."""
    profile.status = "published" if published else "draft"
    profile.published_at = datetime.now(UTC) if published else profile.published_at
    profile.version += 1


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
            return not_found()
        refused = await authorize(session, principal, profile.id)
        if refused is not None:
            return refused
        if published:
            missing = missing_for_publication(profile)
            if missing:
                return OrganizationErrors(missing)
        if (profile.status == "published") == published:
            return profile
        mark_published(profile, published)
        await session.flush()
        kind = ProfilePublished if published else ProfileUnpublished
        event = await snapshot(session, settings, profile, kind)
        await emit(session, settings, event, profile.id, actor_of(principal), profile.version)
        await session.refresh(profile)
        return profile
