import { Stack } from "@mantine/core";
import { Fragment } from "react";
import { AD_TEASER_INTERVAL, AdTeaser } from "~/components/AdTeaser";
import { BookmarkButton } from "~/components/BookmarkButton";
import { JobTeaser, type JobTeaserProps } from "~/components/JobTeaser";
import { useLocaleFormat } from "~/lib/format";
import { jobHitTeaserProps } from "~/lib/job-hit";
import type { JobSearchHitView } from "./documents";
import { formatDistance, type SiteGeo, useSiteGeo } from "./job-search-params";
import { useIntl } from "react-intl";
import { defineMessages } from "~/lib/i18n/define-messages";

const messages = defineMessages({
  list: { id: "search.jobs.list", defaultMessage: "Jobs" },
});

type LocaleFormat = ReturnType<typeof useLocaleFormat>;

export function hitTeaserProps(hit: JobSearchHitView, format: LocaleFormat, site: SiteGeo): JobTeaserProps {
  return {
    ...jobHitTeaserProps(hit, format),
    distance: typeof hit.distanceKm === "number" ? formatDistance(hit.distanceKm, site) : null,
  };
}

/**
 * Whether the caller bookmarked the hit: a visitor's search does not ask (false for them), a
 * signed-in caller's says; null when the jobs service could not tell.
 */
function bookmarkOf(hit: JobSearchHitView, signedIn: boolean): boolean | null {
  return hit.job.bookmarked ?? (signedIn ? null : false);
}

/**
 * The page's results as teasers, an ad teaser after every fifth (spec 9). The bookmark button
 * shows for visitors (it leads them to save a search) and applicants, except on a hit whose
 * bookmark the jobs service could not tell (it was down: the hit shows without it).
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
  const intl = useIntl();
  const format = useLocaleFormat();
  const site = useSiteGeo();
  return (
    <Stack
      gap="sm"
      component="ol"
      p={0}
      m={0}
      style={{ listStyle: "none" }}
      aria-label={intl.formatMessage(messages.list)}
    >
      {hits.map((hit, index) => (
        <Fragment key={hit.job.id}>
          <li>
            <JobTeaser
              {...hitTeaserProps(hit, format, site)}
              actions={
                showBookmarks && bookmarkOf(hit, signedIn) !== null ? (
                  <BookmarkButton
                    key={`${hit.job.id}:${bookmarkOf(hit, signedIn)}`}
                    jobId={hit.job.id}
                    bookmarked={bookmarkOf(hit, signedIn) ?? false}
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
