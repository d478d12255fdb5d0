"""Consent's demo data: a privacy policy (opt-in) and terms and conditions (a notice) for
registration, each with two revisions; every demo account agreed to the latest revisions except
one applicant, who agreed only to the privacy policy's first revision and so sees the
re-consent modal after logging in. identity's read model of the infos is filled here too (consent's
events fill it once consent publishes them). Seeding twice changes nothing.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Sequence

from consent.domain.models import ConsentInfo, ConsentInfoRevision, UserConsent
from identity.domain.models import KnownConsentInfo
from sqlalchemy import select
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

SITE = "jobboard"
# The applicant who agreed only to the old privacy policy (the seed prints it).
RECONSENT_APPLICANT = "applicant@jobboard.example"

INFOS = [
    (
        "privacy-policy",
        "PRIVACY_POLICY",
        True,
        [
            "<p>We process your personal data to run your account, match you with jobs and let "
            "organizations contact you when you allow it.</p>",
            "<p>We process your personal data to run your account, match you with jobs and let "
            "organizations contact you when you allow it.</p><p><strong>New:</strong> we keep "
            "application data for 12 months after a job closes, then delete it.</p>",
        ],
    ),
    (
        "terms",
        "TERMS_AND_CONDITIONS",
        False,
        [
            "<p>By creating an account you accept the terms of use of this careers site.</p>",
            "<p>By creating an account you accept the terms of use of this careers site, "
            "including the rules for job postings and resume contact.</p>",
        ],
    ),
]


async def seed_consent_infos(
    session: AsyncSession, stable_id: Callable[..., uuid.UUID]
) -> dict[str, list[ConsentInfoRevision]]:
    """The infos and their revisions (by key, oldest first); the last one is current."""
    revisions: dict[str, list[ConsentInfoRevision]] = {}
    for key, kind, opt_in, texts in INFOS:
        info_id = stable_id("consent", key)
        await session.execute(
            insert(ConsentInfo)
            .values(id=info_id, type=kind, placement="REGISTRATION", opt_in=opt_in)
            .on_conflict_do_nothing()
        )
        for number, text in enumerate(texts, start=1):
            await session.execute(
                insert(ConsentInfoRevision)
                .values(
                    id=stable_id("consent", key, str(number)),
                    info_id=info_id,
                    number=number,
                    texts={"en": text},
                )
                .on_conflict_do_nothing()
            )
        rows = list(
            await session.scalars(
                select(ConsentInfoRevision)
                .where(ConsentInfoRevision.info_id == info_id)
                .order_by(ConsentInfoRevision.number)
            )
        )
        info = await session.get(ConsentInfo, info_id)
        assert info is not None
        if info.revision_number < rows[-1].number:
            info.revision_number = rows[-1].number
            info.current_revision_id = rows[-1].id
        revisions[key] = rows
    return revisions


async def seed_user_consents(
    session: AsyncSession,
    revisions: dict[str, list[ConsentInfoRevision]],
    accounts: Sequence[tuple[str, uuid.UUID]],
    stable_id: Callable[..., uuid.UUID],
) -> None:
    for email, user_id in accounts:
        if email == RECONSENT_APPLICANT:
            agreed = [revisions["privacy-policy"][0]]
        else:
            agreed = [rows[-1] for rows in revisions.values()]
        for revision in agreed:
            await session.execute(
                insert(UserConsent)
                .values(
                    id=stable_id("consent", email, str(revision.id)),
                    user_id=str(user_id),
                    mail=email,
                    info_id=revision.info_id,
                    revision_id=revision.id,
                    site=SITE,
                    source="registration",
                )
                .on_conflict_do_nothing()
            )


async def seed_identity_read_model(
    session: AsyncSession, revisions: dict[str, list[ConsentInfoRevision]]
) -> None:
    """identity requires and records the REGISTRATION infos it knows (ADR 0009)."""
    for key, kind, opt_in, _ in INFOS:
        current = revisions[key][-1]
        values = {
            "info_id": current.info_id,
            "type": kind,
            "placement": "REGISTRATION",
            "opt_in": opt_in,
            "revision_id": current.id,
            "revision_number": current.number,
        }
        await session.execute(
            insert(KnownConsentInfo)
            .values(**values)
            .on_conflict_do_update(
                index_elements=[KnownConsentInfo.info_id],
                set_={k: v for k, v in values.items() if k != "info_id"},
                where=KnownConsentInfo.revision_number <= current.number,
            )
        )
