from __future__ import annotations

import strawberry
from strawberry.types import Info

from consent.domain.service import MAX_PAGE, list_consent_infos
from consent.graphql.context import ConsentContext
from consent.graphql.types import GdprConsentInfo


@strawberry.type
class Query:
    @strawberry.field(description="Consent infos, filtered by type, placement and language.")
    async def get_gdpr_consent_infos(
        self,
        info: Info[ConsentContext, None],
        type: str | None = None,
        placement: str | None = None,
        language: str | None = None,
        limit: int = 10,
        offset: int = 0,
    ) -> list[GdprConsentInfo]:
        async with info.context.sessions() as session:
            rows = await list_consent_infos(
                session,
                type=type,
                placement=placement,
                language=language,
                limit=min(limit, MAX_PAGE),
                offset=offset,
            )
        return [GdprConsentInfo.from_model(row) for row in rows]
