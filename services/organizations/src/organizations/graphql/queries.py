from __future__ import annotations

from datetime import UTC, date, datetime

import strawberry
from jobkit.daily import created_per_day
from jobkit.permissions import AdminLike, RecruiterScope
from sqlalchemy import Uuid, cast, select
from strawberry.types import Info

from organizations.db import members
from organizations.domain.models import Invitation
from organizations.domain.models import Organization as OrganizationModel
from organizations.domain.models import OrganizationProfile as ProfileModel
from organizations.domain.slugs import profile_by_slug
from organizations.graphql.context import OrganizationContext
from organizations.graphql.dataloaders import profile_by_id
from organizations.graphql.types import (
    Member,
    OrganizationProfile,
    PendingInvitation,
    User,
    may_edit,
    parse_id,
    visible_to,
)

ADMIN_LIST_LIMIT = 500


@strawberry.type
class Query:
    @strawberry.field(
        description="One organization profile by id or slug (the X-Frontend site's; a former "
        "slug finds the profile too, whose current slug tells the page to redirect; else "
        "another site's published profile under its current slug, whose metatags say noindex). "
        "Drafts only for members and administrators."
    )
    async def organization_profile(
        self,
        info: Info[OrganizationContext, None],
        id: strawberry.ID | None = None,
        slug: str | None = None,
    ) -> OrganizationProfile | None:
        row: ProfileModel | None = None
        if id is not None:
            row = await profile_by_id(info.context, id)
        elif slug:
            async with info.context.sessions() as session:
                row = await profile_by_slug(
                    session, info.context.frontend.site, slug.strip().lower()
                )
        if row is None or not await visible_to(info.context, row):
            return None
        return OrganizationProfile.from_model(row)

    @strawberry.field(
        description="The profiles the caller may edit: their organizations' (every profile for "
        "administrators). Recruiter-type users only.",
        permission_classes=[RecruiterScope],
    )
    async def updatable_organization_profiles(
        self, info: Info[OrganizationContext, None]
    ) -> list[OrganizationProfile]:
        principal = info.context.require_principal()
        query = select(ProfileModel).order_by(ProfileModel.name, ProfileModel.id)
        if principal.is_admin_like:
            query = query.limit(ADMIN_LIST_LIMIT)
        else:
            query = query.join(
                members, cast(members.c.organization_id, Uuid) == ProfileModel.id
            ).where(members.c.user_id == principal.user_id)
        async with info.context.sessions() as session:
            rows = list(await session.scalars(query))
        return [OrganizationProfile.from_model(row) for row in rows]

    @strawberry.field(
        description="Members of an organization (its members and administrators only).",
        permission_classes=[RecruiterScope],
    )
    async def organization_members(
        self, info: Info[OrganizationContext, None], organization_id: strawberry.ID
    ) -> list[Member]:
        key = parse_id(organization_id)
        if key is None or not await may_edit(info.context, key):
            return []
        async with info.context.sessions() as session:
            rows = await session.execute(
                select(members.c.user_id, members.c.role)
                .where(members.c.organization_id == str(key))
                .order_by(members.c.role.desc(), members.c.updated_at)
            )
            return [Member(user=User(id=strawberry.ID(u)), role=r) for u, r in rows]

    @strawberry.field(
        description="Invitations not accepted yet (the organization's members and admins).",
        permission_classes=[RecruiterScope],
    )
    async def organization_invitations(
        self, info: Info[OrganizationContext, None], organization_id: strawberry.ID
    ) -> list[PendingInvitation]:
        key = parse_id(organization_id)
        if key is None or not await may_edit(info.context, key):
            return []
        async with info.context.sessions() as session:
            rows = await session.scalars(
                select(Invitation)
                .where(Invitation.organization_id == key, Invitation.accepted_at.is_(None))
                .order_by(Invitation.created_at.desc())
            )
            return [
                PendingInvitation(
                    id=strawberry.ID(str(r.id)), email=r.email, expires_at=r.expires_at
                )
                for r in rows
            ]

    @strawberry.field(
        description="Organizations founded on this site on each of the last `days` days (1 to "
        "366, today included, UTC), zeros included (administrators only).",
        permission_classes=[AdminLike],
    )
    async def organizations_created_per_day(
        self, info: Info[OrganizationContext, None], days: int = 30
    ) -> list[NewOrganizationsDay]:
        async with info.context.sessions() as session:
            found = await created_per_day(
                session,
                OrganizationModel.created_at,
                where=OrganizationModel.site == info.context.frontend.site,
                today=datetime.now(UTC).date(),
                days=days,
            )
        return [NewOrganizationsDay(day=item.day, count=item.count) for item in found]


@strawberry.type(description="How many organizations were founded on one day (UTC).")
class NewOrganizationsDay:
    day: date
    count: int
