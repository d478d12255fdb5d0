"""Job slugs: lowercase, ASCII, unique per site and stable (the title is set once, at creation);
every slug a job had stays in ``job_slugs`` and redirects to the current one."""

from __future__ import annotations

import re
import unicodedata
import uuid
from collections.abc import Iterable

from sqlalchemy import String, cast, func, select, text
from sqlalchemy.dialects.postgresql import ARRAY
from sqlalchemy.ext.asyncio import AsyncSession

from jobs.domain.batch_reads import BatchReads, batch_reads
from jobs.domain.models import JobSlug

MAX_SLUG = 120


def slugify(text: str) -> str:
    ascii_text = (
        unicodedata.normalize("NFKD", text.replace("&", " and ")).encode("ascii", "ignore").decode()
    )
    slug = re.sub(r"[^a-z0-9]+", "-", ascii_text.lower()).strip("-")
    return slug[:MAX_SLUG].rstrip("-") or "job"


_NUMBERED = re.compile(r"-([0-9]+)$")


def _stem_and_number(slug: str) -> tuple[str, int | None]:
    """``job_slugs``' computed ``stem`` and ``number`` of a slug (``nurse-12``: ``nurse``, 12;
    ``nurse``: ``nurse``, None), as the database computes them."""
    found = _NUMBERED.search(slug)
    if found is None:
        return slug, None
    return slug[: found.start()], int(found.group(1))


async def _lock_base(session: AsyncSession, site: str, base: str) -> None:
    reads = batch_reads(session)
    if (site, base) in reads.locked:  # held until the transaction ends
        return
    await session.execute(
        select(func.pg_advisory_xact_lock(func.hashtextextended(f"job-slug:{site}/{base}", 0)))
    )
    _locked(session, reads, site, [base])


def _locked(session: AsyncSession, reads: BatchReads, site: str, bases: Iterable[str]) -> None:
    keys = {(site, base) for base in bases}
    reads.locked |= keys
    if session.sync_session.get_nested_transaction() is None:
        reads.locked_outside_savepoints |= keys


async def lock_slugs_for(session: AsyncSession, *, site: str, titles: Iterable[str]) -> None:
    """Take, in one order (sorted), the slug locks a transaction that claims slugs for many
    titles will need: two such transactions (two batches) would otherwise wait for each other
    in a circle. A claim in the same transaction takes its lock again without waiting. Then
    read what each base has taken, all in one query, for the claims of the transaction."""
    bases = sorted({slugify(title) for title in titles})
    reads = batch_reads(session)
    unlocked = [base for base in bases if (site, base) not in reads.locked]
    if unlocked:
        # one statement, the locks taken in the array's order (the sort comes before the
        # select list's volatile calls)
        await session.execute(
            text(
                "SELECT pg_advisory_xact_lock("
                "hashtextextended('job-slug:' || :site || '/' || k, 0))"
                " FROM unnest(CAST(:bases AS text[])) WITH ORDINALITY AS wanted(k, n) ORDER BY n"
            ),
            {"site": site, "bases": unlocked},
        )
        _locked(session, reads, site, unlocked)
    unread = [base for base in bases if (site, base) not in reads.highest]
    if not unread:
        return
    wanted = (
        func.unnest(cast(unread, ARRAY(String))).table_valued("base").render_derived(name="wanted")
    )
    rows = await session.execute(
        select(
            wanted.c.base,
            select(JobSlug.slug)
            .where(JobSlug.site == site, JobSlug.slug == wanted.c.base)
            .exists(),
            select(func.max(JobSlug.number))
            .where(JobSlug.site == site, JobSlug.stem == wanted.c.base)
            .scalar_subquery(),
        ).select_from(wanted)
    )
    for base, taken, highest in rows:
        reads.highest[(site, base)] = (bool(taken), int(highest or 0))


async def _probe(session: AsyncSession, site: str, base: str) -> tuple[bool, int]:
    """Whether ``base`` is taken on the site, and the highest number taken after it (0: none),
    in one statement (an index probe each)."""
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
    return bool(taken), int(highest or 0)


async def claim_slug(session: AsyncSession, *, site: str, title: str, job_id: uuid.UUID) -> str:
    """A free slug for ``title`` on the site: ``title`` when it is free, else the base followed
    by one more than the highest number taken after it (``title-2``, ``title-3``, ...), found
    with one probe of an index whatever the number of jobs sharing the title (a number freed by
    a deleted job is not taken again). Claims of the same base slug wait for each other (a
    transaction-scoped advisory lock), so two jobs created at once with one title cannot both
    pick the same number."""
    base = slugify(title)
    await _lock_base(session, site, base)
    reads = batch_reads(session)
    known = reads.highest.get((site, base))
    taken, highest = known if known is not None else await _probe(session, site, base)
    # every slug ``<base>-<n>`` has the stem ``base`` and the number n: one past the highest is
    # free
    number = max(highest, 1) + 1
    candidate = f"{base}-{number}" if taken else base
    session.add(JobSlug(site=site, slug=candidate, job_id=job_id))
    # later claims of this transaction (the base's lock is held) answer from what it took: a
    # claim of ``nurse-2`` makes the base ``nurse-2`` taken and 2 a number taken after ``nurse``
    # (the row's stem and number, as the database computes them); no other base's answer
    # changes, so none is read again (a batch's new jobs are not written yet when the next
    # one claims)
    stem, numbered = _stem_and_number(candidate)
    if (site, candidate) in reads.highest:
        reads.highest[(site, candidate)] = (True, reads.highest[(site, candidate)][1])
    if numbered is not None and (site, stem) in reads.highest:
        stem_taken, stem_highest = reads.highest[(site, stem)]
        reads.highest[(site, stem)] = (stem_taken, max(stem_highest, numbered))
    reads.highest[(site, base)] = (True, number if taken else highest)
    if job_id in reads.created:
        reads.created[job_id].append(candidate)
    return candidate


async def claim_slug_on(
    session: AsyncSession, *, sites: Iterable[str], title: str, job_id: uuid.UUID
) -> str:
    """A slug for ``title`` free on every one of ``sites`` (a job's own and those it is shared
    with: it has one slug, ADR 0057), claimed on each: ``title`` when it is free on all, else the
    base followed by one more than the highest number taken after it on any of them. One site is
    :func:`claim_slug`."""
    ordered = sorted(set(sites))
    if len(ordered) == 1:
        return await claim_slug(session, site=ordered[0], title=title, job_id=job_id)
    base = slugify(title)
    for site in ordered:  # one order: two claims over the same sites never wait in a circle
        await _lock_base(session, site, base)
    taken_anywhere = False
    highest = 0
    for site in ordered:
        taken, site_highest = await _probe(session, site, base)
        taken_anywhere = taken_anywhere or taken
        highest = max(highest, site_highest)
    candidate = f"{base}-{max(highest, 1) + 1}" if taken_anywhere else base
    reads = batch_reads(session)
    for site in ordered:
        session.add(JobSlug(site=site, slug=candidate, job_id=job_id))
        # what this transaction read of the sites' slugs is stale now
        for key in [key for key in reads.highest if key[0] == site]:
            del reads.highest[key]
    if job_id in reads.created:
        reads.created[job_id].append(candidate)
    return candidate


async def slug_holder(session: AsyncSession, *, site: str, slug: str) -> uuid.UUID | None:
    """The job that has (or had) ``slug`` on ``site``, if any."""
    holder: uuid.UUID | None = await session.scalar(
        select(JobSlug.job_id).where(JobSlug.site == site, JobSlug.slug == slug)
    )
    return holder
