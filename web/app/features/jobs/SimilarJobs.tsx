import { Stack, Title } from "@mantine/core";
import { type ReactNode, useId } from "react";
import { FormattedMessage } from "react-intl";
import { JobTeaser } from "~/components/JobTeaser";
import { useLocaleFormat } from "~/lib/format";
import { jobHitTeaserProps } from "~/lib/job-hit";
import { defineMessages } from "~/lib/i18n/define-messages";
import type { SimilarJobView } from "./documents";

const messages = defineMessages({
  title: { id: "jobs.similar.title", defaultMessage: "Similar jobs" },
});

/**
 * "Similar jobs" under a job (and on an expired job's page), or under another title (the
 * dashboard's recommendations); nothing when there are none.
 */
export function SimilarJobs({ jobs, title }: { jobs: readonly SimilarJobView[]; title?: ReactNode }) {
  const headingId = useId();
  const format = useLocaleFormat();
  if (jobs.length === 0) return null;
  return (
    <Stack gap="sm" component="section" aria-labelledby={headingId}>
      <Title order={2} size="h3" id={headingId}>
        {title ?? <FormattedMessage {...messages.title} />}
      </Title>
      <Stack gap="sm" component="ol" p={0} m={0} style={{ listStyle: "none" }}>
        {jobs.map((hit) => (
          <li key={hit.job.id}>
            <JobTeaser {...jobHitTeaserProps(hit, format)} />
          </li>
        ))}
      </Stack>
    </Stack>
  );
}
