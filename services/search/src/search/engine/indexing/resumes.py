"""The resume index: ``resumes.resume`` events -> documents (docs/events.md).

A resume is found only while its owner keeps it findable and it is complete (the event's
``searchable``); otherwise, and once deleted, its document keeps nothing but its id and version
(``findable: false``), so a late older event cannot bring the content back (the store's
external versioning; a delete's tombstone would be forgotten after ``index.gc_deletes``). A
deletion is final: its stub carries :data:`DELETED_VERSION`, above any version an event has.

The document is built field by field from :class:`ResumePayload`, the public view of the
event: a field the view does not name (a private one sent by mistake) never reaches the index.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from search.engine.indexing.analysis import stem_document
from search.engine.indexing.documents import DESCRIPTION_LIMIT, Labels, _snippet, label_fields
from search.engine.indexing.payloads import (
    ResumeDeletedPayload,
    ResumePayload,
    ResumeVisibilityPayload,
)
from search.engine.indexing.store import DELETED_VERSION, SearchStore
from search.engine.places import area_names
from search.taxonomy.vocabulary import english_labels


def resume_tids(payload: ResumePayload) -> set[int]:
    return {*payload.skill_tids, *_occupation_tids(payload)}


def _occupation_tids(payload: ResumePayload) -> list[int]:
    tids = [payload.desired_occupation_tid] + [w.occupation_tid for w in payload.work_experience]
    return list(dict.fromkeys(tid for tid in tids if tid is not None))


def hidden_stub(resume_id: str, version: int) -> dict[str, Any]:
    """What stays of a resume nobody may find: its id and version, no content."""
    return {"id": resume_id, "version": version, "findable": False}


def resume_document(payload: ResumePayload, *, labels: Labels) -> dict[str, Any]:
    """The searchable document of a resume (a hidden stub unless it is searchable)."""
    if not payload.searchable:
        return hidden_stub(payload.resume_id, payload.version)
    place = payload.desired_location
    experience = " ".join(
        f"{entry.job_title} {entry.summary or ''}" for entry in payload.work_experience
    )
    education = " ".join(entry.study_program or "" for entry in payload.education)
    about = payload.about or ""
    document: dict[str, Any] = {
        "id": payload.resume_id,
        "site": payload.site,
        "version": payload.version,
        "findable": True,
        "title": payload.title,
        "title_stem": stem_document(payload.title),
        "summary_stem": stem_document(about[:DESCRIPTION_LIMIT]),
        "experience_stem": stem_document(f"{experience} {education}"[:DESCRIPTION_LIMIT]),
        "skills_stem": stem_document(" ".join(payload.skills_free)),
        "snippet": _snippet(about),
        "career_status": payload.career_status,
        "occupation_tids": _occupation_tids(payload),
        "skill_tids": list(dict.fromkeys(payload.skill_tids)),
        "skills_free": payload.skills_free,
        "language_tids": list(dict.fromkeys(language.tid for language in payload.languages)),
        "field_of_study_tids": list(
            dict.fromkeys(
                entry.field_of_study_tid
                for entry in payload.education
                if entry.field_of_study_tid is not None
            )
        ),
        "city": place.locality if place else None,
        "region": place.administrative_area if place else None,
        "location_points": (
            [{"lat": place.lat, "lon": place.lon}]
            if place and place.lat is not None and place.lon is not None
            else []
        ),
        "countries": [place.country_code.upper()] if place else [],
        "administrative_areas": (
            sorted(area_names(place.country_code, place.administrative_area))
            if place and place.administrative_area
            else []
        ),
        "updated_at": payload.updated_at,
    }
    return document | label_fields("resumes", document, labels)


async def index_resume(
    store: SearchStore, session: AsyncSession, payload: ResumePayload, *, index: str | None = None
) -> bool:
    """``resumes.resume.updated``: the resume at its version (False when a newer one is there)."""
    tids = resume_tids(payload) if payload.searchable else set()
    labels = await english_labels(session, tids)
    return await store.write("resumes", resume_document(payload, labels=labels), index=index)


async def hide_resume(
    store: SearchStore, payload: ResumeVisibilityPayload, *, index: str | None = None
) -> bool:
    """``resumes.resume.visibility_changed``: not searchable any more -> out of the results at
    that version. Made searchable again, the ``updated`` event of the same version (published
    first) already carries the content."""
    if payload.searchable:
        return False
    return await store.write(
        "resumes", hidden_stub(payload.resume_id, payload.version), index=index
    )


async def delete_resume(
    store: SearchStore, payload: ResumeDeletedPayload, *, index: str | None = None
) -> bool:
    """``resumes.resume.deleted``: gone for good, whatever arrives after."""
    return await store.write(
        "resumes", hidden_stub(payload.resume_id, DELETED_VERSION), index=index
    )
