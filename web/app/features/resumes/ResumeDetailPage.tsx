import { Anchor, Badge, Divider, Grid, Group, List, Paper, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { BackLink } from "~/components/BackLink";
import { dimensions, useTrackedVisit } from "~/lib/analytics";
import { useLocaleFormat } from "~/lib/format";
import type { ResumeAvailabilityPeriod } from "~/lib/graphql/generated/graphql";
import { defineMessages, type Message } from "~/lib/i18n/define-messages";
import type { RecruiterResumeView } from "./recruiter-documents";
import { RequestContact } from "./RequestContact";
import { careerStatusLabel } from "./resume-labels";

const messages = defineMessages({
  back: { id: "resumes.detail.back", defaultMessage: "Search resumes" },
  updated: { id: "resumes.detail.updated", defaultMessage: "Updated {date}" },
  contactDetails: { id: "resumes.detail.contactDetails", defaultMessage: "Contact details" },
  privateHidden: {
    id: "resumes.detail.privateHidden",
    defaultMessage: "The applicant's name and contact details are shown once they approve your organization's contact request.",
  },
  name: { id: "resumes.detail.name", defaultMessage: "Name" },
  phone: { id: "resumes.detail.phone", defaultMessage: "Phone" },
  birthday: { id: "resumes.detail.birthday", defaultMessage: "Birthday" },
  home: { id: "resumes.detail.home", defaultMessage: "Home" },
  about: { id: "resumes.detail.about", defaultMessage: "About" },
  preferences: { id: "resumes.detail.preferences", defaultMessage: "What they are looking for" },
  occupation: { id: "resumes.detail.occupation", defaultMessage: "Occupation" },
  careerStatus: { id: "resumes.detail.careerStatus", defaultMessage: "Career status" },
  employmentTypes: { id: "resumes.detail.employmentTypes", defaultMessage: "Employment types" },
  desiredLocation: { id: "resumes.detail.desiredLocation", defaultMessage: "Desired place of work" },
  salary: { id: "resumes.detail.salary", defaultMessage: "Desired salary" },
  salaryRange: { id: "resumes.detail.salaryRange", defaultMessage: "{range} {currency} per {unit}" },
  availableStart: { id: "resumes.detail.availableStart", defaultMessage: "Available from" },
  availability: { id: "resumes.detail.availability", defaultMessage: "Availability" },
  experience: { id: "resumes.detail.experience", defaultMessage: "Work experience" },
  education: { id: "resumes.detail.education", defaultMessage: "Education" },
  languages: { id: "resumes.detail.languages", defaultMessage: "Languages" },
  skills: { id: "resumes.detail.skills", defaultMessage: "Skills" },
  period: { id: "resumes.detail.period", defaultMessage: "{start} – {end}" },
  now: { id: "resumes.detail.now", defaultMessage: "today" },
  native: { id: "resumes.detail.native", defaultMessage: "native" },
});

const PERIODS: Record<ResumeAvailabilityPeriod, Message> = defineMessages({
  FULL_TIME: { id: "resumes.availability.fullTime", defaultMessage: "Full time" },
  PART_TIME: { id: "resumes.availability.partTime", defaultMessage: "Part time" },
  MORNINGS: { id: "resumes.availability.mornings", defaultMessage: "Mornings" },
  EVENINGS: { id: "resumes.availability.evenings", defaultMessage: "Evenings" },
  WEEKENDS: { id: "resumes.availability.weekends", defaultMessage: "Weekends" },
  SHIFTS: { id: "resumes.availability.shifts", defaultMessage: "Shifts" },
});

type Place = { locality: string; administrativeArea?: string | null; countryCode: string; zip?: string | null };

function placeLabel(place: Place): string {
  return [place.zip ? `${place.zip} ${place.locality}` : place.locality, place.administrativeArea, place.countryCode]
    .filter(Boolean)
    .join(", ");
}

function Fact({ label, children }: { label: Message; children: ReactNode }) {
  return (
    <Group gap="xs" wrap="nowrap" align="baseline">
      <Text size="sm" fw={500} style={{ minWidth: "10rem" }}>
        <FormattedMessage {...label} />
      </Text>
      <Text size="sm">{children}</Text>
    </Group>
  );
}

function Section({ title, children }: { title: Message; children: ReactNode }) {
  return (
    <Stack gap="xs" component="section">
      <Title order={2} size="h4">
        <FormattedMessage {...title} />
      </Title>
      {children}
    </Stack>
  );
}

/**
 * The private fields (spec 3: name, phone, birthday, home) as the API answers them: only after
 * the applicant approved a contact request of the recruiter's organization. Never an email
 * (spec 6: hidden on the resume detail page; the API has none to give).
 */
function ContactDetails({ resume }: { resume: RecruiterResumeView }) {
  const format = useLocaleFormat();
  const name = [resume.firstName, resume.lastName].filter(Boolean).join(" ");
  const disclosed = Boolean(name || resume.phone || resume.birthday || resume.homeLocation);
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="contact-details-heading">
      <Stack gap="xs">
        <Title order={2} size="h4" id="contact-details-heading">
          <FormattedMessage {...messages.contactDetails} />
        </Title>
        {disclosed ? (
          <>
            {name ? <Fact label={messages.name}>{name}</Fact> : null}
            {resume.phone ? (
              <Fact label={messages.phone}>
                <Anchor href={`tel:${resume.phone.replace(/\s+/g, "")}`}>{resume.phone}</Anchor>
              </Fact>
            ) : null}
            {resume.birthday ? <Fact label={messages.birthday}>{format.date(resume.birthday)}</Fact> : null}
            {resume.homeLocation ? <Fact label={messages.home}>{placeLabel(resume.homeLocation)}</Fact> : null}
          </>
        ) : (
          <Text size="sm" className="text-muted">
            <FormattedMessage {...messages.privateHidden} />
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * /resume/{id} for recruiters (spec 6): the public resume, the private fields when the API
 * answers them, and "Request contact" (`canRequestContact`: recruiters and admins).
 * resume_visit is counted like job_visit (spec 7).
 */
export function ResumeDetailPage({
  resume,
  canRequestContact,
}: {
  resume: RecruiterResumeView;
  canRequestContact: boolean;
}) {
  const intl = useIntl();
  const format = useLocaleFormat();
  useTrackedVisit("resume_visit", resume.id, dimensions({ entity: { id: resume.id, type: "resume" } }));
  const period = (start: unknown, end: unknown) =>
    start || end
      ? intl.formatMessage(messages.period, {
          start: start ? format.date(start) : "",
          end: end ? format.date(end) : intl.formatMessage(messages.now),
        })
      : null;
  const salary = resume.desiredSalary;
  const salaryRange = salary
    ? [salary.min, salary.max].filter((value): value is number => typeof value === "number").map((value) => intl.formatNumber(value)).join(" – ")
    : "";

  return (
    <Stack gap="lg">
      <BackLink to="/resumes">
        <FormattedMessage {...messages.back} />
      </BackLink>
      <Stack gap={4}>
        <Title order={1}>{resume.title}</Title>
        <Group gap="sm">
          {resume.careerStatus ? <Badge variant="light">{careerStatusLabel(resume.careerStatus, intl)}</Badge> : null}
          <Text size="sm" className="text-muted">
            <FormattedMessage {...messages.updated} values={{ date: format.date(resume.updatedAt) }} />
          </Text>
        </Group>
      </Stack>
      <Grid gutter="xl">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="lg">
            {resume.about ? (
              <Section title={messages.about}>
                <Text size="sm" style={{ whiteSpace: "pre-line" }}>
                  {resume.about}
                </Text>
              </Section>
            ) : null}
            <Section title={messages.preferences}>
              {resume.desiredOccupation ? <Fact label={messages.occupation}>{resume.desiredOccupation.label}</Fact> : null}
              {resume.employmentTypes.length > 0 ? (
                <Fact label={messages.employmentTypes}>{resume.employmentTypes.map((term) => term.label).join(", ")}</Fact>
              ) : null}
              {resume.desiredLocation ? <Fact label={messages.desiredLocation}>{placeLabel(resume.desiredLocation)}</Fact> : null}
              {salary && salaryRange ? (
                <Fact label={messages.salary}>
                  {intl.formatMessage(messages.salaryRange, {
                    range: salaryRange,
                    currency: salary.currency,
                    unit: salary.unit.toLowerCase(),
                  })}
                </Fact>
              ) : null}
              {resume.availableStart ? <Fact label={messages.availableStart}>{format.date(resume.availableStart)}</Fact> : null}
              {resume.availabilityPeriods.length > 0 ? (
                <Fact label={messages.availability}>
                  {resume.availabilityPeriods.map((value) => intl.formatMessage(PERIODS[value])).join(", ")}
                </Fact>
              ) : null}
            </Section>
            {resume.workExperience.length > 0 ? (
              <Section title={messages.experience}>
                <List listStyleType="none" spacing="sm" p={0}>
                  {resume.workExperience.map((entry) => (
                    <List.Item key={entry.id}>
                      <Text fw={500}>{entry.jobTitle}</Text>
                      <Text size="sm" className="text-muted">
                        {[entry.companyName, entry.location ? placeLabel(entry.location) : null, period(entry.startDate, entry.endDate)]
                          .filter(Boolean)
                          .join(" · ")}
                      </Text>
                      {entry.summary ? <Text size="sm">{entry.summary}</Text> : null}
                    </List.Item>
                  ))}
                </List>
              </Section>
            ) : null}
            {resume.education.length > 0 ? (
              <Section title={messages.education}>
                <List listStyleType="none" spacing="sm" p={0}>
                  {resume.education.map((entry) => (
                    <List.Item key={entry.id}>
                      <Text fw={500}>{entry.institution}</Text>
                      <Text size="sm" className="text-muted">
                        {[entry.degreeLevel?.label, entry.fieldOfStudy?.label, entry.studyProgram, period(entry.startDate, entry.endDate)]
                          .filter(Boolean)
                          .join(" · ")}
                      </Text>
                      {entry.summary ? <Text size="sm">{entry.summary}</Text> : null}
                    </List.Item>
                  ))}
                </List>
              </Section>
            ) : null}
            {resume.languages.length > 0 || resume.languagesFree ? (
              <Section title={messages.languages}>
                <Text size="sm">
                  {resume.languages
                    .map(({ language, level }) =>
                      `${language.label} (${level === "NATIVE" ? intl.formatMessage(messages.native) : level})`,
                    )
                    .concat(resume.languagesFree ? [resume.languagesFree] : [])
                    .join(", ")}
                </Text>
              </Section>
            ) : null}
            {resume.skills.length > 0 || resume.skillsFree.length > 0 ? (
              <Section title={messages.skills}>
                <Group gap={4}>
                  {[...resume.skills.map((term) => term.label), ...resume.skillsFree].map((skill) => (
                    <Badge key={skill} variant="outline" color="gray" tt="none">
                      {skill}
                    </Badge>
                  ))}
                </Group>
              </Section>
            ) : null}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="md">
            <ContactDetails resume={resume} />
            {canRequestContact ? (
              <>
                <Divider hiddenFrom="md" />
                <RequestContact resumeId={resume.id} />
              </>
            ) : null}
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
