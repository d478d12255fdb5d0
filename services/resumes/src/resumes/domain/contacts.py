"""Contact requests (spec 3, 4, 6; issue 23): a recruiter's organization asks to contact an
applicant, paying one resume contact slot through billing's saga, and the applicant decides.

    awaiting_credit --grant--> pending --approve--> approved --revoke--> revoked
          |                       `----decline--> declined
          `-------deny-------> denied (no contact slot left: /my-products or /contact)

``requestResumeContact`` writes the request (awaiting_credit) and ``resumes.contact.requested``
in one transaction; billing answers ``billing.contact.granted`` or ``.denied`` (keyed by the
request id), applied by an idempotent consumer: an answer for a request that is no longer
awaiting one (a redelivery, billing answering a repeated request again) changes nothing. Every
move goes through :func:`transition` and publishes ``resumes.contact.status_changed``; a pending
request's event is what mails the applicant. The applicant sees requests once billing granted
them (pending, approved, declined, revoked); the organization sees all of its own.
"""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime

from jobkit.auth import Principal
from jobkit.db import unit_of_work
from jobkit.outbox import enqueue
from jobkit.site_settings import site_values
from sqlalchemy import and_, func, select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from resumes.db import known_organizations, members, outbox, site_settings
from resumes.domain.access import recruiter_facts, visible_to
from resumes.domain.errors import (
    ALREADY_REQUESTED_MESSAGE,
    CONTACT_OFF_MESSAGE,
    NO_SUCH_REQUEST,
    NO_SUCH_RESUME,
    UNKNOWN_ORGANIZATION_MESSAGE,
    ResumeErrorCode,
    ResumeErrors,
    one_error,
)
from resumes.domain.events import ContactRequested, ContactStatusChanged
from resumes.domain.models import ContactRequest, Resume
from resumes.settings import ResumesSettings

ACTOR = "system:contacts"
NEW = "awaiting_credit"
TRANSITIONS: dict[tuple[str, str], str] = {
    (NEW, "grant"): "pending",
    (NEW, "deny"): "denied",
    ("pending", "approve"): "approved",
    ("pending", "decline"): "declined",
    ("approved", "revoke"): "revoked",
}
STATUSES = (NEW, "pending", "approved", "declined", "revoked", "denied")
# what the applicant is shown: the requests billing granted
APPLICANT_STATUSES = ("pending", "approved", "declined", "revoked")
APPLICANT_ACTIONS = ("approve", "decline", "revoke")
MAX_PAGE = 100
# Spec 4: recruiters ask for contact only where the site turns this on (identity's platform
# default is off; a site that never said otherwise has it off).
CONTACT_FEATURE = ("features", "resume_contact")


async def contact_feature_on(session: AsyncSession, site: str) -> bool:
    """The site's ``features.resume_contact`` flag, from the site settings read model."""
    key, name = CONTACT_FEATURE
    values = await site_values(session, site_settings, [site], key, name)
    return values.get(site) is True


class IllegalTransition(Exception):
    """A move off the table: a bug (use cases ask :func:`refusal` first)."""


def refusal(request: ContactRequest, action: str) -> str | None:
    """Why ``action`` may not happen now, in words for people, or None."""
    if (request.status, action) in TRANSITIONS:
        return None
    return {
        "approve": "Only a pending request can be approved.",
        "decline": "Only a pending request can be declined.",
        "revoke": "Only an approved request can be revoked.",
    }.get(action, "This request cannot change now.")


async def transition(
    session: AsyncSession,
    settings: ResumesSettings,
    request: ContactRequest,
    action: str,
    *,
    actor: str,
    site: str,
) -> None:
    target = TRANSITIONS.get((request.status, action))
    if target is None:
        raise IllegalTransition(f"{request.status} --{action}-->")
    request.status = target
    request.version += 1
    request.updated_at = datetime.now(UTC)
    await session.flush()
    payload = ContactStatusChanged(
        request_id=str(request.id),
        resume_id=str(request.resume_id),
        organization_id=request.organization_id,
        status=target,
    )
    event = payload.envelope(
        aggregate_id=str(request.id), site=site, actor=actor, aggregate_version=request.version
    )
    await enqueue(session, outbox, topic=settings.topic(payload.topic), event=event)


