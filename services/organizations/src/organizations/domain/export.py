"""A person's copy of what organizations keeps about them (the export saga, ADR 0038).

It mirrors the erasure (``organizations.domain.erasure``, ADR 0036): what the erasure deletes or
anonymizes for the person is what their part holds.

- **Memberships**: each organization they belong to (its name), their role, since when; and
  their **active organization**.
- **Organizations** they founded: the name, when, the address they founded it with.
- **Contact persons** named with their address: which profile, and the entry's fields about
  them with its photo (the original file).
- **Invitations** to their address, and the ones they sent or accepted: the organization, the
  role it gives, its dates; the address only when it is theirs (an invitation they sent names
  someone else).
- **Contact messages** they sent (signed in, or with their address): what they wrote, when, to
  which organization, with their files (the originals).
- **Uploads** they made: what, when, for what, with the original file; except a photo of
  another contact person (that face is the other person's data: the record says so).

Files are the stored originals (``styles["original"]``), each added once to the part however
many records name it; one missing from storage is noted in its record and left out. No record
names another person: no other member, no inviter's or invitee's address or id.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterable
from typing import Any

from jobkit.export import ExportPart
from jobkit.uploads.storage import Storage
from sqlalchemy import ARRAY, ColumnElement, String, bindparam, func, or_, select, text
from sqlalchemy.ext.asyncio import AsyncSession

from organizations.db import members, uploads
from organizations.domain.groups import ContactPerson
from organizations.domain.invitations import INVITED_ROLE
from organizations.domain.models import (
    ActiveOrganization,
    ContactAttachment,
    ContactMessage,
    Invitation,
    Organization,
    OrganizationProfile,
)

SERVICE = "organizations"
# what a contact person entry says about the person (its photo is exported as a file instead)
CONTACT_PERSON_FIELDS = tuple(
    name for name in ContactPerson.model_fields if name != "photo_upload_id"
)
MISSING = "the file is missing from storage"
OTHERS_PHOTO = "a photo on another person's contact person entry: their data, not included"

_NAMES_ADDRESS = text(
    "EXISTS (SELECT 1 FROM jsonb_array_elements(organization_profiles.contact_persons) AS item "
    "WHERE lower(item->>'email') = :address)"
)
_SHOWS_PHOTOS = text(
    "EXISTS (SELECT 1 FROM jsonb_array_elements(organization_profiles.contact_persons) AS item "
    "WHERE item->>'photo_upload_id' = ANY(:ids))"
).bindparams(bindparam("ids", type_=ARRAY(String)))


class _Files:
    """The part's files by upload: each original read from storage and added once, whichever
    records name it (a contact message's file the person also uploaded)."""

    def __init__(self, session: AsyncSession, storage: Storage, part: ExportPart) -> None:
        self.session = session
        self.storage = storage
        self.part = part
        self.added: dict[str, str] = {}

    async def file(self, upload_id: object) -> dict[str, Any]:
        """What the record says of the file: its name, type and size as uploaded and its path
        in the archive, or a note when it is not stored any more."""
        key = str(upload_id)
        try:
            row = (
                await self.session.execute(select(uploads).where(uploads.c.id == uuid.UUID(key)))
            ).first()
        except ValueError:
            row = None
        if row is None:
            return {"upload_id": key, "file": None, "note": MISSING}
        record: dict[str, Any] = {
            "upload_id": key,
            "filename": row.filename,
            "media_type": row.media_type,
            "size": row.size,
        }
        if key in self.added:
            return record | {"file": self.added[key]}
        stored = (row.styles or {}).get("original") or {}
        try:
            data = await self.storage.get(stored["key"])
        except (KeyError, FileNotFoundError):
            return record | {"file": None, "note": MISSING}
        extension = str(stored["key"]).rsplit(".", 1)[-1]
        stem = row.filename.rsplit(".", 1)[0] if "." in row.filename else row.filename
        self.added[key] = self.part.file(f"{stem}.{extension}", data)
        return record | {"file": self.added[key]}


async def _organizations(
    session: AsyncSession, ids: Iterable[object]
) -> dict[uuid.UUID, Organization]:
    keys = {uuid.UUID(str(organization_id)) for organization_id in ids}
    if not keys:
        return {}
    found = await session.scalars(select(Organization).where(Organization.id.in_(keys)))
    return {organization.id: organization for organization in found}


def _named(organizations: dict[uuid.UUID, Organization], organization_id: object) -> dict[str, Any]:
    """The organization a record is about (a legal entity, not a person): its id and name."""
    key = uuid.UUID(str(organization_id))
    found = organizations.get(key)
    return {"organization_id": str(key), "organization": found.name if found else None}


async def export_person(
    session: AsyncSession, *, storage: Storage, user_id: str, email: str | None
) -> ExportPart:
    """identity.export.requested: what organizations keeps about the person (by their id and by
    their address), each section a list of records, with the original files."""
    part = ExportPart(SERVICE)
    files = _Files(session, storage, part)
    try:
        person: uuid.UUID | None = uuid.UUID(user_id)
    except ValueError:
        person = None
    address = email.lower() if email else None

    memberships = (
        await session.execute(
            select(members).where(members.c.user_id == user_id).order_by(members.c.updated_at)
        )
    ).all()
    actives = (
        list(
            await session.scalars(
                select(ActiveOrganization).where(ActiveOrganization.user_id == person)
            )
        )
        if person is not None
        else []
    )
    founded = (
        list(
            await session.scalars(
                select(Organization)
                .where(Organization.owner_id == person)
                .order_by(Organization.created_at, Organization.number)
            )
        )
        if person is not None
        else []
    )
    concerns: list[ColumnElement[bool]] = []
    if person is not None:
        concerns += [Invitation.invited_by == person, Invitation.accepted_by == person]
    if address:
        concerns.append(func.lower(Invitation.email) == address)
    invitations = (
        list(
            await session.scalars(
                select(Invitation)
                .where(or_(*concerns))
                .order_by(Invitation.created_at, Invitation.id)
            )
        )
        if concerns
        else []
    )
    sent = [ContactMessage.sender_id == user_id]
    if address:
        sent.append(func.lower(ContactMessage.email) == address)
    messages = list(
        await session.scalars(
            select(ContactMessage)
            .where(or_(*sent))
            .order_by(ContactMessage.created_at, ContactMessage.id)
        )
    )
    organizations = await _organizations(
        session,
        [row.organization_id for row in memberships]
        + [active.organization_id for active in actives]
        + [invitation.organization_id for invitation in invitations]
        + [message.organization_id for message in messages],
    )

    part.add(
        "memberships",
        [
            # the table keeps one date: when they joined, or when their role last changed
            _named(organizations, row.organization_id) | {"role": row.role, "since": row.updated_at}
            for row in memberships
        ],
    )
    part.add(
        "active_organizations",
        [_named(organizations, active.organization_id) for active in actives],
    )
    part.add(
        "organizations",
        [
            {
                "organization_id": str(organization.id),
                "number": organization.number,
                "name": organization.name,
                "site": organization.site,
                "created_at": organization.created_at,
                "founder_address": organization.owner_email,
            }
            for organization in founded
        ],
    )

    contact_persons: list[dict[str, Any]] = []
    if address:
        profiles = await session.scalars(
            select(OrganizationProfile)
            .where(_NAMES_ADDRESS.bindparams(address=address))
            .order_by(OrganizationProfile.created_at, OrganizationProfile.id)
        )
        for profile in profiles:
            for item in profile.contact_persons:
                if str(item.get("email") or "").lower() != address:
                    continue
                photo = item.get("photo_upload_id")
                contact_persons.append(
                    {
                        "profile_id": str(profile.id),
                        "organization": profile.name,
                        "site": profile.site,
                        "slug": profile.slug,
                        "published": profile.status == "published",
                        **{field: item.get(field) for field in CONTACT_PERSON_FIELDS},
                        "photo": await files.file(photo) if photo else None,
                    }
                )
    part.add("contact_persons", contact_persons)

    invitation_records = []
    for invitation in invitations:
        to_them = address is not None and invitation.email.lower() == address
        accepted = person is not None and invitation.accepted_by == person
        relation = [
            name
            for name, holds in (
                ("invited", to_them),
                ("sent", person is not None and invitation.invited_by == person),
                ("accepted", accepted),
            )
            if holds
        ]
        invitation_records.append(
            _named(organizations, invitation.organization_id)
            | {
                "invitation_id": str(invitation.id),
                "relation": relation,
                "role": INVITED_ROLE,
                # theirs when sent to them or accepted by them (the address had to be the
                # account's); one they sent names the person they invited: left out
                "address": invitation.email if to_them or accepted else None,
                "created_at": invitation.created_at,
                "expires_at": invitation.expires_at,
                "accepted_at": invitation.accepted_at,
            }
        )
    part.add("invitations", invitation_records)

    message_records = []
    for message in messages:
        attached = await session.scalars(
            select(ContactAttachment.upload_id)
            .where(ContactAttachment.message_id == message.id)
            .order_by(ContactAttachment.position)
        )
        message_records.append(
            _named(organizations, message.organization_id)
            | {
                "message_id": str(message.id),
                "site": message.site,
                "sent_at": message.created_at,
                "name": message.name,
                "address": message.email,
                "subject": message.subject,
                "body": message.body,
                "copy_requested": message.copy,
                "attachments": [await files.file(upload) for upload in attached],
            }
        )
    part.add("contact_messages", message_records)

    made = (
        await session.execute(
            select(uploads)
            .where(uploads.c.owner_id == user_id)
            .order_by(uploads.c.created_at, uploads.c.id)
        )
    ).all()
    others = await _others_photos(session, [str(row.id) for row in made], address)
    upload_records = []
    for row in made:
        record: dict[str, Any] = {
            "upload_id": str(row.id),
            "purpose": row.purpose,
            "kind": row.kind,
            "filename": row.filename,
            "media_type": row.media_type,
            "size": row.size,
            "uploaded_at": row.created_at,
        }
        if str(row.id) in others and str(row.id) not in files.added:
            record |= {"file": None, "note": OTHERS_PHOTO}
        else:
            record |= {"file": (await files.file(row.id))["file"]}
            if record["file"] is None:
                record["note"] = MISSING
        upload_records.append(record)
    part.add("uploads", upload_records)
    return part


async def _others_photos(
    session: AsyncSession, upload_ids: list[str], address: str | None
) -> set[str]:
    """Which of the uploads are the photo of a contact person entry naming someone else: the
    uploader made the file, but the face in it is that person's."""
    if not upload_ids:
        return set()
    profiles = await session.scalars(
        select(OrganizationProfile.contact_persons).where(_SHOWS_PHOTOS.bindparams(ids=upload_ids))
    )
    return {
        str(item["photo_upload_id"])
        for items in profiles
        for item in items
        if item.get("photo_upload_id")
        and str(item["photo_upload_id"]) in upload_ids
        and (address is None or str(item.get("email") or "").lower() != address)
    }
