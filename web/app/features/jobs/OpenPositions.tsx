import { Stack } from "@mantine/core";
import { JobTeaser } from "~/components/JobTeaser";
import { formatSalary } from "~/lib/salary";
import type { JobTeaserView } from "./documents";
import { formatDate, locationLabel } from "~/lib/format";

export function teaserProps(job: JobTeaserView) {
  return {
    title: job.title,
    href: job.url.path,
    organizationName: job.organizationName,
    logo: job.logo ?? job.organizationProfile?.logo ?? null,
    location: job.locations.map(({ address }) => locationLabel(address)).join(" · ") || null,
    remote: job.remoteOptions.map((term) => term.label).join(", ") || null,
    salary: formatSalary(job.salaryRange),
    employmentTypes: job.employmentType.map((term) => term.label),
    posted: formatDate(job.publishedAt) || null,
  };
}

/** An organization's open jobs as teasers (its profile page). */
export function OpenPositions({ jobs }: { jobs: readonly JobTeaserView[] }) {
  return (
    <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: "none" }} aria-label="Open positions">
      {jobs.map((job) => (
        <li key={job.id}>
          <JobTeaser {...teaserProps(job)} />
        </li>
      ))}
    </Stack>
  );
}
