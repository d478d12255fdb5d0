"""A deleted account in organizations (ADR 0036): its memberships end (with member.removed
events), the organizations it founded stay without it, it is taken off the profiles' contact
persons (photo deleted from storage), invitations to it and the contact messages it sent go;
nobody else's data changes; a second delivery changes nothing; the confirmation goes out."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime, timedelta

import pytest
from jobkit import contracts
from jobkit.events import EventEnvelope
from jobkit.testing.erasure import confirmations, deletion_event, deliver
from jobkit.testing.service import persist
from jobkit.uploads.storage import LocalDiskStorage, storage_from_settings
from organizations.db import members, outbox, rate_limit_hits, uploads
from organizations.domain.models import (
    ActiveOrganization,
    ContactMessage,
    Invitation,
    Organization,
    OrganizationProfile,
)
from organizations.messaging.consumers import erasure_handlers
from organizations.settings import OrganizationsSettings
from sqlalchemy import insert, select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from services.organizations.tests.factories import profile

pytestmark = pytest.mark.integration

ADA = "Ada@Example.org"


def _person(email: str, photo: uuid.UUID | None = None) -> dict[str, object]:
    return {
        "first_name": "Ada",
        "last_name": "Lovelace",
        "email": email,
        "phone": "+44 20 7946 0000",
        "photo_upload_id": str(photo) if photo else None,
    }


async def _upload(
    sessions: async_sessionmaker[AsyncSession], storage: LocalDiskStorage, owner: str
) -> uuid.UUID:
    upload_id = uuid.uuid4()
    key = f"{upload_id}/original.jpg"
    await storage.put(key, b"a face", "image/jpeg")
    async with sessions() as session, session.begin():
        await session.execute(
            insert(uploads).values(
                id=upload_id,
                owner_id=owner,
                kind="image",
                media_type="image/jpeg",
                filename="face.jpg",
                size=6,
                styles={"original": {"key": key}},
                purpose="contact_person_photo",
            )
        )
    return upload_id


async def _events(
    sessions: async_sessionmaker[AsyncSession], event_type: str, key: str
) -> list[EventEnvelope]:
    async with sessions() as session:
        bodies = await session.scalars(
            select(outbox.c.body).where(outbox.c.event_type == event_type, outbox.c.key == key)
        )
        return [EventEnvelope.from_bytes(body) for body in bodies]


async def test_a_deleted_account_is_erased_from_organizations_once(
    service_settings: OrganizationsSettings, committed_sessions: async_sessionmaker[AsyncSession]
) -> None:
    storage = storage_from_settings(service_settings)
    assert isinstance(storage, LocalDiskStorage)
    person, other = uuid.uuid4(), uuid.uuid4()
    photo = await _upload(committed_sessions, storage, str(other))
    others_photo = await _upload(committed_sessions, storage, str(other))
    founded, founded_profile = profile(owner_id=person)
    founded.owner_email = "ada@example.org"
    joined, joined_profile = profile(owner_id=other)
    joined_profile.contact_persons = [
        _person("ada@example.org", photo),
        _person("bob@example.org", others_photo),
    ]
    await persist(committed_sessions, founded, joined, founded_profile, joined_profile)
    async with committed_sessions() as session, session.begin():
        await session.execute(
            insert(members).values(
                [
                    {"organization_id": str(founded.id), "user_id": str(person)},
                    {"organization_id": str(joined.id), "user_id": str(person)},
                    {"organization_id": str(joined.id), "user_id": str(other)},
                ]
            )
        )
    await persist(
        committed_sessions,
        ActiveOrganization(user_id=person, organization_id=joined.id),
        ActiveOrganization(user_id=other, organization_id=joined.id),
        Invitation(
            organization_id=joined.id,
            email="ada@example.org",
            token_hash=uuid.uuid4().hex,
            invited_by=other,
            expires_at=datetime.now(UTC) + timedelta(days=7),
        ),
        ContactMessage(
            organization_id=joined.id,
            site="jobboard",
            sender_id=None,
            name="Ada",
            email="ada@example.org",
            subject="Hello",
            body="I am Ada",
        ),
        ContactMessage(
            organization_id=joined.id,
            site="jobboard",
            sender_id=str(other),
            name="Bob",
            email="bob@example.org",
            subject="Hello",
            body="I am Bob",
        ),
    )

    handler = erasure_handlers(service_settings, storage)[contracts.USER_DELETED]
    for _ in range(2):
        await deliver(committed_sessions, handler, deletion_event(str(person), email=ADA))

    async with committed_sessions() as session:
        left = set(
            (row.organization_id, row.user_id)
            for row in await session.execute(select(members))
            if row.organization_id in {str(founded.id), str(joined.id)}
        )
        assert left == {(str(joined.id), str(other))}
        assert await session.get(ActiveOrganization, person) is None
        assert await session.get(ActiveOrganization, other) is not None
        kept = await session.get(Organization, founded.id)
        assert kept is not None
        assert kept.owner_id != person
        assert kept.owner_email is None
        kept_profile = await session.get(OrganizationProfile, founded.id)
        assert kept_profile is not None
        assert kept_profile.owner_id == kept.owner_id
        edited = await session.get(OrganizationProfile, joined.id)
        assert edited is not None
        assert [p["email"] for p in edited.contact_persons] == ["bob@example.org"]
        invitations = list(
            await session.scalars(select(Invitation).where(Invitation.organization_id == joined.id))
        )
        assert invitations == []
        senders = list(
            await session.scalars(
                select(ContactMessage.email).where(ContactMessage.organization_id == joined.id)
            )
        )
        assert senders == ["bob@example.org"]
        files = set(await session.scalars(select(uploads.c.id)))
        assert photo not in files
        assert others_photo in files
    assert not storage.path(f"{photo}/original.jpg").exists()
    assert storage.path(f"{others_photo}/original.jpg").exists()

    removed = await _events(committed_sessions, contracts.MEMBER_REMOVED, str(joined.id))
    assert [e.payload["user_id"] for e in removed] == [str(person)]
    assert len(await _events(committed_sessions, contracts.MEMBER_REMOVED, str(founded.id))) == 1
    assert len(await _events(committed_sessions, contracts.PROFILE_UPDATED, str(joined.id))) == 1

    done = await confirmations(
        committed_sessions, outbox, service="organizations", user_id=str(person)
    )
    assert len(done) == 2
    assert done[0].payload["erased"] == {
        "contact_messages": 1,
        "contact_person_photos": 1,
        "contact_persons": 1,
        "active_organizations": 1,
        "invitations": 1,
        "memberships": 2,
    }
    assert done[0].payload["anonymized"] == {"organizations": 1}
    assert done[1].payload["erased"] == {}
    assert done[1].payload["anonymized"] == {}


async def test_the_contact_forms_rate_limit_counters_naming_the_person_go(
    service_settings: OrganizationsSettings, committed_sessions: async_sessionmaker[AsyncSession]
) -> None:
    """The contact form's counters per account and address name the person; they go with the
    erasure instead of when later hits prune old windows (a day or more on)."""
    storage = storage_from_settings(service_settings)
    person, other = str(uuid.uuid4()), str(uuid.uuid4())
    address = f"ada_{person[:8]}@example.org"
    keys = {
        f"contact:email:{address}": True,
        f"contact:user:{person}": True,
        f"contact:email:adax{person[:8]}@example.org": False,
        f"contact:user:{other}": False,
    }
    window = datetime.now(UTC).replace(microsecond=0)
    async with committed_sessions() as session, session.begin():
        await session.execute(
            insert(rate_limit_hits),
            [{"key": key, "window_start": window, "count": 1} for key in keys],
        )

    handler = erasure_handlers(service_settings, storage)[contracts.USER_DELETED]
    await deliver(committed_sessions, handler, deletion_event(person, email=address.upper()))

    async with committed_sessions() as session:
        left = set(
            await session.scalars(
                select(rate_limit_hits.c.key).where(rate_limit_hits.c.key.in_(keys))
            )
        )
    assert left == {key for key, theirs in keys.items() if not theirs}
    [done] = await confirmations(
        committed_sessions, outbox, service="organizations", user_id=person
    )
    assert done.payload["erased"] == {"rate_limits": 2}
