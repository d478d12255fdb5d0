import { Anchor, Badge, Box, Button, Group, Image, Paper, Stack, Text, Title } from "@mantine/core";
import { FormattedMessage, useIntl } from "react-intl";
import { VerifiedBadge } from "~/components/VerifiedBadge";
import { defineMessages } from "~/lib/i18n/define-messages";
import type { SocialNetwork } from "../social-networks";
import { displayHost, externalHref, shortLocation, socialLinks } from "./profile-format";
import type { PublicProfile } from "./profile-query";

const BRAND_BAND =
  "linear-gradient(135deg, var(--mantine-primary-color-filled) 0%, var(--mantine-color-cyan-7) 100%)";

/** Cover (or a branded band) with the logo over its lower left, then name, place and links. */
const messages = defineMessages({
  logo: { id: "organizations.profile.header.logo", defaultMessage: "{name} logo" },
  draft: { id: "organizations.profile.header.draft", defaultMessage: "Draft: only members see this page" },
  visit: { id: "organizations.profile.header.visit", defaultMessage: "Visit {host}" },
  social: { id: "organizations.profile.header.social", defaultMessage: "{name} on social media" },
});

export function ProfileHeader({
  profile,
  networks,
}: {
  profile: PublicProfile;
  /** The social networks the site offers. */
  networks: readonly SocialNetwork[];
}) {
  const intl = useIntl();
  const location = shortLocation(profile.organizationLocation ?? profile.companyInfo?.address, intl.locale);
  const socials = socialLinks(profile.socialProfiles, networks);
  return (
    <Stack component="header" gap="md">
      <Box pos="relative" mb={profile.logo ? { base: 40, sm: 56 } : 0}>
        {profile.cover ? (
          <Image
            src={profile.cover.url}
            alt={profile.cover.alt}
            title={profile.cover.title ?? undefined}
            radius="lg"
            w="100%"
            fit="cover"
            style={{ aspectRatio: "2 / 1", maxHeight: 380 }}
          />
        ) : (
          <Box
            data-testid="profile-band"
            h={{ base: 112, sm: 180 }}
            style={{ borderRadius: "var(--mantine-radius-lg)", background: BRAND_BAND }}
          />
        )}
        {profile.logo ? (
          <Paper
            pos="absolute"
            left={{ base: 16, sm: 32 }}
            bottom={{ base: -40, sm: -56 }}
            w={{ base: 88, sm: 120 }}
            h={{ base: 88, sm: 120 }}
            p={6}
            radius="md"
            shadow="md"
            withBorder
          >
            <Image
              src={profile.logo.url}
              alt={profile.logo.alt || intl.formatMessage(messages.logo, { name: profile.name })}
              h="100%"
              fit="contain"
            />
          </Paper>
        ) : null}
      </Box>
      <Group justify="space-between" align="flex-end" gap="md">
        <Stack gap={4}>
          <Group gap="sm">
            <Title order={1}>{profile.name}</Title>
            {profile.verified ? <VerifiedBadge /> : null}
            {profile.status === "DRAFT" ? (
              <Badge color="orange" variant="light">
                <FormattedMessage {...messages.draft} />
              </Badge>
            ) : null}
          </Group>
          {profile.alternativeName ? <Text c="dimmed">{profile.alternativeName}</Text> : null}
          {location ? (
            <Text size="sm" c="dimmed" data-testid="profile-location">
              {location}
            </Text>
          ) : null}
        </Stack>
        {profile.website ? (
          <Button
            component="a"
            href={externalHref(profile.website)}
            target="_blank"
            rel="noopener noreferrer"
            variant="light"
            maw="100%"
            title={displayHost(profile.website)}
            styles={{ label: { overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" } }}
          >
            <FormattedMessage {...messages.visit} values={{ host: displayHost(profile.website) }} />
          </Button>
        ) : null}
      </Group>
      {socials.length > 0 ? (
        <Group component="nav" aria-label={intl.formatMessage(messages.social, { name: profile.name })} gap="md">
          {socials.map((link) => (
            <Anchor key={link.network} href={link.href} target="_blank" rel="noopener noreferrer" size="sm">
              {link.label}
            </Anchor>
          ))}
        </Group>
      ) : null}
    </Stack>
  );
}
