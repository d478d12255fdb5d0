import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  configureAnalytics,
  dimensions,
  MAX_RETRIES,
  rememberUtmSource,
  RETRY_INTERVAL_MS,
  startVisit,
  track,
  userRole,
} from "./analytics";
import {
  CONSENT_COOKIE,
  consentCookie,
  type ConsentCategory,
} from "./consent-cookie";

let beacons: { path: string; body: unknown }[];

function grant(...granted: ConsentCategory[]) {
  document.cookie = consentCookie(
    { version: 1, granted, at: "2026-11-23T12:00:00Z" },
    false,
  );
}

beforeEach(() => {
  vi.useFakeTimers();
  // test files share a window (vitest.config.ts: isolate false): start with no tag library
  delete window.dataLayer;
  beacons = [];
  vi.stubGlobal("navigator", {
    ...navigator,
    sendBeacon: (path: string, body: string) => {
      beacons.push({ path, body: JSON.parse(body) as unknown });
      return true;
    },
  });
  configureAnalytics({ conversionApi: false, conversionEvents: [] });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  delete window.dataLayer;
  document.cookie = `${CONSENT_COOKIE}=; Max-Age=0; Path=/`;
  window.sessionStorage.clear();
});

describe("the tag library", () => {
  beforeEach(() => grant("C0001"));

  it("gets nothing, not even a queue, without tag-manager consent", () => {
    grant("C0002");
    track("job_search");
    vi.advanceTimersByTime(RETRY_INTERVAL_MS * (MAX_RETRIES + 1));
    expect(window.dataLayer).toBeUndefined();
  });

  it("gets the event with its parameters and value 1 at once when loaded", () => {
    window.dataLayer = [];
    track("job_search", { search_query: "nurse" });
    expect(window.dataLayer).toEqual([
      { event: "job_search", value: 1, search_query: "nurse" },
    ]);
  });

  it("keeps a value the caller gives", () => {
    window.dataLayer = [];
    track("job_share", { value: 3 });
    expect(window.dataLayer).toEqual([{ event: "job_share", value: 3 }]);
  });

  it("is retried every 500 ms until it loads", () => {
    track("job_search");
    vi.advanceTimersByTime(RETRY_INTERVAL_MS * 2);
    expect(window.dataLayer).toBeUndefined();
    window.dataLayer = [];
    vi.advanceTimersByTime(RETRY_INTERVAL_MS);
    expect(window.dataLayer).toEqual([{ event: "job_search", value: 1 }]);
    vi.advanceTimersByTime(RETRY_INTERVAL_MS * MAX_RETRIES);
    expect(window.dataLayer).toHaveLength(1);
  });

  it("gets the event once, flagged as server-sent, after 30 retries", () => {
    track("job_search");
    vi.advanceTimersByTime(RETRY_INTERVAL_MS * MAX_RETRIES - 1);
    expect(window.dataLayer).toBeUndefined();
    vi.advanceTimersByTime(1);
    expect(window.dataLayer).toEqual([
      { event: "job_search", value: 1, server_sent: true },
    ]);
    vi.advanceTimersByTime(60_000);
    expect(window.dataLayer).toHaveLength(1);
  });
});

