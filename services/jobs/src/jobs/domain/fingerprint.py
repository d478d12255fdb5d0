"""A job's content fingerprint: how feed imports recognise the same job arriving by another way
(another feed, the ATS API, the wizard) under another reference or none (ADR 0041).

SHA-256 over the title, the organization, the locations and the description, each normalized:
HTML stripped, lower-cased, whitespace collapsed. Locations count by town and country only (a
feed's street or postal code that the wizard's job left out is still the same job), in any
order. Kept in ``jobs.content_fingerprint``, set wherever a job's event is written
(:func:`jobs.domain.snapshots.emit`: every save of a job writes one).
"""

from __future__ import annotations

import hashlib
import uuid
from collections.abc import Iterable, Mapping
from typing import Any

from jobkit.html import plain_text

from jobs.domain.models import Job


def normalized(text: str | None) -> str:
    """The text without HTML, lower-cased, with whitespace collapsed (``plain_text`` collapses
    it already: each run of whitespace one space, none at the ends; ADR 0074)."""
    return plain_text(text or "").lower()


def _place(address: Mapping[str, Any]) -> str:
    return f"{normalized(address.get('locality'))},{normalized(address.get('country_code'))}"


def content_fingerprint(
    *,
    title: str,
    organization_id: uuid.UUID,
    addresses: Iterable[Mapping[str, Any]],
    description: str | None,
) -> str:
    places = ";".join(sorted({_place(address) for address in addresses}))
    parts = (normalized(title), str(organization_id), places, normalized(description))
    return hashlib.sha256("\x1f".join(parts).encode()).hexdigest()


def fingerprint_of(job: Job) -> str:
    """The fingerprint of a job as saved (``locations`` as the job keeps them)."""
    return content_fingerprint(
        title=job.title,
        organization_id=job.organization_id,
        addresses=[item["address"] for item in job.locations or []],
        description=job.description,
    )


# what a fingerprint is made of, as the job has it: the title, the organization, each
# location's town and country, the description (strings, compared by value)
FingerprintInputs = tuple[str, uuid.UUID, tuple[tuple[object, object], ...], str | None]


def fingerprint_inputs(job: Job) -> FingerprintInputs:
    """What :func:`fingerprint_of` reads of the job, cheap to take and to compare: a job whose
    inputs are equal to those of its last fingerprint has that fingerprint still."""
    places = tuple(
        (item["address"].get("locality"), item["address"].get("country_code"))
        for item in job.locations or []
    )
    return (job.title, job.organization_id, places, job.description)
