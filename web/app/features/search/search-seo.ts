import type { MetaDescriptor } from "react-router";
import type { Metatag } from "~/lib/metatags";
import type { LandingPageView } from "~/lib/route-answer";
import {
  JOB_FACET_FIELDS,
  jobSearchPath,
  MAX_CATEGORY_SEGMENTS,
  type CategorySelection,
  type JobSearchState,
} from "./job-search-params";
import { queryString } from "~/lib/search/search-url";
import { searchMetaDescriptors } from "./search-meta";

/** Spec 9 (SEO): at most 2 clean facets in an indexable URL; an empty page is not indexed. */
export const MAX_INDEXABLE_FACETS = 2;

/** The facet values a /jobs URL selects: the path's, then the query's not already in the path. */
export function selectedFacetValues(
  state: Pick<JobSearchState, "filters">,
  categories: readonly Pick<CategorySelection, "field" | "value">[],
): { field: (typeof JOB_FACET_FIELDS)[number]; value: string; inPath: boolean }[] {
  const selected = categories.map(({ field, value }) => ({ field, value, inPath: true }));
  for (const field of JOB_FACET_FIELDS) {
    for (const value of state.filters[field] ?? []) {
      if (!selected.some((item) => item.field === field && item.value === value)) {
        selected.push({ field, value, inPath: false });
      }
    }
  }
  return selected;
}

/**
 * The URL an over-faceted page points search engines to: its first two facet values (the path's
 * first, then the query's in facet order), nothing else (no keywords, place, sorting or page).
 */
export function twoFacetParentPath(
  state: Pick<JobSearchState, "filters">,
  categories: readonly CategorySelection[],
): string {
  const kept = selectedFacetValues(state, categories).slice(0, MAX_INDEXABLE_FACETS);
  // the path's values come first, so the kept ones are its first segments
  const path = jobSearchPath(categories.slice(0, Math.min(MAX_CATEGORY_SEGMENTS, kept.length)));
  const params = new URLSearchParams();
  for (const field of JOB_FACET_FIELDS) {
    const values = kept.filter((item) => !item.inPath && item.field === field).map((item) => item.value);
    if (values.length > 0) params.set(field, values.join(","));
  }
  return `${path}${queryString(params)}`;
}

export interface JobSearchSeo {
  noindex: boolean;
  canonicalPath: string;
}

/**
 * Whether a job search page may be indexed and its canonical URL: more than 2 facet values
 * (path segments plus facet query parameters) is noindex with the canonical at the two-facet
 * parent; an empty result (or none, the search failed) is noindex; otherwise the page's own clean
 * URL (a landing page's path, else the category path) with its facets and page number.
 */
export function jobSearchSeo({
  state,
  categories,
  total,
  apiNoindex = false,
  landingPath,
}: {
  state: Pick<JobSearchState, "filters" | "page">;
  categories: readonly CategorySelection[];
  /** null when the search did not answer results. */
  total: number | null;
  apiNoindex?: boolean;
  landingPath?: string | null;
}): JobSearchSeo {
  const selected = selectedFacetValues(state, categories);
  if (selected.length > MAX_INDEXABLE_FACETS) {
    return { noindex: true, canonicalPath: twoFacetParentPath(state, categories) };
  }
  const params = new URLSearchParams();
  for (const field of JOB_FACET_FIELDS) {
    const values = selected.filter((item) => !item.inPath && item.field === field).map((item) => item.value);
    if (values.length > 0) params.set(field, values.join(","));
  }
  if (state.page > 1) params.set("page", String(state.page));
  const path = landingPath ?? jobSearchPath(categories);
  return { noindex: apiNoindex || total === null || total === 0, canonicalPath: `${path}${queryString(params)}` };
}

/** The head of /jobs[/{alias}[/{alias}]]: a landing page's title and description win. */
export function jobSearchMetaDescriptors({
  seo,
  apiMetatags,
  landingPage,
  fallbackTitle,
  fallbackDescription,
  origin,
}: {
  seo: JobSearchSeo;
  apiMetatags: readonly Metatag[];
  landingPage?: LandingPageView | null;
  fallbackTitle: string;
  /** Used when neither the landing page nor the API gives a description (search engines want one). */
  fallbackDescription?: string;
  origin: string;
}): MetaDescriptor[] {
  const own = (landingPage?.metatags ?? []).filter((tag) => tag.meta !== "canonical");
  const metatags = [
    ...own,
    ...apiMetatags.filter((tag) => tag.meta !== "canonical" && !own.some((mine) => mine.meta === tag.meta)),
  ];
  if (fallbackDescription && !metatags.some((tag) => tag.meta === "description")) {
    metatags.push({ meta: "description", value: fallbackDescription });
  }
  return searchMetaDescriptors({
    metatags,
    noindex: seo.noindex,
    fallbackTitle,
    origin,
    canonicalPath: seo.canonicalPath,
  });
}
