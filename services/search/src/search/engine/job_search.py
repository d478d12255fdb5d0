"""jobSearch: the spec's search request (section 3) validated, as an Elasticsearch query, and the
answer read back (no GraphQL here). The request, its validation, the facet machinery and the
featured positions are shared with organizationSearch (:mod:`search.engine.organization_search`)
through a :class:`SearchKind`.

Facets are OR within a facet and AND across facets. Facet filters (condition groups tagged
``facet:{field}``) go to ``post_filter`` and every facet's aggregation is filtered by the other
facets' filters only, so a facet's counts ignore its own selection. Free text goes through the
same Python analysis as the documents (ADR 0010) and only ever into ``match``-type queries: no
Lucene syntax reaches Elasticsearch.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from typing import Any, Literal

from elasticsearch import ApiError

from search.engine.indexing.analysis import stem_query
from search.engine.places import area_names
from search.errors import SearchError, SearchErrorCode, SearchErrors

PAGE_SIZE = 10
MAX_RESULT_WINDOW = 10_000  # Elasticsearch's default index.max_result_window
MAX_KEYS_LENGTH = 500
MAX_QUERY_TERMS = 32
FACET_LIMIT = 100
RADIUS_OPTIONS = (5, 25, 50, 100, 200)
DEFAULT_RADIUS = 50
DEFAULT_UNIT = "mi"
KM_PER_UNIT = {"km": 1.0, "mi": 1.6}  # the site's multiplier for miles (spec 9)
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
_ORGANIZATION_ID = re.compile(r"^[0-9a-fA-F-]{1,64}$")
MAX_FEATURED_JOBS = 7  # featured jobs fill positions 0-6 of page 1 (spec 9)
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
_CURRENCY = re.compile(r"^[A-Za-z]{3}$")


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


def _facet_of(group: ConditionGroup) -> str | None:
    for tag in group.tags:
        if tag.startswith("facet:"):
            return tag.removeprefix("facet:")
    return None


def _split_values(
    kind: SearchKind, facet: str, raw: list[str], where: str, errors: list[SearchError]
) -> list[str]:
    """Comma-separated numbers become separate values; duplicates are removed (spec 5)."""
    term_facet = facet in kind.term_facets
    values: list[str] = []
    for value in raw:
        parts = [part.strip() for part in value.split(",")] if term_facet else [value]
        for part in parts:
            if term_facet and not (part.isdigit() and len(part) <= 9):
                errors.append(
                    SearchError(
                        SearchErrorCode.INVALID,
                        f"'{part[:40]}' is not a term id: {facet} takes numeric ids.",
                        f"{where}.value",
                    )
                )
            elif not term_facet and not _ORGANIZATION_ID.match(part):
                errors.append(
                    SearchError(
                        SearchErrorCode.INVALID,
                        "company takes organization ids.",
                        f"{where}.value",
                    )
                )
            elif part not in values:
                values.append(str(int(part)) if term_facet else part)
    return values


def validate(request: SearchRequest, kind: SearchKind = JOBS) -> ValidSearch:
    """The request checked and normalized, or :class:`SearchErrors` naming each bad field."""
    errors: list[SearchError] = []
    for index, facet in enumerate(request.facets):
        if facet.field not in kind.facets:
            errors.append(
                SearchError(
                    SearchErrorCode.INVALID_CHOICE,
                    f"Unknown facet; the facets are {', '.join(kind.facets)}.",
                    f"facets.{index}.field",
                )
            )
        if not 1 <= facet.limit <= FACET_LIMIT:
            errors.append(
                SearchError(
                    SearchErrorCode.OUT_OF_RANGE,
                    f"A facet shows 1 to {FACET_LIMIT} values.",
                    f"facets.{index}.limit",
                )
            )
        if facet.min_count < 1:
            errors.append(
                SearchError(
                    SearchErrorCode.OUT_OF_RANGE,
                    "The minimum count is at least 1.",
                    f"facets.{index}.min_count",
                )
            )
        if facet.operator.lower() not in ("or", "and"):
            errors.append(
                SearchError(
                    SearchErrorCode.INVALID_CHOICE,
                    "The operator is or or and.",
                    f"facets.{index}.operator",
                )
            )

    facet_values: dict[str, list[str]] = {}
    other_values: dict[str, list[str]] = {}
    salary_conditions: list[tuple[str, Condition]] = []
    for g, group in enumerate(request.condition_groups):
        if group.conjunction.upper() != "OR":
            errors.append(
                SearchError(
                    SearchErrorCode.INVALID_CHOICE,
                    "A condition group is an OR group.",
                    f"condition_groups.{g}.conjunction",
                )
            )
        facet_tag = _facet_of(group)
        for c, condition in enumerate(group.conditions):
            where = f"condition_groups.{g}.conditions"
            if kind.salary and condition.field in SALARY_FIELDS:
                if len(group.conditions) > 1:
                    errors.append(
                        SearchError(
                            SearchErrorCode.INVALID,
                            "A salary condition is a condition group of its own.",
                            f"{where}.{c}.field",
                        )
                    )
                else:
                    salary_conditions.append((f"{where}.{c}", condition))
                continue
            if condition.field not in kind.facets:
                errors.append(
                    SearchError(
                        SearchErrorCode.INVALID_CHOICE,
                        f"Unknown filter field; the fields are {', '.join(kind.facets)}.",
                        f"{where}.{c}.field",
                    )
                )
                continue
            if condition.operator != "=":
                errors.append(
                    SearchError(
                        SearchErrorCode.INVALID_CHOICE,
                        "Conditions are equality conditions (=).",
                        f"{where}.{c}.operator",
                    )
                )
                continue
            target = facet_values if facet_tag == condition.field else other_values
            values = _split_values(kind, condition.field, [condition.value], f"{where}.{c}", errors)
            bucket = target.setdefault(condition.field, [])
            bucket.extend(v for v in values if v not in bucket)

    keys = (request.fulltext or "").strip()
    if len(keys) > MAX_KEYS_LENGTH:
        errors.append(
            SearchError(
                SearchErrorCode.TOO_LONG,
                f"The search text has at most {MAX_KEYS_LENGTH} characters.",
                "fulltext.keys",
            )
        )
    query_text = " ".join(stem_query(keys[:MAX_KEYS_LENGTH]).split()[:MAX_QUERY_TERMS])

    salary = _salary_filter(salary_conditions, errors)

    geo = request.geo_location
    if geo is not None and kind.geo:
        _validate_geo(geo, errors)

    by_date = False
    for s, sort in enumerate(request.sorts):
        if sort.field not in (RELEVANCE_SORT, DATE_SORT):
            errors.append(
                SearchError(
                    SearchErrorCode.INVALID_CHOICE,
                    f"Sort by {RELEVANCE_SORT} or {DATE_SORT}.",
                    f"sorts.{s}.field",
                )
            )
        elif sort.value.upper() != "DESC":
            errors.append(
                SearchError(
                    SearchErrorCode.INVALID_CHOICE,
                    "Sorting is descending (DESC).",
                    f"sorts.{s}.value",
                )
            )
        elif sort.field == DATE_SORT:
            by_date = True

    page_size = kind.page_size
    offset, size = (request.page - 1) * page_size, page_size
    if request.range is not None:
        offset, size = request.range.first, request.range.last - request.range.first + 1
        if offset < 0 or not 1 <= size <= page_size * 5:
            errors.append(
                SearchError(
                    SearchErrorCode.OUT_OF_RANGE,
                    "The range is first..last with 0 <= first <= last, "
                    f"at most {page_size * 5} results.",
                    "range",
                )
            )
    elif request.page < 1:
        errors.append(SearchError(SearchErrorCode.OUT_OF_RANGE, "Pages start at 1.", "page"))
    if offset + size > MAX_RESULT_WINDOW and not errors:
        errors.append(
            SearchError(
                SearchErrorCode.OUT_OF_RANGE,
                f"Only the first {MAX_RESULT_WINDOW} results can be paged through; "
                "narrow the search.",
                "page" if request.range is None else "range",
            )
        )
    if errors:
        raise SearchErrors(errors)
    return ValidSearch(
        request=request,
        facet_filters=[FacetFilter(f, v) for f, v in facet_values.items() if v],
        other_filters=[FacetFilter(f, v) for f, v in other_values.items() if v],
        offset=offset,
        size=size,
        query_text=query_text,
        by_date=by_date,
        salary=salary,
        kind=kind,
    )


def _salary_filter(
    conditions: list[tuple[str, Condition]], errors: list[SearchError]
) -> SalaryFilter | None:
    """The salary conditions (each ``where`` its path) as one filter, or errors."""
    currencies: list[str] = []
    minimums: list[tuple[str, float]] = []
    for where, condition in conditions:
        if condition.field == SALARY_CURRENCY:
            if condition.operator != "=":
                errors.append(
                    SearchError(
                        SearchErrorCode.INVALID_CHOICE,
                        "salaryCurrency takes =.",
                        f"{where}.operator",
                    )
                )
            elif not _CURRENCY.match(condition.value.strip()):
                errors.append(
                    SearchError(
                        SearchErrorCode.INVALID,
                        "salaryCurrency takes a three-letter currency code (EUR, USD...).",
                        f"{where}.value",
                    )
                )
            elif condition.value.strip().upper() not in currencies:
                currencies.append(condition.value.strip().upper())
            continue
        if condition.operator != ">=":
            errors.append(
                SearchError(
                    SearchErrorCode.INVALID_CHOICE,
                    "salaryYearly takes >= (the least a year).",
                    f"{where}.operator",
                )
            )
            continue
        try:
            amount = float(condition.value)
        except ValueError:
            amount = math.nan
        if not 0 <= amount <= MAX_SALARY:  # also refuses nan and inf
            errors.append(
                SearchError(
                    SearchErrorCode.OUT_OF_RANGE,
                    f"salaryYearly is an amount from 0 to {MAX_SALARY}.",
                    f"{where}.value",
                )
            )
        else:
            minimums.append((where, amount))
    if len(currencies) > 1:
        errors.append(
            SearchError(
                SearchErrorCode.INVALID,
                "One salary currency at a time: salaries are never converted.",
                f"{conditions[-1][0]}.value",
            )
        )
    if len(minimums) > 1:
        errors.append(
            SearchError(
                SearchErrorCode.INVALID,
                "One yearly salary minimum at a time.",
                f"{minimums[-1][0]}.value",
            )
        )
    if minimums and not currencies:
        errors.append(
            SearchError(
                SearchErrorCode.REQUIRED,
                "A yearly salary needs its currency (a salaryCurrency condition).",
                f"{minimums[0][0]}.field",
            )
        )
    if not currencies:
        return None
    return SalaryFilter(currencies[0], minimums[0][1] if minimums else None)


def _salary_clause(salary: SalaryFilter) -> dict[str, Any]:
    clauses: list[dict[str, Any]] = [{"term": {"salary_currency": salary.currency}}]
    if salary.minimum_yearly is not None:
        least = salary.minimum_yearly
        clauses.append(
            {
                "bool": {
                    "should": [
                        {"range": {"salary_yearly_max": {"gte": least}}},
                        {
                            "bool": {
                                "must_not": [{"exists": {"field": "salary_yearly_max"}}],
                                "filter": [{"range": {"salary_yearly_min": {"gte": least}}}],
                            }
                        },
                    ],
                    "minimum_should_match": 1,
                }
            }
        )
    return {"bool": {"filter": clauses}}


def _validate_geo(geo: GeoLocation, errors: list[SearchError]) -> None:
    location_type = geo.location_type or "locality"
    if location_type not in LOCATION_TYPES:
        errors.append(
            SearchError(
                SearchErrorCode.INVALID_CHOICE,
                f"The location type is one of {', '.join(LOCATION_TYPES)}.",
                "geo_location.location_type",
            )
        )
        return
    if location_type == "country":
        if not geo.country or not re.fullmatch(r"[A-Za-z]{2}", geo.country):
            errors.append(
                SearchError(
                    SearchErrorCode.INVALID,
                    "A country search needs the country's two-letter code.",
                    "geo_location.country",
                )
            )
        return
    if location_type == "administrative_area_level_1":
        if not geo.administrative_area or len(geo.administrative_area) > 100:
            errors.append(
                SearchError(
                    SearchErrorCode.INVALID,
                    "An area search needs the administrative area.",
                    "geo_location.administrative_area",
                )
            )
        return
    if geo.lat is None or geo.lon is None:
        errors.append(
            SearchError(
                SearchErrorCode.REQUIRED, "A place search needs lat and lon.", "geo_location.lat"
            )
        )
        return
    if not -90 <= geo.lat <= 90:
        errors.append(
            SearchError(SearchErrorCode.OUT_OF_RANGE, "lat is -90 to 90.", "geo_location.lat")
        )
    if not -180 <= geo.lon <= 180:
        errors.append(
            SearchError(SearchErrorCode.OUT_OF_RANGE, "lon is -180 to 180.", "geo_location.lon")
        )
    if geo.radius is not None and geo.radius not in RADIUS_OPTIONS:
        errors.append(
            SearchError(
                SearchErrorCode.OUT_OF_RANGE,
                f"The radius is one of {', '.join(map(str, RADIUS_OPTIONS))}.",
                "geo_location.radius",
            )
        )
    if geo.unit not in KM_PER_UNIT:
        errors.append(
            SearchError(
                SearchErrorCode.INVALID_CHOICE, "The unit is km or mi.", "geo_location.unit"
            )
        )


def _terms_filter(kind: SearchKind, facet_filter: FacetFilter) -> dict[str, Any]:
    field_name = kind.facets[facet_filter.facet]
    values: list[Any] = (
        [int(v) for v in facet_filter.values]
        if facet_filter.facet in kind.term_facets
        else facet_filter.values
    )
    return {"terms": {field_name: values}}


def _geo_filter(geo: GeoLocation) -> dict[str, Any]:
    location_type = geo.location_type or "locality"
    if location_type == "country":
        return {"term": {"countries": (geo.country or "").upper()}}
    if location_type == "administrative_area_level_1":
        area: dict[str, Any] = {
            "terms": {
                "administrative_areas": sorted(
                    area_names(geo.country, geo.administrative_area or "")
                )
            }
        }
        if geo.country:
            return {"bool": {"filter": [{"term": {"countries": geo.country.upper()}}, area]}}
        return area
    radius_km = (geo.radius or DEFAULT_RADIUS) * KM_PER_UNIT[geo.unit]
    return {
        "geo_distance": {
            "distance": f"{radius_km}km",
            "location_points": {"lat": geo.lat, "lon": geo.lon},
        }
    }


EARTH_RADIUS_KM = 6371.0


def nearest_km(points: object, lat: float, lon: float) -> float | None:
    """Great-circle kilometres from (lat, lon) to the nearest of a document's points (its
    ``location_points``), rounded to 0.1 km; None when it has none. Computed here from the stored
    points: a page has at most 10 hits with a few points each (no script field needed)."""
    if not isinstance(points, list):
        return None
    best: float | None = None
    for point in points:
        if not isinstance(point, dict) or point.get("lat") is None or point.get("lon") is None:
            continue
        phi1, phi2 = math.radians(lat), math.radians(float(point["lat"]))
        d_phi = phi2 - phi1
        d_lambda = math.radians(float(point["lon"]) - lon)
        a = math.sin(d_phi / 2) ** 2 + math.cos(phi1) * math.cos(phi2) * math.sin(d_lambda / 2) ** 2
        km = 2 * EARTH_RADIUS_KM * math.asin(min(1.0, math.sqrt(a)))
        best = km if best is None else min(best, km)
    return None if best is None else round(best, 1)


# Jobs past their expiry are never found, even before the scheduler marks them expired.
UNEXPIRED: dict[str, Any] = {
    "bool": {
        "should": [
            {"bool": {"must_not": {"exists": {"field": "expires_at"}}}},
            {"range": {"expires_at": {"gt": "now"}}},
        ],
        "minimum_should_match": 1,
    }
}


def text_query(
    query_text: str, *, fields: list[str], phrase_field: str, filters: list[dict[str, Any]]
) -> dict[str, Any]:
    """The stemmed text (ADR 0010) in every field, all words required, a phrase in the main
    field ranked higher; only ``filters`` without text."""
    if not query_text:
        return {"bool": {"filter": filters}}
    return {
        "bool": {
            "must": [
                {
                    "multi_match": {
                        "query": query_text,
                        "type": "cross_fields",
                        "fields": fields,
                        "operator": "and",
                    }
                }
            ],
            "should": [{"match_phrase": {phrase_field: {"query": query_text, "boost": 3}}}],
            "filter": filters,
        }
    }


# What a hit shows (search.graphql.job_search.job_hit): a document's other fields (term ids,
# analysed text, versions) would only be decoded and dropped, page after page.
JOB_HIT_FIELDS = (
    "id",
    "title",
    "slug",
    "organization_id",
    "organization_name",
    "organization_slug",
    "logo_url",
    "snippet",
    "locations",
    "location_points",
    "term_labels.remote_options",
    "term_labels.employment_types",
    "published_at",
    "salary_*",
)


def build_query(search: ValidSearch, *, site: str | None = None) -> dict[str, Any]:
    """The Elasticsearch request body (the same one a benchmark can send straight to ES)."""
    request = search.request
    filters: list[dict[str, Any]] = [{"term": {"findable": True}}, UNEXPIRED]
    if site:
        filters.append({"term": {"site": site}})
    filters += [_terms_filter(search.kind, f) for f in search.other_filters]
    if request.geo_location is not None:
        filters.append(_geo_filter(request.geo_location))
    if search.salary is not None:
        filters.append(_salary_clause(search.salary))

    query = text_query(
        search.query_text,
        fields=[
            "title_stem^4",
            "labels_stem^2",
            "organization_stem^2",
            "place_stem^2",
            "body_stem",
        ],
        phrase_field="title_stem",
        filters=filters,
    )
    aggregations, post_filter = facet_parts(search, named={"company": "organization_name"})
    sort: list[Any] = (
        [{"published_at": {"order": "desc", "missing": "_last"}}, "_score"]
        if search.by_date or not search.query_text
        else ["_score", {"published_at": {"order": "desc", "missing": "_last"}}]
    )
    body: dict[str, Any] = {
        "query": query,
        "from": search.offset,
        "size": search.size,
        "sort": sort,
        "track_total_hits": True,
        "aggs": aggregations,
        "_source": {"includes": list(JOB_HIT_FIELDS)},
    }
    if post_filter:
        body["post_filter"] = {"bool": {"filter": post_filter}}
    return body


def facet_parts(
    search: ValidSearch, *, named: dict[str, str] | None = None
) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The facet aggregations and the post filter clauses: each facet counted under the other
    facets' selections (never its own), the hits filtered by all of them. ``named`` gives a
    facet whose values are ids a sub-aggregation on the field holding their names."""
    kind = search.kind
    facet_clauses = {f.facet: _terms_filter(kind, f) for f in search.facet_filters}
    aggregations: dict[str, Any] = {}
    for facet in search.request.facets:
        others = [clause for name, clause in facet_clauses.items() if name != facet.field]
        terms: dict[str, Any] = {
            "field": kind.facets[facet.field],
            "size": facet.limit,
            "min_doc_count": facet.min_count,
        }
        inner: dict[str, Any] = {"terms": terms}
        if named and facet.field in named:
            inner["aggs"] = {"name": {"terms": {"field": named[facet.field], "size": 1}}}
        aggregations[facet.field] = {
            "filter": {"bool": {"filter": others}} if others else {"match_all": {}},
            "aggs": {"values": inner},
        }
    return aggregations, list(facet_clauses.values())


