import { Paper, Stack, Text, Title } from "@mantine/core";
import { useEffect, useId, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { dimensions, track } from "~/lib/analytics";
import { defineMessages } from "~/lib/i18n/define-messages";
import { CreateJobAlert } from "./CreateJobAlert";
import { buildJobSearchInput, DEFAULT_JOB_SEARCH, emptyFilters } from "./job-search-params";

const messages = defineMessages({
  title: { id: "job.alertPrompt.title", defaultMessage: "Get jobs like this by email" },
  text: {
    id: "job.alertPrompt.text",
    defaultMessage: "We mail you new {occupation} jobs{place, select, none {} other { near {place}}} as soon as they are published, or in a daily or weekly digest.",
  },
  button: { id: "job.alertPrompt.button", defaultMessage: "Create a job alert" },
  name: { id: "job.alertPrompt.name", defaultMessage: "{occupation} jobs{place, select, none {} other { near {place}}}" },
});

/** Spec 9: the job alert prompt shows at most once in this many days per browser. */
export const JOB_ALERT_PROMPT_DAYS = 10;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Where the browser keeps when it last showed the prompt (milliseconds since the epoch). */
export const PROMPT_SHOWN_KEY = "jobboard.jobAlertPrompt.shownAt";

function lastShown(): number | null {
  try {
    const value = Number(window.localStorage.getItem(PROMPT_SHOWN_KEY));
    return Number.isFinite(value) && value > 0 ? value : null;
  } catch {
    return null; // storage blocked: the prompt shows (it is counted once per page then)
  }
}

function remember(now: number): void {
  try {
    window.localStorage.setItem(PROMPT_SHOWN_KEY, String(now));
  } catch {
    // storage blocked: nothing to remember
  }
}

/** Is the prompt due: never shown in this browser, or last shown 10 days ago or more. */
export function promptDue(now: number, shownAt: number | null): boolean {
  return shownAt === null || now - shownAt >= JOB_ALERT_PROMPT_DAYS * DAY_MS;
}

/** What the prompt needs of the job whose page shows it. */
export interface PromptJob {
  id: string;
  /** The job's type (the analytics entity bundle). */
  type: string;
  organizationId: string | null;
  /** The job's occupational fields (vocabulary term ids and labels). */
  occupations: readonly { tid: number | string; label: string }[];
  /** The job's first place with coordinates, if it has one. */
  place: { label: string; lat: number; lon: number } | null;
}

/**
 * "Get jobs like this by email" on a published job's page: an alert for the job's occupational
 * fields near its first place (the site's default radius), saved with the same dialog as the
 * search page's. It shows at most once every 10 days per browser (spec 9) and is counted as
 * job_alert_prompt with the job as its entity (spec 7) when it shows. Decided after hydration:
 * the server never renders it, so a cached page cannot show it to everyone.
 */
export function JobAlertPrompt({
  job,
  signedIn,
  captcha,
}: {
  job: PromptJob;
  signedIn: boolean;
  captcha: { scriptUrl: string; siteKey: string } | null;
}) {
  const intl = useIntl();
  const headingId = useId();
  const [shown, setShown] = useState(false);
  const hasOccupation = job.occupations.length > 0;

  useEffect(() => {
    if (!hasOccupation) return;
    const now = Date.now();
    if (!promptDue(now, lastShown())) return;
    remember(now);
    // The browser's storage decides, and it exists only after hydration: the state must be
    // set here (a first client render that differed from the server's would not hydrate).
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setShown(true);
    track(
      "job_alert_prompt",
      dimensions({ entity: { id: job.id, type: "job", bundle: job.type }, organizationId: job.organizationId }),
    );
  }, [job.id, job.type, job.organizationId, hasOccupation]);

  if (!shown) return null;
  const geo = job.place ? { locationType: "locality" as const, ...job.place } : null;
  const place = geo?.label || "none";
  const occupation = job.occupations[0]?.label ?? "";
  const filters = { ...emptyFilters(), occupations: job.occupations.map((term) => String(term.tid)) };
  const search = buildJobSearchInput({ ...DEFAULT_JOB_SEARCH, filters, geo }, []);

  return (
    <Paper component="section" aria-labelledby={headingId} withBorder radius="md" p="md">
      <Stack gap="xs">
        <Title order={2} size="h4" id={headingId}>
          <FormattedMessage {...messages.title} />
        </Title>
        <Text size="sm">
          <FormattedMessage {...messages.text} values={{ occupation, place }} />
        </Text>
        <CreateJobAlert
          signedIn={signedIn}
          search={search}
          defaultName={intl.formatMessage(messages.name, { occupation, place })}
          captcha={captcha}
          label={intl.formatMessage(messages.button)}
          promptCounted
        />
      </Stack>
    </Paper>
  );
}
