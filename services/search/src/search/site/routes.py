"""The slug index: which public path shows which job or organization profile, and which former
paths redirect to its current one (ADR 0015).

Filled from the job and profile snapshot events the indexer consumes. Each event carries the
aggregate's current slug, its former slugs and its version; applying it is idempotent and
version-ordered like the documents: every row of an aggregate carries the version that last
wrote it, and an event older than that changes nothing.
"""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from dataclasses import dataclass

from sqlalchemy import ColumnElement, and_, case, false, func, literal, select, text, update
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

from search.site.models import Route

JOB = "Job"
ORGANIZATION_PROFILE = "OrganizationProfile"
LANDING_PAGE = "LandingPage"
DEFAULT_LANGUAGE = "en"  # the only locale (spec 2); routes of other languages are not made yet
PERMANENT = 301


def job_path(slug: str) -> str:
    """A job's page (web/app/routes.ts: ``job/:slug``)."""
    return f"/job/{slug}"


def profile_path(slug: str) -> str:
    """An organization profile's page (web/app/routes.ts: ``organization/:slug``)."""
    return f"/organization/{slug}"


@dataclass(frozen=True)
class ContentPaths:
    """Where one aggregate's content lives now and where it lived before, at one version."""

    content_type: str
    content_id: uuid.UUID
    version: int
    current: str
    former: Sequence[str] = ()
    visible: bool = True  # false: every path of the content answers 404 (an unpublished profile)
    language: str = DEFAULT_LANGUAGE


def job_paths(*, job_id: str, slug: str, former_slugs: Sequence[str], version: int) -> ContentPaths:
    # an archived or expired job keeps its path: the job page answers 410 for it
    return ContentPaths(
        content_type=JOB,
        content_id=uuid.UUID(job_id),
        version=version,
        current=job_path(slug),
        former=tuple(job_path(former) for former in former_slugs if former != slug),
    )


def profile_paths(
    *, profile_id: str, slug: str, former_slugs: Sequence[str], version: int, published: bool
) -> ContentPaths:
    return ContentPaths(
        content_type=ORGANIZATION_PROFILE,
        content_id=uuid.UUID(profile_id),
        version=version,
        current=profile_path(slug),
        former=tuple(profile_path(former) for former in former_slugs if former != slug),
        visible=published,
    )


def _owned_by(paths: ContentPaths) -> ColumnElement[bool]:
    return and_(
        Route.content_type == paths.content_type,
        Route.content_id == paths.content_id,
        Route.language == paths.language,
    )


async def apply_paths(session: AsyncSession, paths: ContentPaths) -> bool:
    """Make ``paths.current`` show the content and every other path the aggregate had redirect
    to it for good. False (and nothing written) when a newer version was applied already.

    A current path takes the row over from whatever had it (a slug another aggregate gave up);
    a former path never takes another aggregate's row. Never commits."""
    # one aggregate at a time (the consumer and a reindex may apply the same aggregate at once)
    await session.execute(
        text("SELECT pg_advisory_xact_lock(hashtext(:key))"),
        {"key": f"routes:{paths.content_type}:{paths.content_id}"},
    )
    applied = await session.scalar(select(func.max(Route.version)).where(_owned_by(paths)))
    if applied is not None and applied > paths.version:
        return False
    content = insert(Route).values(
        slug=paths.current,
        language=paths.language,
        content_type=paths.content_type,
        content_id=paths.content_id,
        redirect_target=None,
        redirect_code=None,
        version=paths.version,
        visible=paths.visible,
    )
    # a path of deleted content stays gone for that content (a late event of it), and is
    # live again for other content taking it over
    still_gone = and_(
        Route.gone,
        Route.content_type == content.excluded.content_type,
        Route.content_id == content.excluded.content_id,
    )
    await session.execute(
        content.on_conflict_do_update(
            index_elements=[Route.slug, Route.language],
            set_={
                "content_type": content.excluded.content_type,
                "content_id": content.excluded.content_id,
                "redirect_target": None,
                "redirect_code": None,
                "version": content.excluded.version,
                "visible": case((still_gone, false()), else_=content.excluded.visible),
                "gone": still_gone,
                "updated_at": func.now(),
            },
        )
    )
    former = [path for path in dict.fromkeys(paths.former) if path != paths.current]
    if former:
        redirects = insert(Route).values(
            [
                {
                    "slug": path,
                    "language": paths.language,
                    "content_type": paths.content_type,
                    "content_id": paths.content_id,
                    "redirect_target": paths.current,
                    "redirect_code": PERMANENT,
                    "version": paths.version,
                    "visible": paths.visible,
                }
                for path in former
            ]
        )
        await session.execute(
            redirects.on_conflict_do_nothing(index_elements=[Route.slug, Route.language])
        )
    # every other path of the aggregate (the former ones above, and any the event left out)
    # redirects straight to the current one: no chains of redirects
    await session.execute(
        update(Route)
        .where(
            _owned_by(paths),
            Route.slug != paths.current,
        )
        .values(
            redirect_target=paths.current,
            redirect_code=PERMANENT,
            version=paths.version,
            visible=and_(literal(paths.visible), Route.gone.is_(False)),
            updated_at=func.now(),
        )
    )
    return True


async def retire_content(session: AsyncSession, content_type: str, content_id: uuid.UUID) -> int:
    """The owner deleted the content: every path of it answers 410 (and leaves the sitemaps)
    until other content takes the path. Applying it again changes nothing. Never commits."""
    await session.execute(
        text("SELECT pg_advisory_xact_lock(hashtext(:key))"),
        {"key": f"routes:{content_type}:{content_id}"},
    )
    result = await session.execute(
        update(Route)
        .where(Route.content_type == content_type, Route.content_id == content_id)
        .values(gone=True, visible=False, updated_at=func.now())
    )
    return int(getattr(result, "rowcount", 0) or 0)
