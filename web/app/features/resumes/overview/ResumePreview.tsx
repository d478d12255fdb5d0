import { Badge, Card, Group, List, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useId, type ReactNode } from "react";
import { FormattedMessage, useIntl, type IntlShape } from "react-intl";
import { useLocaleFormat } from "~/lib/format";
import { defineMessages } from "~/lib/i18n/define-messages";
import type { WizardResume } from "../wizard/documents";
import { isNulled, isPrivate, placeLabel, type ResumeConfig } from "../wizard/resume-form";
import { CAREER_STATUS_LABELS, LEVEL_LABELS, PERIOD_LABELS, SALUTATION_LABELS, UNIT_LABELS } from "../wizard/SectionForms";

const messages = defineMessages({
  publicTitle: { id: "resumeOverview.preview.public", defaultMessage: "What recruiters see" },
  publicHint: {
    id: "resumeOverview.preview.public.hint",
    defaultMessage: "Recruiters see this part once your resume is findable and complete. Never your email.",
  },
  privateTitle: { id: "resumeOverview.preview.private", defaultMessage: "Private until you approve a contact request" },
  privateHint: {
    id: "resumeOverview.preview.private.hint",
    defaultMessage: "Only you see this part. A recruiter sees it after you approve their organization's contact request, until you revoke it.",
  },
  name: { id: "resumeOverview.field.name", defaultMessage: "Name" },
  phone: { id: "resumeOverview.field.phone", defaultMessage: "Phone" },
  birthday: { id: "resumeOverview.field.birthday", defaultMessage: "Date of birth" },
  home: { id: "resumeOverview.field.home", defaultMessage: "Home" },
  occupation: { id: "resumeOverview.field.occupation", defaultMessage: "Desired occupation" },
  employmentTypes: { id: "resumeOverview.field.employmentTypes", defaultMessage: "Employment type" },
  desiredLocation: { id: "resumeOverview.field.desiredLocation", defaultMessage: "Wants to work in" },
  salary: { id: "resumeOverview.field.salary", defaultMessage: "Desired salary" },
  salaryRange: { id: "resumeOverview.salary.range", defaultMessage: "{range} per {unit}" },
  careerStatus: { id: "resumeOverview.field.careerStatus", defaultMessage: "Career status" },
  availableStart: { id: "resumeOverview.field.availableStart", defaultMessage: "Available from" },
  periods: { id: "resumeOverview.field.periods", defaultMessage: "Can work" },
  work: { id: "resumeOverview.field.work", defaultMessage: "Work experience" },
  education: { id: "resumeOverview.field.education", defaultMessage: "Education" },
  languages: { id: "resumeOverview.field.languages", defaultMessage: "Languages" },
  skills: { id: "resumeOverview.field.skills", defaultMessage: "Skills" },
  notGiven: { id: "resumeOverview.notGiven", defaultMessage: "Not given" },
});

function Fact({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" tt="uppercase" fw={600} className="text-muted">
        {label}
      </Text>
      <Text component="div">{children}</Text>
    </Stack>
  );
}

function salaryText(intl: IntlShape, salary: NonNullable<WizardResume["desiredSalary"]>): string {
  const money = (value: number) => intl.formatNumber(value, { style: "currency", currency: salary.currency, maximumFractionDigits: 0 });
  const range =
    salary.min != null && salary.max != null
      ? `${money(salary.min)} – ${money(salary.max)}`
      : salary.min != null
        ? `≥ ${money(salary.min)}`
        : salary.max != null
          ? `≤ ${money(salary.max)}`
          : "";
  return intl.formatMessage(messages.salaryRange, { range, unit: intl.formatMessage(UNIT_LABELS[salary.unit]) });
}

/**
 * The applicant's resume split the way recruiters get it: the public part, and the private
 * fields (the configuration's `privateFields`), which only `showPrivate` (the owner) renders.
 */