@dataclass(frozen=True)
class FacetCount:
    value: str
    count: int
    label: str | None = None


@dataclass(frozen=True)
class FacetResult:
    field: str
    values: list[FacetCount]


@dataclass(frozen=True)
class SearchAnswer:
    total: int
    hits: list[dict[str, Any]]
    facets: list[FacetResult]
    sorting: Literal["relevancy", "publish_date_desc"]
    featured: frozenset[str] = frozenset()  # ids of the hits shown as featured


def read_answer(
    search: ValidSearch, response: dict[str, Any], featured: frozenset[str] = frozenset()
) -> SearchAnswer:
    hits = [hit["_source"] for hit in response["hits"]["hits"]]
    facets: list[FacetResult] = []
    for facet in search.request.facets:
        buckets = response.get("aggregations", {}).get(facet.field, {}).get("values", {})
        values = []
        for bucket in buckets.get("buckets", []):
            names = bucket.get("name", {}).get("buckets", [])
            label = names[0]["key"] if names else None
            values.append(
                FacetCount(value=str(bucket["key"]), count=bucket["doc_count"], label=label)
            )
        facets.append(FacetResult(field=facet.field, values=values))
    return SearchAnswer(
        total=response["hits"]["total"]["value"],
        hits=hits,
        facets=facets,
        sorting="publish_date_desc" if search.by_date else "relevancy",
        featured=featured,
    )


