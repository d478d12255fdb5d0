import { useMutation, useQuery } from "@apollo/client/react";
import { Anchor, Badge, Button, Card, Group, Stack, Tabs, Text, Title } from "@mantine/core";
import { FormattedMessage, useIntl } from "react-intl";
import { defineMessages, type Message } from "~/lib/i18n/define-messages";
import { NavLink } from "~/components/Link";
import { BackLink } from "~/components/BackLink";
import { DangerList } from "~/components/DangerList";
import { ORGANIZATION_PROFILE_EDITOR, PUBLISH_ORGANIZATION_PROFILE, UNPUBLISH_ORGANIZATION_PROFILE } from "./documents";
import { groupErrors } from "./form-kit";
import { GallerySection } from "./GallerySection";
import {
  AboutSection,
  BenefitsSection,
  CompanyInfoSection,
  OrganizationInfoSection,
  PersonalInfoSection,
  type EditorProfile,
} from "./InfoSections";
import {
  AttachmentsSection,
  ContactPersonsSection,
  FaqSection,
  LocationsSection,
  VideosSection,
} from "./ListSections";

const messages = defineMessages({
  theStatusCouldNot: { id: "organizations.editor.page.theStatusCouldNot", defaultMessage: "The status could not be changed. Try again in a moment." },
  theProfileIsPublic: { id: "organizations.editor.page.theProfileIsPublic", defaultMessage: "The profile is public now." },
  theProfileIsA: { id: "organizations.editor.page.theProfileIsA", defaultMessage: "The profile is a draft again." },
  status: { id: "organizations.editor.page.status", defaultMessage: "Status" },
  profileSections: { id: "organizations.editor.page.profileSections", defaultMessage: "Profile sections" },
  published: { id: "organizations.editor.page.published", defaultMessage: "Published" },
  theProfileCouldNot: { id: "organizations.editor.page.theProfileCouldNot", defaultMessage: "The profile could not be loaded. Please try again in a moment." },
  loadingTheProfile: { id: "organizations.editor.page.loadingTheProfile", defaultMessage: "Loading the profile…" },
  thisProfileDoesNot: { id: "organizations.editor.page.thisProfileDoesNot", defaultMessage: "This profile does not exist or is not yours." },
  draft: { id: "organizations.editor.page.draft", defaultMessage: "Draft" },
  viewPublicPage: { id: "organizations.editor.page.viewPublicPage", defaultMessage: "View public page" },
  unpublish: { id: "organizations.editor.page.unpublish", defaultMessage: "Unpublish" },
  publish: { id: "organizations.editor.page.publish", defaultMessage: "Publish" },
  members: { id: "organizations.editor.page.members", defaultMessage: "Members" },
  apiKeys: { id: "organizations.editor.page.apiKeys", defaultMessage: "API keys" },
  webhooks: { id: "organizations.editor.page.webhooks", defaultMessage: "Webhooks" },
  feeds: { id: "organizations.editor.page.feeds", defaultMessage: "Job feeds" },
  editName: { id: "organizations.editor.page.editName", defaultMessage: "Edit {name}" },
  editOrganization: { id: "organizations.editor.page.editOrganization", defaultMessage: "Edit the organization" },
  myOrganizations: { id: "organizations.editor.page.myOrganizations", defaultMessage: "My organizations" },
  sectionOrganizationInfo: { id: "organizations.editor.page.sectionOrganizationInfo", defaultMessage: "Organization info" },
  sectionCompanyInfo: { id: "organizations.editor.page.sectionCompanyInfo", defaultMessage: "Company info" },
  sectionPersonalInfo: { id: "organizations.editor.page.sectionPersonalInfo", defaultMessage: "Personal info" },
  sectionAbout: { id: "organizations.editor.page.sectionAbout", defaultMessage: "About" },
  sectionBenefits: { id: "organizations.editor.page.sectionBenefits", defaultMessage: "Benefits" },
  sectionContactPersons: { id: "organizations.editor.page.sectionContactPersons", defaultMessage: "Contact persons" },
  sectionGallery: { id: "organizations.editor.page.sectionGallery", defaultMessage: "Gallery" },
  sectionVideos: { id: "organizations.editor.page.sectionVideos", defaultMessage: "Videos" },
  sectionFurtherLocations: { id: "organizations.editor.page.sectionFurtherLocations", defaultMessage: "Further locations" },
  sectionFaq: { id: "organizations.editor.page.sectionFaq", defaultMessage: "FAQ" },
  sectionAttachments: { id: "organizations.editor.page.sectionAttachments", defaultMessage: "Attachments" },
});

/** The page's name, for its document title. */
export const ORGANIZATION_EDITOR_TITLE = messages.editOrganization;

export function StatusBadge({ status }: { status: string }) {
  return status === "PUBLISHED" ? (
    <Badge color="green"><FormattedMessage {...messages.published} /></Badge>
  ) : (
    <Badge color="gray" variant="outline">
      <FormattedMessage {...messages.draft} />
    </Badge>
  );
}

