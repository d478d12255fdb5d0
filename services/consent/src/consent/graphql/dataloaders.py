"""Batched loads for consent's resolvers: one query per request per kind."""

from consent.domain.models import ConsentInfo as ConsentInfoModel
from consent.graphql.context import ConsentContext


async def consent_info_by_id(context: ConsentContext, id: object) -> ConsentInfoModel | None:
    return await context.load(ConsentInfoModel, id)
