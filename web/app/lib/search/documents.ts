import { graphql } from "~/lib/graphql/generated/gql";
import type { SearchFacetFieldsFragment } from "~/lib/graphql/generated/graphql";

/** A facet's values with counts, as every search page asks for them. */
export const SEARCH_FACET_FIELDS = graphql(`
  fragment SearchFacetFields on SearchFacet {
    field
    values {
      value
      label
      count
    }
  }
`);

/** One facet of a search answer. */
export type SearchFacetView = SearchFacetFieldsFragment;

/** Address autocomplete (spec 9: 250 ms delay, minimum length 1). */
export const LOCATION_SUGGESTIONS = graphql(`
  query LocationSuggestions($text: String!, $limit: Int!) {
    locationSuggestions(text: $text, limit: $limit) {
      label
      locationType
      country
      administrativeArea
      lat
      lon
    }
  }
`);
