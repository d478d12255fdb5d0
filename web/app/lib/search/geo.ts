import { type AppConfig, useAppConfig } from "~/lib/app-config";
import type { SearchGeoLocationInput } from "~/lib/graphql/generated/graphql";
import { cleanText, parseNumber } from "./search-url";

// The place and radius of the search pages (jobs, resumes): spec 2's query keys, spec 9's options.

/** Spec 9: facet limit 100 per facet, minimum count 1. */
export const FACET_LIMIT = 100;

/** Spec 9: the radius options, in the site's unit. */
export const RADIUS_OPTIONS = [5, 25, 50, 100, 200] as const;

/**
 * The site's distances (the `geo` group of getAppConfig, spec 9): the radius a place search
 * takes when the address names none, the unit radii and distances are shown in, and kilometres
 * per unit (this site and its US variant: 50 mi, 1.6). The search service applies the same
 * settings to a request without a radius or unit, so the web never sends the default.
 */
export interface SiteGeo {
  defaultRadius: number;
  unit: "km" | "mi";
  kmPerUnit: number;
}

/** Identity's platform defaults (site_config.SETTINGS), while the configuration loads. */
export const PLATFORM_GEO: SiteGeo = { defaultRadius: 100, unit: "km", kmPerUnit: 1 };

const UNIT_KM: Record<SiteGeo["unit"], number> = { km: 1, mi: 1.6 };

function positive(value: unknown): number | null {
  return typeof value === "number" && Number.isFinite(value) && value > 0 ? value : null;
}

/** The site's distances from its configuration; a unit without a multiplier takes the unit's. */
export function siteGeo(config: AppConfig): SiteGeo {
  const configured = config.value("geo", "default_unit");
  const unit = configured === "mi" || configured === "km" ? configured : PLATFORM_GEO.unit;
  return {
    defaultRadius: positive(config.value("geo", "default_radius")) ?? PLATFORM_GEO.defaultRadius,
    unit,
    kmPerUnit: positive(config.value("geo", "radius_multiplier")) ?? UNIT_KM[unit],
  };
}

/** The site's distances in a component. */
export function useSiteGeo(): SiteGeo {
  return siteGeo(useAppConfig().config);
}

/** The radius a search uses: its own, else the site's default. */
export function effectiveRadius(radius: number | null, site: SiteGeo): number {
  return radius ?? site.defaultRadius;
}

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

/** A place's query parameters (spec 2's keys); the radius only where one applies, when one was chosen. */
export function serializePlace(params: URLSearchParams, geo: GeoSelection | null, radius: number | null): void {
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
  if (!isAreaLocationType(geo.locationType) && radius !== null) params.set("radius", String(radius));
}

/**
 * A place as the search API takes it (contract: geoLocation); null for text never found. The
 * radius is in the site's unit, which the search service applies; none means the site's default.
 */
export function geoInput(geo: GeoSelection, radius: number | null): SearchGeoLocationInput | null {
  switch (geo.locationType) {
    case "locality":
      return { locationType: "locality", label: geo.label, lat: geo.lat, lon: geo.lon, ...(radius !== null ? { radius } : {}) };
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

/** A distance in km as the site says it: "12 mi", "3.5 km". */
export function formatDistance(km: number, site: SiteGeo): string {
  const distance = km / site.kmPerUnit;
  return `${distance < 10 ? distance.toFixed(1) : Math.round(distance)} ${site.unit}`;
}
