import { Alert, Anchor, Button, Stack, Text, Title } from "@mantine/core";
import { FormattedMessage, useIntl } from "react-intl";
import { NavLink } from "~/components/Link";
import { track } from "~/lib/analytics";
import { defineMessages } from "~/lib/i18n/define-messages";
import type { ApplyJob } from "./QuickApplyPage";

const messages = defineMessages({
  ownSite: { id: "applications.link.ownSite", defaultMessage: "This employer takes applications on its own site." },
  applyThere: { id: "applications.link.apply", defaultMessage: "Apply on the employer's site" },
  closedTitle: { id: "applications.closed.title", defaultMessage: "Applications are closed" },
  closedText: { id: "applications.closed.text", defaultMessage: "This job no longer takes applications." },
  similar: { id: "applications.closed.similar", defaultMessage: "Find similar jobs" },
});

/** A LINK job: the application form is the employer's (view_original_ad_btn_click, spec 7). */
export function LinkApplyPage({ job }: { job: ApplyJob }) {
  return (
    <Stack gap="md" maw={720}>
      <Title order={1}>{job.title}</Title>
      <Text>
        <FormattedMessage {...messages.ownSite} />
      </Text>
      {job.applicationLink ? (
        <Button
          component="a"
          href={job.applicationLink}
          rel="noopener nofollow"
          onClick={() =>
            track("view_original_ad_btn_click", { entity_id: job.id })
          }
        >
          <FormattedMessage {...messages.applyThere} />
        </Button>
      ) : null}
    </Stack>
  );
}

/** The job is not published (any more): nothing to apply to. */
export function NotOpenPage({ job }: { job: ApplyJob }) {
  const intl = useIntl();
  return (
    <Stack gap="md" maw={720}>
      <Title order={1}>{job.title}</Title>
      <Alert color="yellow" title={intl.formatMessage(messages.closedTitle)}>
        <FormattedMessage {...messages.closedText} />
      </Alert>
      <Anchor component={NavLink} to="/jobs">
        <FormattedMessage {...messages.similar} />
      </Anchor>
    </Stack>
  );
}