async def request_contact(
    *,
    sessions: async_sessionmaker[AsyncSession],
    settings: ResumesSettings,
    principal: Principal,
    resume_id: uuid.UUID | None,
    organization_id: str,
) -> ContactRequest | ResumeErrors:
    """The organization asks; billing will take one resume contact slot for it."""
    async with unit_of_work(sessions) as session:
        if not principal.is_admin_like:
            member = await session.scalar(
                select(members.c.user_id).where(
                    members.c.organization_id == organization_id,
                    members.c.user_id == principal.user_id,
                )
            )
            if member is None or not principal.is_recruiter:
                return one_error(
                    ResumeErrorCode.FORBIDDEN,
                    "Only recruiters of this organization may ask on its behalf.",
                    "organization_id",
                )
        resume = (
            await session.scalar(select(Resume).where(Resume.id == resume_id).with_for_update())
            if resume_id is not None
            else None
        )
        facts = (
            (await recruiter_facts(session, principal.user_id, [resume.id]))[resume.id]
            if resume is not None
            else None
        )
        if resume is None or facts is None or not visible_to(resume, principal, facts):
            return one_error(ResumeErrorCode.NOT_FOUND, NO_SUCH_RESUME, "resume_id")
        if not await contact_feature_on(session, resume.site):
            return one_error(ResumeErrorCode.FEATURE_OFF, CONTACT_OFF_MESSAGE)
        if str(resume.owner_id) == principal.user_id:
            return one_error(ResumeErrorCode.INVALID, "This is your own resume.", "resume_id")
        number = await session.scalar(
            select(known_organizations.c.number).where(
                known_organizations.c.organization_id == organization_id
            )
        )
        if number is None:
            return one_error(
                ResumeErrorCode.UNKNOWN_ORGANIZATION,
                UNKNOWN_ORGANIZATION_MESSAGE,
                "organization_id",
            )
        live = await session.scalar(
            select(ContactRequest.id).where(
                ContactRequest.resume_id == resume.id,
                ContactRequest.organization_id == organization_id,
                ContactRequest.status != "denied",
            )
        )
        if live is not None:
            return one_error(
                ResumeErrorCode.ALREADY_REQUESTED, ALREADY_REQUESTED_MESSAGE, "resume_id"
            )
        request = ContactRequest(
            id=uuid.uuid4(),
            resume_id=resume.id,
            organization_id=organization_id,
            organization_number=int(number),
            recruiter_id=principal.user_id,
            status=NEW,
            version=1,
        )
        session.add(request)
        await session.flush()
        payload = ContactRequested(
            request_id=str(request.id),
            organization_id=organization_id,
            organization_number=request.organization_number,
            resume_id=str(resume.id),
        )
        event = payload.envelope(
            aggregate_id=str(request.id),
            site=resume.site,
            actor=principal.actor_id or principal.user_id,
        )
        await enqueue(session, outbox, topic=settings.topic(payload.topic), event=event)
        return request


def _is_uuid(value: str) -> bool:
    try:
        uuid.UUID(value)
    except ValueError:
        return False
    return True


async def apply_billing_answer(
    session: AsyncSession,
    settings: ResumesSettings,
    *,
    request_id: str,
    granted: bool,
    reason: str | None = None,
) -> bool:
    """billing.contact.granted / denied, inside the consumer's transaction; whether it moved
    the request (an answer to a request no longer awaiting one changes nothing)."""
    key = uuid.UUID(request_id) if _is_uuid(request_id) else None
    request = (
        await session.scalar(
            select(ContactRequest).where(ContactRequest.id == key).with_for_update()
        )
        if key is not None
        else None
    )
    if request is None or request.status != NEW:
        return False
    if not granted:
        request.denied_reason = (reason or "no_slots_left")[:60]
    site = await session.scalar(select(Resume.site).where(Resume.id == request.resume_id))
    await transition(
        session,
        settings,
        request,
        "grant" if granted else "deny",
        actor=ACTOR,
        site=site or settings.site,
    )
    return True


