"""Batched loads for organizations' resolvers: one query per request per kind."""

from organizations.domain.models import OrganizationProfile as ProfileModel
from organizations.graphql.context import OrganizationContext


async def profile_by_id(context: OrganizationContext, id: object) -> ProfileModel | None:
    return await context.load(ProfileModel, id)
