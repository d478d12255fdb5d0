from sqlalchemy.ext.asyncio import AsyncSession

from search.site.models import Route

CONTENT_TYPES = frozenset({"Job", "LandingPage", "OrganizationProfile"})


def normalise_slug(slug: str) -> str:
    """Routes are stored as absolute paths without a trailing slash."""
    path = "/" + slug.strip().strip("/")
    return path


async def find_route(session: AsyncSession, *, slug: str, language: str) -> Route | None:
    """The path's route, or None when there is none or its content is not public now; the route
    of deleted content (``gone``) too, for its 410."""
    route = await session.get(Route, (normalise_slug(slug), language))
    return route if route is not None and (route.visible or route.gone) else None
