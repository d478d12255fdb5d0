import { Stack } from "@mantine/core";
import { Fragment } from "react";
import { AD_TEASER_INTERVAL, AdTeaser } from "~/components/AdTeaser";
import { BookmarkButton } from "~/components/BookmarkButton";
import { JobTeaser, type JobTeaserProps } from "~/components/JobTeaser";
import { formatDate, locationLabel } from "~/lib/format";
import { formatSalary, type SalaryRangeValue } from "~/lib/salary";
import type { JobSearchHitView } from "./documents";
import { formatDistance } from "./job-search-params";

const SALARY_UNITS: readonly SalaryRangeValue["salaryUnit"][] = ["HOUR", "DAY", "WEEK", "MONTH", "YEAR"];

/** The index keeps salary units in lower case ("year"); the formatter speaks the jobs API's. */
function salaryOf(salary: JobSearchHitView["salary"]): string | null {
  if (!salary) return null;
  const unit = SALARY_UNITS.find((candidate) => candidate === salary.unit.toUpperCase()) ?? "YEAR";
  return formatSalary({
    minSalary: salary.min,
    maxSalary: salary.max,
    currencyCode: salary.currency,
    salaryUnit: unit,
  });
}

export function hitTeaserProps(hit: JobSearchHitView): JobTeaserProps {
  return {
    title: hit.title,
    href: `/job/${encodeURIComponent(hit.slug)}`,
    organizationName: hit.organizationName,
    // The organization's name is beside the logo: the image adds nothing for a screen reader.
    logo: hit.logoUrl ? { url: hit.logoUrl, alt: "" } : null,
    location: hit.locations.map(locationLabel).join(" · ") || null,
    remote: hit.remoteOptions.join(", ") || null,
    salary: salaryOf(hit.salary),
    employmentTypes: hit.employmentTypes,
    posted: formatDate(hit.publishedAt) || null,
    featured: hit.featured,
    distance: typeof hit.distanceKm === "number" ? formatDistance(hit.distanceKm) : null,
  };
}

/**
 * The page's results as teasers, an ad teaser after every fifth (spec 9). The bookmark button
 * shows for visitors (it leads them to save a search) and applicants.
 */
export function JobResults({
  hits,
  showBookmarks,
  signedIn,
}: {
  hits: readonly JobSearchHitView[];
  showBookmarks: boolean;
  signedIn: boolean;
}) {
  return (
    <Stack gap="sm" component="ol" p={0} m={0} style={{ listStyle: "none" }} aria-label="Jobs">
      {hits.map((hit, index) => (
        <Fragment key={hit.job.id}>
          <li>
            <JobTeaser
              {...hitTeaserProps(hit)}
              actions={
                showBookmarks ? (
                  <BookmarkButton
                    key={`${hit.job.id}:${hit.job.bookmarked}`}
                    jobId={hit.job.id}
                    bookmarked={hit.job.bookmarked}
                    signedIn={signedIn}
                  />
                ) : null
              }
            />
          </li>
          {(index + 1) % AD_TEASER_INTERVAL === 0 ? (
            <li>
              <AdTeaser />
            </li>
          ) : null}
        </Fragment>
      ))}
    </Stack>
  );
}
