"""createGdprConsentInfo and publishGdprConsentInfoRevision: admin-like users write the texts."""

from __future__ import annotations

from typing import Annotated

import strawberry
from strawberry.types import Info

from consent.domain import service
from consent.domain.errors import ConsentErrors as DomainErrors
from consent.domain.models import ConsentInfo as InfoModel
from consent.domain.models import ConsentInfoRevision as RevisionModel
from consent.graphql.context import ConsentContext
from consent.graphql.types import ConsentErrors, GdprConsentInfo, GdprConsentInfoRevision


@strawberry.input(description="A consent text in one language (HTML; sanitized when saved).")
class ConsentTextInput:
    language: str
    text: str


@strawberry.input
class CreateGdprConsentInfoInput:
    type: str = strawberry.field(description="PRIVACY_POLICY, TERMS_AND_CONDITIONS, NEWSLETTER...")
    placement: str = strawberry.field(description="REGISTRATION, JOB_APPLICATION, ...")
    opt_in: bool = True
    path: str | None = None
    texts: list[ConsentTextInput]


@strawberry.type(description="The info with its new current revision.")
class GdprConsentInfoSaved:
    info: GdprConsentInfo
    revision: GdprConsentInfoRevision


ConsentInfoResult = Annotated[
    GdprConsentInfoSaved | ConsentErrors, strawberry.union("GdprConsentInfoResult")
]


def _texts(texts: list[ConsentTextInput]) -> dict[str, str]:
    return {text.language.strip().lower(): text.text for text in texts}


def _answer(result: tuple[InfoModel, RevisionModel] | DomainErrors) -> ConsentInfoResult:
    if isinstance(result, DomainErrors):
        return ConsentErrors.from_domain(result)
    info, revision = result
    language, text = service.text_in(revision.texts, None)
    return GdprConsentInfoSaved(
        info=GdprConsentInfo.of(info, revision, language, text),
        revision=GdprConsentInfoRevision.from_model(revision),
    )


def _actor(info: Info[ConsentContext, None]) -> str:
    principal = info.context.require_principal()
    return principal.actor_id or principal.user_id


async def create_gdpr_consent_info(
    info: Info[ConsentContext, None], input: CreateGdprConsentInfoInput
) -> ConsentInfoResult:
    result = await service.create_consent_info(
        sessions=info.context.sessions,
        settings=info.context.settings,
        actor=_actor(info),
        site=info.context.frontend.site,
        data={
            "type": input.type,
            "placement": input.placement,
            "opt_in": input.opt_in,
            "path": input.path,
            "texts": _texts(input.texts),
        },
    )
    return _answer(result)


async def publish_gdpr_consent_info_revision(
    info: Info[ConsentContext, None], info_id: strawberry.ID, texts: list[ConsentTextInput]
) -> ConsentInfoResult:
    result = await service.publish_revision(
        sessions=info.context.sessions,
        settings=info.context.settings,
        actor=_actor(info),
        site=info.context.frontend.site,
        info_id=str(info_id),
        texts=_texts(texts),
    )
    return _answer(result)
