"""Batched loads for organizations' resolvers: one query per request per kind."""

from __future__ import annotations

import uuid

from jobkit.graphql import parse_uuid
from jobkit.site_settings import site_values
from sqlalchemy import Uuid, cast, select
from strawberry.dataloader import DataLoader

from organizations.db import members, site_settings
from organizations.domain import groups
from organizations.domain.models import ActiveOrganization, Organization
from organizations.domain.models import OrganizationProfile as ProfileModel
from organizations.graphql.context import OrganizationContext


async def profile_by_id(context: OrganizationContext, id: object) -> ProfileModel | None:
    return await context.load(ProfileModel, id)


async def organization_by_id(context: OrganizationContext, id: object) -> Organization | None:
    return await context.load(Organization, id)


async def organization_of(context: OrganizationContext, user_id: object) -> Organization | None:
    """The organization a user owns (the oldest), else the first they joined; batched."""
    key = parse_uuid(user_id)
    if key is None:
        return None
    sessions = context.sessions

    def make() -> DataLoader[uuid.UUID, Organization | None]:
        async def load(user_ids: list[uuid.UUID]) -> list[Organization | None]:
            async with sessions() as session:
                rows = await session.execute(
                    select(members.c.user_id, members.c.role, Organization)
                    .join(Organization, Organization.id == cast(members.c.organization_id, Uuid))
                    .where(members.c.user_id.in_([str(u) for u in user_ids]))
                    .order_by(Organization.created_at, Organization.number)
                )
                owned: dict[str, Organization] = {}
                joined: dict[str, Organization] = {}
                for user, role, organization in rows:
                    target = owned if role == "owner" else joined
                    target.setdefault(user, organization)
            return [owned.get(str(u)) or joined.get(str(u)) for u in user_ids]

        return DataLoader(load_fn=load)

    return await context.loader("organization_of", make).load(key)


async def organizations_of(context: OrganizationContext, user_id: object) -> list[Organization]:
    """Every organization the user is a member of (owner or recruiter), oldest first; batched."""
    key = parse_uuid(user_id)
    if key is None:
        return []
    sessions = context.sessions

    def make() -> DataLoader[uuid.UUID, list[Organization]]:
        async def load(user_ids: list[uuid.UUID]) -> list[list[Organization]]:
            async with sessions() as session:
                rows = await session.execute(
                    select(members.c.user_id, Organization)
                    .join(Organization, Organization.id == cast(members.c.organization_id, Uuid))
                    .where(members.c.user_id.in_([str(u) for u in user_ids]))
                    .order_by(Organization.created_at, Organization.number)
                )
                found: dict[str, list[Organization]] = {}
                for user, organization in rows:
                    found.setdefault(user, []).append(organization)
            return [found.get(str(u), []) for u in user_ids]

        return DataLoader(load_fn=load)

    return await context.loader("organizations_of", make).load(key)


async def active_organization_of(
    context: OrganizationContext, user_id: object
) -> Organization | None:
    """The organization the user chose to work for, else the one ``organization_of`` gives."""
    key = parse_uuid(user_id)
    if key is None:
        return None
    sessions = context.sessions

    def make() -> DataLoader[uuid.UUID, Organization | None]:
        async def load(user_ids: list[uuid.UUID]) -> list[Organization | None]:
            async with sessions() as session:
                rows = await session.execute(
                    select(ActiveOrganization.user_id, Organization)
                    .join(Organization, Organization.id == ActiveOrganization.organization_id)
                    .where(ActiveOrganization.user_id.in_(user_ids))
                )
                found = {user: organization for user, organization in rows}
            return [found.get(u) for u in user_ids]

        return DataLoader(load_fn=load)

    chosen = await context.loader("active_organization_of", make).load(key)
    return chosen or await organization_of(context, user_id)


async def offered_networks_of(context: OrganizationContext, site: str) -> frozenset[str]:
    """The social networks a site's profiles show (its ``organizations.social_profiles``);
    batched: one query for every site a request's profiles belong to."""
    sessions = context.sessions

    def make() -> DataLoader[str, frozenset[str]]:
        async def load(sites: list[str]) -> list[frozenset[str]]:
            async with sessions() as session:
                values = await site_values(session, site_settings, sites, *groups.SOCIAL_SETTING)
            return [groups.offered_networks(values.get(site)) for site in sites]

        return DataLoader(load_fn=load)

    return await context.loader("offered_networks_of", make).load(site)
