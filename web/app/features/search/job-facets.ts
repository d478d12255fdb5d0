import type { IntlShape } from "react-intl";
import type { FacetOption } from "~/components/FacetGroup";
import { defineMessages } from "~/lib/i18n/define-messages";
import { SITE_INTL } from "~/lib/i18n/site-intl";
import type { SearchFacetView } from "./documents";
import type { FilterChip } from "~/components/search/FilterChips";
import {
  effectiveRadius,
  emptyFilters,
  JOB_FACET_FIELDS,
  JOB_FACET_TITLES,
  jobSearchHref,
  selectedFilters,
  toggleFilter,
  type CategorySelection,
  type JobFacetField,
  type JobSearchState,
  type SiteGeo,
} from "./job-search-params";

const messages = defineMessages({
  location: { id: "search.chips.location", defaultMessage: "Location: {place}" },
  locationRadius: { id: "search.chips.locationRadius", defaultMessage: "Location: {place} ({radius, number} {unit})" },
  filter: { id: "search.chips.filter", defaultMessage: "{facet}: {value}" },
});

export interface JobFacetView {
  field: JobFacetField;
  title: string;
  options: FacetOption[];
}

/** The page with one selected value removed: a path category leaves the path, a query value the query. */
function withoutValue(
  state: JobSearchState,
  categories: readonly CategorySelection[],
  field: JobFacetField,
  value: string,
): string {
  const category = categories.find((candidate) => candidate.field === field && candidate.value === value);
  const rest = categories.filter((candidate) => candidate !== category);
  const next = state.filters[field].includes(value) ? toggleFilter(state, field, value) : { ...state, page: 1 };
  return jobSearchHref(next, category ? rest : categories);
}

function labelOf(
  facets: readonly SearchFacetView[],
  categories: readonly CategorySelection[],
  field: JobFacetField,
  value: string,
): string {
  return (
    facets.find((facet) => facet.field === field)?.values.find((candidate) => candidate.value === value)?.label ??
    categories.find((category) => category.field === field && category.value === value)?.label ??
    value
  );
}

/**
 * Each job facet's values with counts and the link that toggles them. A selected value the
 * answer did not count (no result has it with the other filters) still shows, so it can be
 * removed.
 */
export function jobFacetViews(
  state: JobSearchState,
  categories: readonly CategorySelection[],
  facets: readonly SearchFacetView[],
  intl: IntlShape = SITE_INTL,
): JobFacetView[] {
  const selected = selectedFilters(state, categories);
  return JOB_FACET_FIELDS.map((field) => {
    const values = facets.find((facet) => facet.field === field)?.values ?? [];
    const missing = selected[field]
      .filter((value) => !values.some((candidate) => candidate.value === value))
      .map((value) => ({ value, label: labelOf(facets, categories, field, value), count: 0 }));
    const options = [...missing, ...values].map((value) => {
      const on = selected[field].includes(value.value);
      return {
        value: value.value,
        label: value.label,
        count: value.count,
        selected: on,
        href: on
          ? withoutValue(state, categories, field, value.value)
          : jobSearchHref(toggleFilter(state, field, value.value), categories),
      };
    });
    return { field, title: intl.formatMessage(JOB_FACET_TITLES[field]), options };
  }).filter((view) => view.options.length > 0);
}

/** The selected filters (facet values and the place) as removable chips. */
export function jobFilterChips(
  state: JobSearchState,
  categories: readonly CategorySelection[],
  facets: readonly SearchFacetView[],
  site: SiteGeo,
  intl: IntlShape = SITE_INTL,
): FilterChip[] {
  const selected = selectedFilters(state, categories);
  const chips: FilterChip[] = [];
  if (state.geo) {
    chips.push({
      key: "geo",
      label:
        state.geo.locationType === "locality"
          ? intl.formatMessage(messages.locationRadius, {
              place: state.geo.label,
              radius: effectiveRadius(state.radius, site),
              unit: site.unit,
            })
          : intl.formatMessage(messages.location, { place: state.geo.label }),
      removeHref: jobSearchHref({ ...state, geo: null, page: 1 }, categories),
    });
  }
  for (const field of JOB_FACET_FIELDS) {
    for (const value of selected[field]) {
      chips.push({
        key: `${field}:${value}`,
        label: intl.formatMessage(messages.filter, {
          facet: intl.formatMessage(JOB_FACET_TITLES[field]),
          value: labelOf(facets, categories, field, value),
        }),
        removeHref: withoutValue(state, categories, field, value),
      });
    }
  }
  return chips;
}

/** Every filter and the place removed; keywords and sorting stay. */
export function clearFiltersHref(state: JobSearchState): string {
  return jobSearchHref({ ...state, filters: emptyFilters(), geo: null, page: 1 });
}