describe("the server endpoints", () => {
  beforeEach(() => {
    window.dataLayer = [];
  });

  it("get client and hybrid events with analytics consent, never server ones", () => {
    grant("C0001", "C0002");
    track("job_search", { search_query: "nurse" });
    track("job_visit", { entity_id: "7" });
    track("job_apply_complete", { entity_id: "7" });
    track("sign_up");
    expect(beacons).toEqual([
      {
        path: "/api/gmapi",
        body: {
          event: "job_search",
          params: { value: 1, search_query: "nurse" },
        },
      },
      {
        path: "/api/gmapi",
        body: { event: "job_visit", params: { value: 1, entity_id: "7" } },
      },
    ]);
    expect(window.dataLayer).toHaveLength(4);
  });

  it("get nothing without analytics consent", () => {
    track("job_search");
    grant("C0001", "C0004");
    track("job_search");
    expect(beacons).toEqual([]);
  });

  it("send conversions only for listed events with advertising consent", () => {
    configureAnalytics({
      conversionApi: true,
      conversionEvents: ["job_apply_start"],
    });
    grant("C0002");
    track("job_apply_start", { entity_id: "7" });
    expect(beacons.map((beacon) => beacon.path)).toEqual(["/api/gmapi"]);
    grant("C0002", "C0004");
    track("job_apply_start", { entity_id: "7" });
    track("job_search");
    expect(beacons.map((beacon) => beacon.path)).toEqual([
      "/api/gmapi",
      "/api/gmapi",
      "/api/conversionapi",
      "/api/gmapi",
    ]);
    expect(beacons[2]?.body).toEqual({
      event_name: "job_apply_start",
      custom_data: { value: 1, entity_id: "7" },
    });
    configureAnalytics({
      conversionApi: false,
      conversionEvents: ["job_apply_start"],
    });
    track("job_apply_start");
    expect(
      beacons.filter((beacon) => beacon.path === "/api/conversionapi"),
    ).toHaveLength(1);
  });

  it("fall back to fetch when there is no beacon", () => {
    const fetch = vi.fn(() =>
      Promise.resolve(new Response(null, { status: 202 })),
    );
    vi.stubGlobal("fetch", fetch);
    vi.stubGlobal("navigator", { ...navigator, sendBeacon: undefined });
    grant("C0002");
    track("login");
    expect(fetch).toHaveBeenCalledWith(
      "/api/gmapi",
      expect.objectContaining({ method: "POST", keepalive: true }),
    );
  });
});

describe("the utm source", () => {
  it("is kept for the visit and added to every event", () => {
    grant("C0001");
    window.dataLayer = [];
    rememberUtmSource("?utm_source=newsletter&x=1");
    rememberUtmSource("?other=1");
    track("job_search");
    expect(window.dataLayer).toEqual([
      { event: "job_search", value: 1, utm_source: "newsletter" },
    ]);
  });
});

describe("dimensions", () => {
  it("derive the user role from the roles, strongest first", () => {
    expect(userRole(undefined)).toBe("anonymous");
    expect(userRole(["applicant"])).toBe("applicant");
    expect(userRole(["applicant", "recruiter"])).toBe("recruiter");
    expect(userRole(["recruiter", "site_admin"])).toBe("site_admin");
  });

  it("name what the page knows and leave the rest out", () => {
    expect(
      dimensions({
        entity: { id: "7", type: "job", bundle: "job_posting" },
        user: { id: "u1", roles: ["recruiter"] },
        organizationId: "o1",
        ownerId: "u9",
        signupMethod: null,
        searchQuery: "",
        requestStatus: "shortlisted",
        jobOwnerFrontend: "jobboard",
      }),
    ).toEqual({
      entity_id: "7",
      entity_type: "job",
      entity_bundle: "job_posting",
      user_role: "recruiter",
      current_user_id: "u1",
      organization_id: "o1",
      owner_id: "u9",
      request_status: "shortlisted",
      job_owner_frontend: "jobboard",
    });
  });
});

describe("visits", () => {
  beforeEach(() => {
    grant("C0001");
    window.dataLayer = [];
  });

  it("count after 5 seconds, then send a heartbeat every 5 seconds until stopped", () => {
    const stop = startVisit("job_visit", { entity_id: "7" });
    vi.advanceTimersByTime(4_999);
    expect(window.dataLayer).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(window.dataLayer).toEqual([
      { event: "job_visit", value: 1, entity_id: "7" },
    ]);
    vi.advanceTimersByTime(10_000);
    expect(window.dataLayer?.map((entry) => entry.engaged_seconds)).toEqual([
      undefined,
      10,
      15,
    ]);
    stop();
    vi.advanceTimersByTime(60_000);
    expect(window.dataLayer).toHaveLength(3);
  });

  it("do not count a page left before 5 seconds, nor time it was hidden", () => {
    const stop = startVisit("job_visit", { entity_id: "7" });
    vi.advanceTimersByTime(3_000);
    stop();
    vi.advanceTimersByTime(10_000);
    expect(window.dataLayer).toEqual([]);

    const hidden = vi
      .spyOn(document, "visibilityState", "get")
      .mockReturnValue("hidden");
    const again = startVisit("orgprofile_visit", { entity_id: "o1" });
    vi.advanceTimersByTime(10_000);
    expect(window.dataLayer).toEqual([]);
    hidden.mockReturnValue("visible");
    vi.advanceTimersByTime(5_000);
    expect(window.dataLayer).toEqual([
      { event: "orgprofile_visit", value: 1, entity_id: "o1" },
    ]);
    again();
  });
});
