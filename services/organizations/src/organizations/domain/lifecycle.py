"""An organization's life: a recruiter founds it (with its draft profile and its first member),
its owner or an administrator deletes it (with its profile, slugs, invitations and members)."""

from __future__ import annotations

import uuid

from jobkit.auth import Principal
from jobkit.db import unit_of_work
from jobkit.errors import errors_from_validation
from pydantic import BaseModel, ValidationError
from sqlalchemy import delete, select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from organizations.db import members
from organizations.domain import groups
from organizations.domain.access import actor_of
from organizations.domain.errors import (
    NO_SUCH_PROFILE,
    OrganizationErrorCode,
    OrganizationErrors,
    one_error,
)
from organizations.domain.events import (
    MemberAdded,
    MemberRemoved,
    OrganizationCreated,
    OrganizationDeleted,
    ProfileUnpublished,
)
from organizations.domain.membership import activate_unless_active
from organizations.domain.models import Organization, OrganizationProfile
from organizations.domain.slugs import claim_slug
from organizations.domain.snapshots import emit, organization_updated, snapshot
from organizations.settings import OrganizationsSettings

Code = OrganizationErrorCode


class NewOrganization(BaseModel):
    name: groups.Text


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
        return one_error(Code.FORBIDDEN, "Only recruiters can create organizations.")
    try:
        valid = NewOrganization(name=name)
    except ValidationError as error:
        return OrganizationErrors(errors_from_validation(error, Code))
    async with unit_of_work(sessions) as session:
        profile = await found_organization(
            session, settings, principal, valid.name, site or settings.site
        )
        await session.flush()
        await session.refresh(profile)  # server-set columns, for the answer
        return profile


async def found_organization(
    session: AsyncSession,
    settings: OrganizationsSettings,
    principal: Principal,
    name: str,
    site: str,
) -> OrganizationProfile:
    """The organization of a checked ``name`` written with its draft profile, its slug, its
    owner as first member (active when they had none) and its two events."""
    owner = uuid.UUID(principal.user_id)
    organization = Organization(
        id=uuid.uuid4(),
        name=name,
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
        name=name,
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
    profile.slug = await claim_slug(session, site=site, name=name, profile_id=profile.id)
    await session.execute(
        members.insert().values(
            organization_id=str(organization.id), user_id=principal.user_id, role="owner"
        )
    )
    await activate_unless_active(session, owner, organization.id)
    actor = actor_of(principal)
    await emit(
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
    await emit(
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
    return profile


# The group's vocabulary fields: (field, vocabulary).


async def set_verified(
    *,
    sessions: async_sessionmaker[AsyncSession],
    settings: OrganizationsSettings,
    principal: Principal,
    organization_id: uuid.UUID,
    verified: bool,
) -> Organization | OrganizationErrors:
    """An administrator marks an organization verified (or takes it back): its pages show a
    badge, and jobs learns it from ``organizations.organization.updated`` (ADR 0030). The same
    value again changes nothing and sends nothing."""
    if not principal.is_admin_like:
        return one_error(Code.FORBIDDEN, "Only administrators verify organizations.")
    async with unit_of_work(sessions) as session:
        organization = await session.get(Organization, organization_id, with_for_update=True)
        if organization is None:
            return one_error(Code.NOT_FOUND, NO_SUCH_PROFILE, "organizationId")
        if organization.verified != verified:
            organization.verified = verified
            await organization_updated(session, settings, organization, actor_of(principal))
        await session.flush()
        await session.refresh(organization)
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
            return one_error(Code.NOT_FOUND, NO_SUCH_PROFILE, "organizationId")
        if not (principal.is_admin_like or str(organization.owner_id) == principal.user_id):
            return one_error(Code.FORBIDDEN, "Only the owner or an administrator may delete it.")
        actor = actor_of(principal)
        profile = await session.get(OrganizationProfile, organization_id)
        if profile is not None and profile.status == "published":
            profile.status = "draft"
            profile.version += 1
            await session.flush()
            event = await snapshot(session, settings, profile, ProfileUnpublished)
            await emit(session, settings, event, profile.id, actor, profile.version)
        member_ids = list(
            await session.scalars(
                select(members.c.user_id).where(members.c.organization_id == str(organization_id))
            )
        )
        for user_id in member_ids:
            await emit(
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
        await emit(
            session,
            settings,
            OrganizationDeleted(organization_id=str(organization_id), number=organization.number),
            organization_id,
            actor,
            organization.version + 1,
        )
        await session.delete(organization)
        return organization_id
