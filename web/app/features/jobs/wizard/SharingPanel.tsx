import { useMutation, useQuery } from "@apollo/client/react";
import { Alert, Checkbox, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { defineMessages } from "~/lib/i18n/define-messages";
import { JOB_SHARING_SITES, SHARE_JOB, type JobView } from "../documents";
import { jobErrorsByField } from "./job-errors";

const messages = defineMessages({
  label: {
    id: "wizard.sharing.label",
    defaultMessage: "Also list this job on",
  },
  description: {
    id: "wizard.sharing.description",
    defaultMessage:
      "The job appears in the search, the feeds and the job alerts of each site you choose; its page there points search engines to this site's.",
  },
  failed: {
    id: "wizard.sharing.failed",
    defaultMessage: "The sites could not be saved. Try again in a moment.",
  },
  saved: {
    id: "wizard.sharing.saved",
    defaultMessage:
      "Shared with {count, plural, =0 {no other site} one {one other site} other {# other sites}}.",
  },
});

/**
 * The other sites of the platform the job is also listed on (shareJob, ADR 0057), saved as soon
 * as a box changes. Nothing when the platform serves no other site.
 */
export function SharingPanel({ job }: { job: JobView }) {
  const intl = useIntl();
  const { data } = useQuery(JOB_SHARING_SITES);
  const [share, { loading }] = useMutation(SHARE_JOB);
  const [errors, setErrors] = useState<string[]>([]);
  // every site of the platform but the job's own
  const sites = (data?.jobSharingSites ?? []).filter(
    (site) => site.name !== job.site,
  );
  if (sites.length === 0) return null;

  const change = async (chosen: string[]) => {
    setErrors([]);
    try {
      const answer = (await share({ variables: { id: job.id, sites: chosen } }))
        .data?.shareJob;
      const sorted = jobErrorsByField(answer, []);
      setErrors(sorted.general);
    } catch {
      setErrors([intl.formatMessage(messages.failed)]);
    }
  };

  return (
    <Stack gap="xs">
      <Checkbox.Group
        label={intl.formatMessage(messages.label)}
        description={intl.formatMessage(messages.description)}
        value={[...job.sharedSites]}
        onChange={(chosen) => void change(chosen)}
      >
        <Stack gap={6} mt="xs">
          {sites.map((site) => (
            <Checkbox
              key={site.name}
              value={site.name}
              label={site.title}
              disabled={loading}
            />
          ))}
        </Stack>
      </Checkbox.Group>
      <Text size="xs" className="text-muted" role="status" aria-live="polite">
        <FormattedMessage
          {...messages.saved}
          values={{ count: job.sharedSites.length }}
        />
      </Text>
      {errors.length > 0 ? (
        <Alert color="red" role="alert">
          {errors.join(" ")}
        </Alert>
      ) : null}
    </Stack>
  );
}
