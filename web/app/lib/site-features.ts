import { type AppConfig, type AppConfigEntry, useAppConfig } from "~/lib/app-config";

/**
 * Spec 4's feature flags: the `features` group of the site's configuration (getAppConfig), with
 * the platform's defaults (identity's `site_config.SETTINGS`; site-features.test.ts fails when
 * the two differ). Identity answers every flag with its effective value; the defaults only
 * stand in while the configuration loads or when the gateway cannot answer.
 */
export const FEATURE_DEFAULTS = {
  recruiter: true,
  applicant: true,
  resume: true,
  resume_import: true,
  resume_contact: false,
  resume_searches: false,
  resume_site_import: false,
  fields_of_study: false,
  ai_job_description: false,
  incomplete_resume_redirect: false,
  scheduled_jobs: true,
} as const satisfies Record<string, boolean>;

export type Feature = keyof typeof FEATURE_DEFAULTS;

export type SiteFeatures = Readonly<Record<Feature, boolean>>;

/** Every flag of the site: its configured value when it is a boolean, else the default. */
export function siteFeatures(entries: readonly AppConfigEntry[]): SiteFeatures {
  const features = { ...FEATURE_DEFAULTS } as Record<Feature, boolean>;
  for (const entry of entries) {
    if (entry.key === "features" && Object.hasOwn(FEATURE_DEFAULTS, entry.name) && typeof entry.value === "boolean") {
      features[entry.name as Feature] = entry.value;
    }
  }
  return features;
}

// a page's configuration is one AppConfig, read by many components of its render
const featuresByConfig = new WeakMap<AppConfig, SiteFeatures>();

/** The same from an AppConfig (worked out once per AppConfig: its entries never change). */
export function featuresOf(config: AppConfig): SiteFeatures {
  let features = featuresByConfig.get(config);
  if (!features) {
    features = siteFeatures(config.entries);
    featuresByConfig.set(config, features);
  }
  return features;
}

/**
 * What a page pattern (the route table's own form: `/resume/edit`, `/resumes`) needs of the
 * resume feature. Spec 2: with it off, the applicant's resume pages (/resume, beneath it, and
 * /resume-alert/edit/:id) go permanently to /404; resume search (/resumes) is no page (404).
 */
export function resumeGate(pattern: string): "moved-to-404" | "not-found" | null {
  if (pattern === "/resume" || pattern.startsWith("/resume/")) return "moved-to-404";
  if (pattern === "/resume-alert/edit/:id") return "moved-to-404";
  if (pattern === "/resumes") return "not-found";
  return null;
}

/** The site's feature flags in a component (getAppConfig through Apollo, cache-first). */
export function useSiteFeatures(): SiteFeatures {
  const { config } = useAppConfig();
  return featuresOf(config);
}