async def search_with_featured(
    store: Any,
    index: str,
    search: ValidSearch,
    body: dict[str, Any],
    featured_filter: dict[str, Any],
) -> tuple[dict[str, Any], frozenset[str]]:
    """Ask Elasticsearch for ``body``'s page with the best featured matches pinned first.

    A small query (no aggregations, ``kind.max_featured`` hits, the same query, facet filters
    and sort) finds the featured matches; they take the first positions of the whole result
    list and are left out of the main query's hits by its post filter only, so the facet counts
    (aggregations ignore the post filter) stay those of every match, and the total is the main
    query's plus the pinned ones. Every page runs it: page 2 starts where page 1's regular hits
    stopped. Returns the merged response and the ids of the pinned hits on this page.
    """
    post = _post_clauses(body)
    limit = search.kind.max_featured
    if limit and search.offset == 0:
        return await _first_page_with_featured(store, index, search, body, featured_filter)
    featured: list[dict[str, Any]] = []
    if limit:
        answer = await store.client.search(
            index=index, body=_featured_body(body, post, featured_filter, limit)
        )
        featured = list(answer["hits"]["hits"])
    count = len(featured)
    offset, size = search.offset, search.size
    pinned = featured[offset : offset + size] if offset < count else []
    main = dict(body)
    main["from"] = max(0, offset - count)
    main["size"] = size - len(pinned)
    if featured:
        main["post_filter"] = {
            "bool": {
                "filter": post,
                "must_not": [{"ids": {"values": [hit["_id"] for hit in featured]}}],
            }
        }
    response = dict(await store.client.search(index=index, body=main))
    hits = dict(response["hits"])
    hits["hits"] = pinned + list(hits["hits"])
    hits["total"] = {"value": hits["total"]["value"] + count, "relation": "eq"}
    response["hits"] = hits
    return response, frozenset(hit["_id"] for hit in pinned)


