import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { useLocation } from "react-router";
import { Link } from "~/components/Link";
import { BUTTON_INNER, BUTTON_LABEL, button } from "~/components/mantine-markup";
import { useOpenedOnce } from "~/components/use-opened-once";
import { track } from "~/lib/analytics";
import { graphql } from "~/lib/graphql/generated/gql";
import { FormattedMessage, useIntl } from "react-intl";
import { defineMessages } from "~/lib/i18n/define-messages";
import { useLazyMutation } from "~/lib/apollo/lazy-client";

const messages = defineMessages({
  bookmark: { id: "bookmark.add", defaultMessage: "Bookmark" },
  bookmarked: { id: "bookmark.added", defaultMessage: "Bookmarked" },
  visitorTitle: { id: "bookmark.visitor.title", defaultMessage: "Save this job" },
  visitorText: {
    id: "bookmark.visitor.text",
    defaultMessage:
      "Bookmarks are kept in your account, so you find them again on any device. Log in or create an account to save this job.",
  },
  visitorAlert: {
    id: "bookmark.visitor.alert",
    defaultMessage: "Or get jobs like this one by mail, without an account:",
  },
  logIn: { id: "bookmark.visitor.logIn", defaultMessage: "Log in" },
  register: { id: "bookmark.visitor.register", defaultMessage: "Create an account" },
  alert: { id: "bookmark.visitor.jobAlert", defaultMessage: "Create a job alert" },
});

export const BOOKMARK_JOB = graphql(`
  mutation BookmarkJob($jobId: ID!) {
    bookmarkJob(jobId: $jobId) {
      __typename
      ... on JobSaved {
        job {
          id
          bookmarked
        }
      }
    }
  }
`);

export const UNBOOKMARK_JOB = graphql(`
  mutation UnbookmarkJob($jobId: ID!) {
    unbookmarkJob(jobId: $jobId) {
      __typename
      ... on JobSaved {
        job {
          id
          bookmarked
        }
      }
    }
  }
`);

const VISITOR_BUTTON = {
  filled: { inline: button({ variant: "filled" }), block: button({ variant: "filled", fullWidth: true }) },
  default: { inline: button({ variant: "default" }), block: button({ variant: "default", fullWidth: true }) },
};

/** Spec 2: a visitor asking to save goes to /job-bookmarks-anon (then /jobs#save-search). */
export const ANONYMOUS_BOOKMARKS = "/job-bookmarks-anon";

/**
 * Bookmark / unbookmark a job (the job page and search results); job_bookmark is tracked when a
 * job is bookmarked. A visitor's click says what a bookmark needs (an account: log in, coming
 * back here, or sign up) and offers a job alert instead (/job-bookmarks-anon, spec 2).
 */
export function BookmarkButton({
  jobId,
  bookmarked,
  signedIn,
  fullWidth = false,
}: {
  jobId: string;
  bookmarked: boolean;
  signedIn: boolean;
  fullWidth?: boolean;
}) {
  const intl = useIntl();
  const location = useLocation();
  const [explaining, setExplaining] = useState(false);
  // a dialog per search result: mounted once a visitor asks
  const dialog = useOpenedOnce(explaining);
  const [on, setOn] = useState(bookmarked);
  const [bookmark, adding] = useLazyMutation(BOOKMARK_JOB);
  const [unbookmark, removing] = useLazyMutation(UNBOOKMARK_JOB);
  const toggle = async () => {
    if (!signedIn) {
      setExplaining(true);
      return;
    }
    try {
      if (on) {
        const { data } = await unbookmark({ variables: { jobId } });
        if (data?.unbookmarkJob.__typename === "JobSaved") setOn(false);
      } else {
        const { data } = await bookmark({ variables: { jobId } });
        if (data?.bookmarkJob.__typename === "JobSaved") {
          setOn(true);
          track("job_bookmark", { entity_id: jobId });
        }
      }
    } catch {
      // the button keeps its state; the next click tries again
    }
  };
  const here = `${location.pathname}${location.search}`;
  return (
    <>
      {signedIn ? (
        <Button
          variant={on ? "filled" : "default"}
          aria-pressed={on}
          fullWidth={fullWidth}
          loading={adding.loading || removing.loading}
          onClick={() => void toggle()}
        >
          <FormattedMessage {...(on ? messages.bookmarked : messages.bookmark)} />
        </Button>
      ) : (
        // A visitor's button never loads (it explains): Mantine's markup as a plain element, one
        // per search result (ADR 0064).
        <button
          type="button"
          {...VISITOR_BUTTON[on ? "filled" : "default"][fullWidth ? "block" : "inline"]}
          aria-pressed={on}
          onClick={() => void toggle()}
        >
          <span className={BUTTON_INNER}>
            <span className={BUTTON_LABEL}>
              <FormattedMessage {...(on ? messages.bookmarked : messages.bookmark)} />
            </span>
          </span>
        </button>
      )}
      {signedIn || !dialog.mounted ? null : (
        <Modal
          opened={dialog.shown}
          onClose={() => setExplaining(false)}
          title={intl.formatMessage(messages.visitorTitle)}
          centered
        >
          <Stack gap="md">
            <Text size="sm">
              <FormattedMessage {...messages.visitorText} />
            </Text>
            <Group gap="sm">
              <Button component={Link} to={`/user/login?destination=${encodeURIComponent(here)}`}>
                <FormattedMessage {...messages.logIn} />
              </Button>
              <Button component={Link} to="/user/register" variant="default">
                <FormattedMessage {...messages.register} />
              </Button>
            </Group>
            <Text size="sm" className="text-muted">
              <FormattedMessage {...messages.visitorAlert} />
            </Text>
            <Group>
              <Button component={Link} to={ANONYMOUS_BOOKMARKS} variant="light">
                <FormattedMessage {...messages.alert} />
              </Button>
            </Group>
          </Stack>
        </Modal>
      )}
    </>
  );
}
