"""Consent use cases. Each write opens one unit of work and writes state and events together.

Infos are published in revisions (a new text is a new revision; old ones stay readable), users
agree to one revision at a time, and only ever for themselves (the address in their token).
"""

from __future__ import annotations

import re
import uuid
from dataclasses import dataclass
from datetime import UTC, datetime
from enum import StrEnum
from typing import Annotated, Any

from jobkit.auth import Principal
from jobkit.db import unit_of_work
from jobkit.erasure import ERASED_PREFIX, ErasureReport, rowcount
from jobkit.errors import errors_from_validation
from jobkit.export import ExportPart
from jobkit.html import MAX_HTML_LENGTH, plain_text, sanitize_full
from jobkit.outbox import enqueue
from jobkit.settings import ServiceSettings
from pydantic import BaseModel, Field, ValidationError, field_validator
from sqlalchemy import Select, select, update
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from consent.db import outbox
from consent.domain.errors import (
    EMPTY_TEXT,
    MAIL_REQUIRED,
    NOT_LATEST,
    NOT_OWN_MAIL,
    UNKNOWN_INFO,
    ConsentError,
    ConsentErrorCode,
    ConsentErrors,
)
from consent.domain.events import ConsentInfoRevised, UserConsentGiven
from consent.domain.models import ConsentInfo, ConsentInfoRevision, UserConsent

MAX_PAGE = 100
DEFAULT_LANGUAGE = "en"


class ConsentType(StrEnum):
    PRIVACY_POLICY = "PRIVACY_POLICY"
    TERMS_AND_CONDITIONS = "TERMS_AND_CONDITIONS"
    NEWSLETTER = "NEWSLETTER"
    MARKETING = "MARKETING"
    JOB_ALERT = "JOB_ALERT"


class Placement(StrEnum):
    REGISTRATION = "REGISTRATION"
    JOB_APPLICATION = "JOB_APPLICATION"
    JOB_ALERT = "JOB_ALERT"
    NEWSLETTER = "NEWSLETTER"
    RESUME = "RESUME"


# getGdprConsentInfos(sorting): a column, descending with a leading minus.
SORTINGS = {
    "created": ConsentInfo.created_at,
    "updated": ConsentInfo.updated_at,
    "type": ConsentInfo.type,
    "placement": ConsentInfo.placement,
}
_LANGUAGE = re.compile(r"^[a-z]{2}$")


@dataclass(frozen=True)
class InfoText:
    """An info with its current revision and the text in the language asked for."""

    info: ConsentInfo
    revision: ConsentInfoRevision
    language: str
    text: str


def text_in(texts: dict[str, str], language: str | None) -> tuple[str, str]:
    """The text in ``language``, else English, else the first language there is."""
    for wanted in (language, DEFAULT_LANGUAGE):
        if wanted and wanted in texts:
            return wanted, texts[wanted]
    first = sorted(texts)[0]
    return first, texts[first]


def sorted_by(query: Select[Any], sorting: str | None) -> Select[Any] | None:
    if not sorting:
        return query.order_by(ConsentInfo.created_at, ConsentInfo.id)
    column = SORTINGS.get(sorting.removeprefix("-"))
    if column is None:
        return None
    return query.order_by(column.desc() if sorting.startswith("-") else column, ConsentInfo.id)


async def list_consent_infos(
    session: AsyncSession,
    *,
    id: uuid.UUID | None = None,
    type: str | None = None,
    placement: str | None = None,
    language: str | None = None,
    path: str | None = None,
    sorting: str | None = None,
    limit: int = 10,
    offset: int = 0,
) -> list[InfoText]:
    """Published infos (those with a revision), filtered; unknown sortings are refused by the
    caller with :data:`SORTINGS` (``sorted_by`` answers None)."""
    query = select(ConsentInfo, ConsentInfoRevision).join(
        ConsentInfoRevision, ConsentInfoRevision.id == ConsentInfo.current_revision_id
    )
    if id is not None:
        query = query.where(ConsentInfo.id == id)
    if type is not None:
        query = query.where(ConsentInfo.type == type)
    if placement is not None:
        query = query.where(ConsentInfo.placement == placement)
    if path is not None:
        query = query.where((ConsentInfo.path.is_(None)) | (ConsentInfo.path == path))
    ordered = sorted_by(query, sorting)
    if ordered is None:
        raise ValueError(f"unknown sorting {sorting!r}")
    ordered = ordered.limit(max(0, min(limit, MAX_PAGE))).offset(max(0, offset))
    found = []
    for info, revision in (await session.execute(ordered)).tuples():
        chosen, text = text_in(revision.texts, language)
        found.append(InfoText(info=info, revision=revision, language=chosen, text=text))
    return found