def _post_clauses(body: dict[str, Any]) -> list[dict[str, Any]]:
    return list(body.get("post_filter", {}).get("bool", {}).get("filter", []))


def _featured_body(
    body: dict[str, Any], post: list[dict[str, Any]], featured_filter: dict[str, Any], limit: int
) -> dict[str, Any]:
    return {
        "query": body["query"],
        "post_filter": {"bool": {"filter": [*post, featured_filter]}},
        "sort": body["sort"],
        "size": limit,
        "track_total_hits": False,
        "_source": body["_source"],
    }


def first_page_searches(
    search: ValidSearch, body: dict[str, Any], featured_filter: dict[str, Any]
) -> list[dict[str, Any]]:
    """The ``_msearch`` lines of page 1: a header and the featured query, a header and the main
    query (``body`` asking for ``max_featured`` more hits). What the service sends, and what
    the benchmark's raw baseline sends straight to Elasticsearch."""
    post = _post_clauses(body)
    limit = search.kind.max_featured
    main = dict(body) | {"from": 0, "size": search.size + limit}
    return [{}, _featured_body(body, post, featured_filter, limit), {}, main]


async def _first_page_with_featured(
    store: Any,
    index: str,
    search: ValidSearch,
    body: dict[str, Any],
    featured_filter: dict[str, Any],
) -> tuple[dict[str, Any], frozenset[str]]:
    """Page 1 (most searches) in one round trip: the featured query and the main query go in one
    ``_msearch``. The main query does not wait for the featured ids to leave them out: it asks
    for ``max_featured`` more hits, and the pinned ones are dropped from its list here (at most
    ``max_featured`` of them are among its first hits). The same page as the two-step path."""
    answer = await store.client.msearch(
        index=index, searches=first_page_searches(search, body, featured_filter)
    )
    featured_answer, response = answer["responses"]
    for part in (featured_answer, response):
        if "error" in part:  # the same failure the single search would raise
            raise ApiError(
                message=str(part["error"].get("type", "search failed")),
                meta=answer.meta,
                body=part,
            )
    pinned = list(featured_answer["hits"]["hits"])[: search.size]
    ids = {hit["_id"] for hit in pinned}
    regular = [hit for hit in response["hits"]["hits"] if hit["_id"] not in ids]
    merged = dict(response)
    hits = dict(response["hits"])
    hits["hits"] = pinned + regular[: search.size - len(pinned)]
    # every match counts once: the main query's total already holds the pinned ones
    hits["total"] = {"value": hits["total"]["value"], "relation": "eq"}
    merged["hits"] = hits
    return merged, frozenset(ids)


