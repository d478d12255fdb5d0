"""Batched loads for organizations' resolvers: one query per request per kind."""

from jobkit.graphql import parse_uuid

from organizations.domain.models import OrganizationProfile as ProfileModel
from organizations.graphql.context import OrganizationContext


async def profile_by_id(context: OrganizationContext, id: object) -> ProfileModel | None:
    if parse_uuid(id) is None:
        return None
    row: ProfileModel | None = await context.load(ProfileModel, id)
    return row
