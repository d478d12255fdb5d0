import { ActionIcon, Box, Group, Image, rem } from "@mantine/core";
import { HintTooltip } from "~/components/HintTooltip";
import { IconChevronLeft, IconChevronRight } from "@tabler/icons-react";
import { type CSSProperties, useCallback, useEffect, useRef, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { Link } from "~/components/Link";
import { AvatarMarkup, card } from "~/components/mantine-card-markup";
import { anchor, group, stack, text } from "~/components/mantine-markup";
import { defineMessages } from "~/lib/i18n/define-messages";

const messages = defineMessages({
  previous: { id: "home.training.previous", defaultMessage: "Previous organizations" },
  next: { id: "home.training.next", defaultMessage: "Next organizations" },
  slide: { id: "home.training.slide", defaultMessage: "{position} of {total}" },
  internships: {
    id: "home.training.internships",
    defaultMessage: "{count, plural, one {# internship} other {# internships}}",
  },
});

/** One organization that trains people: an open internship or more, with its profile's teaser. */
export interface TrainingOrganization {
  organizationId: string;
  name: string;
  slug: string;
  logoUrl: string | null;
  /** The profile's cover in the teaser style (1000 by 500, spec 9), when it has one. */
  cover: { url: string; alt: string } | null;
  /** Its open internships (a link to them in the job search). */
  count: number;
  jobsHref: string;
}

// Mantine's markup of a slide as plain elements (up to 50 slides: ADR 0064), made once.
const SLIDE = card({ radius: "md", padding: 0 }, { height: "100%" });
const COVER = `training-cover ${Image.classes.root} mantine-Image-root`;
const NAME_ROW = group({ gap: "sm", wrap: "nowrap" }, { padding: "var(--mantine-spacing-sm)" });
const NAME = text(undefined, undefined, { fontWeight: 600, "--text-line-clamp": "2" } as CSSProperties);
const FOOT = stack(
  { gap: 0 },
  { paddingInline: "var(--mantine-spacing-sm)", paddingBottom: "var(--mantine-spacing-sm)", marginTop: "auto" },
);
const INTERNSHIPS = anchor("sm", undefined, { fontWeight: 500, display: "inline-block", paddingBlock: rem(4) });

/** Spec 9: five slides shown at once (on a wide screen; fewer on narrower ones). */
export const TRAINING_SLIDES_SHOWN = 5;

/**
 * The training organizations (spec 9: up to 50, five shown): a row of teasers that scrolls
 * sideways by itself on touch (CSS scroll snapping) and by the Previous/Next buttons, which
 * move one screenful and are disabled at either end. No script is needed to see or reach a
 * slide: each is a link in a list, in the page's tab order.
 */
export function TrainingCarousel({ organizations, label }: { organizations: readonly TrainingOrganization[]; label: string }) {
  const intl = useIntl();
  const track = useRef<HTMLUListElement>(null);
  const [edges, setEdges] = useState({ start: true, end: organizations.length <= TRAINING_SLIDES_SHOWN });

  const measure = useCallback(() => {
    const element = track.current;
    if (!element) return;
    const start = element.scrollLeft <= 1;
    const end = element.scrollLeft + element.clientWidth >= element.scrollWidth - 1;
    setEdges((current) => (current.start === start && current.end === end ? current : { start, end }));
  }, []);

  useEffect(() => {
    const element = track.current;
    if (!element) return;
    measure();
    element.addEventListener("scroll", measure, { passive: true });
    window.addEventListener("resize", measure);
    return () => {
      element.removeEventListener("scroll", measure);
      window.removeEventListener("resize", measure);
    };
  }, [measure]);

  const move = (direction: 1 | -1) => {
    const element = track.current;
    if (!element) return;
    const reduced = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;
    element.scrollBy({ left: direction * element.clientWidth, behavior: reduced ? "auto" : "smooth" });
  };

  const control = (direction: 1 | -1) => {
    const name = intl.formatMessage(direction === 1 ? messages.next : messages.previous);
    const Icon = direction === 1 ? IconChevronRight : IconChevronLeft;
    return (
      <HintTooltip label={name}>
        <ActionIcon
          variant="default"
          radius="xl"
          size="lg"
          aria-label={name}
          aria-controls="home-training-track"
          disabled={direction === 1 ? edges.end : edges.start}
          onClick={() => move(direction)}
        >
          <Icon size={18} stroke={1.75} aria-hidden />
        </ActionIcon>
      </HintTooltip>
    );
  };

  return (
    <Box role="group" aria-roledescription="carousel" aria-label={label}>
      <ul id="home-training-track" ref={track} className="home-list training-track" aria-label={label}>
        {organizations.map((organization, index) => (
          <li
            key={organization.organizationId}
            className="training-slide"
            aria-roledescription="slide"
            aria-label={intl.formatMessage(messages.slide, { position: index + 1, total: organizations.length })}
          >
            <div {...SLIDE}>
              <Link to={`/organization/${encodeURIComponent(organization.slug)}`} className="training-teaser">
                {organization.cover ? (
                  <img src={organization.cover.url} alt="" className={COVER} loading="lazy" />
                ) : (
                  <div className="training-cover training-cover-empty" aria-hidden />
                )}
                <div {...NAME_ROW}>
                  <AvatarMarkup src={organization.logoUrl} alt="" size={40} radius="sm">
                    {organization.name.slice(0, 1)}
                  </AvatarMarkup>
                  <p {...NAME} data-line-clamp="true">
                    {organization.name}
                  </p>
                </div>
              </Link>
              <div {...FOOT}>
                {/* padding-block: a touch target of at least 24 px */}
                <Link to={organization.jobsHref} {...INTERNSHIPS}>
                  <FormattedMessage {...messages.internships} values={{ count: organization.count }} />
                </Link>
              </div>
            </div>
          </li>
        ))}
      </ul>
      {organizations.length > 1 ? (
        <Group justify="flex-end" gap="xs" mt="sm">
          {control(-1)}
          {control(1)}
        </Group>
      ) : null}
    </Box>
  );
}
