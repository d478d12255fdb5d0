"""Invitations: a member invites a recruiter by email (the mailer sends a one-time link; only
its digest is stored), the invited recruiter accepts it once, before it expires.

The link's token is an HMAC of the invitation with the service's signing secret: the use case
stores its digest, and the mailer makes the same token again from the invitation its event
names, so a mail sent again after the mailer died between the relay's acceptance and its commit
carries the same link as the first (a token drawn afresh per send was rolled back with the
killed transaction: the first mail's link answered invalid)."""

from __future__ import annotations

import base64
import hashlib
import hmac
import uuid
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from jobkit.auth import Principal
from jobkit.db import unit_of_work
from jobkit.errors import errors_from_validation
from pydantic import BaseModel, EmailStr, Field, ValidationError
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from organizations.db import members
from organizations.domain.access import actor_of, authorize, is_member
from organizations.domain.errors import (
    NO_SUCH_PROFILE,
    OrganizationErrorCode,
    OrganizationErrors,
    one_error,
)
from organizations.domain.events import MemberAdded, MemberInvited
from organizations.domain.membership import activate_unless_active
from organizations.domain.models import Invitation, Organization
from organizations.domain.snapshots import emit
from organizations.settings import OrganizationsSettings

Code = OrganizationErrorCode

# the role an accepted invitation gives (an invitation names no role of its own)
INVITED_ROLE = "recruiter"


class InvitationInput(BaseModel):
    email: EmailStr = Field(max_length=254)


def _token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def invitation_token(settings: OrganizationsSettings, invitation_id: uuid.UUID) -> str:
    """The token of ``invitation_id``'s link: the same each time it is made, unguessable
    without the signing secret (256 bits, URL-safe); only its digest is stored."""
    secret = settings.invitation_signing_secret.get_secret_value().encode()
    mac = hmac.new(secret, f"organization-invitation:{invitation_id}".encode(), hashlib.sha256)
    return base64.urlsafe_b64encode(mac.digest()).rstrip(b"=").decode()


def invitation_token_hash(settings: OrganizationsSettings, invitation_id: uuid.UUID) -> str:
    """The digest stored in place of ``invitation_id``'s token."""
    return _token_hash(invitation_token(settings, invitation_id))


@dataclass(frozen=True)
class IssuedInvitation:
    invitation: Invitation
    token: str  # only for the mailer and tests; answers never show it


async def invite_member(
    *,
    sessions: async_sessionmaker[AsyncSession],
    settings: OrganizationsSettings,
    principal: Principal,
    organization_id: uuid.UUID,
    email: str,
) -> IssuedInvitation | OrganizationErrors:
    """A member invites a recruiter by email; the mailer sends them a one-time link."""
    try:
        address = str(InvitationInput(email=email.strip()).email).lower()
    except ValidationError as error:
        return OrganizationErrors(errors_from_validation(error, Code))
    async with unit_of_work(sessions) as session:
        if await session.get(Organization, organization_id) is None:
            return one_error(Code.NOT_FOUND, NO_SUCH_PROFILE, "organizationId")
        refused = await authorize(session, principal, organization_id)
        if refused is not None:
            return refused
        invitation_id = uuid.uuid4()
        token = invitation_token(settings, invitation_id)
        invitation = Invitation(
            id=invitation_id,
            organization_id=organization_id,
            email=address,
            token_hash=_token_hash(token),
            invited_by=uuid.UUID(principal.user_id),
            expires_at=datetime.now(UTC) + timedelta(days=settings.invitation_lifetime_days),
        )
        session.add(invitation)
        await session.flush()
        await emit(
            session,
            settings,
            MemberInvited(
                organization_id=str(organization_id),
                invitation_id=str(invitation.id),
                email=address,
            ),
            organization_id,
            actor_of(principal),
        )
        return IssuedInvitation(invitation, token)


async def accept_invitation(
    *,
    sessions: async_sessionmaker[AsyncSession],
    settings: OrganizationsSettings,
    principal: Principal,
    token: str,
) -> Organization | OrganizationErrors:
    """The invited recruiter joins with the mailed link (once, before it expires), signed in
    to an account whose verified address is the invited one (ADR 0025)."""
    if not principal.is_recruiter:
        return one_error(Code.FORBIDDEN, "Only recruiter accounts can join an organization.")
    async with unit_of_work(sessions) as session:
        invitation = await session.scalar(
            select(Invitation).where(Invitation.token_hash == _token_hash(token)).with_for_update()
        )
        if invitation is None or invitation.accepted_at is not None:
            return one_error(
                Code.INVITATION_INVALID,
                "This invitation is not valid (any more). Ask for a new one.",
                "token",
            )
        # bound to the invited address: a forwarded link is useless to anyone else (the
        # answer never names the address it was sent to)
        if not principal.email_verified:
            return one_error(
                Code.FORBIDDEN,
                "Confirm your email address first, then open the invitation link again.",
                "token",
            )
        if (principal.email or "").strip().lower() != invitation.email.lower():
            return one_error(
                Code.INVITATION_INVALID,
                "This invitation was sent to another email address. Sign in with the account "
                "it was sent to.",
                "token",
            )
        if invitation.expires_at <= datetime.now(UTC):
            return one_error(
                Code.INVITATION_EXPIRED, "This invitation has expired. Ask for a new one.", "token"
            )
        organization = await session.get(Organization, invitation.organization_id)
        assert organization is not None
        if await is_member(session, principal, organization.id):
            return one_error(Code.ALREADY_MEMBER, "You are already a member.", "token")
        invitation.accepted_at = datetime.now(UTC)
        invitation.accepted_by = uuid.UUID(principal.user_id)
        await session.execute(
            members.insert().values(
                organization_id=str(organization.id), user_id=principal.user_id, role=INVITED_ROLE
            )
        )
        user = uuid.UUID(principal.user_id)
        await activate_unless_active(session, user, organization.id)
        await emit(
            session,
            settings,
            MemberAdded(
                organization_id=str(organization.id),
                organization_number=organization.number,
                user_id=principal.user_id,
                role="recruiter",
            ),
            organization.id,
            actor_of(principal),
        )
        return organization
