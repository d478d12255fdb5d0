"""Who sees a resume, and who sees its private fields (spec 3, 6; issue 23).

- Its applicant and admin-like users see all of it.
- A recruiter sees the public fields of a resume that is searchable (findable and complete) or
  that their organization has a pending or approved contact request for, unless the applicant
  hides it from one of the recruiter's organizations.
- The private fields (first and last name, phone, birthday, home location) are the applicant's
  and admin-like users' only, and a recruiter's once a contact request of one of their
  organizations is APPROVED (a revoked approval hides them again). Never the email: the graph
  has no field for it.
- Visitors and other applicants see nothing.

The graph applies this wherever a resume is answered (the resume query, ``_entities``, contact
request lists) through :func:`recruiter_facts`, batched per request.
"""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from dataclasses import dataclass

from jobkit.auth import Principal
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from resumes.db import members
from resumes.domain.completeness import searchable
from resumes.domain.models import ContactRequest, HiddenFromOrganization, Resume

PRIVATE_FIELDS = ("first_name", "last_name", "phone", "birthday", "home_location")
LIVE_STATUSES = ("pending", "approved")


@dataclass(frozen=True)
class RecruiterFacts:
    """What a recruiter's organizations have to do with one resume."""

    hidden: bool = False  # hidden from one of the recruiter's organizations
    requested: bool = False  # a pending or approved request of one of them
    approved: bool = False  # an approved request of one of them


NO_FACTS = RecruiterFacts()


async def recruiter_facts(
    session: AsyncSession, user_id: str, resume_ids: Sequence[uuid.UUID]
) -> dict[uuid.UUID, RecruiterFacts]:
    """For each resume: hidden from, requested or approved by one of the user's organizations
    (two queries, whatever the number of resumes)."""
    organizations = select(members.c.organization_id).where(members.c.user_id == user_id)
    hidden = set(
        await session.scalars(
            select(HiddenFromOrganization.resume_id).where(
                HiddenFromOrganization.resume_id.in_(resume_ids),
                HiddenFromOrganization.organization_id.in_(organizations),
            )
        )
    )
    rows = await session.execute(
        select(ContactRequest.resume_id, ContactRequest.status).where(
            ContactRequest.resume_id.in_(resume_ids),
            ContactRequest.organization_id.in_(organizations),
            ContactRequest.status.in_(LIVE_STATUSES),
        )
    )
    requested: set[uuid.UUID] = set()
    approved: set[uuid.UUID] = set()
    for resume_id, status in rows:
        requested.add(resume_id)
        if status == "approved":
            approved.add(resume_id)
    return {
        key: RecruiterFacts(
            hidden=key in hidden, requested=key in requested, approved=key in approved
        )
        for key in resume_ids
    }


def is_own(resume: Resume, principal: Principal | None) -> bool:
    """The applicant themself or an admin-like user."""
    return principal is not None and principal.can_act_on(str(resume.owner_id))


def visible_to(resume: Resume, principal: Principal | None, facts: RecruiterFacts) -> bool:
    if principal is None:
        return False
    if is_own(resume, principal):
        return True
    if not principal.is_recruiter or facts.hidden:
        return False
    return searchable(resume) or facts.requested


def discloses_private(resume: Resume, principal: Principal | None, facts: RecruiterFacts) -> bool:
    """The private fields may be answered to this caller."""
    if is_own(resume, principal):
        return True
    return principal is not None and principal.is_recruiter and facts.approved and not facts.hidden
