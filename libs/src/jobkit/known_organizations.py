"""Which organizations exist, as a local read model in every service that needs to know.

The organizations service owns organizations and publishes their created/updated events (and
its profiles' events); a service that must know an organization (its number, its name, whether
it exists at all) adds :func:`known_organizations_table` to its metadata and applies those
events into it with :func:`apply_organization` (and :func:`apply_profile` when it keeps the
public profile's facts) from its idempotent consumer, never asking organizations per request.

Each service keeps only the facts it needs, under the names its tables were created with
(billing keys organizations by their integer number, jobs by their uuid); the upserts write
whatever the table keeps.
"""

from __future__ import annotations

import uuid
from typing import Any, Literal

from sqlalchemy import Boolean, Column, DateTime, Integer, MetaData, String, Table, Uuid, func
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

ORGANIZATION_TOPIC = "organizations.organization"
ORGANIZATION_CREATED = "organizations.organization.created"
ORGANIZATION_UPDATED = "organizations.organization.updated"
PROFILE_TOPIC = "organizations.profile"
PROFILE_EVENTS = (
    "organizations.profile.updated",
    "organizations.profile.published",
    "organizations.profile.unpublished",
)

_ID_COLUMN = "organization_id_column"  # Table.info key: the column holding the organization's id


def known_organizations_table(
    metadata: MetaData,
    *,
    name: str = "known_organizations",
    id_column: str = "organization_id",
    uuid_ids: bool = False,
    key: Literal["id", "number"] = "id",
    details: bool = True,
    profile: bool = False,
) -> Table:
    """The read model's table: the organization's id (a uuid column when ``uuid_ids``, else
    its text), with ``details`` its number and current name, with ``profile`` the public
    profile's slug, state and logo. ``key`` is what the service looks organizations up by: the
    id, or the number (unique either way)."""
    if key == "number" and not details:
        raise ValueError("an organization keyed by its number needs details (the number)")
    columns: list[Column[Any]] = [
        Column(id_column, Uuid if uuid_ids else String(64), primary_key=key == "id", nullable=False)
    ]
    if details:
        columns += [
            Column(
                "number",
                Integer,
                primary_key=key == "number",
                autoincrement=False,
                unique=key == "id",
                nullable=False,
            ),
            Column("name", String(255), nullable=False),
        ]
    if profile:
        columns += [
            Column("profile_slug", String(200)),
            Column("profile_published", Boolean, default=False, nullable=False),
            Column("logo_url", String(500)),
        ]
    if details:
        columns.append(
            Column(
                "updated_at",
                DateTime(timezone=True),
                server_default=func.now(),
                onupdate=func.now(),
                nullable=False,
            )
        )
    return Table(name, metadata, *columns, info={_ID_COLUMN: id_column})


async def apply_organization(
    session: AsyncSession,
    table: Table,
    *,
    organization_id: str,
    number: int | None = None,
    name: str | None = None,
) -> None:
    """``organizations.organization.created`` / ``updated``: the organization exists, with this
    number and name (a rename replaces the name). A table with details needs both."""
    facts: dict[str, Any] = {"number": number, "name": None if name is None else name[:255]}
    if "number" in table.c and (number is None or name is None):
        raise ValueError(f"{table.name} keeps organizations' numbers and names: give both")
    await _upsert(session, table, organization_id, facts)


async def apply_profile(
    session: AsyncSession,
    table: Table,
    *,
    organization_id: str,
    number: int,
    name: str,
    slug: str | None,
    published: bool,
    logo_url: str | None,
) -> None:
    """``organizations.profile.*``: the public profile's slug, state and logo (with the
    organization's number and name, which profile events carry too)."""
    await _upsert(
        session,
        table,
        organization_id,
        {
            "number": number,
            "name": name[:255],
            "profile_slug": slug,
            "profile_published": published,
            "logo_url": logo_url,
        },
    )


async def _upsert(
    session: AsyncSession, table: Table, organization_id: str, facts: dict[str, Any]
) -> None:
    id_column = str(table.info[_ID_COLUMN])
    values: dict[str, Any] = {
        id_column: uuid.UUID(organization_id)
        if isinstance(table.c[id_column].type, Uuid)
        else organization_id,
        **{column: value for column, value in facts.items() if column in table.c},
    }
    key = list(table.primary_key.columns)
    changes = {column: value for column, value in values.items() if not table.c[column].primary_key}
    statement = insert(table).values(values)
    if not changes:
        await session.execute(statement.on_conflict_do_nothing(index_elements=key))
        return
    if "updated_at" in table.c:
        changes["updated_at"] = func.now()
    await session.execute(statement.on_conflict_do_update(index_elements=key, set_=changes))
