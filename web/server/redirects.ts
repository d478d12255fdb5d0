import type { RequestHandler } from "express";
import {
  localizePath,
  resolveLocalizedPath,
  siteLocales,
  type SiteLocales,
} from "../app/lib/routes-i18n.js";

/**
 * Spec 2's permanent redirects, answered by the web server before any page renders. What a site
 * may change (the external contact form, the resume flag, its legacy category table, local
 * chapters and product slugs) comes from its configuration (getAppConfig, group `redirects`,
 * `contact` and `features`); the rest is fixed by the spec.
 *
 * /recruiter/applications is not here: it is a page for recruiters, and its loader sends
 * visitors to /user/login (a redirect that depends on the session must not be permanent, or a
 * browser would cache it for the recruiter too).
 */
export interface RedirectConfig {
  /** Where /contact goes (spec 2: an external contact form). */
  contactFormUrl: string;
  /** Spec 4's resume flag: when off, the resume paths go to /404. */
  resumeEnabled: boolean;
  /** Legacy job category slug -> its category path now ("" for /jobs itself). */
  legacyJobCategories: Record<string, string>;
  /** Named local chapters whose old /jobs/{slug} pages become a keyword search. */
  localChapters: readonly string[];
  /** Product names whose /jobs/{product}-* slugs become a keyword search. */
  productPrefixes: readonly string[];
}

/**
 * Spec 2: the six organization size segments of the old /companies paths. They are the English
 * aliases of search's organization_sizes vocabulary (its seed data is the one source;
 * redirects.test.ts fails when the two differ). The list stays here because the web server is
 * built and deployed on its own and must answer these redirects without any backend.
 */
export const COMPANY_SIZE_SEGMENTS = [
  "5-or-less-employees",
  "6-15-employees",
  "16-25-employees",
  "25-50-employees",
  "51-100-employees",
  "more-100",
] as const;

/** The platform's table of legacy category slugs; a site's own entries are added to it. */
export const LEGACY_JOB_CATEGORIES: Readonly<Record<string, string>> = {
  "leadership-executive-board": "management-and-leadership",
  "it-computer-engineering": "software-development",
  "community-services": "community-organizing",
  "controlling-finance": "finance-and-accounting",
  "administration-customer-service": "administration-and-office",
  "education-training": "education-and-teaching",
  "marketing-communications-pr": "communications-and-marketing",
  "resource-development": "fundraising-and-development",
  "human-resources-hr": "human-resources",
  contractor: "contract",
  "other-1": "",
  "other-3": "",
  "health-care-nursing": "healthcare-and-nursing",
  "social-work": "social-work-and-counseling",
  "environment-nature": "environmental-protection-and-conservation",
  "legal-law": "legal-and-compliance",
  "research-science": "research-and-analysis",
  "arts-culture": "arts-and-culture",
  "international-cooperation": "international-development",
  "emergency-relief": "humanitarian-aid-and-emergency-response",
};

/** Spec 2: the experience landing pages the old experience term paths go to. */
const EXPERIENCE_PAGES: readonly [RegExp, string][] = [
  [
    /^(no|none|0|entry|no-work-experience(-required)?)\b/,
    "no-work-experience-required",
  ],
  [/^(1-2|1|2|one|two)\b/, "1-2-years-experience"],
  [/^(3-5|3|4|5|three|four|five)\b/, "3-5-years-experience"],
  [/^(more-10|10|more|over-10|10-plus)\b/, "more-10-years-experience"],
];

export const DEFAULT_REDIRECT_CONFIG: RedirectConfig = {
  contactFormUrl: "https://www.jobboard.example/contact-form",
  resumeEnabled: true,
  legacyJobCategories: {},
  localChapters: [],
  productPrefixes: [],
};

export interface Redirect {
  status: 301;
  location: string;
}

function moved(location: string): Redirect {
  return { status: 301, location };
}

function experiencePage(token: string): string {
  const lowered = token.toLowerCase();
  for (const [pattern, page] of EXPERIENCE_PAGES) {
    if (pattern.test(lowered)) return `/jobs/${page}`;
  }
  return `/jobs/${lowered}`;
}

function keywordSearch(slug: string): string {
  return `/jobs?${new URLSearchParams({ search: slug }).toString()}`;
}

/**
 * The permanent redirect for a request path and query (`search` with its "?"), or null. Pure,
 * so every row of spec 2 is a unit test.
 */
