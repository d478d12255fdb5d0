"""The slug index: which public path shows which job or organization profile, and which former
paths redirect to its current one (ADR 0015).

Filled from the job and profile snapshot events the indexer consumes. Each event carries the
aggregate's current slug, its former slugs and its version; applying it is idempotent and
version-ordered like the documents: every row of an aggregate carries the version that last
wrote it, and an event older than that changes nothing.
"""

from __future__ import annotations

import uuid
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any
from typing import cast as cast_type

from jobkit.db import compiled_once, unnested, unnested_parameters
from sqlalchemy import (
    ARRAY,
    Boolean,
    Integer,
    String,
    Table,
    Uuid,
    and_,
    any_,
    bindparam,
    case,
    cast,
    false,
    func,
    select,
    text,
    update,
)
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.types import TypeEngine

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


def _aggregate(paths: ContentPaths) -> tuple[str, uuid.UUID, str]:
    return (paths.content_type, paths.content_id, paths.language)


def _lock_key(paths: ContentPaths) -> str:
    return f"routes:{paths.content_type}:{paths.content_id}"


@dataclass
class _Gathered:
    """The paths of a batch not written yet: each aggregate, and each current path, once."""

    session: AsyncSession | None = None
    paths: list[ContentPaths] = field(default_factory=list)
    aggregates: set[tuple[str, uuid.UUID, str]] = field(default_factory=set)
    currents: set[tuple[str, str]] = field(default_factory=set)

    def takes(self, paths: ContentPaths) -> bool:
        return (
            _aggregate(paths) not in self.aggregates
            and (paths.current, paths.language) not in self.currents
        )

    def add(self, session: AsyncSession, paths: ContentPaths) -> None:
        self.session = session
        self.paths.append(paths)
        self.aggregates.add(_aggregate(paths))
        self.currents.add((paths.current, paths.language))

    async def write(self) -> None:
        if self.session is not None and self.paths:
            await apply_many_paths(self.session, self.paths)
        self.paths, self.aggregates, self.currents = [], set(), set()


_GATHERED: ContextVar[_Gathered | None] = ContextVar("search_gathered_paths", default=None)


@asynccontextmanager
async def gathered_paths() -> AsyncIterator[None]:
    """Gather the paths applied inside (by this task) and write them together on the way out,
    in a few statements for the whole batch (:func:`apply_many_paths`) instead of a few per
    aggregate; a second event of an aggregate (or of a current path) already gathered writes
    what was gathered first, so the order of events is kept. Nothing is written when the scope
    ends with an error (the transaction is rolled back)."""
    gathered = _Gathered()
    token = _GATHERED.set(gathered)
    try:
        yield
    finally:
        _GATHERED.reset(token)
    await gathered.write()


async def apply_paths(session: AsyncSession, paths: ContentPaths) -> bool:
    """Make ``paths.current`` show the content and every other path the aggregate had redirect
    to it for good. False (and nothing written) when a newer version was applied already;
    inside :func:`gathered_paths` the paths are written when the scope ends, and the answer is
    True. Never commits."""
    gathered = _GATHERED.get()
    if gathered is None:
        return bool((await apply_many_paths(session, [paths]))[0])
    if not gathered.takes(paths):
        await gathered.write()
    gathered.add(session, paths)
    return True


# the columns a batch of paths writes, and those that say each aggregate's current path
_PATH_COLUMNS: dict[str, TypeEngine[Any]] = {
    "slug": String(),
    "language": String(),
    "content_type": String(),
    "content_id": Uuid(),
    "redirect_target": String(),
    "redirect_code": Integer(),
    "version": Integer(),
    "visible": Boolean(),
}
_CURRENT_COLUMNS: dict[str, TypeEngine[Any]] = {
    "content_type": String(),
    "content_id": Uuid(),
    "language": String(),
    "current": String(),
    "version": Integer(),
    "visible": Boolean(),
}


