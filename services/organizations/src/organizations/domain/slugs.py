"""Slugs: lowercase, ASCII, unique per site, stable; a renamed profile's former slugs stay and
redirect to the current one."""

from __future__ import annotations

import re
import unicodedata
import uuid
from collections.abc import Iterable

from sqlalchemy import func, select, text
from sqlalchemy.ext.asyncio import AsyncSession

from organizations.domain.models import OrganizationProfile, ProfileSlug

MAX_SLUG = 120


def slugify(text: str) -> str:
    ascii_text = (
        unicodedata.normalize("NFKD", text.replace("&", " and ")).encode("ascii", "ignore").decode()
    )
    slug = re.sub(r"[^a-z0-9]+", "-", ascii_text.lower()).strip("-")
    return slug[:MAX_SLUG].rstrip("-") or "organization"


async def claim_slug(session: AsyncSession, *, site: str, name: str, profile_id: uuid.UUID) -> str:
    """The profile's slug for ``name``: its own if it had it before, else the first free one.
    Claims of the same base slug wait for each other (a transaction-scoped advisory lock), so two
    organizations founded at once with one name cannot both pick the same number."""
    base = slugify(name)
    await session.execute(
        select(func.pg_advisory_xact_lock(func.hashtextextended(f"profile-slug:{site}/{base}", 0)))
    )
    candidate, number = base, 1
    while True:
        holder = await session.scalar(
            select(ProfileSlug.profile_id).where(
                ProfileSlug.site == site, ProfileSlug.slug == candidate
            )
        )
        if holder is None:
            session.add(ProfileSlug(site=site, slug=candidate, profile_id=profile_id))
            return candidate
        if holder == profile_id:
            return candidate
        number += 1
        candidate = f"{base}-{number}"


async def lock_slugs(session: AsyncSession, *, site: str, names: Iterable[str]) -> None:
    """Take, in one order (sorted), the locks :func:`claim_slug` takes for ``names``: a
    transaction that claims many (a batch) holds each to its commit, and two such taking them
    as they come could wait for each other in a circle. A claim in the same transaction takes
    its lock again without waiting."""
    bases = sorted({slugify(name) for name in names})
    if bases:
        # one statement, the locks taken in the array's order
        await session.execute(
            text(
                "SELECT pg_advisory_xact_lock("
                "hashtextextended('profile-slug:' || :site || '/' || k, 0))"
                " FROM unnest(CAST(:bases AS text[])) WITH ORDINALITY AS wanted(k, n) ORDER BY n"
            ),
            {"site": site, "bases": bases},
        )


async def profile_by_slug(
    session: AsyncSession, site: str, slug: str
) -> OrganizationProfile | None:
    """The profile a site's page ``/organization/{slug}`` shows: the site's own with that slug
    (current or former); else another site's published profile under its current slug. An
    organization of one site may post jobs on another (ADR 0049), and their pages link its
    profile; shown there, its metatags say noindex (its own site's page is the one search
    engines list). One answer when several other sites use the slug."""
    own = await session.scalar(
        select(OrganizationProfile)
        .join(ProfileSlug, ProfileSlug.profile_id == OrganizationProfile.id)
        .where(ProfileSlug.site == site, ProfileSlug.slug == slug)
    )
    if own is not None:
        return own
    elsewhere: OrganizationProfile | None = await session.scalar(
        select(OrganizationProfile)
        .where(
            OrganizationProfile.slug == slug,
            OrganizationProfile.site != site,
            OrganizationProfile.status == "published",
        )
        .order_by(OrganizationProfile.id)
        .limit(1)
    )
    return elsewhere