async def info_revisions(session: AsyncSession, info_id: uuid.UUID) -> list[ConsentInfoRevision]:
    """Every revision of an info, newest first (old ones stay readable forever)."""
    rows = await session.scalars(
        select(ConsentInfoRevision)
        .where(ConsentInfoRevision.info_id == info_id)
        .order_by(ConsentInfoRevision.number.desc())
    )
    return list(rows)


class RevisionInput(BaseModel):
    texts: dict[str, str]

    @field_validator("texts")
    @classmethod
    def _texts(cls, texts: dict[str, str]) -> dict[str, str]:
        cleaned: dict[str, str] = {}
        for language, html in texts.items():
            if not _LANGUAGE.match(language):
                raise ValueError(f"{language!r} is not a two-letter language code.")
            if len(html) > MAX_HTML_LENGTH:
                raise ValueError("The text is too long.")
            safe = sanitize_full(html)
            if plain_text(safe):
                cleaned[language] = safe
        if not cleaned:
            raise ValueError(EMPTY_TEXT)
        return cleaned


class InfoInput(RevisionInput):
    type: ConsentType
    placement: Placement
    opt_in: bool = True
    path: Annotated[str, Field(max_length=255, pattern=r"^/")] | None = None


async def _publish(
    session: AsyncSession,
    *,
    settings: ServiceSettings,
    info: ConsentInfo,
    texts: dict[str, str],
    actor: str | None,
    site: str,
) -> ConsentInfoRevision:
    revision = ConsentInfoRevision(
        id=uuid.uuid4(),
        info_id=info.id,
        number=info.revision_number + 1,
        texts=texts,
        published_by=actor,
    )
    session.add(revision)
    info.revision_number = revision.number
    info.current_revision_id = revision.id
    info.updated_at = datetime.now(UTC)
    await session.flush()
    event = ConsentInfoRevised(
        info_id=str(info.id),
        revision_id=str(revision.id),
        revision_number=revision.number,
        type=info.type,
        placement=info.placement,
        opt_in=info.opt_in,
    ).envelope(aggregate_id=str(info.id), site=site, actor=actor, aggregate_version=revision.number)
    await enqueue(session, outbox, topic=settings.topic(ConsentInfoRevised.topic), event=event)
    return revision


async def create_consent_info(
    *,
    sessions: async_sessionmaker[AsyncSession],
    settings: ServiceSettings,
    actor: str | None,
    site: str,
    data: dict[str, Any],
) -> tuple[ConsentInfo, ConsentInfoRevision] | ConsentErrors:
    """A new info with its first revision (admin-like users; declared on the mutation)."""
    try:
        valid = InfoInput.model_validate(data)
    except ValidationError as error:
        return ConsentErrors(errors_from_validation(error, ConsentErrorCode))
    async with unit_of_work(sessions) as session:
        info = ConsentInfo(
            id=uuid.uuid4(),
            type=valid.type.value,
            placement=valid.placement.value,
            opt_in=valid.opt_in,
            path=valid.path,
            revision_number=0,
        )
        session.add(info)
        await session.flush()
        revision = await _publish(
            session, settings=settings, info=info, texts=valid.texts, actor=actor, site=site
        )
        return info, revision