# The statements of :func:`apply_many_paths`, built once: each reads its rows from arrays bound
# when it runs (jobkit.db.unnested), so it is compiled and prepared once, and a batch pays no
# building of SQL expressions (a tenth of the indexer's CPU when each batch built its own). The
# two INSERT ... ON CONFLICT are kept as their SQL text (jobkit.db.compiled_once): SQLAlchemy
# 2.0 does not cache them, and compiled them again for every batch (ADR 0073).
# The writes name the table, not the ORM class: given its parameters as one dictionary, an ORM
# INSERT would be taken for an ORM bulk insert of one row.
#
# One aggregate at a time (the consumer and a reindex may apply the same aggregate at once),
# the locks taken in one order so two batches never wait for each other crosswise.
_ROUTES = cast_type(Table, Route.__table__)
_LOCKS = text(
    "SELECT pg_advisory_xact_lock(hashtext(key)) FROM unnest(CAST(:keys AS text[])) AS key"
)
_APPLIED_VERSIONS = (
    select(Route.content_type, Route.content_id, Route.language, func.max(Route.version))
    .where(
        Route.content_type == any_(cast(bindparam("content_types"), ARRAY(String()))),
        Route.content_id == any_(cast(bindparam("content_ids"), ARRAY(Uuid()))),
    )
    .group_by(Route.content_type, Route.content_id, Route.language)
)
_content = insert(_ROUTES).from_select(
    list(_PATH_COLUMNS), select(unnested("fresh", _PATH_COLUMNS))
)
# a path of deleted content stays gone for that content (a late event of it), and is live
# again for other content taking it over
_still_gone = and_(
    _ROUTES.c.gone,
    _ROUTES.c.content_type == _content.excluded.content_type,
    _ROUTES.c.content_id == _content.excluded.content_id,
)
_CURRENT_PATHS = compiled_once(
    _content.on_conflict_do_update(
        index_elements=[_ROUTES.c.slug, _ROUTES.c.language],
        set_={
            "content_type": _content.excluded.content_type,
            "content_id": _content.excluded.content_id,
            "redirect_target": None,
            "redirect_code": None,
            "version": _content.excluded.version,
            "visible": case((_still_gone, false()), else_=_content.excluded.visible),
            "gone": _still_gone,
            "updated_at": func.now(),
        },
    )
)
_FORMER_PATHS = compiled_once(
    insert(_ROUTES)
    .from_select(list(_PATH_COLUMNS), select(unnested("former", _PATH_COLUMNS)))
    .on_conflict_do_nothing(index_elements=[_ROUTES.c.slug, _ROUTES.c.language])
)
# every other path of each aggregate (the former ones, and any the event left out) redirects
# straight to its current one: no chains of redirects
_current = unnested("current_paths", _CURRENT_COLUMNS)
_REDIRECTS = (
    update(_ROUTES)
    .where(
        _ROUTES.c.content_type == _current.c.content_type,
        _ROUTES.c.content_id == _current.c.content_id,
        _ROUTES.c.language == _current.c.language,
        _ROUTES.c.slug != _current.c.current,
    )
    .values(
        redirect_target=_current.c.current,
        redirect_code=PERMANENT,
        version=_current.c.version,
        visible=and_(_current.c.visible, _ROUTES.c.gone.is_(False)),
        updated_at=func.now(),
    )
)


async def apply_many_paths(session: AsyncSession, batch: Sequence[ContentPaths]) -> list[bool]:
    """:func:`apply_paths` for several aggregates at once, each at most once and no two with
    the same current path, in five statements whatever their number; for each, whether it was
    applied (False: a newer version was applied already).

    A current path takes the row over from whatever had it (a slug another aggregate gave up);
    a former path never takes another aggregate's row. Never commits."""
    if not batch:
        return []
    await session.execute(_LOCKS, {"keys": sorted({_lock_key(paths) for paths in batch})})
    rows = await session.execute(
        _APPLIED_VERSIONS,
        {
            "content_types": sorted({paths.content_type for paths in batch}),
            "content_ids": sorted({paths.content_id for paths in batch}),
        },
    )
    applied = {(row[0], row[1], row[2]): row[3] for row in rows}
    answers = [applied.get(_aggregate(paths), paths.version) <= paths.version for paths in batch]
    fresh = [paths for paths, answer in zip(batch, answers, strict=True) if answer]
    if not fresh:
        return answers
    current = [
        {
            "slug": paths.current,
            "language": paths.language,
            "content_type": paths.content_type,
            "content_id": paths.content_id,
            "redirect_target": None,
            "redirect_code": None,
            "version": paths.version,
            "visible": paths.visible,
        }
        for paths in fresh
    ]
    await session.execute(_CURRENT_PATHS, unnested_parameters("fresh", _PATH_COLUMNS, current))
    former = [
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
        for paths in fresh
        for path in dict.fromkeys(paths.former)
        if path != paths.current
    ]
    if former:
        await session.execute(_FORMER_PATHS, unnested_parameters("former", _PATH_COLUMNS, former))
    redirects = [
        {
            "content_type": paths.content_type,
            "content_id": paths.content_id,
            "language": paths.language,
            "current": paths.current,
            "version": paths.version,
            "visible": paths.visible,
        }
        for paths in fresh
    ]
    await session.execute(
        _REDIRECTS, unnested_parameters("current_paths", _CURRENT_COLUMNS, redirects)
    )
    return answers


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
