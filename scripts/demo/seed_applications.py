"""Demo applications through the jobs service's own use cases: for a few published on-site jobs
of each organization, applications in every status (new, reviewed, shortlisted, rejected, hired)
with a PDF CV (drawn with Pillow), qualifying answers where the job asks, and a note; the demo
applicants' own applications so /my-applications has something to show. Idempotent: a job that
already has applications is left as it is."""

from __future__ import annotations

import io
import uuid
from typing import Any

from jobkit.auth import Principal
from jobkit.uploads import process, storage_from_settings
from jobkit.uploads.http import ANONYMOUS_OWNER
from jobkit.uploads.processing import store_upload
from jobs.db import uploads
from jobs.domain.applications import ATTACHMENT_PURPOSE, apply_to_job, change_status, update_notes
from jobs.domain.errors import JobErrors
from jobs.domain.models import Application, Job
from jobs.settings import JobsSettings
from PIL import Image, ImageDraw
from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

JOBS_PER_ORGANIZATION = 3
# (first name, last name, the path to the status, note)
PEOPLE: list[tuple[str, str, list[str], str | None]] = [
    ("Priya", "Raman", [], None),
    ("Tomás", "Herrera", ["reviewed"], "Strong field experience; call back next week."),
    ("Amara", "Nwosu", ["reviewed", "shortlisted"], "Interview booked."),
    ("Jonas", "Berg", ["rejected"], "Needs a driving licence for the role."),
    ("Mei", "Tanaka", ["reviewed", "shortlisted", "hired"], "Offer accepted."),
]
STATUS_MESSAGES = {
    "shortlisted": "Thank you for applying. We would like to meet you; we will be in touch.",
    "rejected": "Thank you for your interest. We will not take your application further.",
    "hired": "Welcome aboard!",
}


def _ok(result: object, what: str) -> Any:
    if isinstance(result, JobErrors):
        raise RuntimeError(f"demo application refused ({what}): {result.errors}")
    return result


def _answer(question: dict[str, Any], *, knocked_out: bool) -> str:
    """A plausible answer of the question's type (a knock-out one for the rejected applicant)."""
    options = list(question.get("options") or [])
    knock_outs = question.get("knock_out_answers") or []
    if not options:
        return "Your work reaches the families I grew up with."
    passing = [o for o in options if o not in knock_outs]
    return (knock_outs or passing)[0] if knocked_out else passing[0]


def _cv(first: str, last: str) -> bytes:
    page = Image.new("RGB", (1240, 1754), "white")
    draw = ImageDraw.Draw(page)
    draw.rectangle((0, 0, 1240, 160), fill="#2f5d50")
    draw.text((80, 50), f"{first} {last}", fill="white", font_size=56)
    for n, line in enumerate(["Curriculum vitae", "Experience", "- Community work, 4 years"]):
        draw.text((80, 260 + n * 70), line, fill="#222222", font_size=40)
    out = io.BytesIO()
    page.save(out, format="PDF", resolution=150)
    return out.getvalue()


async def _upload(
    sessions: async_sessionmaker[AsyncSession], settings: JobsSettings, owner: str, name: str
) -> str:
    first, _, last = name.partition(" ")
    values = await store_upload(
        processed=await process(_cv(first, last)),
        storage=storage_from_settings(settings),
        sessions=sessions,
        table=uploads,
        owner_id=owner,
        filename=f"CV {name}.pdf",
        purpose=ATTACHMENT_PURPOSE,
        private=True,
    )
    return str(values["id"])


async def seed_demo_applications(
    *,
    sessions: async_sessionmaker[AsyncSession],
    settings: JobsSettings,
    applicants: dict[str, uuid.UUID],
) -> dict[str, int]:
    """Returns how many applications are in each status now. ``applicants`` are the demo
    applicant accounts (address -> user id)."""
    admin = Principal(
        user_id=str(uuid.uuid5(uuid.NAMESPACE_URL, "seed")), roles=frozenset({"administrator"})
    )
    async with sessions() as session:
        published = list(
            await session.scalars(
                select(Job)
                .where(
                    Job.state == "published",
                    Job.application_workflow == "on_site",
                    Job.site == settings.site,
                )
                .order_by(Job.organization_name, Job.title, Job.id)
            )
        )
        applied = set(
            await session.scalars(select(Application.job_id).group_by(Application.job_id))
        )
    chosen: list[Job] = []
    per_organization: dict[uuid.UUID, int] = {}
    for job in published:
        if per_organization.get(job.organization_id, 0) < JOBS_PER_ORGANIZATION:
            per_organization[job.organization_id] = per_organization.get(job.organization_id, 0) + 1
            chosen.append(job)
    applicant_list = sorted(applicants.items())
    for index, job in enumerate(chosen):
        if job.id in applied:
            continue
        people: list[tuple[str, str, list[str], str | None, str | None]] = [
            (first, last, path, note, None) for first, last, path, note in PEOPLE
        ]
        # the demo applicants (signed in) applied to some jobs too
        if applicant_list and index % 2 == 0:
            address, _ = applicant_list[(index // 2) % len(applicant_list)]
            people.append(
                (
                    "Ada" if address.startswith("applicant@") else "Jamie",
                    "Demo",
                    ["reviewed"],
                    None,
                    address,
                )
            )
        for first, last, path, note, address in people:
            email = address or f"{first}.{last}.{job.id.hex[:6]}@applicants.example".lower()
            principal = (
                Principal(
                    user_id=str(applicants[address]), roles=frozenset({"applicant"}), email=address
                )
                if address
                else None
            )
            owner = principal.user_id if principal else ANONYMOUS_OWNER
            file_id = await _upload(sessions, settings, owner, f"{first} {last}")
            answers = [
                _answer(question, knocked_out=path == ["rejected"])
                for question in job.application_qualifying_questions
            ]
            application = _ok(
                await apply_to_job(
                    sessions=sessions,
                    settings=settings,
                    principal=principal,
                    job_id=job.id,
                    data={
                        "first_name": first,
                        "last_name": last,
                        "email_address": email,
                        "phone": "+1 617 555 0100",
                        "cover_letter": f"I would love to work on {job.title}.",
                        "attachments": [{"upload_id": file_id, "kind": "cv"}],
                        "answers": answers,
                    },
                    trusted=True,
                ),
                f"{job.title}: {email}",
            )
            for status in path:
                _ok(
                    await change_status(
                        sessions=sessions,
                        settings=settings,
                        principal=admin,
                        application_id=application.id,
                        status=status,
                        message=STATUS_MESSAGES.get(status) if status == path[-1] else None,
                    ),
                    f"{email}: {status}",
                )
            if note:
                _ok(
                    await update_notes(
                        sessions=sessions,
                        principal=admin,
                        application_id=application.id,
                        notes=note,
                    ),
                    email,
                )
    async with sessions() as session:
        rows = await session.execute(
            select(Application.status, func.count()).group_by(Application.status)
        )
        return {status: int(n) for status, n in rows}