async def publish_revision(
    *,
    sessions: async_sessionmaker[AsyncSession],
    settings: ServiceSettings,
    actor: str | None,
    site: str,
    info_id: str,
    texts: dict[str, str],
) -> tuple[ConsentInfo, ConsentInfoRevision] | ConsentErrors:
    """A new text for an info: a new revision that becomes the current one."""
    try:
        valid = RevisionInput.model_validate({"texts": texts})
    except ValidationError as error:
        return ConsentErrors(errors_from_validation(error, ConsentErrorCode))
    key = _uuid(info_id)
    async with unit_of_work(sessions) as session:
        info = await session.get(ConsentInfo, key, with_for_update=True) if key else None
        if info is None:
            return _unknown_info()
        revision = await _publish(
            session, settings=settings, info=info, texts=valid.texts, actor=actor, site=site
        )
        return info, revision


def _uuid(value: str | None) -> uuid.UUID | None:
    try:
        return uuid.UUID(str(value))
    except ValueError:
        return None


def _unknown_info() -> ConsentErrors:
    return ConsentErrors([ConsentError(ConsentErrorCode.NOT_FOUND, UNKNOWN_INFO, "info_id")])


async def create_user_consent(
    *,
    sessions: async_sessionmaker[AsyncSession],
    settings: ServiceSettings,
    principal: Principal,
    site: str,
    mail: str,
    info_id: str,
    info_revision_id: str | None = None,
) -> UserConsent | ConsentErrors:
    """The caller agrees to an info's latest revision (or to the one named, if it is the latest).

    Only for their own address (the email in their token), admin-like users included: a consent
    is the person's own act. Agreeing again to the same revision answers the consent given before.
    """
    mail = mail.strip().lower()
    if not mail:
        return ConsentErrors([ConsentError(ConsentErrorCode.REQUIRED, MAIL_REQUIRED, "mail")])
    if principal.email is None or principal.email.lower() != mail:
        return ConsentErrors([ConsentError(ConsentErrorCode.NOT_OWN_MAIL, NOT_OWN_MAIL, "mail")])
    key = _uuid(info_id)
    async with unit_of_work(sessions) as session:
        info = await session.get(ConsentInfo, key) if key else None
        if info is None or info.current_revision_id is None:
            return _unknown_info()
        if info_revision_id is not None and _uuid(info_revision_id) != info.current_revision_id:
            return ConsentErrors(
                [ConsentError(ConsentErrorCode.NOT_LATEST_REVISION, NOT_LATEST, "info_revision_id")]
            )
        return await record_consent(
            session,
            settings=settings,
            user_id=principal.user_id,
            mail=mail,
            info=info,
            revision_id=info.current_revision_id,
            site=site,
            source="user",
        )


async def record_consent(
    session: AsyncSession,
    *,
    settings: ServiceSettings,
    user_id: str,
    mail: str,
    info: ConsentInfo,
    revision_id: uuid.UUID,
    site: str,
    source: str,
) -> UserConsent:
    """Store one consent and its event, once per user and revision (the caller's transaction)."""
    inserted = await session.scalar(
        insert(UserConsent)
        .values(
            id=uuid.uuid4(),
            user_id=user_id,
            mail=mail,
            info_id=info.id,
            revision_id=revision_id,
            site=site,
            source=source,
        )
        .on_conflict_do_nothing(index_elements=[UserConsent.user_id, UserConsent.revision_id])
        .returning(UserConsent.id)
    )
    consent = await session.scalar(
        select(UserConsent).where(
            UserConsent.user_id == user_id, UserConsent.revision_id == revision_id
        )
    )
    assert consent is not None
    if inserted is not None:
        event = UserConsentGiven(
            consent_id=str(consent.id),
            user_id=user_id,
            info_id=str(info.id),
            revision_id=str(revision_id),
            type=info.type,
            placement=info.placement,
            source=source,
        ).envelope(aggregate_id=user_id, site=site, actor=user_id)
        await enqueue(session, outbox, topic=settings.topic(UserConsentGiven.topic), event=event)
    return consent


