"""The search a landing page's path shows (what its robots tag counts): the path's facet values,
or around a city page's place, or none; as the web's /jobs loader reads the same path."""

from search.engine.request import Condition, ConditionGroup
from search.site.geo import PLATFORM_GEO, SiteGeo
from search.site.landing_pages import facet_segments, landing_search
from search.taxonomy.models import Term

NURSING = Term(
    tid=1001, vocabulary="occupational_fields", label="Nursing", aliases={"en": "nursing"}
)
FULL_TIME = Term(
    tid=3001, vocabulary="employment_types", label="Full-time", aliases={"en": "full-time"}
)
SKILL = Term(tid=10001, vocabulary="skills", label="Python", aliases={"en": "python"})
PLACE = {"label": "Boston, Massachusetts, US", "lat": 42.36, "lon": -71.06}
MILES = SiteGeo(default_radius=50, unit="mi", km_per_unit=1.6)


def test_the_segments_after_jobs_are_the_facet_segments() -> None:
    assert facet_segments("/jobs/nursing/full-time") == ["nursing", "full-time"]
    assert facet_segments("/jobs") == []
    assert facet_segments(None) == []


def test_term_aliases_become_one_facet_group_each_in_path_order() -> None:
    request = landing_search(
        aliases=["full-time", "nursing"], terms=[NURSING, FULL_TIME], place=None, site=MILES
    )
    assert request is not None
    assert request.geo_location is None
    assert request.condition_groups == [
        ConditionGroup(
            conditions=[Condition(field="employmentType", value="3001")],
            tags=["facet:employmentType"],
        ),
        ConditionGroup(
            conditions=[Condition(field="occupations", value="1001")], tags=["facet:occupations"]
        ),
    ]


def test_a_city_page_searches_around_its_place_with_the_sites_radius() -> None:
    for site, radius, unit, km in ((MILES, 50, "mi", 80), (PLATFORM_GEO, 100, "km", 100)):
        request = landing_search(aliases=["boston"], terms=[], place=PLACE, site=site)
        assert request is not None
        assert request.condition_groups == []
        geo = request.geo_location
        assert geo is not None
        assert (geo.lat, geo.lon, geo.radius, geo.unit, geo.location_type) == (
            42.36,
            -71.06,
            radius,
            unit,
            "locality",
        )
        assert geo.radius_km() == km


def test_a_path_of_unknown_or_unfaceted_terms_without_a_place_names_no_search() -> None:
    assert landing_search(aliases=["nowhere"], terms=[], place=None, site=MILES) is None
    # skills have aliases but no job facet shows them
    assert landing_search(aliases=["python"], terms=[SKILL], place=None, site=MILES) is None
