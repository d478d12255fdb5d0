import { Anchor, Avatar, Badge, Card, Group, Stack, Text } from "@mantine/core";
import { Link } from "react-router";

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
}

/** One job in a list: logo, title (the link), organization, location or remote, salary, type, date. */
export function JobTeaser({ title, href, organizationName, logo, location, remote, salary, employmentTypes = [], posted }: JobTeaserProps) {
  return (
    <Card withBorder radius="md" padding="md" component="article">
      <Group wrap="nowrap" align="flex-start" gap="md">
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
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Anchor component={Link} to={href} fw={600} size="lg" lh={1.3}>
            {title}
          </Anchor>
          <Text size="sm" className="text-muted">
            {organizationName}
          </Text>
          <Group gap={6}>
            {location ? <Text size="sm">{location}</Text> : null}
            {remote ? (
              <Badge variant="light" color="teal" tt="none">
                {remote}
              </Badge>
            ) : null}
            {employmentTypes.map((type) => (
              <Badge key={type} variant="light" tt="none">
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
              Posted {posted}
            </Text>
          ) : null}
        </Stack>
      </Group>
    </Card>
  );
}
