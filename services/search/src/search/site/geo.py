"""The site's distances (spec 9, identity's ``geo`` settings): the radius a place search uses when
the request names none, the unit a request's radius is in when it names none, and how many
kilometres one of that unit is (1.6 for miles on this site and its US variant).

The web shows the same settings (``getAppConfig``), so a search without a radius or unit means
the site's, and one site may search in kilometres while another searches in miles."""

from __future__ import annotations

from dataclasses import dataclass, replace

from jobkit.site_settings import site_value
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from search.db import site_settings
from search.engine.request import KM_PER_UNIT, GeoLocation

KEY = "geo"


@dataclass(frozen=True)
class SiteGeo:
    default_radius: int | float
    unit: str
    km_per_unit: float

    def resolve(self, geo: GeoLocation) -> GeoLocation:
        """The request's place with the site's radius and unit where it named none, and the
        kilometres per unit: the site's multiplier for the site's unit, the unit's own else (an
        unknown unit is left for validation to refuse)."""
        unit = geo.unit or self.unit
        per_unit = self.km_per_unit if unit == self.unit else KM_PER_UNIT.get(unit)
        radius = geo.radius if geo.radius is not None else self.default_radius
        return replace(geo, radius=radius, unit=unit, km_per_unit=per_unit)


# Identity's platform defaults (identity.domain.site_config.SETTINGS) for a site that never set
# them: 100 km.
PLATFORM_GEO = SiteGeo(default_radius=100, unit="km", km_per_unit=1.0)


async def site_geo(sessions: async_sessionmaker[AsyncSession], site: str) -> SiteGeo:
    """The site's distances, from the process's copy of its settings while it is fresh."""
    radius = await site_value(sessions, site_settings, site, KEY, "default_radius")
    unit = await site_value(sessions, site_settings, site, KEY, "default_unit")
    per_unit = await site_value(sessions, site_settings, site, KEY, "radius_multiplier")
    unit = unit if isinstance(unit, str) and unit in KM_PER_UNIT else PLATFORM_GEO.unit
    return SiteGeo(
        default_radius=radius if _number(radius) else PLATFORM_GEO.default_radius,
        unit=unit,
        # a site that names its unit but no multiplier: the unit's own
        km_per_unit=float(per_unit) if _number(per_unit) else KM_PER_UNIT[unit],
    )


def _number(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool) and value > 0
