"""What the profile's events carry (the snapshot of a profile at its version), and enqueuing an
event in the outbox (in the use case's transaction)."""

from __future__ import annotations

import uuid

from jobkit.events import EventPayload
from jobkit.html import plain_text
from jobkit.outbox import enqueue
from jobkit.uploads.files import file_url
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from organizations.db import outbox
from organizations.domain.events import IndexedLocation, OrganizationUpdated, ProfileSnapshot
from organizations.domain.models import Organization, OrganizationProfile, ProfileSlug
from organizations.settings import OrganizationsSettings

LOGO_STYLE = "job_squared_logo_medium"


async def emit(
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


async def organization_updated(
    session: AsyncSession,
    settings: OrganizationsSettings,
    organization: Organization,
    actor: str | None,
) -> None:
    """The organization renamed or (un)verified: its version moves and its state is announced."""
    organization.version += 1
    await emit(
        session,
        settings,
        OrganizationUpdated(
            organization_id=str(organization.id),
            number=organization.number,
            name=organization.name,
            verified=organization.verified,
        ),
        organization.id,
        actor,
        organization.version,
    )


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
