import { useEffect } from "react";
import { CONSENT_COOKIE, readCookieConsent } from "./consent-cookie";

/** Spec section 7: the analytics event keys and who sends each (analytics' catalogue). */
export const EVENT_KINDS = {
  job_search: "client",
  job_visit: "hybrid",
  job_apply_start: "client",
  job_apply_complete: "server",
  job_edit: "server",
  job_share: "client",
  job_bookmark: "server",
  resume_search: "client",
  resume_visit: "hybrid",
  login: "hybrid",
  sign_up_start: "client",
  sign_up: "server",
  job_alert_signup: "server",
  job_alert_prompt: "client",
  orgprofile_visit: "hybrid",
  view_original_ad_btn_click: "client",
} as const;

/** Quick-apply page views (qa_basic_info, qa_questions, ...) are client events. */
export type AnalyticsEvent = keyof typeof EVENT_KINDS | `qa_${string}`;
export type EventKind = "client" | "server" | "hybrid";
export type AnalyticsParams = Record<string, unknown>;

// Spec 9: "Analytics: default event value 1. Parameter prefix ss_. Retry interval 500 ms, at
// most 30 retries. Tracking activity: minimum visit length 5, heartbeat 5. The session store
// keeps the utm source."
export const DEFAULT_VALUE = 1;
export const RETRY_INTERVAL_MS = 500;
export const MAX_RETRIES = 30;
export const MIN_VISIT_SECONDS = 5;
export const HEARTBEAT_SECONDS = 5;
export const UTM_SOURCE_KEY = "jobboard.utm_source";
/** Set on an event that already reached the server endpoint: the tag library must not mirror it. */
export const SERVER_SENT = "server_sent";
export const GMAPI_PATH = "/api/gmapi";
export const CONVERSION_API_PATH = "/api/conversionapi";

declare global {
  interface Window {
    dataLayer?: Record<string, unknown>[];
  }
}

export function eventKind(event: AnalyticsEvent): EventKind {
  return event in EVENT_KINDS
    ? EVENT_KINDS[event as keyof typeof EVENT_KINDS]
    : "client";
}

interface RelaySettings {
  conversionApi: boolean;
  conversionEvents: readonly string[];
}

let relaySettings: RelaySettings = {
  conversionApi: false,
  conversionEvents: [],
};

/** The site's `analytics.conversion_api` and `analytics.conversion_events` (getAppConfig). */
export function configureAnalytics(settings: RelaySettings): void {
  relaySettings = settings;
}

function analyticsConsent(category: "C0001" | "C0002" | "C0004"): boolean {
  if (typeof document === "undefined") return false;
  if (!document.cookie.includes(CONSENT_COOKIE)) return false;
  return (
    readCookieConsent(document.cookie)?.granted.includes(category) ?? false
  );
}

function post(path: string, body: unknown): void {
  const json = JSON.stringify(body);
  try {
    if (typeof navigator !== "undefined" && navigator.sendBeacon) {
      // text/plain: a beacon without a CORS preflight; the web server reads it as JSON
      if (navigator.sendBeacon(path, json)) return;
    }
    void fetch(path, {
      method: "POST",
      body: json,
      headers: { "content-type": "application/json" },
      keepalive: true,
      credentials: "same-origin",
    }).catch(() => undefined);
  } catch {
    // measuring must never break a page
  }
}

/** The tag library's snippet defines the dataLayer once the visitor allowed it (C0001). */
function tagLibraryLoaded(): boolean {
  return Array.isArray(window.dataLayer);
}

function sendToTagLibrary(entry: Record<string, unknown>, attempt = 0): void {
  if (tagLibraryLoaded()) {
    window.dataLayer?.push(entry);
    return;
  }
  if (attempt < MAX_RETRIES) {
    window.setTimeout(
      () => sendToTagLibrary(entry, attempt + 1),
      RETRY_INTERVAL_MS,
    );
    return;
  }
  // Given up waiting: sent once, flagged, so a tag library that loads later does not mirror it
  // to the server endpoint (the event went to /api/gmapi already).
  window.dataLayer ??= [];
  window.dataLayer.push({ ...entry, [SERVER_SENT]: true });
}

function utmSource(): string | undefined {
  try {
    return window.sessionStorage.getItem(UTM_SOURCE_KEY) ?? undefined;
  } catch {
    return undefined;
  }
}

/** Keeps the landing URL's utm_source for the rest of the visit (spec 9: the session store). */
export function rememberUtmSource(search: string): void {
  const source = new URLSearchParams(search).get("utm_source");
  if (!source) return;
  try {
    window.sessionStorage.setItem(UTM_SOURCE_KEY, source.slice(0, 100));
  } catch {
    // no session storage: the source is simply not kept
  }
}

