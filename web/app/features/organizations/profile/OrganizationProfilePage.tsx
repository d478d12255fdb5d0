import {
  Accordion,
  Anchor,
  Badge,
  Grid,
  Group,
  List,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Typography,
} from "@mantine/core";
import type { ReactNode } from "react";
import { EmptyState } from "~/components/EmptyState";
import { JsonLd } from "~/components/JsonLd";
import { dimensions, useTrackedVisit } from "~/lib/analytics";
import type { PublicTermFragment } from "~/lib/graphql/generated/graphql";
import { ALL_SOCIAL_NETWORKS, type SocialNetwork } from "../social-networks";
import { ContactPersons } from "./ContactPersons";
import { addressLines } from "./profile-format";
import type { PublicProfile } from "./profile-query";
import { ProfileGallery } from "./ProfileGallery";
import { ProfileHeader } from "./ProfileHeader";
import { ProfileSection } from "./ProfileSection";
import { ProfileVideos } from "./ProfileVideos";
import { faqJsonLd, organizationJsonLd } from "./structured-data";

function TermFact({ label, terms }: { label: string; terms: (PublicTermFragment | null | undefined)[] }) {
  const present = terms.filter((term): term is PublicTermFragment => Boolean(term));
  if (present.length === 0) return null;
  return (
    <Stack gap={6}>
      <Text size="sm" fw={600}>
        {label}
      </Text>
      <Group gap={6}>
        {present.map((term) => (
          <Badge key={term.tid} variant="light" radius="sm" tt="none">
            {term.label}
          </Badge>
        ))}
      </Group>
    </Stack>
  );
}

function About({ profile }: { profile: PublicProfile }) {
  return (
    <Stack gap="lg">
      {profile.presentation ? (
        <Typography>
          <div
            data-testid="profile-presentation"
            dangerouslySetInnerHTML={{ __html: profile.presentation }}
          />
        </Typography>
      ) : null}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TermFact label="Industry" terms={[profile.industry]} />
        <TermFact label="Company size" terms={[profile.size]} />
        <TermFact label="Occupations" terms={profile.occupation} />
        <TermFact label="Fields of study" terms={profile.fieldsOfStudy} />
      </SimpleGrid>
    </Stack>
  );
}

