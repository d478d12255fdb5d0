import { rem } from "@mantine/core";
import { IconPlayerPlay } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { Link } from "~/components/Link";
import { AvatarMarkup, card } from "~/components/mantine-card-markup";
import { anchor, BADGE_LABEL, BADGE_SECTION, badge, group, stack, text } from "~/components/mantine-markup";
import { FormattedMessage } from "react-intl";
import { defineMessages } from "~/lib/i18n/define-messages";

const messages = defineMessages({
  featured: { id: "jobTeaser.featured", defaultMessage: "Featured" },
  video: { id: "jobTeaser.video", defaultMessage: "Video" },
  away: { id: "jobTeaser.distance", defaultMessage: "({distance} away)" },
  posted: { id: "jobTeaser.posted", defaultMessage: "Posted {posted}" },
});

/** Spec 9: the job teaser's logo is 50 px wide. */
export const JOB_TEASER_LOGO_WIDTH = 50;

export interface JobTeaserProps {
  title: string;
  href: string;
  organizationName: string;
  logo?: { url: string; alt: string } | null;
  /** "Berlin, DE · Munich, DE", or null. */
  location?: string | null;
  remote?: string | null;
  salary?: string | null;
  employmentTypes?: readonly string[];
  posted?: string | null;
  /** A featured job (its publishing package boosts it) carries a badge. */
  featured?: boolean;
  /** The job's page plays a video of the job: a badge says so. */
  video?: boolean;
  /** "12 mi away" when the search had a place. */
  distance?: string | null;
  /** Actions beside the teaser, e.g. the bookmark button. */
  actions?: ReactNode;
}

// Mantine's markup as plain elements (a page renders dozens of teasers: ADR 0064), made once.
const CARD = card({ radius: "md", padding: "md" });
const FEATURED_CARD = card({ radius: "md", padding: "md" }, { borderColor: "var(--mantine-primary-color-filled)" });
const MAIN = group({ wrap: "nowrap", align: "flex-start", gap: "md" }, { flex: 1, minWidth: 0 });
const LOGO_STYLE = { width: rem(JOB_TEASER_LOGO_WIDTH) };
const TEXTS = stack({ gap: 4 }, { minWidth: 0, flex: 1 });
const ROW = group({ gap: 6 });
const FEATURED = badge({ variant: "filled", size: "sm" }, { textTransform: "none", width: "fit-content" });
const VIDEO = badge(
  { variant: "light", color: "grape", size: "sm", withLeftSection: true },
  { textTransform: "none", width: "fit-content" },
);
const TITLE = anchor("lg", undefined, { fontWeight: 600, lineHeight: 1.3, overflowWrap: "anywhere" });
const MUTED = text("sm", "text-muted");
const SMALL = text("sm");
const REMOTE = badge({ variant: "outline", color: "teal" }, { textTransform: "none" });
const EMPLOYMENT = badge({ variant: "outline" }, { textTransform: "none" });
const SALARY = text("sm", undefined, { fontWeight: 500 });
const POSTED = text("xs", "text-muted");

/**
 * One job in a list: logo, title (the link), organization, location or remote, salary, type,
 * date; optionally featured and video badges, the distance and actions (bookmark).
 */
export function JobTeaser({
  title,
  href,
  organizationName,
  logo,
  location,
  remote,
  salary,
  employmentTypes = [],
  posted,
  featured = false,
  video = false,
  distance,
  actions,
}: JobTeaserProps) {
  return (
    <article {...(featured ? FEATURED_CARD : CARD)}>
      {/* Layout by app.css (.job-teaser-body): Mantine's responsive props would put a <style>
          element into every teaser of a list. */}
      <div className="job-teaser-body">
        <div {...MAIN}>
          <AvatarMarkup
            src={logo?.url}
            alt={logo?.alt ?? ""}
            size={JOB_TEASER_LOGO_WIDTH}
            radius="sm"
            style={LOGO_STYLE}
            data-testid="job-teaser-logo"
          >
            {organizationName.slice(0, 1)}
          </AvatarMarkup>
          <div {...TEXTS}>
            {featured || video ? (
              <div {...ROW}>
                {featured ? (
                  <div {...FEATURED}>
                    <span className={BADGE_LABEL}>
                      <FormattedMessage {...messages.featured} />
                    </span>
                  </div>
                ) : null}
                {video ? (
                  <div {...VIDEO}>
                    <span className={BADGE_SECTION} data-position="left">
                      <IconPlayerPlay size={12} stroke={2} aria-hidden />
                    </span>
                    <span className={BADGE_LABEL}>
                      <FormattedMessage {...messages.video} />
                    </span>
                  </div>
                ) : null}
              </div>
            ) : null}
            <Link to={href} {...TITLE}>
              {title}
            </Link>
            <p {...MUTED}>{organizationName}</p>
            <div {...ROW}>
              {location ? <p {...SMALL}>{location}</p> : null}
              {distance ? (
                <p {...MUTED}>
                  <FormattedMessage {...messages.away} values={{ distance }} />
                </p>
              ) : null}
              {remote ? (
                <div {...REMOTE}>
                  <span className={BADGE_LABEL}>{remote}</span>
                </div>
              ) : null}
              {employmentTypes.map((type) => (
                <div key={type} {...EMPLOYMENT}>
                  <span className={BADGE_LABEL}>{type}</span>
                </div>
              ))}
            </div>
            {salary ? <p {...SALARY}>{salary}</p> : null}
            {posted ? (
              <p {...POSTED}>
                <FormattedMessage {...messages.posted} values={{ posted }} />
              </p>
            ) : null}
          </div>
        </div>
        {/* Beside the text from the xs breakpoint; under it (aligned with the text) on narrow phones. */}
        {actions ? (
          <div className="job-teaser-actions">{actions}</div>
        ) : null}
      </div>
    </article>
  );
}
