import { useMutation, useQuery } from "@apollo/client/react";
import { Anchor, Badge, Button, Card, Group, Stack, Tabs, Text, Title } from "@mantine/core";
import { NavLink } from "~/components/Link";
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

export function StatusBadge({ status }: { status: string }) {
  return status === "PUBLISHED" ? (
    <Badge color="green">Published</Badge>
  ) : (
    <Badge color="gray" variant="outline">
      Draft
    </Badge>
  );
}

/** Draft or published, publish and unpublish, and the public page. */
function StatusBar({ profile }: { profile: EditorProfile }) {
  const [publish, published] = useMutation(PUBLISH_ORGANIZATION_PROFILE);
  const [unpublish, unpublished] = useMutation(UNPUBLISH_ORGANIZATION_PROFILE);
  const last = profile.status === "PUBLISHED" ? unpublished : published;
  const answer =
    profile.status === "PUBLISHED"
      ? published.data?.publishOrganizationProfile
      : unpublished.data?.unpublishOrganizationProfile;
  const refused =
    published.data?.publishOrganizationProfile ?? unpublished.data?.unpublishOrganizationProfile ?? undefined;
  const messages = last.error
    ? ["The status could not be changed. Try again in a moment."]
    : groupErrors(refused, []).general;
  return (
    <Card withBorder padding="md" component="section" aria-label="Status">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Group gap="sm">
            <Text fw={500}>Status</Text>
            <StatusBadge status={profile.status} />
          </Group>
          <Group gap="sm">
            <Anchor href={`/organization/${profile.slug}`} target="_blank" rel="noopener">
              View public page
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
                Unpublish
              </Button>
            ) : (
              <Button
                loading={published.loading}
                onClick={() => {
                  unpublished.reset();
                  void publish({ variables: { id: profile.id } }).catch(() => undefined);
                }}
              >
                Publish
              </Button>
            )}
          </Group>
        </Group>
        {answer?.__typename === "OrganizationProfileSaved" ? (
          <Text size="sm" role="status">
            {profile.status === "PUBLISHED" ? "The profile is public now." : "The profile is a draft again."}
          </Text>
        ) : null}
        <DangerList messages={messages} />
      </Stack>
    </Card>
  );
}

const SECTIONS = [
  ["info", "Organization info", OrganizationInfoSection],
  ["company", "Company info", CompanyInfoSection],
  ["personal", "Personal info", PersonalInfoSection],
  ["about", "About", AboutSection],
  ["benefits", "Benefits", BenefitsSection],
  ["contacts", "Contact persons", ContactPersonsSection],
  ["gallery", "Gallery", GallerySection],
  ["videos", "Videos", VideosSection],
  ["locations", "Further locations", LocationsSection],
  ["faq", "FAQ", FaqSection],
  ["attachments", "Attachments", AttachmentsSection],
] as const;

/** /dashboard/organization/:id/edit: every profile group in its own tab with its own Save. */
export function OrganizationEditorPage({ id }: { id: string }) {
  const { data, loading, error } = useQuery(ORGANIZATION_PROFILE_EDITOR, { variables: { id } });
  const profile = data?.organizationProfile;

  return (
    <Stack gap="md">
      <Anchor component={NavLink} to="/dashboard/organization" size="sm">
        ← My organizations
      </Anchor>
      <Title order={1}>{profile ? `Edit ${profile.name}` : "Edit the organization"}</Title>
      {error ? <Text role="alert">The profile could not be loaded. Please try again in a moment.</Text> : null}
      {loading && !profile ? <Text c="dimmed">Loading the profile…</Text> : null}
      {!loading && !error && !profile ? <Text role="alert">This profile does not exist or is not yours.</Text> : null}
      {profile ? (
        <>
          <StatusBar profile={profile} />
          <Group gap="sm">
            <Anchor component={NavLink} to={`/dashboard/organization/${profile.id}/members`}>
              Members
            </Anchor>
          </Group>
          <Tabs defaultValue="info" keepMounted>
            <Tabs.List aria-label="Profile sections" style={{ flexWrap: "wrap" }}>
              {SECTIONS.map(([value, label]) => (
                <Tabs.Tab key={value} value={value}>
                  {label}
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
