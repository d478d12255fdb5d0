"""A read model of the sites' effective settings, from ``identity.site.config_changed`` (ADR
0004): the table a service keeps, the handler that fills it, and lookups (e.g. whether a site
protects a form with a captcha). Identity sends only what a site changed, so a setting missing
here has the platform's default."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from typing import Any

from sqlalchemy import Column, DateTime, FromClause, MetaData, String, Table, func, select
from sqlalchemy.dialects.postgresql import JSONB, insert
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from jobkit.consumer import Handler
from jobkit.contracts import SITE_CONFIG_CHANGED, SITE_TOPIC, EventView
from jobkit.events import EventEnvelope

__all__ = ["SITE_CONFIG_CHANGED", "SITE_TOPIC"]


class SettingValueView(EventView):
    key: str
    name: str
    value: Any


class SiteConfigChangedView(EventView):
    """identity.site.config_changed as a site settings read model reads it."""

    site: str
    changes: list[SettingValueView] = []


# The site's name, after every page title ("Nursing jobs | Jobboard"): identity's setting
# site.name, with this platform default.
SITE_NAME_KEY, SITE_NAME_NAME = "site", "name"
DEFAULT_SITE_NAME = "Jobboard"
# How long a process keeps a site's setting it read: every search and page title asks for the
# site's name, every resume search for the resume feature, and a query each time cost about
# 7 ms of a 25 ms search (bench/RESULTS.md). A change this process applies is seen at once;
# another replica's copy is at most this old.
SITE_SETTING_TTL_SECONDS = 30.0

Setting = tuple[str, str]  # (key, name)


class SiteSettingCache:
    """Site settings a process has read, each kept for ``ttl`` seconds (per read model table,
    site and setting). A value is kept as read: None for a setting the site never changed."""

    def __init__(
        self, ttl: float = SITE_SETTING_TTL_SECONDS, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self._ttl = ttl
        self._clock = clock
        self._values: dict[tuple[FromClause, str, Setting], tuple[float, Any]] = {}
        self.generation = 0  # counts changes, so a read that began before one is not kept

    def get(self, table: FromClause, site: str, setting: Setting) -> tuple[Any] | None:
        """``(value,)`` while a fresh copy is kept, else None."""
        kept = self._values.get((table, site, setting))
        if kept is None or kept[0] <= self._clock():
            return None
        return (kept[1],)

    def put(
        self,
        table: FromClause,
        site: str,
        setting: Setting,
        value: Any,
        *,
        read_at_generation: int,
    ) -> None:
        if read_at_generation == self.generation:
            self._values[(table, site, setting)] = (self._clock() + self._ttl, value)

    def forget(self, site: str) -> None:
        self.generation += 1
        for key in [key for key in self._values if key[1] == site]:
            del self._values[key]


SITE_SETTINGS = SiteSettingCache()


def site_settings_table(metadata: MetaData) -> Table:
    return Table(
        "site_settings",
        metadata,
        Column("site", String(63), primary_key=True),
        Column("key", String(60), primary_key=True),
        Column("name", String(60), primary_key=True),
        Column("value", JSONB),
        Column("updated_at", DateTime(timezone=True), server_default=func.now()),
    )


def site_settings_handlers(table: Table) -> dict[str, Handler]:
    async def changed(session: AsyncSession, event: EventEnvelope) -> None:
        payload = SiteConfigChangedView.model_validate(event.payload)
        for change in payload.changes:
            values = {"value": change.value, "updated_at": func.now()}
            await session.execute(
                insert(table)
                .values(site=payload.site, key=change.key, name=change.name, **values)
                .on_conflict_do_update(
                    index_elements=[table.c.site, table.c.key, table.c.name], set_=values
                )
            )
        SITE_SETTINGS.forget(payload.site)

    return {SITE_CONFIG_CHANGED: changed}


async def site_flag(session: AsyncSession, table: Table, site: str, key: str, name: str) -> bool:
    """A boolean setting of the site (false until identity says otherwise)."""
    value = await session.scalar(
        select(table.c.value).where(table.c.site == site, table.c.key == key, table.c.name == name)
    )
    return bool(value)


async def site_values(
    session: AsyncSession, table: FromClause, sites: Iterable[str], key: str, name: str
) -> dict[str, Any]:
    """One setting of several sites in one statement: site -> value, for the sites that set it
    (the others use the platform's default)."""
    wanted = list(dict.fromkeys(sites))
    if not wanted:
        return {}
    rows = await session.execute(
        select(table.c.site, table.c.value).where(
            table.c.site.in_(wanted), table.c.key == key, table.c.name == name
        )
    )
    return {site: value for site, value in rows}


async def site_value(
    sessions: async_sessionmaker[AsyncSession], table: FromClause, site: str, key: str, name: str
) -> Any:
    """One setting of one site (None when the site never changed it: the platform's default
    applies), from the process's copy while it is fresh (``SITE_SETTINGS``)."""
    setting = (key, name)
    kept = SITE_SETTINGS.get(table, site, setting)
    if kept is not None:
        return kept[0]
    generation = SITE_SETTINGS.generation
    async with sessions() as session:
        value = (await site_values(session, table, [site], key, name)).get(site)
    SITE_SETTINGS.put(table, site, setting, value, read_at_generation=generation)
    return value


async def site_names(
    session: AsyncSession, table: FromClause, sites: Iterable[str]
) -> dict[str, str]:
    """Each site's name (identity's ``site.name``, else the platform's default)."""
    wanted = list(dict.fromkeys(sites))
    stored = await site_values(session, table, wanted, SITE_NAME_KEY, SITE_NAME_NAME)
    return {
        site: value if isinstance(value := stored.get(site), str) and value else DEFAULT_SITE_NAME
        for site in wanted
    }


def page_title(title: str, site_name: str) -> str:
    """A page's title as search engines and browsers show it: the page's own, then the site's."""
    return f"{title} | {site_name}"
