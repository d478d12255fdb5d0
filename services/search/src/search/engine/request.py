"""The search request (the spec's shape, section 3) and what differs between the faceted searches
(:class:`SearchKind`): the plain data jobSearch and organizationSearch share, with their limits.
:mod:`search.engine.validation` checks a request into a :class:`ValidSearch`."""

from __future__ import annotations

from dataclasses import dataclass, field

PAGE_SIZE = 10
MAX_RESULT_WINDOW = 10_000  # Elasticsearch's default index.max_result_window
MAX_KEYS_LENGTH = 500
MAX_QUERY_TERMS = 32
FACET_LIMIT = 100
RADIUS_OPTIONS = (5, 25, 50, 100, 200)
# A place searched without a radius or unit takes the site's (search.site.geo, resolved where a
# request comes in); these stand in for a search stored before that, which named neither.
DEFAULT_RADIUS = 50
DEFAULT_UNIT = "mi"
KM_PER_UNIT = {"km": 1.0, "mi": 1.6}  # spec 9's multiplier for miles
LOCATION_TYPES = ("locality", "country", "administrative_area_level_1")
RELEVANCE_SORT = "search_api_relevance"
DATE_SORT = "field_job_publishing_date"

# The job facets (spec 9) -> the indexed field; all term ids but company (an organization id).
JOB_FACETS: dict[str, str] = {
    "remoteOptions": "remote_option_tids",
    "employmentType": "employment_type_tids",
    "industry": "industry_tid",
    "occupations": "occupational_field_tids",
    "yearsOfExperience": "years_of_experience_tid",
    "company": "organization_id",
}
TERM_FACETS = frozenset(JOB_FACETS) - {"company"}
MAX_FEATURED_JOBS = 7  # featured jobs fill positions 0-6 of page 1 (spec 9)
MAX_KEYWORD_LENGTH = 100  # a keyword facet value (career status, region)
MAX_CLEAN_FACETS = 2  # SEO: at most 2 clean facets, no-index for empty pages (spec 9)


@dataclass(frozen=True)
class SearchKind:
    """What differs between the faceted searches: the facets (name -> indexed field), which of
    them take term ids (the others take organization ids), the page size, and how many featured
    results may fill the first positions of page 1."""

    facets: dict[str, str]
    term_facets: frozenset[str]
    page_size: int
    max_featured: int
    geo: bool = True  # place / radius requests accepted
    salary: bool = False  # salaryCurrency / salaryYearly conditions accepted
    # the facets (not taking term ids) whose values are organization ids; the others take a
    # keyword value as the documents keep it (a resume's career status, its region)
    id_facets: frozenset[str] = frozenset({"company"})
    date_sort: str = DATE_SORT  # the sort field for newest first


JOBS = SearchKind(
    facets=JOB_FACETS,
    term_facets=TERM_FACETS,
    page_size=PAGE_SIZE,
    max_featured=MAX_FEATURED_JOBS,
    salary=True,
)

# The salary filter, as conditions of their own condition groups (the groups are ANDed):
# ``salaryCurrency = EUR`` keeps the jobs paying in that currency; with ``salaryYearly >= 50000``
# also those whose salary reaches that much a year (the top of their range, else its bottom).
# Salaries are compared per year (documents keep hour/day/week/month figures as yearly ones) and
# only within one currency: no exchange rates.
SALARY_CURRENCY = "salaryCurrency"
SALARY_YEARLY = "salaryYearly"
SALARY_FIELDS = frozenset({SALARY_CURRENCY, SALARY_YEARLY})
MAX_SALARY = 1_000_000_000


@dataclass(frozen=True)
class FacetRequest:
    field: str
    limit: int = FACET_LIMIT
    operator: str = "or"
    min_count: int = 1
    missing: bool = False


@dataclass(frozen=True)
class Condition:
    field: str
    value: str
    operator: str = "="


@dataclass(frozen=True)
class ConditionGroup:
    conditions: list[Condition]
    conjunction: str = "OR"
    tags: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class GeoLocation:
    label: str | None = None
    country: str | None = None
    administrative_area: str | None = None
    lat: float | None = None
    lon: float | None = None
    radius: float | None = None
    unit: str = DEFAULT_UNIT
    location_type: str | None = None
    # Kilometres per unit: the site's multiplier when the unit is the site's (search.site.geo)
    km_per_unit: float | None = None

    def radius_km(self) -> float:
        radius = self.radius if self.radius is not None else DEFAULT_RADIUS
        return radius * (self.km_per_unit or KM_PER_UNIT[self.unit])


@dataclass(frozen=True)
class SearchRange:
    first: int
    last: int


@dataclass(frozen=True)
class SortRequest:
    field: str
    value: str = "DESC"


@dataclass(frozen=True)
class SearchRequest:
    language: str = "en"
    facets: list[FacetRequest] = field(default_factory=list)
    condition_groups: list[ConditionGroup] = field(default_factory=list)
    fulltext: str | None = None
    geo_location: GeoLocation | None = None
    range: SearchRange | None = None
    page: int = 1
    sorts: list[SortRequest] = field(default_factory=list)


JobSearchRequest = SearchRequest


@dataclass(frozen=True)
class FacetFilter:
    """One facet's selected values (OR), after splitting and de-duplicating."""

    facet: str
    values: list[str]


@dataclass(frozen=True)
class SalaryFilter:
    """Jobs paying in ``currency``; with ``minimum_yearly``, at least that much a year."""

    currency: str
    minimum_yearly: float | None = None


@dataclass(frozen=True)
class ValidSearch:
    request: SearchRequest
    facet_filters: list[FacetFilter]
    other_filters: list[FacetFilter]
    offset: int
    size: int
    query_text: str  # stemmed, "" for none
    by_date: bool
    kind: SearchKind = JOBS
    salary: SalaryFilter | None = None
