"""A deleted account's data in organizations (the erasure saga, ADR 0036).

- **Memberships** end (``organizations.member.removed`` for each, so every service's membership
  read model follows), and the person's active organization is forgotten.
- **Organizations** the person founded stay (they are the organization's, its jobs and profile
  are public and others work in it): their owner becomes one random id (the same for all of
  them; an administrator hands the organization to a member) and the founder's address is
  dropped.
- **Contact persons** named with the account's address are taken off every profile (a profile
  edit: ``organizations.profile.updated``), their photos deleted from storage.
- **Invitations** to the address are deleted; the ones the person sent or accepted stay without
  them (a random id).
- **Contact messages** the person sent (signed in, or with the address) were mailed to the
  organization already: the stored copy and its files are deleted.
- Uploads the person made that nothing shows are deleted now; the others (a logo on a profile)
  stay, owned by the random id.
- The contact form's **rate limit counters** naming the person (per account and address) are
  deleted now rather than when later hits prune them.
"""

from __future__ import annotations

import uuid

from jobkit.erasure import ERASED_PREFIX, ERASURE_ACTOR, ErasureReport, rowcount
from jobkit.ratelimit import forget_person
from jobkit.uploads.storage import Storage
from jobkit.uploads.sweeper import erase_uploads
from sqlalchemy import delete, func, or_, select, text, update
from sqlalchemy.ext.asyncio import AsyncSession

from organizations.db import members, rate_limit_hits, uploads
from organizations.domain.events import MemberRemoved, ProfileUpdated
from organizations.domain.models import (
    ActiveOrganization,
    ContactAttachment,
    ContactMessage,
    Invitation,
    Organization,
    OrganizationProfile,
)
from organizations.domain.snapshots import emit, snapshot
from organizations.settings import OrganizationsSettings


async def erase_person(
    session: AsyncSession,
    settings: OrganizationsSettings,
    *,
    storage: Storage,
    user_id: str,
    email: str | None,
) -> ErasureReport:
    report = ErasureReport()
    try:
        person: uuid.UUID | None = uuid.UUID(user_id)
    except ValueError:
        person = None
    stranger = uuid.uuid4()
    address = email.lower() if email else None

    memberships = list(
        await session.scalars(
            delete(members).where(members.c.user_id == user_id).returning(members.c.organization_id)
        )
    )
    for organization_id in memberships:
        organization = await session.get(Organization, uuid.UUID(organization_id))
        if organization is None:
            continue
        await emit(
            session,
            settings,
            MemberRemoved(
                organization_id=organization_id,
                organization_number=organization.number,
                user_id=user_id,
            ),
            organization.id,
            ERASURE_ACTOR,
        )
    report.deleted("memberships", len(memberships))
    if person is not None:
        result = await session.execute(
            delete(ActiveOrganization).where(ActiveOrganization.user_id == person)
        )
        report.deleted("active_organizations", rowcount(result))
        result = await session.execute(
            update(Organization)
            .where(Organization.owner_id == person)
            .values(owner_id=stranger, owner_email=None)
        )
        report.anonymized_rows("organizations", rowcount(result))
        await session.execute(
            update(OrganizationProfile)
            .where(OrganizationProfile.owner_id == person)
            .values(owner_id=stranger)
        )
        for column in (Invitation.invited_by, Invitation.accepted_by):
            result = await session.execute(
                update(Invitation).where(column == person).values({column.key: stranger})
            )
            report.anonymized_rows("invitations", rowcount(result))

    photos: list[str] = []
    if address:
        result = await session.execute(
            delete(Invitation).where(
                func.lower(Invitation.email) == address, Invitation.accepted_at.is_(None)
            )
        )
        report.deleted("invitations", rowcount(result))
        profiles = list(
            await session.scalars(
                select(OrganizationProfile)
                .where(
                    text(
                        "EXISTS (SELECT 1 FROM jsonb_array_elements("
                        "organization_profiles.contact_persons) AS item "
                        "WHERE lower(item->>'email') = :address)"
                    ).bindparams(address=address)
                )
                .with_for_update()
            )
        )
        taken_off = 0
        for profile in profiles:
            kept = []
            for item in profile.contact_persons:
                if str(item.get("email") or "").lower() == address:
                    taken_off += 1
                    if item.get("photo_upload_id"):
                        photos.append(str(item["photo_upload_id"]))
                else:
                    kept.append(item)
            profile.contact_persons = kept
            profile.version += 1
            await session.flush()
            event = await snapshot(session, settings, profile, ProfileUpdated)
            await emit(session, settings, event, profile.id, ERASURE_ACTOR, profile.version)
        report.deleted("contact_persons", taken_off)

    sent = [ContactMessage.sender_id == user_id]
    if address:
        sent.append(func.lower(ContactMessage.email) == address)
    messages = list(await session.scalars(select(ContactMessage.id).where(or_(*sent))))
    if messages:
        files = [
            str(upload)
            for upload in await session.scalars(
                select(ContactAttachment.upload_id).where(
                    ContactAttachment.message_id.in_(messages)
                )
            )
        ]
        await session.execute(delete(ContactMessage).where(ContactMessage.id.in_(messages)))
        report.deleted(
            "contact_message_files",
            await erase_uploads(session, uploads, storage=storage, upload_ids=files),
        )
    report.deleted("contact_messages", len(messages))
    report.deleted(
        "contact_person_photos",
        await erase_uploads(session, uploads, storage=storage, upload_ids=photos),
    )

    unattached = [
        str(upload)
        for upload in await session.scalars(
            select(uploads.c.id).where(
                uploads.c.owner_id == user_id, uploads.c.attached_at.is_(None)
            )
        )
    ]
    report.deleted(
        "uploads", await erase_uploads(session, uploads, storage=storage, upload_ids=unattached)
    )
    result = await session.execute(
        update(uploads)
        .where(uploads.c.owner_id == user_id)
        .values(owner_id=f"{ERASED_PREFIX}{stranger.hex}")
    )
    report.anonymized_rows("uploads", rowcount(result))
    report.deleted(
        "rate_limits",
        await forget_person(session, rate_limit_hits, user_id=user_id, email=email),
    )
    return report
