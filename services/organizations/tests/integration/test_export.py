"""A person's data in their export from organizations (ADR 0038), mirroring the erasure (ADR
0036): their memberships and active organization, the organizations they founded, the contact
person entries naming their address (with the photo's original bytes), the invitations to them
and the ones they sent or accepted, the contact messages they sent (with their files) and their
uploads; a file missing from storage is noted, a photo of someone else is not theirs; nobody
else's data is in the part; the part is stored and announced with its size, digest and counts; a
request for other services is not ours."""

from __future__ import annotations

import hashlib
import uuid
from datetime import UTC, datetime, timedelta

import pytest
from jobkit import contracts
from jobkit.export import export_storage
from jobkit.testing.erasure import deliver
from jobkit.testing.export import announcements, export_event, opened_part
from jobkit.testing.service import persist
from jobkit.uploads.storage import LocalDiskStorage, storage_from_settings
from organizations.db import members, outbox, uploads
from organizations.domain.export import MISSING, OTHERS_PHOTO
from organizations.domain.models import (
    ActiveOrganization,
    ContactAttachment,
    ContactMessage,
    Invitation,
    Organization,
)
from organizations.messaging.consumers import export_handlers
from organizations.settings import OrganizationsSettings
from sqlalchemy import insert
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from services.organizations.tests.factories import profile

pytestmark = pytest.mark.integration

ADA = "Ada@Example.org"  # as identity sends it; the rows keep it in lower case
ADA_FACE, BOB_FACE = b"\xff\xd8 Ada's face", b"\xff\xd8 Bob's face"
LOGO, CV = b"\x89PNG a logo", b"%PDF-1.7 Ada's CV"
OTHERS = ("bob@example.org", "carol@example.org", "dave@example.org", "Builder", "I am Bob")


def _ada(photo: uuid.UUID) -> dict[str, object]:
    return {
        "salutation": "MS",
        "first_name": "Ada",
        "last_name": "Lovelace",
        "email": "ada@example.org",
        "position": "Head of people",
        "phone": "+44 20 7946 0000",
        "photo_upload_id": str(photo),
    }


def _bob(photo: uuid.UUID) -> dict[str, object]:
    return {
        "first_name": "Bob",
        "last_name": "Builder",
        "email": "bob@example.org",
        "phone": "+44 20 7946 1111",
        "photo_upload_id": str(photo),
    }


async def _upload(
    sessions: async_sessionmaker[AsyncSession],
    storage: LocalDiskStorage,
    owner: str,
    *,
    filename: str,
    data: bytes,
    purpose: str,
    stored: bool = True,
) -> uuid.UUID:
    upload_id = uuid.uuid4()
    extension = filename.rsplit(".", 1)[-1]
    media_type = "application/pdf" if extension == "pdf" else f"image/{extension}"
    key = f"{upload_id}/original.{extension}"
    if stored:
        await storage.put(key, data, media_type)
    async with sessions() as session, session.begin():
        await session.execute(
            insert(uploads).values(
                id=upload_id,
                owner_id=owner,
                kind="pdf" if extension == "pdf" else "image",
                media_type=media_type,
                filename=filename,
                size=len(data),
                styles={"original": {"key": key, "media_type": media_type}},
                purpose=purpose,
            )
        )
    return upload_id


def _invitation(
    organization: Organization, email: str, by: uuid.UUID, **fields: object
) -> Invitation:
    return Invitation(
        organization_id=organization.id,
        email=email,
        token_hash=uuid.uuid4().hex,
        invited_by=by,
        expires_at=datetime.now(UTC) + timedelta(days=7),
        **fields,
    )


def _message(organization: Organization, **fields: object) -> ContactMessage:
    return ContactMessage(
        id=uuid.uuid4(), organization_id=organization.id, site="jobboard", **fields
    )


