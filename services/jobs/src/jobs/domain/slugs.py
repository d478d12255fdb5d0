"""Job slugs: lowercase, ASCII, unique per site and stable (the title is set once, at creation);
every slug a job had stays in ``job_slugs`` and redirects to the current one."""

from __future__ import annotations

import re
import unicodedata
import uuid
from collections.abc import Iterable

from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from jobs.domain.models import JobSlug

MAX_SLUG = 120


def slugify(text: str) -> str:
    ascii_text = (
        unicodedata.normalize("NFKD", text.replace("&", " and ")).encode("ascii", "ignore").decode()
    )
    slug = re.sub(r"[^a-z0-9]+", "-", ascii_text.lower()).strip("-")
    return slug[:MAX_SLUG].rstrip("-") or "job"


async def _lock_base(session: AsyncSession, site: str, base: str) -> None:
    await session.execute(
        select(func.pg_advisory_xact_lock(func.hashtextextended(f"job-slug:{site}/{base}", 0)))
    )


async def lock_slugs_for(session: AsyncSession, *, site: str, titles: Iterable[str]) -> None:
    """Take, in one order (sorted), the slug locks a transaction that claims slugs for many
    titles will need: two such transactions (two batches) would otherwise wait for each other
    in a circle. A claim in the same transaction takes its lock again without waiting."""
    for base in sorted({slugify(title) for title in titles}):
        await _lock_base(session, site, base)


async def claim_slug(session: AsyncSession, *, site: str, title: str, job_id: uuid.UUID) -> str:
    """A free slug for ``title`` on the site: ``title`` when it is free, else the base followed
    by one more than the highest number taken after it (``title-2``, ``title-3``, ...), found
    with one probe of an index whatever the number of jobs sharing the title (a number freed by
    a deleted job is not taken again). Claims of the same base slug wait for each other (a
    transaction-scoped advisory lock), so two jobs created at once with one title cannot both
    pick the same number."""
    base = slugify(title)
    await _lock_base(session, site, base)
    taken, highest = (
        await session.execute(
            select(
                select(JobSlug.slug).where(JobSlug.site == site, JobSlug.slug == base).exists(),
                select(func.max(JobSlug.number))
                .where(JobSlug.site == site, JobSlug.stem == base)
                .scalar_subquery(),
            )
        )
    ).one()
    # every slug ``<base>-<n>`` has the stem ``base`` and the number n: one past the highest is
    # free
    candidate = f"{base}-{max(int(highest or 0), 1) + 1}" if taken else base
    session.add(JobSlug(site=site, slug=candidate, job_id=job_id))
    return candidate
