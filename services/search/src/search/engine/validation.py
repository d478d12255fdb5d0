"""A search request checked and normalized (:func:`validate`), or :class:`SearchErrors` naming each
refused field: facets, condition groups (facet filters, the salary filter), the text, the place,
the sorts and the page or range. The free text is stemmed here, as the documents are (ADR 0010).
"""

from __future__ import annotations

import math
import re

from search.engine.indexing.analysis import stem_query
from search.engine.request import (
    FACET_LIMIT,
    JOBS,
    KM_PER_UNIT,
    LOCATION_TYPES,
    MAX_KEYS_LENGTH,
    MAX_KEYWORD_LENGTH,
    MAX_QUERY_TERMS,
    MAX_RESULT_WINDOW,
    MAX_SALARY,
    RADIUS_OPTIONS,
    RELEVANCE_SORT,
    SALARY_CURRENCY,
    SALARY_FIELDS,
    Condition,
    ConditionGroup,
    FacetFilter,
    GeoLocation,
    SalaryFilter,
    SearchKind,
    SearchRequest,
    ValidSearch,
)
from search.errors import SearchError, SearchErrorCode, SearchErrors

_ORGANIZATION_ID = re.compile(r"^[0-9a-fA-F-]{1,64}$")
_CURRENCY = re.compile(r"^[A-Za-z]{3}$")


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
            elif not term_facet and facet in kind.id_facets and not _ORGANIZATION_ID.match(part):
                errors.append(
                    SearchError(
                        SearchErrorCode.INVALID,
                        f"{facet} takes organization ids.",
                        f"{where}.value",
                    )
                )
            elif not term_facet and not 1 <= len(part.strip()) <= MAX_KEYWORD_LENGTH:
                errors.append(
                    SearchError(
                        SearchErrorCode.INVALID,
                        f"{facet} takes a value of 1 to {MAX_KEYWORD_LENGTH} characters.",
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
        if sort.field not in (RELEVANCE_SORT, kind.date_sort):
            errors.append(
                SearchError(
                    SearchErrorCode.INVALID_CHOICE,
                    f"Sort by {RELEVANCE_SORT} or {kind.date_sort}.",
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
        elif sort.field == kind.date_sort:
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
