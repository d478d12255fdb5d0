import { Anchor, Avatar, Badge, Card, Group, Stack, Text } from "@mantine/core";
import { Link } from "~/components/Link";

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

function openJobsText(count: number): string {
  if (count === 0) return "No open jobs";
  return count === 1 ? "1 open job" : `${count} open jobs`;
}

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
    <Card withBorder radius="md" padding="md" component="article" h="100%">
      <Stack gap="sm" h="100%">
        <Group wrap="nowrap" align="flex-start" gap="md">
          <Avatar
            src={logoUrl ?? undefined}
            alt=""
            size={ORGANIZATION_TEASER_LOGO_SIZE}
            radius="sm"
            data-testid="organization-teaser-logo"
          >
            {name.slice(0, 1)}
          </Avatar>
          <Stack gap={4} style={{ minWidth: 0 }}>
            {featured ? (
              <Badge variant="filled" size="sm" tt="none" w="fit-content">
                Featured
              </Badge>
            ) : null}
            <Anchor component={Link} to={href} fw={600} size="lg" lh={1.3}>
              {name}
            </Anchor>
            {industry ? (
              <Text size="sm" className="text-muted">
                {industry}
              </Text>
            ) : null}
          </Stack>
        </Group>
        {snippet ? (
          <Text size="sm" lineClamp={3}>
            {snippet}
          </Text>
        ) : null}
        <Text size="sm" fw={500} mt="auto">
          {openJobsText(openJobs)}
        </Text>
      </Stack>
    </Card>
  );
}