function Benefits({ benefits }: { benefits: PublicTermFragment[] }) {
  return (
    <SimpleGrid
      component="ul"
      cols={{ base: 1, xs: 2, sm: 3 }}
      spacing="sm"
      p={0}
      m={0}
      style={{ listStyle: "none" }}
    >
      {benefits.map((benefit) => (
        <Paper component="li" key={benefit.tid} withBorder radius="md" p="sm">
          <Group gap="sm" wrap="nowrap">
            <ThemeIcon variant="light" radius="xl" size="md" aria-hidden="true">
              ✓
            </ThemeIcon>
            <Text size="sm" fw={500}>
              {benefit.label}
            </Text>
          </Group>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

function Locations({ locations }: { locations: PublicProfile["locations"] }) {
  return (
    <Stack component="ul" gap="md" p={0} m={0} style={{ listStyle: "none" }}>
      {locations.map((location, index) => (
        <li key={`${location.name}-${index}`}>
          <Text fw={600} size="sm">
            {location.name}
          </Text>
          {addressLines(location.address).map((line) => (
            <Text key={line} size="sm" c="dimmed">
              {line}
            </Text>
          ))}
        </li>
      ))}
    </Stack>
  );
}

function Faq({ entries }: { entries: PublicProfile["faq"] }) {
  return (
    <Accordion variant="separated" radius="md" order={3}>
      {entries.map((entry, index) => (
        <Accordion.Item key={`${index}-${entry.question}`} value={String(index)}>
          <Accordion.Control>{entry.question}</Accordion.Control>
          <Accordion.Panel>
            <Text size="sm" style={{ whiteSpace: "pre-line" }}>
              {entry.answer}
            </Text>
          </Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}

function Attachments({ attachments }: { attachments: PublicProfile["attachments"] }) {
  return (
    <List spacing="xs" size="sm">
      {attachments.map((attachment) => (
        <List.Item key={attachment.uploadId}>
          <Anchor href={attachment.url} target="_blank" rel="noopener">
            {attachment.title}
          </Anchor>{" "}
          <Text span size="xs" c="dimmed">
            (PDF)
          </Text>
        </List.Item>
      ))}
    </List>
  );
}

/**
 * /organization/{slug}: the public employer page. Groups without content are left out.
 * `openPositions` is filled by the jobs feature; until then an empty state stands there.
 * `origin` (the site's public origin) makes the structured data's addresses absolute.
 */
export function OrganizationProfilePage({
  profile,
  origin,
  openPositions,
  contact,
  socialNetworks = ALL_SOCIAL_NETWORKS,
}: {
  profile: PublicProfile;
  origin: string;
  /** The social networks the site offers (its organizations.social_profiles setting). */
  socialNetworks?: readonly SocialNetwork[];
  openPositions?: ReactNode;
  /** The contact form (spec 3), when the page offers it. */
  contact?: ReactNode;
}) {
  const hasAbout =
    Boolean(profile.presentation) ||
    Boolean(profile.industry) ||
    Boolean(profile.size) ||
    profile.occupation.length > 0 ||
    profile.fieldsOfStudy.length > 0;
  const faq = faqJsonLd(profile);
  const hasAside =
    profile.contactPersons.length > 0 || profile.locations.length > 0 || profile.attachments.length > 0;
  // The profile's id is its organization's (analytics counts the visit for the organization).
  const organizationId = profile.organization?.id ?? profile.id;
  useTrackedVisit(
    "orgprofile_visit",
    organizationId,
    dimensions({ entity: { id: organizationId, type: "organization" }, organizationId }),
  );

  return (
    <Stack gap="xl">
      <JsonLd data={organizationJsonLd(profile, origin, socialNetworks)} />
      {faq ? <JsonLd data={faq} /> : null}
      <ProfileHeader profile={profile} networks={socialNetworks} />
      <Grid gutter={{ base: "xl", md: 48 }}>
        <Grid.Col span={{ base: 12, md: hasAside ? 8 : 12 }}>
          <Stack gap={48}>
            {hasAbout ? (
              <ProfileSection id="about" title={`About ${profile.name}`}>
                <About profile={profile} />
              </ProfileSection>
            ) : null}
            {profile.benefits.length > 0 ? (
              <ProfileSection id="benefits" title="Benefits">
                <Benefits benefits={profile.benefits} />
              </ProfileSection>
            ) : null}
            {profile.gallery.length > 0 ? (
              <ProfileSection id="gallery" title="Gallery">
                <ProfileGallery images={profile.gallery} />
              </ProfileSection>
            ) : null}
            {profile.videos.length > 0 ? (
              <ProfileSection id="videos" title="Videos">
                <ProfileVideos videos={profile.videos} />
              </ProfileSection>
            ) : null}
            {profile.faq.length > 0 ? (
              <ProfileSection id="faq" title="Frequently asked questions">
                <Faq entries={profile.faq} />
              </ProfileSection>
            ) : null}
            <ProfileSection id="jobs" title="Open positions">
              {openPositions ?? <EmptyState>No open positions right now. Check back soon.</EmptyState>}
            </ProfileSection>
            {contact ? (
              <ProfileSection id="write" title="Get in touch">
                {contact}
              </ProfileSection>
            ) : null}
          </Stack>
        </Grid.Col>
        {hasAside ? (
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Stack gap={48}>
              {profile.contactPersons.length > 0 ? (
                <ProfileSection id="contact" title="Contact persons">
                  <ContactPersons people={profile.contactPersons} />
                </ProfileSection>
              ) : null}
              {profile.locations.length > 0 ? (
                <ProfileSection id="locations" title="Locations">
                  <Locations locations={profile.locations} />
                </ProfileSection>
              ) : null}
              {profile.attachments.length > 0 ? (
                <ProfileSection id="attachments" title="Attachments">
                  <Attachments attachments={profile.attachments} />
                </ProfileSection>
              ) : null}
            </Stack>
          </Grid.Col>
        ) : null}
      </Grid>
    </Stack>
  );
}