async def test_a_persons_organizations_data_is_exported_with_the_files(
    service_settings: OrganizationsSettings, committed_sessions: async_sessionmaker[AsyncSession]
) -> None:
    storage = storage_from_settings(service_settings)
    assert isinstance(storage, LocalDiskStorage)
    person, other = uuid.uuid4(), uuid.uuid4()

    async def upload(owner: uuid.UUID, filename: str, data: bytes, **fields: object) -> uuid.UUID:
        purpose = str(fields.pop("purpose", "organization_image"))
        stored = bool(fields.pop("stored", True))
        return await _upload(
            committed_sessions,
            storage,
            str(owner),
            filename=filename,
            data=data,
            purpose=purpose,
            stored=stored,
        )

    # Ada's photo was uploaded by a colleague; Bob's photo by Ada (the face is Bob's)
    ada_photo = await upload(other, "ada.jpeg", ADA_FACE)
    bob_photo = await upload(person, "bob.jpeg", BOB_FACE)
    logo = await upload(person, "logo.png", LOGO, purpose="organization_logo")
    cv = await upload(person, "cv.pdf", CV, purpose="contact_attachment")
    gone = await upload(
        person, "gone.pdf", b"%PDF gone", purpose="contact_attachment", stored=False
    )
    bobs_file = await upload(other, "bob.pdf", b"%PDF Bob's", purpose="contact_attachment")

    founded, founded_profile = profile(owner_id=person, name="Ada Analytics")
    founded.owner_email = "ada@example.org"
    founded_profile.logo_upload_id = logo
    joined, joined_profile = profile(owner_id=other, name="Green Harbor")
    joined_profile.contact_persons = [_bob(bob_photo), _ada(ada_photo)]
    elsewhere, elsewhere_profile = profile(owner_id=other, name="Bob's Boats")
    await persist(
        committed_sessions,
        founded,
        joined,
        elsewhere,
        founded_profile,
        joined_profile,
        elsewhere_profile,
    )
    async with committed_sessions() as session, session.begin():
        await session.execute(
            insert(members).values(
                [
                    {"organization_id": str(founded.id), "user_id": str(person), "role": "owner"},
                    {
                        "organization_id": str(joined.id),
                        "user_id": str(person),
                        "role": "recruiter",
                    },
                    {"organization_id": str(joined.id), "user_id": str(other), "role": "owner"},
                    {"organization_id": str(elsewhere.id), "user_id": str(other), "role": "owner"},
                ]
            )
        )
    signed_in = _message(
        joined,
        sender_id=str(person),
        name="Ada Lovelace",
        email="ada@example.org",
        subject="Working with you",
        body="I would like to recruit with you.",
        copy=True,
    )
    bobs = _message(
        elsewhere,
        sender_id=str(other),
        name="Bob Builder",
        email="bob@example.org",
        subject="Hello",
        body="I am Bob",
    )
    await persist(
        committed_sessions,
        ActiveOrganization(user_id=person, organization_id=joined.id),
        ActiveOrganization(user_id=other, organization_id=elsewhere.id),
        # to Ada, not yet accepted; to Ada, accepted by her; sent by Ada, accepted by Carol
        _invitation(joined, "ada@example.org", other),
        _invitation(
            joined,
            "ada@example.org",
            other,
            accepted_at=datetime.now(UTC),
            accepted_by=person,
        ),
        _invitation(
            founded,
            "carol@example.org",
            person,
            accepted_at=datetime.now(UTC),
            accepted_by=other,
        ),
        _invitation(elsewhere, "dave@example.org", other),
        signed_in,
        # as a visitor, with the address
        _message(
            founded,
            sender_id=None,
            name="Ada",
            email="ADA@example.org",
            subject="A question",
            body="Are you hiring?",
        ),
        bobs,
    )
    await persist(
        committed_sessions,
        ContactAttachment(upload_id=cv, message_id=signed_in.id, position=0),
        ContactAttachment(upload_id=gone, message_id=signed_in.id, position=1),
        ContactAttachment(upload_id=bobs_file, message_id=bobs.id, position=0),
    )

    event = export_event(str(person), email=ADA)
    handler = export_handlers(service_settings, storage)[contracts.EXPORT_REQUESTED]
    await deliver(committed_sessions, handler, event)

    [announced] = await announcements(
        committed_sessions, outbox, service="organizations", user_id=str(person)
    )
    assert announced.payload["export_id"] == event.payload["export_id"]
    assert announced.payload["counts"] == {
        "memberships": 2,
        "active_organizations": 1,
        "organizations": 1,
        "contact_persons": 1,
        "invitations": 3,
        "contact_messages": 2,
        "uploads": 4,
        "files": 3,
    }
    exports = export_storage(service_settings)
    stored = await exports.get(announced.payload["key"])
    assert announced.payload["size"] == len(stored)
    assert announced.payload["sha256"] == hashlib.sha256(stored).hexdigest()

    document, files = await opened_part(exports, announced.payload["key"])
    assert document["service"] == "organizations"
    assert sorted(files.values()) == sorted([ADA_FACE, LOGO, CV])

    memberships = {item["organization"]: item for item in document["memberships"]}
    assert set(memberships) == {"Ada Analytics", "Green Harbor"}
    assert memberships["Ada Analytics"]["role"] == "owner"
    assert memberships["Green Harbor"]["role"] == "recruiter"
    assert memberships["Green Harbor"]["organization_id"] == str(joined.id)
    assert all(item["since"] for item in memberships.values())
    assert document["active_organizations"] == [
        {"organization_id": str(joined.id), "organization": "Green Harbor"}
    ]

    [organization] = document["organizations"]
    assert organization["organization_id"] == str(founded.id)
    assert organization["name"] == "Ada Analytics"
    assert organization["founder_address"] == "ada@example.org"
    assert organization["created_at"]

    [contact] = document["contact_persons"]
    assert contact["profile_id"] == str(joined.id)
    assert contact["organization"] == "Green Harbor"
    assert contact["slug"] == joined_profile.slug
    assert (contact["first_name"], contact["last_name"]) == ("Ada", "Lovelace")
    assert contact["email"] == "ada@example.org"
    assert contact["position"] == "Head of people"
    assert contact["phone"] == "+44 20 7946 0000"
    assert files[contact["photo"]["file"]] == ADA_FACE
    assert contact["photo"]["filename"] == "ada.jpeg"

    invitations = sorted(document["invitations"], key=lambda item: item["relation"])
    assert [item["relation"] for item in invitations] == [
        ["invited"],
        ["invited", "accepted"],
        ["sent"],
    ]
    invited, accepted, sent = invitations
    assert invited["organization"] == accepted["organization"] == "Green Harbor"
    assert invited["address"] == accepted["address"] == "ada@example.org"
    assert invited["accepted_at"] is None
    assert accepted["accepted_at"]
    assert sent["organization"] == "Ada Analytics"
    assert sent["address"] is None
    assert sent["accepted_at"]
    assert all(item["role"] == "recruiter" for item in invitations)
    assert all(item["created_at"] and item["expires_at"] for item in invitations)

    messages = {item["subject"]: item for item in document["contact_messages"]}
    assert set(messages) == {"Working with you", "A question"}
    written = messages["Working with you"]
    assert written["organization"] == "Green Harbor"
    assert written["body"] == "I would like to recruit with you."
    assert written["sent_at"]
    assert written["copy_requested"] is True
    attached, missing = written["attachments"]
    assert files[attached["file"]] == CV
    assert attached["filename"] == "cv.pdf"
    assert (missing["filename"], missing["file"], missing["note"]) == ("gone.pdf", None, MISSING)
    assert messages["A question"]["organization"] == "Ada Analytics"
    assert messages["A question"]["attachments"] == []

    made = {item["upload_id"]: item for item in document["uploads"]}
    assert set(made) == {str(bob_photo), str(logo), str(cv), str(gone)}  # not Ada's photo
    assert files[made[str(logo)]["file"]] == LOGO
    assert made[str(logo)]["purpose"] == "organization_logo"
    assert made[str(cv)]["file"] == attached["file"]  # one copy of a file named twice
    assert (made[str(gone)]["file"], made[str(gone)]["note"]) == (None, MISSING)
    assert (made[str(bob_photo)]["file"], made[str(bob_photo)]["note"]) == (None, OTHERS_PHOTO)

    text = str(document)
    assert str(other) not in text
    assert all(value not in text for value in OTHERS)
    assert BOB_FACE not in files.values()


async def test_a_request_for_other_services_is_not_ours(
    service_settings: OrganizationsSettings, committed_sessions: async_sessionmaker[AsyncSession]
) -> None:
    person = uuid.uuid4()
    organization, _profile = profile(owner_id=person)
    await persist(committed_sessions, organization)
    storage = storage_from_settings(service_settings)
    handler = export_handlers(service_settings, storage)[contracts.EXPORT_REQUESTED]
    await deliver(committed_sessions, handler, export_event(str(person), services=["jobs"]))
    assert (
        await announcements(
            committed_sessions, outbox, service="organizations", user_id=str(person)
        )
        == []
    )
