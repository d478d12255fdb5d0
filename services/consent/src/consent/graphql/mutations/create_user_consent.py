"""createGdprUserConsent: the caller agrees to an info's latest revision (spec 7)."""

from __future__ import annotations

from typing import Annotated

import strawberry
from strawberry.types import Info

from consent.domain import service
from consent.domain.errors import ConsentErrors as DomainErrors
from consent.graphql.context import ConsentContext
from consent.graphql.types import ConsentError, GdprUserConsent


@strawberry.type(description="The consent given, or why not (errors as data).")
class CreateGdprUserConsentPayload:
    errors: list[ConsentError]
    consent: GdprUserConsent | None


async def create_gdpr_user_consent(
    info: Info[ConsentContext, None],
    mail: str,
    info_id: strawberry.ID,
    info_revision_id: Annotated[
        strawberry.ID | None,
        strawberry.argument(
            description="The revision the user saw; refused when it is no longer the latest."
        ),
    ] = None,
) -> CreateGdprUserConsentPayload:
    principal = info.context.require_principal()
    result = await service.create_user_consent(
        sessions=info.context.sessions,
        settings=info.context.settings,
        principal=principal,
        site=info.context.frontend.site,
        mail=mail,
        info_id=str(info_id),
        info_revision_id=str(info_revision_id) if info_revision_id is not None else None,
    )
    if isinstance(result, DomainErrors):
        return CreateGdprUserConsentPayload(errors=ConsentError.list_from(result), consent=None)
    return CreateGdprUserConsentPayload(errors=[], consent=GdprUserConsent.from_model(result))
