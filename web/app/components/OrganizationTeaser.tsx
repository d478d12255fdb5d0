import type { CSSProperties } from "react";
import { FormattedMessage } from "react-intl";
import { Link } from "~/components/Link";
import { AvatarMarkup, card } from "~/components/mantine-card-markup";
import { anchor, BADGE_LABEL, badge, group, stack, text } from "~/components/mantine-markup";
import { defineMessages } from "~/lib/i18n/define-messages";

const messages = defineMessages({
  featured: { id: "organizationTeaser.featured", defaultMessage: "Featured" },
  openJobs: {
    id: "organizationTeaser.openJobs",
    defaultMessage: "{count, plural, =0 {No open jobs} one {# open job} other {# open jobs}}",
  },
});

/** The organization teaser's logo size in px. */
export const ORGANIZATION_TEASER_LOGO_SIZE = 64;

export interface OrganizationTeaserProps {
  name: string;
  href: string;
  logoUrl?: string | null;
  industry?: string | null;
  openJobs: number;
  featured?: boolean;
  snippet?: string | null;
}

// Mantine's markup as plain elements (a grid of them on the home page and /organizations: ADR
// 0064), made once.
const CARD = card({ radius: "md", padding: "md" }, { height: "100%" });
const COLUMN = stack({ gap: "sm" }, { height: "100%" });
const MAIN = group({ wrap: "nowrap", align: "flex-start", gap: "md" });
const TEXTS = stack({ gap: 4 }, { minWidth: 0 });
const FEATURED = badge({ variant: "filled", size: "sm" }, { textTransform: "none", width: "fit-content" });
const NAME = anchor("lg", undefined, { fontWeight: 600, lineHeight: 1.3 });
const INDUSTRY = text("sm", "text-muted");
const SNIPPET = text("sm", undefined, { "--text-line-clamp": "3" } as CSSProperties);
const OPEN_JOBS = text("sm", undefined, { fontWeight: 500, marginTop: "auto" });

/** One organization in a grid: logo, name (the link), industry, open jobs, featured badge. */
export function OrganizationTeaser({
  name,
  href,
  logoUrl,
  industry,
  openJobs,
  featured = false,
  snippet,
}: OrganizationTeaserProps) {
  return (
    <article {...CARD}>
      <div {...COLUMN}>
        <div {...MAIN}>
          <AvatarMarkup
            src={logoUrl}
            alt=""
            size={ORGANIZATION_TEASER_LOGO_SIZE}
            radius="sm"
            data-testid="organization-teaser-logo"
          >
            {name.slice(0, 1)}
          </AvatarMarkup>
          <div {...TEXTS}>
            {featured ? (
              <div {...FEATURED}>
                <span className={BADGE_LABEL}>
                  <FormattedMessage {...messages.featured} />
                </span>
              </div>
            ) : null}
            <Link to={href} {...NAME}>
              {name}
            </Link>
            {industry ? <p {...INDUSTRY}>{industry}</p> : null}
          </div>
        </div>
        {snippet ? (
          <p {...SNIPPET} data-line-clamp="true">
            {snippet}
          </p>
        ) : null}
        <p {...OPEN_JOBS}>
          <FormattedMessage {...messages.openJobs} values={{ count: openJobs }} />
        </p>
      </div>
    </article>
  );
}
