import { useMutation } from "@apollo/client/react";
import { Button } from "@mantine/core";
import { useState } from "react";
import { useNavigate } from "~/lib/site-locale";
import { track } from "~/lib/analytics";
import { graphql } from "~/lib/graphql/generated/gql";
import { FormattedMessage } from "react-intl";
import { defineMessages } from "~/lib/i18n/define-messages";

const messages = defineMessages({
  bookmark: { id: "bookmark.add", defaultMessage: "Bookmark" },
  bookmarked: { id: "bookmark.added", defaultMessage: "Bookmarked" },
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

/** Spec 2: a visitor asking to save goes to /job-bookmarks-anon (then /jobs#save-search). */
export const ANONYMOUS_BOOKMARKS = "/job-bookmarks-anon";

/**
 * Bookmark / unbookmark a job (the job page and search results); job_bookmark is tracked when a
 * job is bookmarked. Visitors are sent to save a search instead.
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
  const navigate = useNavigate();
  const [on, setOn] = useState(bookmarked);
  const [bookmark, adding] = useMutation(BOOKMARK_JOB);
  const [unbookmark, removing] = useMutation(UNBOOKMARK_JOB);
  const toggle = async () => {
    if (!signedIn) {
      void navigate(ANONYMOUS_BOOKMARKS);
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
  return (
    <Button
      variant={on ? "filled" : "default"}
      aria-pressed={on}
      fullWidth={fullWidth}
      loading={adding.loading || removing.loading}
      onClick={() => void toggle()}
    >
      <FormattedMessage {...(on ? messages.bookmarked : messages.bookmark)} />
    </Button>
  );
}
