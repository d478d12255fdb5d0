import { Anchor, Avatar, Badge, Card, Group, Stack, Text } from "@mantine/core";
import { IconPlayerPlay } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { Link } from "~/components/Link";
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
    <Card
      withBorder
      radius="md"
      padding="md"
      component="article"
      style={featured ? { borderColor: "var(--mantine-primary-color-filled)" } : undefined}
    >
      {/* Layout by app.css (.job-teaser-body): Mantine's responsive props would put a <style>
          element into every teaser of a list. */}
      <div className="job-teaser-body">
        <Group wrap="nowrap" align="flex-start" gap="md" style={{ flex: 1, minWidth: 0 }}>
          <Avatar
            src={logo?.url}
            alt={logo?.alt ?? ""}
            size={JOB_TEASER_LOGO_WIDTH}
            w={JOB_TEASER_LOGO_WIDTH}
            radius="sm"
            data-testid="job-teaser-logo"
          >
            {organizationName.slice(0, 1)}
          </Avatar>
          <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
            {featured || video ? (
              <Group gap={6}>
                {featured ? (
                  <Badge variant="filled" size="sm" tt="none" w="fit-content">
                    <FormattedMessage {...messages.featured} />
                  </Badge>
                ) : null}
                {video ? (
                  <Badge
                    variant="light"
                    color="grape"
                    size="sm"
                    tt="none"
                    w="fit-content"
                    leftSection={<IconPlayerPlay size={12} stroke={2} aria-hidden />}
                  >
                    <FormattedMessage {...messages.video} />
                  </Badge>
                ) : null}
              </Group>
            ) : null}
            <Anchor component={Link} to={href} fw={600} size="lg" lh={1.3} style={{ overflowWrap: "anywhere" }}>
              {title}
            </Anchor>
            <Text size="sm" className="text-muted">
              {organizationName}
            </Text>
            <Group gap={6}>
              {location ? <Text size="sm">{location}</Text> : null}
              {distance ? (
                <Text size="sm" className="text-muted">
                  <FormattedMessage {...messages.away} values={{ distance }} />
                </Text>
              ) : null}
              {remote ? (
                <Badge variant="outline" color="teal" tt="none">
                  {remote}
                </Badge>
              ) : null}
              {employmentTypes.map((type) => (
                <Badge key={type} variant="outline" tt="none">
                  {type}
                </Badge>
              ))}
            </Group>
            {salary ? (
              <Text size="sm" fw={500}>
                {salary}
              </Text>
            ) : null}
            {posted ? (
              <Text size="xs" className="text-muted">
                <FormattedMessage {...messages.posted} values={{ posted }} />
              </Text>
            ) : null}
          </Stack>
        </Group>
        {/* Beside the text from the xs breakpoint; under it (aligned with the text) on narrow phones. */}
        {actions ? (
          <div className="job-teaser-actions">{actions}</div>
        ) : null}
      </div>
    </Card>
  );
}
