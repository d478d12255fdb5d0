"""Batched loads for organizations' resolvers: one query per request per kind."""

from __future__ import annotations

import uuid

from jobkit.graphql import parse_uuid
from sqlalchemy import select
from strawberry.dataloader import DataLoader

from organizations.domain.models import OrganizationProfile as ProfileModel
from organizations.graphql.context import OrganizationContext


async def profile_by_id(context: OrganizationContext, id: object) -> ProfileModel | None:
    return await context.load(ProfileModel, id)


async def organization_of(context: OrganizationContext, user_id: object) -> ProfileModel | None:
    """The organization a user runs (the oldest they own), batched across the request's users."""
    key = parse_uuid(user_id)
    if key is None:
        return None
    sessions = context.sessions

    def make() -> DataLoader[uuid.UUID, ProfileModel | None]:
        async def load(owner_ids: list[uuid.UUID]) -> list[ProfileModel | None]:
            async with sessions() as session:
                rows = await session.scalars(
                    select(ProfileModel)
                    .where(ProfileModel.owner_id.in_(owner_ids))
                    .order_by(ProfileModel.created_at, ProfileModel.id)
                )
                first: dict[uuid.UUID, ProfileModel] = {}
                for row in rows:
                    first.setdefault(row.owner_id, row)
            return [first.get(owner) for owner in owner_ids]

        return DataLoader(load_fn=load)

    return await context.loader("organization_of", make).load(key)
