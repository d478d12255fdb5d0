import { Anchor, Badge, Card, Group, Stack, Text, Title } from "@mantine/core";
import { FormattedMessage, useIntl } from "react-intl";
import { Link } from "~/components/Link";
import { useLocaleFormat } from "~/lib/format";
import { defineMessages } from "~/lib/i18n/define-messages";
import { formatDistance, useSiteGeo } from "~/lib/search/geo";
import type { ResumeHitView } from "./recruiter-documents";
import { careerStatusLabel } from "./resume-labels";

const messages = defineMessages({
  list: { id: "resumes.search.list", defaultMessage: "Resumes" },
  updated: { id: "resumes.card.updated", defaultMessage: "Updated {date}" },
  skills: { id: "resumes.card.skills", defaultMessage: "Skills" },
  languages: { id: "resumes.card.languages", defaultMessage: "Languages" },
  more: { id: "resumes.card.more", defaultMessage: "+{count, number} more" },
  place: { id: "resumes.card.place", defaultMessage: "Desired place of work" },
});

/** Skills a card shows before "+n more". */
export const CARD_SKILLS = 6;

/** "Berlin, Berlin" / "Bavaria" / "DE": the desired place of work (never the home). */
function placeLabel(place: ResumeHitView["place"]): string | null {
  const parts = [place.city, place.region].filter((part): part is string => Boolean(part));
  const unique = [...new Set(parts)];
  if (unique.length > 0) return unique.join(", ");
  return place.countryCode ?? null;
}

/**
 * One resume found (UI.md): headline, occupation, career status, desired place, skills,
 * languages and the last update. Only the hit's public fields exist: no name, no email.
 */
export function ResumeCard({ hit }: { hit: ResumeHitView }) {
  const intl = useIntl();
  const format = useLocaleFormat();
  const site = useSiteGeo();
  const place = placeLabel(hit.place);
  const skills = hit.skills.slice(0, CARD_SKILLS);
  const moreSkills = hit.skills.length - skills.length;
  return (
    <Card withBorder radius="md" padding="md" component="article">
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Title order={3} size="h4">
            <Anchor component={Link} to={`/resume/${encodeURIComponent(hit.id)}`}>
              {hit.title}
            </Anchor>
          </Title>
          {hit.careerStatus ? (
            <Badge variant="light" style={{ flexShrink: 0 }}>
              {careerStatusLabel(hit.careerStatus, intl)}
            </Badge>
          ) : null}
        </Group>
        {hit.occupations.length > 0 ? <Text size="sm">{hit.occupations.join(" · ")}</Text> : null}
        <Group gap="md" wrap="wrap">
          {place ? (
            <Text size="sm" className="text-muted" aria-label={`${intl.formatMessage(messages.place)}: ${place}`}>
              {place}
              {typeof hit.distanceKm === "number" ? ` (${formatDistance(hit.distanceKm, site)})` : null}
            </Text>
          ) : null}
          <Text size="sm" className="text-muted">
            <FormattedMessage {...messages.updated} values={{ date: format.date(hit.updatedAt) }} />
          </Text>
        </Group>
        {hit.summary ? (
          <Text size="sm" lineClamp={2}>
            {hit.summary}
          </Text>
        ) : null}
        {skills.length > 0 ? (
          <Group gap={4} aria-label={intl.formatMessage(messages.skills)} role="list">
            {skills.map((skill) => (
              <Badge key={skill} variant="outline" color="gray" tt="none" role="listitem">
                {skill}
              </Badge>
            ))}
            {moreSkills > 0 ? (
              <Text size="xs" className="text-muted" role="listitem">
                <FormattedMessage {...messages.more} values={{ count: moreSkills }} />
              </Text>
            ) : null}
          </Group>
        ) : null}
        {hit.languages.length > 0 ? (
          <Text size="sm">
            <Text span fw={500}>
              <FormattedMessage {...messages.languages} />:
            </Text>{" "}
            {hit.languages.join(", ")}
          </Text>
        ) : null}
      </Stack>
    </Card>
  );
}

/** The page's resumes, in the order found. */
export function ResumeResults({ hits }: { hits: readonly ResumeHitView[] }) {
  const intl = useIntl();
  return (
    <Stack gap="sm" component="ol" p={0} m={0} style={{ listStyle: "none" }} aria-label={intl.formatMessage(messages.list)}>
      {hits.map((hit) => (
        <li key={hit.id}>
          <ResumeCard hit={hit} />
        </li>
      ))}
    </Stack>
  );
}
