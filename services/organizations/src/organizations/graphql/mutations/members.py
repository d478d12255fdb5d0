"""Members: invite by email, accept the mailed invitation, remove, leave, switch the active
organization."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated

import strawberry
from jobkit.ratelimit import may_mail
from strawberry.types import Info

from organizations.db import rate_limit_hits
from organizations.domain import invitations, lifecycle, membership
from organizations.domain.errors import OrganizationErrorCode, one_error
from organizations.domain.errors import OrganizationErrors as DomainErrors
from organizations.graphql.context import OrganizationContext
from organizations.graphql.types import Organization, OrganizationErrors, parse_id
from organizations.settings import OrganizationsSettings

TOO_MANY_INVITATIONS = "Too many invitations went to this address lately. Try again in an hour."


def _settings(info: Info[OrganizationContext, None]) -> OrganizationsSettings:
    settings = info.context.settings
    assert isinstance(settings, OrganizationsSettings)
    return settings


def _unknown(field: str) -> OrganizationErrors:
    return OrganizationErrors.from_domain(
        one_error(OrganizationErrorCode.NOT_FOUND, "This organization does not exist.", field)
    )


@strawberry.type(description="The invitation was mailed.")
class InvitationSent:
    email: str
    expires_at: datetime


InviteMemberResult = Annotated[
    InvitationSent | OrganizationErrors, strawberry.union("InviteMemberResult")
]


@strawberry.type
class MembershipChanged:
    organization: Organization


MembershipResult = Annotated[
    MembershipChanged | OrganizationErrors, strawberry.union("MembershipResult")
]


def _membership(result: object) -> MembershipResult:
    if isinstance(result, DomainErrors):
        return OrganizationErrors.from_domain(result)
    return MembershipChanged(organization=Organization.from_model(result))  # type: ignore[arg-type]


async def invite_member(
    info: Info[OrganizationContext, None], organization_id: strawberry.ID, email: str
) -> InviteMemberResult:
    organization = parse_id(organization_id)
    if organization is None:
        return _unknown("organizationId")
    principal = info.context.require_principal()
    # Each invitation mails the address: a member's invitations to it share its mail budget
    # (counted only for the organization's own members and admins, so strangers cannot spend it).
    if (principal.is_admin_like or await info.context.is_member(organization)) and not (
        await may_mail(
            info.context.sessions,
            rate_limit_hits,
            _settings(info),
            recipient=email,
            client_ip=info.context.client_ip,
            account=principal.actor_id or principal.user_id,
        )
    ):
        return OrganizationErrors.from_domain(
            one_error(OrganizationErrorCode.RATE_LIMITED, TOO_MANY_INVITATIONS, "email")
        )
    result = await invitations.invite_member(
        sessions=info.context.sessions,
        settings=_settings(info),
        principal=info.context.require_principal(),
        organization_id=organization,
        email=email,
    )
    if isinstance(result, DomainErrors):
        return OrganizationErrors.from_domain(result)
    return InvitationSent(email=result.invitation.email, expires_at=result.invitation.expires_at)


async def accept_invitation(info: Info[OrganizationContext, None], token: str) -> MembershipResult:
    return _membership(
        await invitations.accept_invitation(
            sessions=info.context.sessions,
            settings=_settings(info),
            principal=info.context.require_principal(),
            token=token,
        )
    )


async def remove_member(
    info: Info[OrganizationContext, None], organization_id: strawberry.ID, user_id: strawberry.ID
) -> MembershipResult:
    organization, user = parse_id(organization_id), parse_id(user_id)
    if organization is None or user is None:
        return _unknown("organizationId" if organization is None else "userId")
    return _membership(
        await membership.remove_member(
            sessions=info.context.sessions,
            settings=_settings(info),
            principal=info.context.require_principal(),
            organization_id=organization,
            user_id=user,
        )
    )


async def leave_organization(
    info: Info[OrganizationContext, None], organization_id: strawberry.ID
) -> MembershipResult:
    principal = info.context.require_principal()
    organization = parse_id(organization_id)
    if organization is None:
        return _unknown("organizationId")
    return _membership(
        await membership.remove_member(
            sessions=info.context.sessions,
            settings=_settings(info),
            principal=principal,
            organization_id=organization,
            user_id=parse_id(principal.user_id),  # type: ignore[arg-type]
        )
    )


async def set_active_organization(
    info: Info[OrganizationContext, None], organization_id: strawberry.ID
) -> MembershipResult:
    organization = parse_id(organization_id)
    if organization is None:
        return _unknown("organizationId")
    return _membership(
        await membership.set_active_organization(
            sessions=info.context.sessions,
            principal=info.context.require_principal(),
            organization_id=organization,
        )
    )


@strawberry.type(description="The organization is gone.")
class OrganizationDeleted:
    id: strawberry.ID


DeleteOrganizationResult = Annotated[
    OrganizationDeleted | OrganizationErrors, strawberry.union("DeleteOrganizationResult")
]


async def delete_organization(
    info: Info[OrganizationContext, None], organization_id: strawberry.ID
) -> DeleteOrganizationResult:
    organization = parse_id(organization_id)
    if organization is None:
        return _unknown("organizationId")
    result = await lifecycle.delete_organization(
        sessions=info.context.sessions,
        settings=_settings(info),
        principal=info.context.require_principal(),
        organization_id=organization,
    )
    if isinstance(result, DomainErrors):
        return OrganizationErrors.from_domain(result)
    return OrganizationDeleted(id=strawberry.ID(str(result)))


async def set_organization_verified(
    info: Info[OrganizationContext, None], organization_id: strawberry.ID, verified: bool
) -> MembershipResult:
    organization = parse_id(organization_id)
    if organization is None:
        return _unknown("organizationId")
    return _membership(
        await lifecycle.set_verified(
            sessions=info.context.sessions,
            settings=_settings(info),
            principal=info.context.require_principal(),
            organization_id=organization,
            verified=verified,
        )
    )
