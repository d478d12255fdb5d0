"""A person's data in their export (ADR 0038): their resume with every entry, its visibility and
the organizations it is hidden from, the same resume as JSON Resume, the contact requests made to
it and by them as a recruiter, and every upload of theirs as its original bytes; nobody else's.
The part is stored under the export and announced through the outbox with its size, digest and
counts; a request for other services is not ours."""

from __future__ import annotations

import hashlib
import uuid

import pytest
from jobkit import contracts
from jobkit.export import export_storage
from jobkit.testing.erasure import deliver
from jobkit.testing.export import announcements, export_event, opened_part
from jobkit.testing.service import persist
from jobkit.uploads.storage import Storage, storage_from_settings
from resumes.db import outbox, uploads
from resumes.domain.models import HiddenFromOrganization
from resumes.messaging.consumers import export_handlers
from resumes.settings import ResumesSettings
from sqlalchemy import insert
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from services.resumes.tests.factories import (
    BACHELOR,
    CARE,
    ENGLISH,
    MEDICINE,
    NURSING,
    add_terms,
    contact_request,
    education,
    organization,
    resume,
)

pytestmark = pytest.mark.integration

CV = b"%PDF-1.7 the applicant's own CV"
PICTURE = b"\xff\xd8\xff the applicant's picture"
THEIRS = b"%PDF-1.7 somebody else's CV"


async def _upload(
    sessions: async_sessionmaker[AsyncSession],
    storage: Storage,
    owner: str,
    *,
    filename: str,
    data: bytes | None,
    media_type: str = "application/pdf",
    purpose: str = "resume_import",
) -> uuid.UUID:
    """An upload row of ``owner``; its original stored unless ``data`` is None (lost)."""
    upload_id = uuid.uuid4()
    key = f"{upload_id}/original.{filename.rsplit('.', 1)[-1]}"
    if data is not None:
        await storage.put(key, data, media_type)
    async with sessions() as session, session.begin():
        await session.execute(
            insert(uploads).values(
                id=upload_id,
                owner_id=owner,
                kind="image" if media_type.startswith("image/") else "pdf",
                media_type=media_type,
                filename=filename,
                size=len(data or b""),
                styles={"original": {"key": key}},
                private=purpose == "resume_import",
                purpose=purpose,
            )
        )
    return upload_id