/**
 * Sends an event to the browser tag library with its parameters plus `value` (default 1; spec
 * 7), and client and hybrid events to the server endpoint, which decides whether to mirror it
 * (ADR 0014); conversions go to the conversion API when the site lists them. Nothing is sent
 * anywhere without the visitor's consent (C0001 tag manager, C0002 analytics, C0004 advertising).
 */
export function track(
  event: AnalyticsEvent,
  params: AnalyticsParams = {},
): void {
  if (typeof window === "undefined") return;
  const source = utmSource();
  const withValue: AnalyticsParams = {
    value: DEFAULT_VALUE,
    ...params,
    ...(source && params.utm_source === undefined
      ? { utm_source: source }
      : {}),
  };
  // The tag library only ever loads with C0001 (lib/tag-library): without it nothing waits for it.
  if (analyticsConsent("C0001")) sendToTagLibrary({ event, ...withValue });
  if (eventKind(event) === "server") return; // analytics derives it from the domain event
  if (analyticsConsent("C0002")) post(GMAPI_PATH, { event, params: withValue });
  if (
    relaySettings.conversionApi &&
    relaySettings.conversionEvents.includes(event) &&
    analyticsConsent("C0004")
  ) {
    post(CONVERSION_API_PATH, { event_name: event, custom_data: withValue });
  }
}

/** Spec 3's analytics dimensions a page knows; unknown ones are left out. */
export interface DimensionSources {
  entity?: { id: string; type: string; bundle?: string | null };
  user?: { id: string; roles: readonly string[] } | null;
  organizationId?: string | null;
  ownerId?: string | null;
  signupMethod?: string | null;
  searchQuery?: string | null;
  requestStatus?: string | null;
  jobOwnerFrontend?: string | null;
}

/** The coarse role the dimensions carry, from the user's roles (the strongest wins). */
export function userRole(roles: readonly string[] | null | undefined): string {
  if (!roles || roles.length === 0) return "anonymous";
  for (const role of [
    "administrator",
    "site_admin",
    "job_editor",
    "recruiter",
    "applicant",
  ]) {
    if (roles.includes(role)) return role;
  }
  return roles[0] ?? "anonymous";
}

export function dimensions(sources: DimensionSources): AnalyticsParams {
  const found: AnalyticsParams = {
    entity_id: sources.entity?.id,
    entity_type: sources.entity?.type,
    entity_bundle: sources.entity?.bundle ?? undefined,
    user_role: userRole(sources.user?.roles),
    current_user_id: sources.user?.id,
    organization_id: sources.organizationId ?? undefined,
    owner_id: sources.ownerId ?? undefined,
    signup_method: sources.signupMethod ?? undefined,
    search_query: sources.searchQuery ?? undefined,
    request_status: sources.requestStatus ?? undefined,
    job_owner_frontend: sources.jobOwnerFrontend ?? undefined,
  };
  return Object.fromEntries(
    Object.entries(found).filter(
      ([, value]) => value !== undefined && value !== "",
    ),
  );
}

/**
 * Tracking activity (spec 9): a visit counts once the page was open MIN_VISIT_SECONDS, then a
 * heartbeat goes to the tag library every HEARTBEAT_SECONDS while the page is visible (engaged
 * time for the visit; the server endpoints never see heartbeats).
 */
export function startVisit(
  event: AnalyticsEvent,
  params: AnalyticsParams,
): () => void {
  let seconds = 0;
  let counted = false;
  const timer = window.setInterval(() => {
    if (document.visibilityState === "hidden") return;
    seconds += 1;
    if (!counted && seconds >= MIN_VISIT_SECONDS) {
      counted = true;
      track(event, params);
      return;
    }
    if (counted && seconds % HEARTBEAT_SECONDS === 0) {
      window.dataLayer?.push({
        event: "heartbeat",
        visit_event: event,
        engaged_seconds: seconds,
        entity_id: params.entity_id,
      });
    }
  }, 1000);
  return () => window.clearInterval(timer);
}

/** startVisit for a page, once per `key` (e.g. the job's id) while `enabled`. */
export function useTrackedVisit(
  event: AnalyticsEvent,
  key: string | null,
  params: AnalyticsParams,
  enabled = true,
): void {
  const serialized = JSON.stringify(params);
  useEffect(() => {
    if (!enabled || key === null) return;
    return startVisit(event, JSON.parse(serialized) as AnalyticsParams);
  }, [event, key, enabled, serialized]);
}