/** Draft or published, publish and unpublish, and the public page. */
function StatusBar({ profile }: { profile: EditorProfile }) {
  const intl = useIntl();
  const t = (message: Message, values?: Record<string, string | number>) => intl.formatMessage(message, values);
  const [publish, published] = useMutation(PUBLISH_ORGANIZATION_PROFILE);
  const [unpublish, unpublished] = useMutation(UNPUBLISH_ORGANIZATION_PROFILE);
  const last = profile.status === "PUBLISHED" ? unpublished : published;
  const answer =
    profile.status === "PUBLISHED"
      ? published.data?.publishOrganizationProfile
      : unpublished.data?.unpublishOrganizationProfile;
  const refused =
    published.data?.publishOrganizationProfile ?? unpublished.data?.unpublishOrganizationProfile ?? undefined;
  const refusals = last.error
    ? [t(messages.theStatusCouldNot)]
    : groupErrors(refused, []).general;
  return (
    <Card withBorder padding="md" component="section" aria-label={t(messages.status)}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Group gap="sm">
            <Text fw={500}><FormattedMessage {...messages.status} /></Text>
            <StatusBadge status={profile.status} />
          </Group>
          <Group gap="sm">
            <Anchor href={`/organization/${profile.slug}`} target="_blank" rel="noopener">
              <FormattedMessage {...messages.viewPublicPage} />
            </Anchor>
            {profile.status === "PUBLISHED" ? (
              <Button
                variant="default"
                loading={unpublished.loading}
                onClick={() => {
                  published.reset();
                  void unpublish({ variables: { id: profile.id } }).catch(() => undefined);
                }}
              >
                <FormattedMessage {...messages.unpublish} />
              </Button>
            ) : (
              <Button
                loading={published.loading}
                onClick={() => {
                  unpublished.reset();
                  void publish({ variables: { id: profile.id } }).catch(() => undefined);
                }}
              >
                <FormattedMessage {...messages.publish} />
              </Button>
            )}
          </Group>
        </Group>
        {answer?.__typename === "OrganizationProfileSaved" ? (
          <Text size="sm" role="status">
            {profile.status === "PUBLISHED" ? t(messages.theProfileIsPublic) : t(messages.theProfileIsA)}
          </Text>
        ) : null}
        <DangerList messages={refusals} />
      </Stack>
    </Card>
  );
}

const SECTIONS = [
  ["info", messages.sectionOrganizationInfo, OrganizationInfoSection],
  ["company", messages.sectionCompanyInfo, CompanyInfoSection],
  ["personal", messages.sectionPersonalInfo, PersonalInfoSection],
  ["about", messages.sectionAbout, AboutSection],
  ["benefits", messages.sectionBenefits, BenefitsSection],
  ["contacts", messages.sectionContactPersons, ContactPersonsSection],
  ["gallery", messages.sectionGallery, GallerySection],
  ["videos", messages.sectionVideos, VideosSection],
  ["locations", messages.sectionFurtherLocations, LocationsSection],
  ["faq", messages.sectionFaq, FaqSection],
  ["attachments", messages.sectionAttachments, AttachmentsSection],
] as const;

/** /dashboard/organization/:id/edit: every profile group in its own tab with its own Save. */
export function OrganizationEditorPage({ id }: { id: string }) {
  const intl = useIntl();
  const t = (message: Message, values?: Record<string, string | number>) => intl.formatMessage(message, values);
  const { data, loading, error } = useQuery(ORGANIZATION_PROFILE_EDITOR, { variables: { id } });
  const profile = data?.organizationProfile;

  return (
    <Stack gap="md">
      <BackLink to="/dashboard/organization">
        <FormattedMessage {...messages.myOrganizations} />
      </BackLink>
      <Title order={1}>{profile ? t(messages.editName, { name: profile.name }) : t(messages.editOrganization)}</Title>
      {error ? <Text role="alert"><FormattedMessage {...messages.theProfileCouldNot} /></Text> : null}
      {loading && !profile ? <Text c="dimmed"><FormattedMessage {...messages.loadingTheProfile} /></Text> : null}
      {!loading && !error && !profile ? <Text role="alert"><FormattedMessage {...messages.thisProfileDoesNot} /></Text> : null}
      {profile ? (
        <>
          <StatusBar profile={profile} />
          <Group gap="sm">
            <Anchor component={NavLink} to={`/dashboard/organization/${profile.id}/members`}>
              <FormattedMessage {...messages.members} />
            </Anchor>
            <Anchor component={NavLink} to={`/dashboard/organization/${profile.id}/api-keys`}>
              <FormattedMessage {...messages.apiKeys} />
            </Anchor>
            <Anchor component={NavLink} to={`/dashboard/organization/${profile.id}/webhooks`}>
              <FormattedMessage {...messages.webhooks} />
            </Anchor>
            <Anchor component={NavLink} to={`/dashboard/organization/${profile.id}/feeds`}>
              <FormattedMessage {...messages.feeds} />
            </Anchor>
          </Group>
          <Tabs defaultValue="info" keepMounted>
            <Tabs.List aria-label={t(messages.profileSections)} style={{ flexWrap: "wrap" }}>
              {SECTIONS.map(([value, label]) => (
                <Tabs.Tab key={value} value={value}>
                  <FormattedMessage {...label} />
                </Tabs.Tab>
              ))}
            </Tabs.List>
            {SECTIONS.map(([value, , Section]) => (
              <Tabs.Panel key={value} value={value} pt="md">
                <Section profile={profile} />
              </Tabs.Panel>
            ))}
          </Tabs>
        </>
      ) : null}
    </Stack>
  );
}