export function ResumePreview({ resume, config, showPrivate }: { resume: WizardResume; config: ResumeConfig; showPrivate: boolean }) {
  const intl = useIntl();
  const { date } = useLocaleFormat();
  const publicId = useId();
  const privateId = useId();
  const notGiven = <Text span className="text-muted"><FormattedMessage {...messages.notGiven} /></Text>;
  const or = (value: ReactNode) => (value === null || value === undefined || value === "" ? notGiven : value);
  const name = [resume.salutation ? intl.formatMessage(SALUTATION_LABELS[resume.salutation]) : null, resume.firstName, resume.lastName]
    .filter(Boolean)
    .join(" ");

  return (
    <Stack gap="md">
      <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={publicId}>
        <Stack gap="md">
          <Stack gap={2}>
            <Title order={3} size="h4" id={publicId}>
              <FormattedMessage {...messages.publicTitle} />
            </Title>
            <Text size="sm" className="text-muted">
              <FormattedMessage {...messages.publicHint} />
            </Text>
          </Stack>
          <Title order={4} size="h3">
            {or(resume.title)}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <Fact label={<FormattedMessage {...messages.occupation} />}>{or(resume.desiredOccupation?.label)}</Fact>
            <Fact label={<FormattedMessage {...messages.desiredLocation} />}>{or(placeLabel(resume.desiredLocation))}</Fact>
            <Fact label={<FormattedMessage {...messages.employmentTypes} />}>{or(resume.employmentTypes.map((term) => term.label).join(", "))}</Fact>
            <Fact label={<FormattedMessage {...messages.salary} />}>{or(resume.desiredSalary ? salaryText(intl, resume.desiredSalary) : null)}</Fact>
            <Fact label={<FormattedMessage {...messages.careerStatus} />}>
              {or(resume.careerStatus ? intl.formatMessage(CAREER_STATUS_LABELS[resume.careerStatus]) : null)}
            </Fact>
            <Fact label={<FormattedMessage {...messages.availableStart} />}>{or(resume.availableStart ? date(resume.availableStart) : null)}</Fact>
            <Fact label={<FormattedMessage {...messages.periods} />}>
              {or(resume.availabilityPeriods.map((period) => intl.formatMessage(PERIOD_LABELS[period])).join(", "))}
            </Fact>
          </SimpleGrid>
          <Fact label={<FormattedMessage {...messages.work} />}>
            {resume.workExperience.length === 0 ? notGiven : (
              <List size="sm" spacing={4}>
                {resume.workExperience.map((entry) => (
                  <List.Item key={entry.id}>
                    {[entry.jobTitle, entry.companyName, placeLabel(entry.location)].filter(Boolean).join(" · ")}
                  </List.Item>
                ))}
              </List>
            )}
          </Fact>
          <Fact label={<FormattedMessage {...messages.education} />}>
            {resume.education.length === 0 ? notGiven : (
              <List size="sm" spacing={4}>
                {resume.education.map((entry) => (
                  <List.Item key={entry.id}>
                    {[entry.institution, entry.degreeLevel?.label, entry.fieldOfStudy?.label].filter(Boolean).join(" · ")}
                  </List.Item>
                ))}
              </List>
            )}
          </Fact>
          <Fact label={<FormattedMessage {...messages.languages} />}>
            {or(
              [
                ...resume.languages.map((row) => `${row.language.label} (${intl.formatMessage(LEVEL_LABELS[row.level])})`),
                resume.languagesFree,
              ]
                .filter(Boolean)
                .join(", "),
            )}
          </Fact>
          <Fact label={<FormattedMessage {...messages.skills} />}>
            {resume.skills.length + resume.skillsFree.length === 0 ? notGiven : (
              <Group gap={6} mt={4}>
                {[...resume.skills.map((term) => term.label), ...resume.skillsFree].map((skill) => (
                  <Badge key={skill} variant="light" tt="none">
                    {skill}
                  </Badge>
                ))}
              </Group>
            )}
          </Fact>
        </Stack>
      </Card>
      {showPrivate ? (
        <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={privateId}>
          <Stack gap="md">
            <Stack gap={2}>
              <Title order={3} size="h4" id={privateId}>
                <FormattedMessage {...messages.privateTitle} />
              </Title>
              <Text size="sm" className="text-muted">
                <FormattedMessage {...messages.privateHint} />
              </Text>
            </Stack>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              {isPrivate(config, "first_name") || isPrivate(config, "last_name") ? (
                <Fact label={<FormattedMessage {...messages.name} />}>{or(name)}</Fact>
              ) : null}
              {isPrivate(config, "phone") && resume.phone ? <Fact label={<FormattedMessage {...messages.phone} />}>{resume.phone}</Fact> : null}
              {isPrivate(config, "birthday") && !isNulled(config, "birthday") ? (
                <Fact label={<FormattedMessage {...messages.birthday} />}>{or(resume.birthday ? date(resume.birthday) : null)}</Fact>
              ) : null}
              {isPrivate(config, "home_location") ? (
                <Fact label={<FormattedMessage {...messages.home} />}>{or(placeLabel(resume.homeLocation))}</Fact>
              ) : null}
            </SimpleGrid>
          </Stack>
        </Card>
      ) : null}
    </Stack>
  );
}
