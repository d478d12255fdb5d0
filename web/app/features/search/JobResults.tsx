import { Stack } from "@mantine/core";
import { Fragment } from "react";
import { AD_TEASER_INTERVAL, AdTeaser } from "~/components/AdTeaser";
import { BookmarkButton } from "~/components/BookmarkButton";
import { JobTeaser, type JobTeaserProps } from "~/components/JobTeaser";
import { jobHitTeaserProps } from "~/lib/job-hit";
import type { JobSearchHitView } from "./documents";
import { formatDistance } from "./job-search-params";

export function hitTeaserProps(hit: JobSearchHitView): JobTeaserProps {
  return {
    ...jobHitTeaserProps(hit),
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
