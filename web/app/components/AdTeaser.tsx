import { useId } from "react";
import { FormattedMessage } from "react-intl";
import { Link } from "~/components/Link";
import { card } from "~/components/mantine-card-markup";
import { anchor, BUTTON_INNER, BUTTON_LABEL, button, group, stack, text } from "~/components/mantine-markup";
import { defineMessages } from "~/lib/i18n/define-messages";

const messages = defineMessages({
  label: { id: "adTeaser.label", defaultMessage: "Advertisement" },
  heading: { id: "adTeaser.heading", defaultMessage: "Hiring? Reach people who want to make a difference." },
  text: { id: "adTeaser.text", defaultMessage: "Post a job in minutes, or <link>advertise with us</link>." },
  postJob: { id: "adTeaser.postJob", defaultMessage: "Post a job" },
});

/** Spec 9: an ad teaser appears every 5 results. */
export const AD_TEASER_INTERVAL = 5;

// Mantine's markup as plain elements (one every five results: ADR 0064), made once.
const CARD = card(
  { radius: "md", padding: "md" },
  { background: "var(--mantine-color-default-hover)", borderInlineStart: "4px solid var(--mantine-primary-color-filled)" },
);
const ROW = group({ justify: "space-between", align: "center", gap: "md", wrap: "wrap" });
const TEXTS = stack({ gap: 2 }, { flex: "1 1 16rem" });
const LABEL = text("xs", "text-muted", { textTransform: "uppercase", fontWeight: 700 });
const HEADING = text(undefined, undefined, { fontWeight: 600 });
const TEXT = text("sm");
const LINK = anchor("sm");
const POST_JOB = button();

/**
 * The ad slot between results: the site's own promotion (post a job, advertise) until an ad
 * server fills it. A complementary landmark, named, so screen readers can skip it.
 */
export function AdTeaser() {
  const headingId = useId();
  return (
    <aside aria-labelledby={headingId} {...CARD} data-testid="ad-teaser">
      <div {...ROW}>
        <div {...TEXTS}>
          <p {...LABEL}>
            <FormattedMessage {...messages.label} />
          </p>
          <p {...HEADING} id={headingId}>
            <FormattedMessage {...messages.heading} />
          </p>
          <p {...TEXT}>
            <FormattedMessage
              {...messages.text}
              values={{
                // Spec 2: /contact goes to the external contact form, so a plain link.
                link: (chunks) => (
                  <a href="/contact" {...LINK}>
                    {chunks}
                  </a>
                ),
              }}
            />
          </p>
        </div>
        <Link to="/job/wizard" {...POST_JOB}>
          <span className={BUTTON_INNER}>
            <span className={BUTTON_LABEL}>
              <FormattedMessage {...messages.postJob} />
            </span>
          </span>
        </Link>
      </div>
    </aside>
  );
}
