"""Batched loads for consent's resolvers: one query per request per kind."""

from jobkit.graphql import parse_uuid

from consent.domain.models import ConsentInfo as ConsentInfoModel
from consent.graphql.context import ConsentContext


async def consent_info_by_id(context: ConsentContext, id: object) -> ConsentInfoModel | None:
    if parse_uuid(id) is None:
        return None
    row: ConsentInfoModel | None = await context.load(ConsentInfoModel, id)
    return row