async def test_a_persons_resume_requests_and_files_are_exported(
    service_settings: ResumesSettings, committed_sessions: async_sessionmaker[AsyncSession]
) -> None:
    await add_terms(committed_sessions)
    storage = storage_from_settings(service_settings)
    asking = await organization(committed_sessions, name="Acme Care")
    hidden = await organization(committed_sessions, name="Former Employer")
    employer = await organization(committed_sessions, name="Recruiting Agency")
    rid = uuid.uuid4()
    row = resume(
        id=rid,
        education=[
            education(
                rid,
                institution="Charité School",
                degree_level_tid=BACHELOR,
                field_of_study_tid=MEDICINE,
                study_program="Nursing science",
            )
        ],
        hidden_from=[HiddenFromOrganization(organization_id=hidden)],
    )
    other = resume(
        first_name="Bob",
        last_name="Someone-Else",
        phone="+49 40 9999999",
        owner_email="bob-the-other@example.org",
        about="Bob's own words.",
    )
    await persist(committed_sessions, row, other)
    person = str(row.owner_id)
    asker = str(uuid.uuid4())  # the recruiter of Acme Care: another person
    received = contact_request(row, asking, "pending", recruiter_id=asker)
    made = contact_request(other, employer, "approved", recruiter_id=person)
    unrelated = contact_request(other, asking, "declined", recruiter_id=asker)
    await persist(committed_sessions, received, made, unrelated)
    cv = await _upload(committed_sessions, storage, person, filename="my cv.pdf", data=CV)
    picture = await _upload(
        committed_sessions,
        storage,
        person,
        filename="me.jpg",
        data=PICTURE,
        media_type="image/jpeg",
        purpose="resume_picture",
    )
    lost = await _upload(committed_sessions, storage, person, filename="lost.pdf", data=None)
    await _upload(
        committed_sessions, storage, str(other.owner_id), filename="bob-cv.pdf", data=THEIRS
    )

    event = export_event(person, email=row.owner_email)
    handler = export_handlers(service_settings, storage)[contracts.EXPORT_REQUESTED]
    await deliver(committed_sessions, handler, event)

    [announced] = await announcements(committed_sessions, outbox, service="resumes", user_id=person)
    assert announced.payload["export_id"] == event.payload["export_id"]
    assert announced.payload["counts"] == {
        "resume": 1,
        "work_experience": 1,
        "education": 1,
        "hidden_organizations": 1,
        "json_resume": 1,
        "contact_requests_received": 1,
        "contact_requests_made": 1,
        "uploads": 3,
        "files": 2,
    }
    exports = export_storage(service_settings)
    stored = await exports.get(announced.payload["key"])
    assert announced.payload["size"] == len(stored)
    assert announced.payload["sha256"] == hashlib.sha256(stored).hexdigest()

    document, files = await opened_part(exports, announced.payload["key"])
    assert document["service"] == "resumes"

    mine = document["resume"]
    assert mine["id"] == str(row.id)
    assert mine["email"] == row.owner_email
    assert mine["personal_info"]["first_name"] == "Ada"
    assert mine["personal_info"]["last_name"] == "Private-Lovelace"
    assert mine["personal_info"]["phone"] == "+49 30 1234567"
    assert mine["personal_info"]["birthday"] == "1990-05-17"
    assert mine["personal_info"]["home_location"]["locality"] == "Potsdam"
    preferences = mine["job_preferences"]
    assert preferences["title"] == "Nurse, 5 years"
    assert preferences["desired_occupation"] == {
        "tid": NURSING,
        "label": f"occupational_fields {NURSING}",
    }
    assert preferences["desired_location"]["locality"] == "Berlin"
    assert mine["languages"] == [{"tid": ENGLISH, "label": f"languages {ENGLISH}", "level": "c1"}]
    assert mine["skills"] == [{"tid": CARE, "label": f"skills {CARE}"}]
    assert mine["skills_free"] == ["Triage"]
    assert mine["visibility"] == {"findable": True, "searchable": True, "complete_percent": 100}

    [work] = document["work_experience"]
    assert (work["job_title"], work["company_name"], work["start_date"]) == (
        "Nurse",
        "Charité",
        "2019-01-01",
    )
    [school] = document["education"]
    assert school["institution"] == "Charité School"
    assert school["study_program"] == "Nursing science"
    assert school["degree_level"] == {"tid": BACHELOR, "label": f"degree_levels {BACHELOR}"}
    assert school["field_of_study"]["tid"] == MEDICINE
    [hidden_from] = document["hidden_organizations"]
    assert hidden_from["organization_id"] == hidden
    assert hidden_from["organization_name"] == "Former Employer"
    assert hidden_from["hidden_since"]

    json_resume = document["json_resume"]
    assert json_resume["basics"]["name"] == "Ada Private-Lovelace"
    assert json_resume["basics"]["email"] == row.owner_email
    assert [item["name"] for item in json_resume["work"]] == ["Charité"]
    assert [item["institution"] for item in json_resume["education"]] == ["Charité School"]
    assert {"name": f"skills {CARE}"} in json_resume["skills"]

    [to_me] = document["contact_requests_received"]
    assert to_me["id"] == str(received.id)
    assert to_me["organization_name"] == "Acme Care"
    assert to_me["status"] == "pending"
    assert to_me["requested_at"]
    [by_me] = document["contact_requests_made"]
    assert by_me["id"] == str(made.id)
    assert by_me["organization_id"] == employer
    assert by_me["organization_name"] == "Recruiting Agency"
    assert by_me["status"] == "approved"

    listed = {record["id"]: record for record in document["uploads"]}
    assert set(listed) == {str(cv), str(picture), str(lost)}
    assert listed[str(cv)]["filename"] == "my cv.pdf"
    assert listed[str(cv)]["purpose"] == "resume_import"
    assert files[listed[str(cv)]["file"]] == CV
    assert files[listed[str(picture)]["file"]] == PICTURE
    assert listed[str(picture)]["media_type"] == "image/jpeg"
    assert listed[str(lost)]["missing"] is True
    assert listed[str(lost)]["file"] is None
    assert sorted(files.values()) == sorted([CV, PICTURE])

    # nobody else's data: not the other applicant's resume nor whose resume the person asked
    # for, not the recruiter who asked, not the request the person had nothing to do with
    text = str(document)
    for foreign in (
        "Bob",
        "Someone-Else",
        "+49 40 9999999",
        "bob-the-other@example.org",
        "bob-cv.pdf",
        str(other.id),
        str(other.owner_id),
        asker,
        str(unrelated.id),
    ):
        assert foreign not in text, foreign
    assert THEIRS not in files.values()


async def test_a_person_without_a_resume_exports_what_is_left(
    service_settings: ResumesSettings, committed_sessions: async_sessionmaker[AsyncSession]
) -> None:
    """A recruiter (no resume) gets the requests they made; an id that is no uuid, nothing."""
    storage = storage_from_settings(service_settings)
    other = resume()
    await persist(committed_sessions, other)
    recruiter = str(uuid.uuid4())
    made = contact_request(other, await organization(committed_sessions), "denied")
    made.recruiter_id = recruiter
    await persist(committed_sessions, made)
    handler = export_handlers(service_settings, storage)[contracts.EXPORT_REQUESTED]
    await deliver(committed_sessions, handler, export_event(recruiter))
    await deliver(committed_sessions, handler, export_event("admin-1"))

    [announced] = await announcements(
        committed_sessions, outbox, service="resumes", user_id=recruiter
    )
    assert announced.payload["counts"] == {"contact_requests_made": 1}
    document, files = await opened_part(export_storage(service_settings), announced.payload["key"])
    assert files == {}
    assert "resume" not in document
    assert [item["status"] for item in document["contact_requests_made"]] == ["denied"]
    [nothing] = await announcements(
        committed_sessions, outbox, service="resumes", user_id="admin-1"
    )
    assert nothing.payload["counts"] == {}


async def test_a_request_for_other_services_is_not_ours(
    service_settings: ResumesSettings, committed_sessions: async_sessionmaker[AsyncSession]
) -> None:
    row = resume()
    await persist(committed_sessions, row)
    person = str(row.owner_id)
    storage = storage_from_settings(service_settings)
    handler = export_handlers(service_settings, storage)[contracts.EXPORT_REQUESTED]
    await deliver(committed_sessions, handler, export_event(person, services=["jobs"]))
    assert await announcements(committed_sessions, outbox, service="resumes", user_id=person) == []
