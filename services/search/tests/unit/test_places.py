"""locationSuggestions' gazetteer (no I/O but the package's own data files)."""

import pytest
from search.engine.places import MAX_LIMIT, PlaceIndex, area_names, build_index, suggest


@pytest.fixture(scope="module")
def index() -> PlaceIndex:
    return build_index()


def test_zur_finds_zurich_first(index: PlaceIndex) -> None:
    first = index.starting_with("zur", 10)[0]
    assert first.name == "Zürich"
    assert (first.location_type, first.country) == ("locality", "CH")
    assert first.lat == pytest.approx(47.37, abs=0.05)
    assert first.label == "Zürich, CH"
    assert index.starting_with("ZÜR", 1)[0].name == "Zürich"  # accents and case folded


def test_states_and_countries_come_before_cities(index: PlaceIndex) -> None:
    california = index.starting_with("cal", 5)[0]
    assert (california.name, california.location_type, california.country) == (
        "California",
        "administrative_area_level_1",
        "US",
    )
    assert california.label == "California, US"
    assert california.administrative_area == "California"
    germany = index.starting_with("germ", 5)[0]
    assert (germany.name, germany.location_type, germany.country) == ("Germany", "country", "DE")


def test_an_exact_name_comes_first_then_population(index: PlaceIndex) -> None:
    answers = index.starting_with("paris", 5)
    assert answers[0].name == "Paris"
    assert answers[0].country == "FR"
    us_city = next(p for p in index.starting_with("oakland", 5) if p.country == "US")
    assert us_city.label == "Oakland, California, US"
    assert us_city.administrative_area == "California"


async def test_empty_long_and_unknown_texts_answer_nothing() -> None:
    assert await suggest("") == []
    assert await suggest("   ") == []
    assert await suggest("x" * 101) == []
    assert await suggest("qqqqzzzz") == []


async def test_the_limit_is_kept_between_1_and_20() -> None:
    assert len(await suggest("sa", 0)) == 1
    assert len(await suggest("sa", -5)) == 1
    assert len(await suggest("sa", 3)) == 3
    assert len(await suggest("sa", 1000)) == MAX_LIMIT


def test_us_states_are_known_by_code_and_name() -> None:
    assert area_names("US", "CA") == {"ca", "california"}
    assert area_names("US", "California") == {"ca", "california"}
    assert area_names("CH", "Zürich") == {"zurich"}
