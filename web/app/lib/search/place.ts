import type { ApolloClient } from "@apollo/client";
import { LOCATION_SUGGESTIONS } from "./documents";
import type { GeoSelection } from "./geo";

/** What a loader needs of Apollo; tests pass a fake. */
export type SearchClient = Pick<ApolloClient, "query">;

/** A search's answer as the page shows it; the shell renders in every case. */
export type SearchOutcome<Results> =
  | { kind: "results"; results: Results }
  | { kind: "errors"; messages: string[] }
  | { kind: "unavailable"; message: string };

export const SEARCH_UNAVAILABLE_MESSAGE = "Search is unavailable right now. Please try again in a few minutes.";

/**
 * A place typed without picking a suggestion (a visitor without JavaScript, or a shared link
 * with only geo_location) is looked up: the best suggestion is used.
 */
export async function resolvePlace<State extends { geo: GeoSelection | null }>(
  client: SearchClient,
  state: State,
  what: "jobs" | "resumes" = "jobs",
): Promise<{ state: State; notice: string | null }> {
  const geo = state.geo;
  if (!geo || geo.locationType !== null) return { state, notice: null };
  const notFound = `We could not find the place “${geo.label}”; showing ${what} everywhere. Pick a place from the suggestions.`;
  let found: GeoSelection | null = null;
  try {
    const { data } = await client.query({
      query: LOCATION_SUGGESTIONS,
      variables: { text: geo.label.slice(0, 100), limit: 1 },
      fetchPolicy: "no-cache",
    });
    const best = data?.locationSuggestions[0];
    found = best ? suggestionToGeo(best) : null;
  } catch {
    found = null;
  }
  if (!found) return { state: { ...state, geo: { locationType: null, label: geo.label } }, notice: notFound };
  return { state: { ...state, geo: found }, notice: null };
}

export interface PlaceSuggestion {
  label: string;
  locationType: string;
  country: string;
  administrativeArea?: string | null;
  lat?: number | null;
  lon?: number | null;
}

/**
 * A chosen place as a selection: a locality searches around its coordinates; a country or a
 * state is an area filter without radius (contract: geoLocation).
 */
export function suggestionToGeo(place: PlaceSuggestion): GeoSelection | null {
  if (place.locationType === "country") return { locationType: "country", label: place.label, country: place.country };
  if (place.locationType === "administrative_area_level_1" && place.administrativeArea) {
    return {
      locationType: "administrative_area_level_1",
      label: place.label,
      country: place.country,
      administrativeArea: place.administrativeArea,
    };
  }
  if (typeof place.lat === "number" && typeof place.lon === "number") {
    return { locationType: "locality", label: place.label, lat: place.lat, lon: place.lon };
  }
  return null;
}
