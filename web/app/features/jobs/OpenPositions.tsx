import { Stack } from "@mantine/core";
import { useIntl } from "react-intl";
import { JobTeaser } from "~/components/JobTeaser";
import { defineMessages } from "~/lib/i18n/define-messages";
import type { HitFormat } from "~/lib/job-hit";
import type { JobTeaserView } from "./documents";
import { locationLabel, useLocaleFormat } from "~/lib/format";

const messages = defineMessages({
  label: { id: "jobs.openPositions.label", defaultMessage: "Open positions" },
});

export function teaserProps(job: JobTeaserView, format: HitFormat) {
  return {
    title: job.title,
    href: job.url.path,
    organizationName: job.organizationName,
    logo: job.logo ?? job.organizationProfile?.logo ?? null,
    location: job.locations.map(({ address }) => locationLabel(address)).join(" · ") || null,
    remote: job.remoteOptions.map((term) => term.label).join(", ") || null,
    salary: format.salary(job.salaryRange),
    employmentTypes: job.employmentType.map((term) => term.label),
    posted: format.date(job.publishedAt) || null,
  };
}

/** An organization's open jobs as teasers (its profile page). */
export function OpenPositions({ jobs }: { jobs: readonly JobTeaserView[] }) {
  const intl = useIntl();
  const format = useLocaleFormat();
  return (
    <Stack
      gap="sm"
      component="ul"
      p={0}
      m={0}
      style={{ listStyle: "none" }}
      aria-label={intl.formatMessage(messages.label)}
    >
      {jobs.map((job) => (
        <li key={job.id}>
          <JobTeaser {...teaserProps(job, format)} />
        </li>
      ))}
    </Stack>
  );
}
