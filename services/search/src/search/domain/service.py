from sqlalchemy.ext.asyncio import AsyncSession

from search.domain.models import Route

CONTENT_TYPES = frozenset({"Job", "LandingPage", "OrganizationProfile"})


def normalise_slug(slug: str) -> str:
    """Routes are stored as absolute paths without a trailing slash."""
    path = "/" + slug.strip().strip("/")
    return path


async def find_route(session: AsyncSession, *, slug: str, language: str) -> Route | None:
    return await session.get(Route, (normalise_slug(slug), language))
