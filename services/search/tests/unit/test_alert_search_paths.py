"""The links of an alert (the mails' "See all", the manage page's "See the jobs") open the search
page with the alert's search: the pages' own query parameters, as web parses them
(web/app/features/search/job-search-params.ts, resume-search-params.ts)."""

from urllib.parse import parse_qs, urlsplit

from search.alerts.searches import resume_search_path, search_path

QUERY = {
    "fulltext": "office coordinator",
    "condition_groups": [
        {
            "conditions": [
                {"field": "employmentType", "value": 3000},
                {"field": "employmentType", "value": 3001},
            ]
        },
        {"conditions": [{"field": "occupations", "value": 1001}]},
    ],
    "geo_location": {"label": "Boston, MA, USA", "lat": 42.3601, "lon": -71.0589, "radius": 25.0},
}


def _params(path: str) -> tuple[str, dict[str, list[str]]]:
    parts = urlsplit(path)
    return parts.path, parse_qs(parts.query)


def test_a_job_alert_opens_the_job_search_with_its_keywords_filters_place_and_radius() -> None:
    assert _params(search_path(QUERY)) == (
        "/jobs",
        {
            "search": ["office coordinator"],
            "employmentType": ["3000,3001"],
            "occupations": ["1001"],
            "geo_location": ["Boston, MA, USA"],
            "lat": ["42.3601"],
            "lon": ["-71.0589"],
            "radius": ["25"],
        },
    )


def test_an_area_is_searched_without_a_radius_and_an_empty_search_is_the_page() -> None:
    area = {
        "geo_location": {
            "label": "Texas, US",
            "country": "US",
            "administrative_area": "TX",
            "radius": 25,
        }
    }
    assert _params(search_path(area)) == (
        "/jobs",
        {"geo_location": ["Texas, US"], "country": ["US"], "administrative_area_level_1": ["TX"]},
    )
    assert search_path({}) == "/jobs"
    assert resume_search_path({}) == "/resumes"


def test_a_resume_alert_opens_the_resume_search_the_same_way() -> None:
    path, params = _params(resume_search_path(QUERY))
    assert path == "/resumes"
    assert params["search"] == ["office coordinator"]
    assert params["employmentType"] == ["3000,3001"]
    assert params["radius"] == ["25"]