export function permanentRedirect(
  pathname: string,
  search: string,
  config: RedirectConfig,
): Redirect | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  const segments = path.split("/").filter(Boolean);
  const [first, second, ...rest] = segments;

  if (first === "companies") {
    if (second === undefined) return moved(`/organizations${search}`);
    const tail = (COMPANY_SIZE_SEGMENTS as readonly string[]).includes(second)
      ? rest
      : [second, ...rest];
    return moved(
      `/organizations${tail.length ? `/${tail.join("/")}` : ""}${search}`,
    );
  }

  if (segments.length === 1 && (first === "contact" || first === "kontakt")) {
    return moved(config.contactFormUrl);
  }
  if (segments.length === 2 && first === "manage" && second === "job") {
    return moved("/user/login");
  }
  if (segments.length === 2 && first === "search" && second === "resume") {
    return moved("/user/login");
  }
  if (segments.length === 1 && first === "job-bookmarks-anon") {
    return moved("/jobs#save-search");
  }

  if (!config.resumeEnabled) {
    if (first === "resume") return moved("/404");
    if (first === "resume-alert" && second === "edit" && rest.length === 1)
      return moved("/404");
  }

  if (first === "jobs" && second !== undefined) {
    const slug = second.toLowerCase();
    if (slug === "field_job_experience_term") {
      return moved(`${rest[0] ? experiencePage(rest[0]) : "/jobs"}${search}`);
    }
    if (slug === "field_job_degree_level") {
      const after = rest.slice(1);
      return moved(
        `/jobs${after.length ? `/${after.join("/")}` : ""}${search}`,
      );
    }
    const categories = {
      ...LEGACY_JOB_CATEGORIES,
      ...config.legacyJobCategories,
    };
    if (rest.length === 0 && Object.hasOwn(categories, slug)) {
      const target = categories[slug];
      return moved(`/jobs${target ? `/${target}` : ""}${search}`);
    }
    if (
      rest.length === 0 &&
      (config.localChapters.includes(slug) ||
        config.productPrefixes.some((product) =>
          slug.startsWith(`${product}-`),
        ))
    ) {
      return moved(keywordSearch(slug));
    }
  }
  return null;
}

function asStringMap(value: unknown): Record<string, string> {
  if (typeof value !== "object" || value === null || Array.isArray(value))
    return {};
  return Object.fromEntries(
    Object.entries(value).filter(
      (entry): entry is [string, string] => typeof entry[1] === "string",
    ),
  );
}

function asStrings(value: unknown): string[] {
  return Array.isArray(value)
    ? value.filter((item): item is string => typeof item === "string")
    : [];
}

interface AppConfigAnswer {
  data?: { getAppConfig?: { key: string; name: string; value: unknown }[] };
}

/** The redirect settings out of a site's getAppConfig entries (defaults for anything missing). */
export function redirectConfigFrom(
  entries: readonly { key: string; name: string; value: unknown }[],
): RedirectConfig {
  const value = (key: string, name: string) =>
    entries.find((entry) => entry.key === key && entry.name === name)?.value;
  const contact = value("contact", "form_url");
  const resume = value("features", "resume");
  return {
    contactFormUrl:
      typeof contact === "string" && contact
        ? contact
        : DEFAULT_REDIRECT_CONFIG.contactFormUrl,
    resumeEnabled: typeof resume === "boolean" ? resume : true,
    legacyJobCategories: asStringMap(value("redirects", "job_categories")),
    localChapters: asStrings(value("redirects", "local_chapters")),
    productPrefixes: asStrings(value("redirects", "product_prefixes")),
  };
}

/**
 * The site's redirect settings from the gateway, kept for `ttlMs`; the last good answer (or the
 * defaults) when the gateway cannot answer, so redirects never fail a request.
 */
export function gatewayRedirectConfig(options: {
  gatewayUrl: string;
  frontend: string;
  ttlMs?: number;
}): () => Promise<RedirectConfig> {
  const ttl = options.ttlMs ?? 60_000;
  let cached: { config: RedirectConfig; at: number } | null = null;
  return async () => {
    if (cached && Date.now() - cached.at < ttl) return cached.config;
    try {
      const response = await fetch(options.gatewayUrl, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "x-frontend": options.frontend,
        },
        body: JSON.stringify({ query: "{ getAppConfig { key name value } }" }),
        signal: AbortSignal.timeout(2_000),
      });
      const answer = (await response.json()) as AppConfigAnswer;
      const entries = answer.data?.getAppConfig;
      if (!response.ok || !entries)
        throw new Error(`getAppConfig answered ${response.status}`);
      cached = { config: redirectConfigFrom(entries), at: Date.now() };
    } catch (error) {
      console.warn(
        "redirects: site configuration unavailable, using the last known",
        error,
      );
      cached = {
        config: cached?.config ?? DEFAULT_REDIRECT_CONFIG,
        at: Date.now(),
      };
    }
    return cached.config;
  };
}

/** The first path segments a redirect can start with (other paths skip the settings). */
const REDIRECTED_ROOTS = new Set([
  "companies",
  "contact",
  "kontakt",
  "manage",
  "search",
  "job-bookmarks-anon",
  "resume",
  "resume-alert",
  "jobs",
]);

/**
 * Express middleware answering spec 2's permanent redirects (GET and HEAD only). On a site with
 * several locales a prefixed, translated path redirects like its route path (`/de/kontakt` as
 * `/contact`), to the target in the same locale.
 */
export function permanentRedirects(
  config: () => Promise<RedirectConfig>,
  site: SiteLocales = siteLocales(["en"]),
): RequestHandler {
  return (req, res, next) => {
    const { locale, routePath } = resolveLocalizedPath(req.path, site);
    const root = routePath.split("/")[1] ?? "";
    if (
      (req.method !== "GET" && req.method !== "HEAD") ||
      !REDIRECTED_ROOTS.has(root)
    ) {
      next();
      return;
    }
    const query = req.originalUrl.includes("?")
      ? req.originalUrl.slice(req.originalUrl.indexOf("?"))
      : "";
    config()
      .then((settings) => {
        const target = permanentRedirect(routePath, query, settings);
        if (!target) {
          next();
          return;
        }
        const onSite =
          target.location.startsWith("/") && !target.location.startsWith("//");
        res.redirect(
          target.status,
          onSite ? localizePath(target.location, locale, site) : target.location,
        );
      })
      .catch(next);
  };
}