async def latest_consent(
    session: AsyncSession, *, user_id: str, type: str, placement: str
) -> UserConsent | None:
    """The user's consent to the current revision of the (first) info of this type and
    placement; None when they have not agreed to it (or there is no such info)."""
    info = await session.scalar(
        select(ConsentInfo)
        .where(
            ConsentInfo.type == type,
            ConsentInfo.placement == placement,
            ConsentInfo.current_revision_id.is_not(None),
        )
        .order_by(ConsentInfo.created_at, ConsentInfo.id)
        .limit(1)
    )
    if info is None:
        return None
    consent: UserConsent | None = await session.scalar(
        select(UserConsent).where(
            UserConsent.user_id == user_id, UserConsent.revision_id == info.current_revision_id
        )
    )
    return consent


async def list_user_consents(
    session: AsyncSession,
    *,
    user_id: str | None,
    type: str | None = None,
    placement: str | None = None,
    limit: int = 10,
    offset: int = 0,
) -> list[UserConsent]:
    """Consents, newest first: one user's (``user_id``), or everyone's when None (admins)."""
    query = select(UserConsent).join(ConsentInfo, ConsentInfo.id == UserConsent.info_id)
    if user_id is not None:
        query = query.where(UserConsent.user_id == user_id)
    if type is not None:
        query = query.where(ConsentInfo.type == type)
    if placement is not None:
        query = query.where(ConsentInfo.placement == placement)
    query = query.order_by(UserConsent.given_at.desc(), UserConsent.id)
    query = query.limit(max(0, min(limit, MAX_PAGE))).offset(max(0, offset))
    return list(await session.scalars(query))


async def record_registration_consents(
    session: AsyncSession,
    *,
    settings: ServiceSettings,
    user_id: str,
    mail: str,
    site: str,
    consents: list[tuple[str, str]],
) -> None:
    """identity's sign-up: the REGISTRATION revisions the new user agreed to (consumer's
    transaction). A revision identity named that this service does not know is skipped: it can
    only be a revision from another environment, never one a user saw here."""
    for info_id, revision_id in consents:
        info = await session.get(ConsentInfo, _uuid(info_id)) if _uuid(info_id) else None
        revision = await session.get(ConsentInfoRevision, _uuid(revision_id)) if info else None
        if info is None or revision is None or revision.info_id != info.id:
            continue
        await record_consent(
            session,
            settings=settings,
            user_id=user_id,
            mail=mail.lower(),
            info=info,
            revision_id=revision.id,
            site=site,
            source="registration",
        )


async def erase_user_consents(session: AsyncSession, user_id: str) -> ErasureReport:
    """identity.user.deleted (ADR 0036): the person's consents stay as the proof that what was
    done with their data was lawful (which revision of which text was agreed to, when, where,
    how), without the person: their address is dropped and their id replaced by one random id
    for the whole history, so it still reads as one person's and leads to nobody."""
    report = ErasureReport()
    subject = f"{ERASED_PREFIX}{uuid.uuid4().hex}"
    result = await session.execute(
        update(UserConsent).where(UserConsent.user_id == user_id).values(user_id=subject, mail="")
    )
    report.anonymized_rows("user_consents", rowcount(result))
    return report


async def export_user_consents(session: AsyncSession, user_id: str) -> ExportPart:
    """identity.export.requested (ADR 0038): every consent the person gave, oldest first, each
    with the revision of the text they agreed to (its number, its texts by language, when it was
    published), where and how they gave it."""
    part = ExportPart("consent")
    rows = await session.execute(
        select(UserConsent, ConsentInfo, ConsentInfoRevision)
        .join(ConsentInfo, ConsentInfo.id == UserConsent.info_id)
        .join(ConsentInfoRevision, ConsentInfoRevision.id == UserConsent.revision_id)
        .where(UserConsent.user_id == user_id)
        .order_by(UserConsent.given_at, UserConsent.id)
    )
    part.add(
        "consents",
        [
            {
                "id": consent.id,
                "given_at": consent.given_at,
                "site": consent.site,
                "source": consent.source,
                "address": consent.mail,
                "type": info.type,
                "placement": info.placement,
                "opt_in": info.opt_in,
                "revision": {
                    "number": revision.number,
                    "published_at": revision.published_at,
                    "texts": revision.texts,
                },
            }
            for consent, info, revision in rows.tuples()
        ],
    )
    return part
