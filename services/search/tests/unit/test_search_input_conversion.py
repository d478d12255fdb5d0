"""jobSearch's, organizationSearch's and resumeSearch's inputs, converted by a converter made once
(ADR 0065, ADR 0071), are what strawberry's own conversion makes of them (no I/O)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from graphql import GraphQLInputObjectType, coerce_input_value
from jobkit.input_conversion import strawberrys_own_conversion
from search.graphql.job_search import JobSearchInput, to_request
from search.graphql.organization_search import OrganizationSearchInput
from search.graphql.resume_search import ResumeSearchInput
from search.graphql.resume_search import to_request as resume_request
from search.graphql.schema import schema
from search.site.geo import SiteGeo
from strawberry.types.arguments import convert_argument
from strawberry.types.base import get_object_definition

from services.search.tests.factories import resume_page_input

# the bench's request (bench.scenarios._search.graphql_input), the page's variants, and values
# the validation refuses later (conversion keeps them as they are)
JOB_INPUTS: list[dict[str, Any]] = [
    {},
    {
        "language": "en",
        "facets": [
            {"field": f}
            for f in (
                "occupations",
                "industry",
                "employmentType",
                "yearsOfExperience",
                "remoteOptions",
                "company",
            )
        ],
        "conditionGroups": [
            {
                "conditions": [
                    {"field": "employmentType", "value": "3000"},
                    {"field": "employmentType", "value": "3001"},
                ],
                "tags": ["facet:employmentType", "bench:1"],
            },
            {
                "conditions": [{"field": "remoteOptions", "value": "3300"}],
                "tags": ["facet:remoteOptions"],
            },
        ],
        "fulltext": {"keys": "nurse"},
        "geoLocation": {"label": "Boston", "lat": 42.36, "lon": -71, "radius": 200, "unit": "mi"},
        "sorts": [{"field": "field_job_publishing_date", "value": "DESC"}],
    },
    {
        "facets": [{"field": "industry", "limit": 5, "operator": "and", "minCount": 0}],
        "conditionGroups": [
            {
                "conditions": [{"field": "salaryYearly", "value": "1e9999", "operator": ">="}],
                "conjunction": "AND",
            }
        ],
        "geoLocation": {"country": "DE", "locationType": "country"},
        "range": {"first": 10, "last": 19},
        "page": 0,
        "sorts": [{"field": "search_api_relevance"}],
    },
    {"language": None, "fulltext": None, "geoLocation": None, "range": None},
]
ORGANIZATION_INPUTS: list[dict[str, Any]] = [
    {},
    {
        "fulltext": {"keys": "clinic"},
        "facets": [{"field": "industry"}, {"field": "occupations", "limit": 3}],
        "conditionGroups": [
            {"conditions": [{"field": "industry", "value": "2001"}], "tags": ["facet:industry"]}
        ],
        "page": 2,
    },
]
# the /resumes page's request and variants
RESUME_INPUTS: list[dict[str, Any]] = [
    {},
    resume_page_input("office manager", skills=[4001, 4002]),
    {"geoLocation": {"country": "DE", "locationType": "country"}, "range": {"first": 0, "last": 9}},
    {"page": 0, "sorts": [{"field": "search_api_relevance"}], "fulltext": None},
]


def convert(cls: type, value: dict[str, Any]) -> Any:
    graphql_type = schema._schema.type_map[cls.__name__]
    assert isinstance(graphql_type, GraphQLInputObjectType)
    coerced = coerce_input_value(value, graphql_type)
    return convert_argument(coerced, cls, schema.schema_converter.scalar_registry, schema.config)


def converted(cls: type, values: list[dict[str, Any]]) -> list[Any]:
    assert get_object_definition(cls, strict=True).from_input is not None
    return [convert(cls, value) for value in values]


@pytest.fixture
def strawberrys_own() -> Iterator[None]:
    with strawberrys_own_conversion(JobSearchInput, OrganizationSearchInput, ResumeSearchInput):
        yield


@pytest.fixture
def ours() -> tuple[list[Any], list[Any], list[Any]]:
    return (
        converted(JobSearchInput, JOB_INPUTS),
        converted(OrganizationSearchInput, ORGANIZATION_INPUTS),
        converted(ResumeSearchInput, RESUME_INPUTS),
    )


def test_the_inputs_equal_strawberrys_conversion(
    ours: tuple[list[Any], list[Any], list[Any]], strawberrys_own: None
) -> None:
    jobs, organizations, resumes = ours
    expected_jobs = [convert(JobSearchInput, value) for value in JOB_INPUTS]
    expected_organizations = [convert(OrganizationSearchInput, v) for v in ORGANIZATION_INPUTS]
    expected_resumes = [convert(ResumeSearchInput, value) for value in RESUME_INPUTS]
    assert jobs == expected_jobs
    assert organizations == expected_organizations
    assert resumes == expected_resumes
    # and so the search request, the answer cache's key, is the same
    site = SiteGeo(default_radius=50, unit="mi", km_per_unit=1.609344)
    assert [repr(to_request(j, site)) for j in jobs] == [
        repr(to_request(j, site)) for j in expected_jobs
    ]
    assert [repr(resume_request(r, site)) for r in resumes] == [
        repr(resume_request(r, site)) for r in expected_resumes
    ]
