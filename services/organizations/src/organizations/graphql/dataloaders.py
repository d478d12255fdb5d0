"""Typed, batched loads for organizations' resolvers (one query per request and model)."""

from __future__ import annotations

from organizations.domain.models import OrganizationProfile
from organizations.graphql.context import OrganizationsContext


async def load_profile(context: OrganizationsContext, id: object) -> OrganizationProfile | None:
    profile: OrganizationProfile | None = await context.load(OrganizationProfile, id)
    return profile
