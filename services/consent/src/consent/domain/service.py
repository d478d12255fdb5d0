from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from consent.domain.models import ConsentInfo

MAX_PAGE = 100


async def list_consent_infos(
    session: AsyncSession,
    *,
    type: str | None,
    placement: str | None,
    language: str | None,
    limit: int,
    offset: int,
) -> list[ConsentInfo]:
    query = select(ConsentInfo).order_by(ConsentInfo.created_at, ConsentInfo.id)
    if type is not None:
        query = query.where(ConsentInfo.type == type)
    if placement is not None:
        query = query.where(ConsentInfo.placement == placement)
    if language is not None:
        query = query.where(ConsentInfo.language == language)
    query = query.limit(max(0, min(limit, MAX_PAGE))).offset(max(0, offset))
    return list(await session.scalars(query))
