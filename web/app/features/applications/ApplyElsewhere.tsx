import { Alert, Anchor, Button, Stack, Text, Title } from "@mantine/core";
import { NavLink } from "~/components/Link";
import { track } from "~/lib/analytics";
import type { ApplyJob } from "./QuickApplyPage";

/** A LINK job: the application form is the employer's (view_original_ad_btn_click, spec 7). */
export function LinkApplyPage({ job }: { job: ApplyJob }) {
  return (
    <Stack gap="md" maw={720}>
      <Title order={1}>{job.title}</Title>
      <Text>This employer takes applications on its own site.</Text>
      {job.applicationLink ? (
        <Button
          component="a"
          href={job.applicationLink}
          rel="noopener nofollow"
          onClick={() =>
            track("view_original_ad_btn_click", { entity_id: job.id })
          }
        >
          Apply on the employer&apos;s site
        </Button>
      ) : null}
    </Stack>
  );
}

/** The job is not published (any more): nothing to apply to. */
export function NotOpenPage({ job }: { job: ApplyJob }) {
  return (
    <Stack gap="md" maw={720}>
      <Title order={1}>{job.title}</Title>
      <Alert color="yellow" title="Applications are closed">
        This job no longer takes applications.
      </Alert>
      <Anchor component={NavLink} to="/jobs">
        Find similar jobs
      </Anchor>
    </Stack>
  );
}
