from __future__ import annotations

import strawberry
from jobkit.graphql import ServiceContext
from jobkit.schema import build_schema
from strawberry.types import Info

from consent.domain.service import MAX_PAGE, list_consent_infos


@strawberry.type(description="A GDPR consent text.")
class GdprConsentInfo:
    id: strawberry.ID
    type: str
    opt_in: bool
    text: str


@strawberry.type
class Query:
    @strawberry.field(description="Consent infos, filtered by type, placement and language.")
    async def get_gdpr_consent_infos(
        self,
        info: Info[ServiceContext, None],
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
        return [
            GdprConsentInfo(id=strawberry.ID(str(r.id)), type=r.type, opt_in=r.opt_in, text=r.text)
            for r in rows
        ]


schema = build_schema(query=Query)
