from __future__ import annotations

import strawberry
from graphql import GraphQLError
from jobkit.graphql import parse_uuid
from jobkit.permissions import IsAuthenticated, SelfArgumentOrAdminLike
from strawberry.types import Info

from consent.domain import service
from consent.graphql.context import ConsentContext
from consent.graphql.types import GdprConsentInfo, GdprConsentInfoRevision, GdprUserConsent


@strawberry.type
class Query:
    @strawberry.field(
        description=(
            "Published consent infos (their current revision), filtered by id, type, placement "
            "and page path (infos for every page included); text in language (else the site's "
            "locale, else English). sorting: created, updated, type or placement, '-' first "
            "for descending."
        )
    )
    async def get_gdpr_consent_infos(
        self,
        info: Info[ConsentContext, None],
        id: strawberry.ID | None = None,
        type: str | None = None,
        limit: int = 10,
        offset: int = 0,
        sorting: str | None = None,
        placement: str | None = None,
        language: str | None = None,
        path: str | None = None,
    ) -> list[GdprConsentInfo]:
        if sorting and sorting.removeprefix("-") not in service.SORTINGS:
            raise GraphQLError(
                f"Unknown sorting; use one of {', '.join(sorted(service.SORTINGS))}.",
                extensions={"code": "BAD_USER_INPUT"},
            )
        key = parse_uuid(id) if id is not None else None
        if id is not None and key is None:
            return []
        async with info.context.sessions() as session:
            rows = await service.list_consent_infos(
                session,
                id=key,
                type=type,
                placement=placement,
                language=language or info.context.frontend.locale,
                path=path,
                sorting=sorting,
                limit=limit,
                offset=offset,
            )
        return [GdprConsentInfo.from_text(row) for row in rows]

    @strawberry.field(
        description="Every revision of a consent info, newest first (what users agreed to)."
    )
    async def get_gdpr_consent_info_revisions(
        self, info: Info[ConsentContext, None], info_id: strawberry.ID
    ) -> list[GdprConsentInfoRevision]:
        key = parse_uuid(info_id)
        if key is None:
            return []
        async with info.context.sessions() as session:
            rows = await service.info_revisions(session, key)
        return [GdprConsentInfoRevision.from_model(row) for row in rows]

    @strawberry.field(
        description=(
            "The caller's consent to the latest revision of the info of this type and "
            "placement; null when they have not agreed to it yet."
        ),
        permission_classes=[IsAuthenticated],
    )
    async def has_the_latest_consent(
        self, info: Info[ConsentContext, None], type: str, placement: str
    ) -> GdprUserConsent | None:
        principal = info.context.require_principal()
        async with info.context.sessions() as session:
            row = await service.latest_consent(
                session, user_id=principal.user_id, type=type, placement=placement
            )
        return GdprUserConsent.from_model(row) if row else None

    @strawberry.field(
        description=(
            "Consents for a placement and type, newest first: the caller's own; admin-like "
            "users may name any userId."
        ),
        permission_classes=[SelfArgumentOrAdminLike],
    )
    async def get_gdpr_user_consents(
        self,
        info: Info[ConsentContext, None],
        placement: str | None = None,
        type: str | None = None,
        user_id: strawberry.ID | None = None,
        limit: int = 10,
        offset: int = 0,
    ) -> list[GdprUserConsent]:
        principal = info.context.require_principal()
        async with info.context.sessions() as session:
            rows = await service.list_user_consents(
                session,
                user_id=str(user_id) if user_id is not None else principal.user_id,
                type=type,
                placement=placement,
                limit=limit,
                offset=offset,
            )
        return [GdprUserConsent.from_model(row) for row in rows]
