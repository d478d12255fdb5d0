import { Anchor, Avatar, Badge, Card, Group, Stack, Text } from "@mantine/core";
import { FormattedMessage } from "react-intl";
import { Link } from "~/components/Link";
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
                <FormattedMessage {...messages.featured} />
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
          <FormattedMessage {...messages.openJobs} values={{ count: openJobs }} />
        </Text>
      </Stack>
    </Card>
  );
}
