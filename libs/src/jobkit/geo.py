"""Addresses to coordinates without a network call: an offline gazetteer of the cities the
platform serves (US and European), matched by locality and country.

Spec: further locations and job locations keep geocoded coordinates for search (``geo_point``).
A production deployment can put a geocoding API behind :func:`geocode`'s signature; this one
answers from data shipped with the code, so it works on machines with no internet and in tests.
An address whose city is not in the gazetteer keeps no coordinates (it is still shown; it just
does not match a radius search).
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass


@dataclass(frozen=True)
class Point:
    lat: float
    lon: float


# (country code, locality) -> (lat, lon); administrative area disambiguates where needed.
_CITIES: dict[tuple[str, str], tuple[float, float]] = {
    ("US", "new york"): (40.7128, -74.0060), ("US", "brooklyn"): (40.6782, -73.9442),
    ("US", "boston"): (42.3601, -71.0589), ("US", "cambridge"): (42.3736, -71.1097),
    ("US", "portland"): (45.5152, -122.6784), ("US", "seattle"): (47.6062, -122.3321),
    ("US", "san francisco"): (37.7749, -122.4194), ("US", "oakland"): (37.8044, -122.2712),
    ("US", "los angeles"): (34.0522, -118.2437), ("US", "san diego"): (32.7157, -117.1611),
    ("US", "chicago"): (41.8781, -87.6298), ("US", "denver"): (39.7392, -104.9903),
    ("US", "austin"): (30.2672, -97.7431), ("US", "houston"): (29.7604, -95.3698),
    ("US", "dallas"): (32.7767, -96.7970), ("US", "washington"): (38.9072, -77.0369),
    ("US", "baltimore"): (39.2904, -76.6122), ("US", "philadelphia"): (39.9526, -75.1652),
    ("US", "pittsburgh"): (40.4406, -79.9959), ("US", "atlanta"): (33.7490, -84.3880),
    ("US", "miami"): (25.7617, -80.1918), ("US", "minneapolis"): (44.9778, -93.2650),
    ("US", "detroit"): (42.3314, -83.0458), ("US", "nashville"): (36.1627, -86.7816),
    ("US", "new orleans"): (29.9511, -90.0715), ("US", "phoenix"): (33.4484, -112.0740),
    ("US", "salt lake city"): (40.7608, -111.8910), ("US", "albuquerque"): (35.0844, -106.6504),
    ("US", "madison"): (43.0731, -89.4012), ("US", "raleigh"): (35.7796, -78.6382),
    ("US", "burlington"): (44.4759, -73.2121), ("US", "providence"): (41.8240, -71.4128),
    ("US", "st. louis"): (38.6270, -90.1994), ("US", "kansas city"): (39.0997, -94.5786),
    ("US", "anchorage"): (61.2181, -149.9003), ("US", "honolulu"): (21.3069, -157.8583),
    ("CA", "toronto"): (43.6532, -79.3832), ("CA", "vancouver"): (49.2827, -123.1207),
    ("CA", "montreal"): (45.5017, -73.5673),
    ("GB", "london"): (51.5074, -0.1278), ("GB", "manchester"): (53.4808, -2.2426),
    ("GB", "edinburgh"): (55.9533, -3.1883), ("GB", "bristol"): (51.4545, -2.5879),
    ("IE", "dublin"): (53.3498, -6.2603),
    ("DE", "berlin"): (52.5200, 13.4050), ("DE", "hamburg"): (53.5511, 9.9937),
    ("DE", "munich"): (48.1351, 11.5820), ("DE", "münchen"): (48.1351, 11.5820),
    ("DE", "cologne"): (50.9375, 6.9603), ("DE", "köln"): (50.9375, 6.9603),
    ("DE", "frankfurt"): (50.1109, 8.6821), ("DE", "frankfurt am main"): (50.1109, 8.6821),
    ("DE", "bonn"): (50.7374, 7.0982), ("DE", "leipzig"): (51.3397, 12.3731),
    ("DE", "stuttgart"): (48.7758, 9.1829), ("DE", "freiburg"): (47.9990, 7.8421),
    ("AT", "vienna"): (48.2082, 16.3738), ("AT", "wien"): (48.2082, 16.3738),
    ("CH", "zurich"): (47.3769, 8.5417), ("CH", "zürich"): (47.3769, 8.5417),
    ("CH", "geneva"): (46.2044, 6.1432), ("CH", "genève"): (46.2044, 6.1432),
    ("CH", "bern"): (46.9480, 7.4474), ("CH", "basel"): (47.5596, 7.5886),
    ("FR", "paris"): (48.8566, 2.3522), ("FR", "lyon"): (45.7640, 4.8357),
    ("FR", "marseille"): (43.2965, 5.3698), ("FR", "strasbourg"): (48.5734, 7.7521),
    ("BE", "brussels"): (50.8503, 4.3517), ("NL", "amsterdam"): (52.3676, 4.9041),
    ("NL", "the hague"): (52.0705, 4.3007), ("NL", "rotterdam"): (51.9244, 4.4777),
    ("NL", "utrecht"): (52.0907, 5.1214), ("LU", "luxembourg"): (49.6116, 6.1319),
    ("DK", "copenhagen"): (55.6761, 12.5683), ("SE", "stockholm"): (59.3293, 18.0686),
    ("NO", "oslo"): (59.9139, 10.7522), ("FI", "helsinki"): (60.1699, 24.9384),
    ("ES", "madrid"): (40.4168, -3.7038), ("ES", "barcelona"): (41.3851, 2.1734),
    ("PT", "lisbon"): (38.7223, -9.1393), ("IT", "rome"): (41.9028, 12.4964),
    ("IT", "milan"): (45.4642, 9.1900), ("PL", "warsaw"): (52.2297, 21.0122),
    ("CZ", "prague"): (50.0755, 14.4378), ("HU", "budapest"): (47.4979, 19.0402),
    ("GR", "athens"): (37.9838, 23.7275), ("KE", "nairobi"): (-1.2921, 36.8219),
}  # fmt: skip


def _key(text: str) -> str:
    return unicodedata.normalize("NFC", " ".join(text.strip().lower().split()))


def geocode(*, locality: str | None, country_code: str | None) -> Point | None:
    """The city's coordinates, or None when the gazetteer does not know it."""
    if not locality or not country_code:
        return None
    found = _CITIES.get((country_code.strip().upper(), _key(locality)))
    return Point(*found) if found is not None else None


def known_cities(country_code: str) -> list[str]:
    """The localities of a country the gazetteer knows (for demo data and autocomplete)."""
    code = country_code.upper()
    return sorted(locality for country, locality in _CITIES if country == code)
