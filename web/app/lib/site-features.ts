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

/** The same from an AppConfig. */
export function featuresOf(config: AppConfig): SiteFeatures {
  return siteFeatures(config.entries);
}

/** The site's feature flags in a component (getAppConfig through Apollo, cache-first). */
export function useSiteFeatures(): SiteFeatures {
  const { config } = useAppConfig();
  return featuresOf(config);
}