# A job is featured while its publishing package's boost lasts (ADR 0012).
FEATURED_JOB = {"range": {"featured_until": {"gt": "now"}}}


def job_search_msearch(search: ValidSearch, *, site: str | None) -> list[dict[str, Any]]:
    """Page 1 of a job search as the one ``_msearch`` :func:`run_job_search` sends for it
    (the benchmark's raw baseline is built here, so the two cannot drift apart)."""
    if search.offset != 0 or not search.kind.max_featured:
        raise ValueError("only page 1 of a search with featured results is one _msearch")
    return first_page_searches(search, build_query(search, site=site), FEATURED_JOB)


async def run_job_search(
    store: Any, request: SearchRequest, *, site: str | None = None
) -> tuple[ValidSearch, SearchAnswer]:
    """Validate (raising :class:`SearchErrors`), ask Elasticsearch, read the answer back;
    ``site`` keeps the jobs of one site (the request's frontend)."""
    search = validate(request)
    await store.ensure_indices()
    response, featured = await search_with_featured(
        store, store.alias("jobs"), search, build_query(search, site=site), FEATURED_JOB
    )
    return search, read_answer(search, response, featured)


async def count_jobs(store: Any, request: SearchRequest, *, site: str | None = None) -> int:
    """How many jobs ``request`` finds (its facet selection included), without reading them.
    Validates like :func:`run_job_search` (raising :class:`SearchErrors`)."""
    search = validate(request)
    await store.ensure_indices()
    body = build_query(search, site=site)
    filters = [body["query"]]
    if "post_filter" in body:
        filters.append(body["post_filter"])
    response = await store.client.search(
        index=store.alias("jobs"),
        query={"bool": {"filter": filters}},
        size=0,
        track_total_hits=True,
    )
    return int(response["hits"]["total"]["value"])
