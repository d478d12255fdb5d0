import type { IntlShape } from "react-intl";
import type { FacetOption } from "~/components/FacetGroup";
import { defineMessages } from "~/lib/i18n/define-messages";
import type { SearchFacetView } from "~/lib/search/documents";
import type { FilterChip } from "~/components/search/FilterChips";
import { effectiveRadius, isAreaLocationType, type SiteGeo } from "~/lib/search/geo";
import { careerStatusLabel } from "./resume-labels";
import {
  emptyResumeFilters,
  RESUME_FACET_FIELDS,
  RESUME_FACET_TITLES,
  resumeSearchHref,
  toggleResumeFilter,
  type ResumeFacetField,
  type ResumeSearchState,
} from "./resume-search-params";

const messages = defineMessages({
  location: { id: "search.chips.location", defaultMessage: "Location: {place}" },
  locationRadius: { id: "search.chips.locationRadius", defaultMessage: "Location: {place} ({radius, number} {unit})" },
  filter: { id: "search.chips.filter", defaultMessage: "{facet}: {value}" },
});

export interface ResumeFacetView {
  field: ResumeFacetField;
  title: string;
  options: FacetOption[];
}

function labelOf(facets: readonly SearchFacetView[], field: ResumeFacetField, value: string, intl: IntlShape): string {
  if (field === "careerStatus") return careerStatusLabel(value, intl);
  return facets.find((facet) => facet.field === field)?.values.find((candidate) => candidate.value === value)?.label ?? value;
}

/**
 * Each resume facet's values with counts and the link that toggles them (OR within a facet, AND
 * across). A selected value the answer did not count still shows, so it can be removed.
 */
export function resumeFacetViews(
  state: ResumeSearchState,
  facets: readonly SearchFacetView[],
  intl: IntlShape,
): ResumeFacetView[] {
  return RESUME_FACET_FIELDS.map((field) => {
    const values = facets.find((facet) => facet.field === field)?.values ?? [];
    const missing = state.filters[field]
      .filter((value) => !values.some((candidate) => candidate.value === value))
      .map((value) => ({ value, label: value, count: 0 }));
    const options = [...missing, ...values].map((value) => ({
      value: value.value,
      label: labelOf(facets, field, value.value, intl),
      count: value.count,
      selected: state.filters[field].includes(value.value),
      href: resumeSearchHref(toggleResumeFilter(state, field, value.value)),
    }));
    return { field, title: intl.formatMessage(RESUME_FACET_TITLES[field]), options };
  }).filter((view) => view.options.length > 0);
}

/** The selected filters (facet values and the place) as removable chips. */
export function resumeFilterChips(
  state: ResumeSearchState,
  facets: readonly SearchFacetView[],
  site: SiteGeo,
  intl: IntlShape,
): FilterChip[] {
  const chips: FilterChip[] = [];
  if (state.geo) {
    chips.push({
      key: "geo",
      label: isAreaLocationType(state.geo.locationType)
        ? intl.formatMessage(messages.location, { place: state.geo.label })
        : intl.formatMessage(messages.locationRadius, {
            place: state.geo.label,
            radius: effectiveRadius(state.radius, site),
            unit: site.unit,
          }),
      removeHref: resumeSearchHref({ ...state, geo: null, page: 1 }),
    });
  }
  for (const field of RESUME_FACET_FIELDS) {
    for (const value of state.filters[field]) {
      chips.push({
        key: `${field}:${value}`,
        label: intl.formatMessage(messages.filter, {
          facet: intl.formatMessage(RESUME_FACET_TITLES[field]),
          value: labelOf(facets, field, value, intl),
        }),
        removeHref: resumeSearchHref(toggleResumeFilter(state, field, value)),
      });
    }
  }
  return chips;
}

/** Every filter and the place removed; keywords and sorting stay. */
export function clearResumeFiltersHref(state: ResumeSearchState): string {
  return resumeSearchHref({ ...state, filters: emptyResumeFilters(), geo: null, page: 1 });
}
