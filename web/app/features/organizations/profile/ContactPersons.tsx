import { Anchor, Avatar, Card, Group, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useIntl } from "react-intl";
import { defineMessages } from "~/lib/i18n/define-messages";
import { initials, telHref } from "./profile-format";
import type { PublicProfile } from "./profile-query";

type ContactPerson = PublicProfile["contactPersons"][number];

const messages = defineMessages({
  onLinkedIn: { id: "organizations.profile.contact.linkedIn", defaultMessage: "{name} on LinkedIn" },
  fullName: { id: "organizations.profile.contact.name", defaultMessage: "{firstName} {lastName}" },
});

function ContactPersonCard({ person }: { person: ContactPerson }) {
  const intl = useIntl();
  const name = intl.formatMessage(messages.fullName, { firstName: person.firstName, lastName: person.lastName });
  return (
    <Card withBorder radius="md" padding="md">
      <Group wrap="nowrap" align="flex-start" gap="md">
        {person.photo ? (
          <Avatar src={person.photo.url} alt={person.photo.alt || name} size={64} radius="xl" />
        ) : (
          <Avatar size={64} radius="xl" color="initials" name={name} aria-hidden="true">
            {initials(person.firstName, person.lastName)}
          </Avatar>
        )}
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Title order={3} size="h5">
            {name}
          </Title>
          {person.position ? (
            <Text size="sm" c="dimmed">
              {person.position}
            </Text>
          ) : null}
          {person.email ? (
            <Anchor href={`mailto:${person.email}`} size="sm" style={{ overflowWrap: "anywhere" }}>
              {person.email}
            </Anchor>
          ) : null}
          {person.phone ? (
            <Anchor href={telHref(person.phone)} size="sm">
              {person.phone}
            </Anchor>
          ) : null}
          {person.linkedinProfile ? (
            <Anchor
              href={person.linkedinProfile}
              target="_blank"
              rel="noopener noreferrer"
              size="sm"
              aria-label={intl.formatMessage(messages.onLinkedIn, { name })}
            >
              LinkedIn
            </Anchor>
          ) : null}
          {person.contactInfo ? (
            <Text size="sm" style={{ whiteSpace: "pre-line" }}>
              {person.contactInfo}
            </Text>
          ) : null}
        </Stack>
      </Group>
    </Card>
  );
}

export function ContactPersons({ people }: { people: ContactPerson[] }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: 1 }} spacing="md">
      {people.map((person, index) => (
        <ContactPersonCard key={`${person.firstName}-${person.lastName}-${index}`} person={person} />
      ))}
    </SimpleGrid>
  );
}
