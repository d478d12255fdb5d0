"""The known-organizations read model services embed (jobkit.known_organizations), in the three
shapes services keep it: existence only (analytics), keyed by number (billing), keyed by uuid with
the public profile's facts (jobs); on a real PostgreSQL database."""

from __future__ import annotations

import uuid
from collections.abc import AsyncIterator
from typing import Any

import pytest
from jobkit.db import make_engine, make_sessionmaker, new_metadata, unit_of_work
from jobkit.known_organizations import (
    apply_organization,
    apply_profile,
    known_organizations_table,
)
from jobkit.settings import ServiceSettings
from jobkit.testing.database import temporary_database
from sqlalchemy import Table, select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

pytestmark = pytest.mark.integration

metadata = new_metadata()
existing = known_organizations_table(metadata, name="existing_organizations", details=False)
by_number = known_organizations_table(metadata, name="organizations_by_number", key="number")
with_profiles = known_organizations_table(
    metadata, name="organizations_with_profiles", id_column="id", uuid_ids=True, profile=True
)


@pytest.fixture(scope="module")
async def sessions() -> AsyncIterator[async_sessionmaker[AsyncSession]]:
    settings = ServiceSettings(service_name="known_organizations", db_name="known_organizations")
    async with temporary_database(settings, metadata=metadata) as url:
        engine = make_engine(url)
        yield make_sessionmaker(engine)
        await engine.dispose()


async def rows(sessions: async_sessionmaker[AsyncSession], table: Table) -> list[dict[str, Any]]:
    async with sessions() as session:
        found = await session.execute(select(table).order_by(*table.primary_key.columns))
    return [{k: v for k, v in row._mapping.items() if k != "updated_at"} for row in found]


def test_the_shapes_keep_the_columns_services_created() -> None:
    assert [c.name for c in existing.primary_key.columns] == ["organization_id"]
    assert list(existing.c.keys()) == ["organization_id"]
    assert [c.name for c in by_number.primary_key.columns] == ["number"]
    assert set(by_number.c.keys()) == {"organization_id", "number", "name", "updated_at"}
    assert [c.name for c in with_profiles.primary_key.columns] == ["id"]
    assert with_profiles.c.number.unique
    assert set(with_profiles.c.keys()) == {
        "id",
        "number",
        "name",
        "profile_slug",
        "profile_published",
        "logo_url",
        "updated_at",
    }
    with pytest.raises(ValueError, match="needs details"):
        known_organizations_table(new_metadata(), key="number", details=False)


async def test_existence_only_counts_an_organization_once(
    sessions: async_sessionmaker[AsyncSession],
) -> None:
    async with unit_of_work(sessions) as session:
        await apply_organization(session, existing, organization_id="org-1")
        await apply_organization(session, existing, organization_id="org-1", number=7, name="A")
    assert await rows(sessions, existing) == [{"organization_id": "org-1"}]


async def test_keyed_by_number_a_rename_replaces_the_name(
    sessions: async_sessionmaker[AsyncSession],
) -> None:
    async with unit_of_work(sessions) as session:
        await apply_organization(
            session, by_number, organization_id="org-2", number=12, name="Green Harbor"
        )
        await apply_organization(
            session, by_number, organization_id="org-2", number=12, name="Blue Harbor"
        )
    assert await rows(sessions, by_number) == [
        {"number": 12, "organization_id": "org-2", "name": "Blue Harbor"}
    ]
    async with sessions() as session:
        with pytest.raises(ValueError, match="give both"):
            await apply_organization(session, by_number, organization_id="org-3", number=13)


async def test_profiles_and_organization_events_keep_each_others_facts(
    sessions: async_sessionmaker[AsyncSession],
) -> None:
    organization_id = uuid.uuid4()
    async with unit_of_work(sessions) as session:
        await apply_organization(
            session, with_profiles, organization_id=str(organization_id), number=5, name="Acme"
        )
    assert await rows(sessions, with_profiles) == [
        {
            "id": organization_id,
            "number": 5,
            "name": "Acme",
            "profile_slug": None,
            "profile_published": False,
            "logo_url": None,
        }
    ]
    async with unit_of_work(sessions) as session:
        await apply_profile(
            session,
            with_profiles,
            organization_id=str(organization_id),
            number=5,
            name="Acme",
            slug="acme",
            published=True,
            logo_url="/logo.webp",
        )
        # a later rename keeps the profile's facts
        await apply_organization(
            session, with_profiles, organization_id=str(organization_id), number=5, name="Acme 2"
        )
    assert await rows(sessions, with_profiles) == [
        {
            "id": organization_id,
            "number": 5,
            "name": "Acme 2",
            "profile_slug": "acme",
            "profile_published": True,
            "logo_url": "/logo.webp",
        }
    ]
