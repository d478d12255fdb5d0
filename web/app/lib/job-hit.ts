import type { JobTeaserProps } from "~/components/JobTeaser";
import { formatDate, locationLabel } from "./format";
import { SITE_INTL } from "./i18n/site-intl";
import { formatSalary, type SalaryRangeValue } from "./salary";

/** How dates and salaries are written (useLocaleFormat() in a component; the site's default otherwise). */
export interface HitFormat {
  date: (value: unknown) => string;
  salary: (range: SalaryRangeValue | null | undefined) => string | null;
}

const SITE_FORMAT: HitFormat = {
  date: (value) => formatDate(value, SITE_INTL.locale),
  salary: (range) => formatSalary(range, SITE_INTL),
};

/** What the jobs index keeps of a job for a teaser (jobSearch's and recommendedJobs' hits). */
export interface JobHitTeaserData {
  title: string;
  slug: string;
  organizationName: string;
  logoUrl?: string | null;
  locations: readonly { locality: string; countryCode: string; administrativeArea?: string | null }[];
  salary?: { currency: string; unit: string; min?: number | null; max?: number | null } | null;
  remoteOptions: readonly string[];
  employmentTypes: readonly string[];
  publishedAt?: string | null;
  featured?: boolean;
  /** The job's page plays a video. */
  hasVideo?: boolean;
}

const SALARY_UNITS: readonly SalaryRangeValue["salaryUnit"][] = ["HOUR", "DAY", "WEEK", "MONTH", "YEAR"];

/** The index keeps salary units in lower case ("year"); the formatter speaks the jobs API's. */
function salaryRangeOf(salary: JobHitTeaserData["salary"]): SalaryRangeValue | null {
  if (!salary) return null;
  const unit = SALARY_UNITS.find((candidate) => candidate === salary.unit.toUpperCase()) ?? "YEAR";
  return { minSalary: salary.min, maxSalary: salary.max, currencyCode: salary.currency, salaryUnit: unit };
}

/** A search hit as a JobTeaser's props (the distance, when there is one, is the caller's). */
export function jobHitTeaserProps(hit: JobHitTeaserData, format: HitFormat = SITE_FORMAT): JobTeaserProps {
  return {
    title: hit.title,
    href: `/job/${encodeURIComponent(hit.slug)}`,
    organizationName: hit.organizationName,
    // The organization's name is beside the logo: the image adds nothing for a screen reader.
    logo: hit.logoUrl ? { url: hit.logoUrl, alt: "" } : null,
    location: hit.locations.map(locationLabel).join(" · ") || null,
    remote: hit.remoteOptions.join(", ") || null,
    salary: format.salary(salaryRangeOf(hit.salary)),
    employmentTypes: hit.employmentTypes,
    posted: format.date(hit.publishedAt) || null,
    featured: hit.featured ?? false,
    video: hit.hasVideo ?? false,
  };
}