async def answer_request(
    *,
    sessions: async_sessionmaker[AsyncSession],
    settings: ResumesSettings,
    principal: Principal,
    request_id: uuid.UUID | None,
    action: str,
) -> ContactRequest | ResumeErrors:
    """The applicant approves, declines or (later) revokes a request for their resume."""
    assert action in APPLICANT_ACTIONS
    async with unit_of_work(sessions) as session:
        found = (
            await session.execute(
                select(ContactRequest, Resume)
                .join(Resume, Resume.id == ContactRequest.resume_id)
                .where(ContactRequest.id == request_id)
                .with_for_update(of=ContactRequest)
            )
            if request_id is not None
            else None
        )
        row = found.first() if found is not None else None
        if (
            row is None
            or not principal.can_act_on(str(row[1].owner_id))
            or row[0].status not in APPLICANT_STATUSES
        ):
            return one_error(ResumeErrorCode.NOT_FOUND, NO_SUCH_REQUEST, "id")
        request: ContactRequest = row[0]
        resume: Resume = row[1]
        refused = refusal(request, action)
        if refused is not None:
            return one_error(ResumeErrorCode.INVALID_TRANSITION, refused, "id")
        await transition(
            session,
            settings,
            request,
            action,
            actor=principal.actor_id or principal.user_id,
            site=resume.site,
        )
        return request


@dataclass(frozen=True)
class Page:
    rows: list[ContactRequest]
    total: int


async def _page(
    sessions: async_sessionmaker[AsyncSession],
    condition: object,
    statuses: Sequence[str],
    limit: int,
    offset: int,
) -> Page:
    async with sessions() as session:
        where = [condition, ContactRequest.status.in_(statuses)]
        total = await session.scalar(select(func.count(ContactRequest.id)).where(*where))  # type: ignore[arg-type]
        rows = await session.scalars(
            select(ContactRequest)
            .where(*where)  # type: ignore[arg-type]
            .order_by(ContactRequest.updated_at.desc(), ContactRequest.id)
            .limit(max(1, min(limit, MAX_PAGE)))
            .offset(max(0, offset))
        )
        return Page(rows=list(rows), total=int(total or 0))


async def applicant_requests(
    *,
    sessions: async_sessionmaker[AsyncSession],
    principal: Principal,
    statuses: Sequence[str] | None,
    limit: int,
    offset: int,
) -> Page:
    """The requests for the caller's own resume (only those billing granted)."""
    wanted = [status for status in (statuses or APPLICANT_STATUSES) if status in APPLICANT_STATUSES]
    owned = select(Resume.id).where(
        Resume.owner_id == (uuid.UUID(principal.user_id) if _is_uuid(principal.user_id) else None)
    )
    return await _page(sessions, ContactRequest.resume_id.in_(owned), wanted, limit, offset)


async def organization_requests(
    *,
    sessions: async_sessionmaker[AsyncSession],
    organization_id: str,
    statuses: Sequence[str] | None,
    limit: int,
    offset: int,
    resume_id: str | None = None,
) -> Page:
    """The organization's own requests (the caller's membership is the graph's permission),
    for one resume when ``resume_id`` names one (an id that is no resume finds nothing)."""
    wanted = [status for status in (statuses or STATUSES) if status in STATUSES]
    condition = ContactRequest.organization_id == organization_id
    if resume_id is not None:
        if not _is_uuid(resume_id):
            return Page(rows=[], total=0)
        condition = and_(condition, ContactRequest.resume_id == uuid.UUID(resume_id))
    return await _page(sessions, condition, wanted, limit, offset)
