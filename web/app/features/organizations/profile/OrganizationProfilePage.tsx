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
import { IconCheck } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { EmptyState } from "~/components/EmptyState";
import { JsonLd } from "~/components/JsonLd";
import { PageBreadcrumbs } from "~/components/PageBreadcrumbs";
import { dimensions, useTrackedVisit } from "~/lib/analytics";
import type { PublicTermFragment } from "~/lib/graphql/generated/graphql";
import { defineMessages } from "~/lib/i18n/define-messages";
import { ALL_SOCIAL_NETWORKS, type SocialNetwork } from "../social-networks";
import { ContactPersons } from "./ContactPersons";
import { addressLines } from "./profile-format";
import type { PublicProfile } from "./profile-query";
import { ProfileGallery } from "./ProfileGallery";
import { ProfileHeader } from "./ProfileHeader";
import { ProfileSection } from "./ProfileSection";
import { ProfileVideos } from "./ProfileVideos";
import { faqJsonLd, organizationJsonLd } from "./structured-data";

const messages = defineMessages({
  organizationsCrumb: { id: "organization.breadcrumb.organizations", defaultMessage: "Organizations" },
  industry: { id: "organizations.profile.industry", defaultMessage: "Industry" },
  size: { id: "organizations.profile.size", defaultMessage: "Company size" },
  occupations: { id: "organizations.profile.occupations", defaultMessage: "Occupations" },
  fieldsOfStudy: { id: "organizations.profile.fieldsOfStudy", defaultMessage: "Fields of study" },
  pdf: { id: "organizations.profile.attachment.pdf", defaultMessage: "(PDF)" },
  about: { id: "organizations.profile.about", defaultMessage: "About {name}" },
  benefits: { id: "organizations.profile.benefits", defaultMessage: "Benefits" },
  gallery: { id: "organizations.profile.gallery", defaultMessage: "Gallery" },
  videos: { id: "organizations.profile.videos", defaultMessage: "Videos" },
  faq: { id: "organizations.profile.faq", defaultMessage: "Frequently asked questions" },
  jobs: { id: "organizations.profile.jobs", defaultMessage: "Open positions" },
  noJobs: { id: "organizations.profile.jobs.empty", defaultMessage: "No open positions right now. Check back soon." },
  write: { id: "organizations.profile.write", defaultMessage: "Get in touch" },
  contact: { id: "organizations.profile.contactPersons", defaultMessage: "Contact persons" },
  locations: { id: "organizations.profile.locations", defaultMessage: "Locations" },
  attachments: { id: "organizations.profile.attachments", defaultMessage: "Attachments" },
});

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
  const intl = useIntl();
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
        <TermFact label={intl.formatMessage(messages.industry)} terms={[profile.industry]} />
        <TermFact label={intl.formatMessage(messages.size)} terms={[profile.size]} />
        <TermFact label={intl.formatMessage(messages.occupations)} terms={profile.occupation} />
        <TermFact label={intl.formatMessage(messages.fieldsOfStudy)} terms={profile.fieldsOfStudy} />
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
              <IconCheck size={16} stroke={2} />
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
  const intl = useIntl();
  return (
    <Stack component="ul" gap="md" p={0} m={0} style={{ listStyle: "none" }}>
      {locations.map((location, index) => (
        <li key={`${location.name}-${index}`}>
          <Text fw={600} size="sm">
            {location.name}
          </Text>
          {addressLines(location.address, intl.locale).map((line) => (
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
            <FormattedMessage {...messages.pdf} />
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
  const intl = useIntl();
  const t = (message: (typeof messages)[keyof typeof messages]) => intl.formatMessage(message);
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
      <PageBreadcrumbs
        crumbs={[
          { label: intl.formatMessage(messages.organizationsCrumb), path: "/organizations" },
          { label: profile.name, path: `/organization/${profile.slug}` },
        ]}
        origin={origin}
      />
      <ProfileHeader profile={profile} networks={socialNetworks} />
      <Grid gutter={{ base: "xl", md: 48 }}>
        <Grid.Col span={{ base: 12, md: hasAside ? 8 : 12 }}>
          <Stack gap={48}>
            {hasAbout ? (
              <ProfileSection id="about" title={intl.formatMessage(messages.about, { name: profile.name })}>
                <About profile={profile} />
              </ProfileSection>
            ) : null}
            {profile.benefits.length > 0 ? (
              <ProfileSection id="benefits" title={t(messages.benefits)}>
                <Benefits benefits={profile.benefits} />
              </ProfileSection>
            ) : null}
            {profile.gallery.length > 0 ? (
              <ProfileSection id="gallery" title={t(messages.gallery)}>
                <ProfileGallery images={profile.gallery} />
              </ProfileSection>
            ) : null}
            {profile.videos.length > 0 ? (
              <ProfileSection id="videos" title={t(messages.videos)}>
                <ProfileVideos videos={profile.videos} />
              </ProfileSection>
            ) : null}
            {profile.faq.length > 0 ? (
              <ProfileSection id="faq" title={t(messages.faq)}>
                <Faq entries={profile.faq} />
              </ProfileSection>
            ) : null}
            <ProfileSection id="jobs" title={t(messages.jobs)}>
              {openPositions ?? (
                <EmptyState>
                  <FormattedMessage {...messages.noJobs} />
                </EmptyState>
              )}
            </ProfileSection>
            {contact ? (
              <ProfileSection id="write" title={t(messages.write)}>
                {contact}
              </ProfileSection>
            ) : null}
          </Stack>
        </Grid.Col>
        {hasAside ? (
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Stack gap={48}>
              {profile.contactPersons.length > 0 ? (
                <ProfileSection id="contact" title={t(messages.contact)}>
                  <ContactPersons people={profile.contactPersons} />
                </ProfileSection>
              ) : null}
              {profile.locations.length > 0 ? (
                <ProfileSection id="locations" title={t(messages.locations)}>
                  <Locations locations={profile.locations} />
                </ProfileSection>
              ) : null}
              {profile.attachments.length > 0 ? (
                <ProfileSection id="attachments" title={t(messages.attachments)}>
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
