"""Consent at registration and the re-consent marks, from consent's events (ADR 0009).

identity keeps a read model of consent's infos (their current revisions) so that sign-up can
refuse an account without the required consent and record the consent in the same transaction
as the account (an event consent applies); it never calls the consent service.
"""

from __future__ import annotations

import uuid
from collections.abc import Sequence

from jobkit import contracts
from jobkit.events import EventEnvelope
from jobkit.outbox import enqueue
from jobkit.settings import ServiceSettings
from pydantic import BaseModel, ConfigDict
from sqlalchemy import select
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

from identity.db import outbox
from identity.domain.errors import CONSENT_REQUIRED, AccountError, AccountErrorCode, AccountErrors
from identity.domain.events import AgreedRevision, RegistrationConsented
from identity.domain.models import ErasureRequest, KnownConsentInfo, User, UserConsentMark
from identity.domain.site_config import setting_value

REGISTRATION = "REGISTRATION"
TERMS_TYPE = "PRIVACY_POLICY"  # the info the site's re-consent is about (spec 7)
CONSENT_INFO_TOPIC = contracts.CONSENT_INFO_TOPIC
CONSENT_TOPIC = contracts.CONSENT_TOPIC


class InfoRevised(BaseModel):
    model_config = ConfigDict(extra="ignore")

    info_id: uuid.UUID
    revision_id: uuid.UUID
    revision_number: int
    type: str
    placement: str
    opt_in: bool


class ConsentGiven(BaseModel):
    model_config = ConfigDict(extra="ignore")

    user_id: str
    info_id: uuid.UUID
    revision_id: uuid.UUID


async def registration_infos(session: AsyncSession) -> list[KnownConsentInfo]:
    rows = await session.scalars(
        select(KnownConsentInfo).where(KnownConsentInfo.placement == REGISTRATION)
    )
    return list(rows)


def missing_consent(
    infos: Sequence[KnownConsentInfo], accepted: Sequence[str]
) -> AccountErrors | None:
    """Refused when an opt-in REGISTRATION info is not among the accepted info ids."""
    agreed = {str(value) for value in accepted}
    if all(str(info.info_id) in agreed for info in infos if info.opt_in):
        return None
    return AccountErrors(
        [
            AccountError(
                AccountErrorCode.CONSENT_REQUIRED, CONSENT_REQUIRED, "accepted_consent_info_ids"
            )
        ]
    )


async def record_registration_consent(
    session: AsyncSession,
    *,
    settings: ServiceSettings,
    user: User,
    infos: Sequence[KnownConsentInfo],
    site: str,
) -> None:
    """In the sign-up's transaction: the REGISTRATION revisions the account agreed to (the
    opt-in ones it ticked, checked before, and the notices shown beside them)."""
    if not infos:
        return
    event = RegistrationConsented(
        user_id=str(user.id),
        mail=user.email,
        consents=[
            AgreedRevision(info_id=str(info.info_id), revision_id=str(info.revision_id))
            for info in infos
        ],
    ).envelope(aggregate_id=str(user.id), site=site, actor=str(user.id))
    await enqueue(session, outbox, topic=settings.topic(RegistrationConsented.topic), event=event)


async def apply_info_revised(session: AsyncSession, event: EventEnvelope) -> None:
    """consent.info.revised: the info's newest revision (an older one arriving late is kept out)."""
    payload = InfoRevised.model_validate(event.payload)
    values = payload.model_dump()
    await session.execute(
        insert(KnownConsentInfo)
        .values(**values)
        .on_conflict_do_update(
            index_elements=[KnownConsentInfo.info_id],
            set_={key: value for key, value in values.items() if key != "info_id"},
            where=KnownConsentInfo.revision_number < payload.revision_number,
        )
    )


async def apply_consent_given(session: AsyncSession, event: EventEnvelope) -> None:
    """consent.consent.given: the user's re-consent for that info is done (latest one wins).
    Not for an erased account: a consent given just before its deletion, read after it, would
    otherwise leave a mark naming the person (ADR 0036)."""
    payload = ConsentGiven.model_validate(event.payload)
    try:
        user_id = uuid.UUID(payload.user_id)
    except ValueError:
        return
    if await session.get(ErasureRequest, user_id) is not None:
        return
    values = {
        "user_id": user_id,
        "info_id": payload.info_id,
        "revision_id": payload.revision_id,
        "given_at": event.occurred_at,
    }
    await session.execute(
        insert(UserConsentMark)
        .values(**values)
        .on_conflict_do_update(
            index_elements=[UserConsentMark.user_id, UserConsentMark.info_id],
            set_={"revision_id": payload.revision_id, "given_at": event.occurred_at},
            where=UserConsentMark.given_at <= event.occurred_at,
        )
    )


async def needs_reconsent(session: AsyncSession, *, user_id: uuid.UUID, site: str) -> bool:
    """Whether the site asks for re-consent and the user has not agreed to the current revision
    of the REGISTRATION privacy policy (as far as consent's events have told identity)."""
    if not await setting_value(session, site, "consent", "terms_reconsent"):
        return False
    info = await session.scalar(
        select(KnownConsentInfo).where(
            KnownConsentInfo.placement == REGISTRATION, KnownConsentInfo.type == TERMS_TYPE
        )
    )
    if info is None:
        return False
    mark = await session.get(UserConsentMark, (user_id, info.info_id))
    return mark is None or mark.revision_id != info.revision_id
