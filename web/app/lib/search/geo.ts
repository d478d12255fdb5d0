import type { SearchGeoLocationInput } from "~/lib/graphql/generated/graphql";
import { cleanText, parseNumber } from "./search-url";

// The place and radius of the search pages (jobs, resumes): spec 2's query keys, spec 9's options.

/** Spec 9: facet limit 100 per facet, minimum count 1. */
export const FACET_LIMIT = 100;

/** Spec 9: the radius options; this site's default is 50 miles (a mile is 1.6 km here). */
export const RADIUS_OPTIONS = [5, 25, 50, 100, 200] as const;
export const DEFAULT_RADIUS = 50;
export const DEFAULT_UNIT = "mi";
export const MILES_MULTIPLIER = 1.6;

/**
 * Where to search: a place picked from the suggestions (a city with coordinates, or a whole
 * country or state), or text typed without picking (the loader looks it up).
 */
export type GeoSelection =
  | { locationType: "locality"; label: string; lat: number; lon: number }
  | { locationType: "country"; label: string; country: string }
  | { locationType: "administrative_area_level_1"; label: string; country: string; administrativeArea: string }
  | { locationType: null; label: string };

const MAX_PLACE_LENGTH = 200;

function place(params: URLSearchParams, key: string): string {
  return cleanText(params.get(key)).slice(0, MAX_PLACE_LENGTH);
}

/** The place of a search URL (spec 2's keys), shared by the job and resume searches. */
export function parseGeo(params: URLSearchParams): GeoSelection | null {
  const label = place(params, "geo_location");
  const country = place(params, "country").toUpperCase();
  const area = place(params, "administrative_area_level_1");
  const lat = parseNumber(params.get("lat"));
  const lon = parseNumber(params.get("lon"));
  if (area && country) {
    return {
      locationType: "administrative_area_level_1",
      label: label || `${area}, ${country}`,
      country,
      administrativeArea: area,
    };
  }
  if (lat !== null && lon !== null) return { locationType: "locality", label: label || `${lat}, ${lon}`, lat, lon };
  if (country) return { locationType: "country", label: label || country, country };
  if (label) return { locationType: null, label };
  return null;
}

function coordinate(value: number): string {
  return String(Math.round(value * 1e5) / 1e5);
}

/** True for a whole area (a country, an administrative area): it is searched without a radius. */
export function isAreaLocationType(locationType: string | null | undefined): boolean {
  return locationType === "country" || (locationType ?? "").startsWith("administrative_area_level_");
}

/** A place's query parameters (spec 2's keys); the radius only where one applies, when not the default. */
export function serializePlace(params: URLSearchParams, geo: GeoSelection | null, radius: number): void {
  if (!geo) return;
  params.set("geo_location", geo.label);
  if (geo.locationType === "locality") {
    params.set("lat", coordinate(geo.lat));
    params.set("lon", coordinate(geo.lon));
  } else if (geo.locationType === "country") {
    params.set("country", geo.country);
  } else if (geo.locationType === "administrative_area_level_1") {
    params.set("country", geo.country);
    params.set("administrative_area_level_1", geo.administrativeArea);
  }
  if (!isAreaLocationType(geo.locationType) && radius !== DEFAULT_RADIUS) params.set("radius", String(radius));
}

/** A place as the search API takes it (contract: geoLocation); null for text never found. */
export function geoInput(geo: GeoSelection, radius: number): SearchGeoLocationInput | null {
  switch (geo.locationType) {
    case "locality":
      return { locationType: "locality", label: geo.label, lat: geo.lat, lon: geo.lon, radius, unit: DEFAULT_UNIT };
    case "country":
      return { locationType: "country", label: geo.label, country: geo.country };
    case "administrative_area_level_1":
      return {
        locationType: "administrative_area_level_1",
        label: geo.label,
        country: geo.country,
        administrativeArea: geo.administrativeArea,
      };
    case null:
      // Typed but never found: the loader looked it up and could not; no place filter.
      return null;
  }
}

/** A distance in km as this site says it: "12 mi". */
export function formatDistance(km: number): string {
  const miles = km / MILES_MULTIPLIER;
  return `${miles < 10 ? miles.toFixed(1) : Math.round(miles)} ${DEFAULT_UNIT}`;
}
