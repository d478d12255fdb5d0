import {
  Anchor,
  Button,
  Checkbox,
  Group,
  NumberInput,
  Paper,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  TagsInput,
  Text,
  TextInput,
} from "@mantine/core";
import { FormattedMessage, useIntl } from "react-intl";
import { FilePicker } from "~/components/FilePicker";
import { countryOptions } from "~/lib/countries";
import { numberSeparators } from "~/lib/format";
import { defineMessages, type Message } from "~/lib/i18n/define-messages";
import type { JobType, SalaryUnit } from "~/lib/graphql/generated/graphql";
import { DescriptionEditor } from "./DescriptionEditor";
import { errorAt } from "./job-errors";
import { QuestionEditor } from "./QuestionEditor";
import {
  emptyAddress,
  emptyQuestion,
  TITLE_MAX_LENGTH,
  type ApplicationDraft,
  type CategorizationDraft,
  type CompanyInfoDraft,
  type JobInfoDraft,
  type LocationDraft,
  type ScheduleDraft,
} from "./steps";
import { TermMultiPicker, TermSinglePicker } from "~/components/TermPicker";

const messages = defineMessages({
  jobTitle: { id: "wizard.form.jobTitle", defaultMessage: "Job title" },
  linkUrl: { id: "wizard.form.linkUrl", defaultMessage: "Address of the original ad" },
  filePdf: { id: "wizard.form.filePdf", defaultMessage: "Job ad (PDF)" },
  filePdfHint: { id: "wizard.form.filePdfHint", defaultMessage: "A PDF of at most 50 MB, shown on the job page." },
  description: { id: "wizard.form.description", defaultMessage: "Description" },
  availableFrom: { id: "wizard.form.availableFrom", defaultMessage: "Available from" },
  availableUntil: { id: "wizard.form.availableUntil", defaultMessage: "Available until" },
  video: { id: "wizard.form.video", defaultMessage: "Video" },
  videoHint: { id: "wizard.form.videoHint", defaultMessage: "A YouTube or Vimeo address." },
  organization: { id: "wizard.form.organization", defaultMessage: "Organization" },
  assignment: { id: "wizard.form.assignment", defaultMessage: "Posting for another employer" },
  assignmentHint: { id: "wizard.form.assignmentHint", defaultMessage: "The employer's name, when you post on their behalf." },
  logo: { id: "wizard.form.logo", defaultMessage: "Job logo" },
  logoHint: { id: "wizard.form.logoHint", defaultMessage: "Optional: otherwise the organization's logo is shown." },
  removeLogo: { id: "wizard.form.removeLogo", defaultMessage: "Remove the job logo" },
  country: { id: "wizard.form.country", defaultMessage: "Country" },
  city: { id: "wizard.form.city", defaultMessage: "City" },
  street: { id: "wizard.form.street", defaultMessage: "Street address" },
  zip: { id: "wizard.form.zip", defaultMessage: "Postal code" },
  region: { id: "wizard.form.region", defaultMessage: "State or region" },
  remote: { id: "wizard.form.remote", defaultMessage: "Remote work" },
  remoteHint: { id: "wizard.form.remoteHint", defaultMessage: "Google asks for a location or remote eligibility." },
  employmentType: { id: "wizard.form.employmentType", defaultMessage: "Employment type" },
  occupationalField: { id: "wizard.form.occupationalField", defaultMessage: "Occupational field" },
  fieldsOfStudy: { id: "wizard.form.fieldsOfStudy", defaultMessage: "Fields of study" },
  degreeLevel: { id: "wizard.form.degreeLevel", defaultMessage: "Degree level" },
  experience: { id: "wizard.form.experience", defaultMessage: "Years of experience" },
  minimum: { id: "wizard.form.minimum", defaultMessage: "Minimum" },
  maximum: { id: "wizard.form.maximum", defaultMessage: "Maximum" },
  currency: { id: "wizard.form.currency", defaultMessage: "Currency" },
  per: { id: "wizard.form.per", defaultMessage: "Per" },
  salaryWords: { id: "wizard.form.salaryWords", defaultMessage: "Salary, in words" },
  salaryWordsHint: { id: "wizard.form.salaryWordsHint", defaultMessage: "e.g. “According to the collective agreement”" },
  languages: { id: "wizard.form.languages", defaultMessage: "Languages" },
  otherLanguages: { id: "wizard.form.otherLanguages", defaultMessage: "Other languages" },
  skills: { id: "wizard.form.skills", defaultMessage: "Skills" },
  otherSkills: { id: "wizard.form.otherSkills", defaultMessage: "Other skills" },
  publishOn: { id: "wizard.form.publishOn", defaultMessage: "Publish on" },
  publishOnHint: { id: "wizard.form.publishOnHint", defaultMessage: "Leave empty to publish at once; a future date schedules the job." },
  closingDate: { id: "wizard.form.closingDate", defaultMessage: "Closing date" },
  duration: { id: "wizard.form.duration", defaultMessage: "Or run for (days)" },
  durationHint: { id: "wizard.form.durationHint", defaultMessage: "Used when there is no closing date." },
  workflow: { id: "wizard.form.workflow", defaultMessage: "How candidates apply" },
  onSite: { id: "wizard.form.onSite", defaultMessage: "On this site" },
  byEmail: { id: "wizard.form.byEmail", defaultMessage: "By email" },
  ownSite: { id: "wizard.form.ownSite", defaultMessage: "On our own site (a link)" },
  emails: { id: "wizard.form.emails", defaultMessage: "Application email addresses" },
  emailsHint: { id: "wizard.form.emailsHint", defaultMessage: "Press Enter after each address." },
  applicationLink: { id: "wizard.form.applicationLink", defaultMessage: "Application form address" },
  cvRequired: { id: "wizard.form.cvRequired", defaultMessage: "A CV is required" },
  letterRequired: { id: "wizard.form.letterRequired", defaultMessage: "A cover letter is required" },
  questions: { id: "wizard.form.questions", defaultMessage: "Candidates answer qualifying questions" },
  currentFile: { id: "wizard.form.currentFile", defaultMessage: "Current file: {link}" },
  location: { id: "wizard.form.location", defaultMessage: "Location {number, number}" },
  removeLocation: { id: "wizard.form.removeLocation", defaultMessage: "Remove location {number, number}" },
  addLocation: { id: "wizard.form.addLocation", defaultMessage: "Add a location" },
  salary: { id: "wizard.form.salary", defaultMessage: "Salary" },
  perHour: { id: "wizard.form.perHour", defaultMessage: "Per hour" },
  perDay: { id: "wizard.form.perDay", defaultMessage: "Per day" },
  perWeek: { id: "wizard.form.perWeek", defaultMessage: "Per week" },
  perMonth: { id: "wizard.form.perMonth", defaultMessage: "Per month" },
  perYear: { id: "wizard.form.perYear", defaultMessage: "Per year" },
  addQuestion: { id: "wizard.form.addQuestion", defaultMessage: "Add a question" },
});

export interface StepFormProps<D> {
  draft: D;
  onChange: (patch: Partial<D>) => void;
  errors: Record<string, string>;
}

export function JobInfoForm({
  draft,
  onChange,
  errors,
  type,
  editing,
  richToolbar,
}: StepFormProps<JobInfoDraft> & {
  type: JobType;
  editing: boolean;
  richToolbar: boolean;
}) {
  const intl = useIntl();
  const t = (message: Message) => intl.formatMessage(message);
  return (
    <Stack gap="md">
      {/* Spec 5: the edit form hides the title. */}
      {editing ? null : (
        <TextInput
          label={t(messages.jobTitle)}
          required
          maxLength={TITLE_MAX_LENGTH}
          value={draft.title}
          onChange={(event) => onChange({ title: event.currentTarget.value })}
          error={errorAt(errors, "title")}
        />
      )}
      {type === "JOB_PER_LINK" ? (
        <TextInput
          label={t(messages.linkUrl)}
          required
          type="url"
          placeholder="https://"
          value={draft.linkUrl}
          onChange={(event) => onChange({ linkUrl: event.currentTarget.value })}
          error={errorAt(errors, "linkUrl")}
        />
      ) : null}
      {type === "JOB_PER_FILE" ? (
        <Stack gap={4}>
          <FilePicker
            label={t(messages.filePdf)}
            description={t(messages.filePdfHint)}
            purpose="job_file"
            pdf
            onUploaded={(upload, file) =>
              onChange({
                file: {
                  uploadId: upload.id,
                  url: upload.url,
                  filename: file.name,
                },
              })
            }
          />
          {draft.file ? (
            <Text size="sm">
              <FormattedMessage
                {...messages.currentFile}
                values={{
                  link: (
                    <Anchor href={draft.file.url} target="_blank" rel="noopener">
                      {draft.file.filename}
                    </Anchor>
                  ),
                }}
              />
            </Text>
          ) : null}
          {errorAt(errors, "fileUploadId", "file") ? (
            <Text size="sm" c="red" role="alert">
              {errorAt(errors, "fileUploadId", "file")}
            </Text>
          ) : null}
        </Stack>
      ) : null}
      {type !== "JOB_PER_LINK" ? (
        <DescriptionEditor
          label={t(messages.description)}
          value={draft.description}
          onChange={(description) => onChange({ description })}
          richToolbar={richToolbar}
          error={errorAt(errors, "description")}
        />
      ) : null}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          type="date"
          label={t(messages.availableFrom)}
          value={draft.availabilityStart}
          onChange={(event) =>
            onChange({ availabilityStart: event.currentTarget.value })
          }
          error={errorAt(
            errors,
            "availabilityPeriod.start",
            "availabilityPeriod",
          )}
        />
        <TextInput
          type="date"
          label={t(messages.availableUntil)}
          value={draft.availabilityEnd}
          onChange={(event) =>
            onChange({ availabilityEnd: event.currentTarget.value })
          }
          error={errorAt(errors, "availabilityPeriod.end")}
        />
      </SimpleGrid>
      <TextInput
        label={t(messages.video)}
        description={t(messages.videoHint)}
        type="url"
        value={draft.videoUrl}
        onChange={(event) => onChange({ videoUrl: event.currentTarget.value })}
        error={errorAt(errors, "videoUrl")}
      />
    </Stack>
  );
}

export function CompanyInfoForm({
  draft,
  onChange,
  errors,
  organizations,
}: StepFormProps<CompanyInfoDraft> & {
  organizations: { value: string; label: string }[];
}) {
  const intl = useIntl();
  const t = (message: Message) => intl.formatMessage(message);
  return (
    <Stack gap="md">
      <Select
        label={t(messages.organization)}
        required
        data={organizations}
        value={draft.organizationId || null}
        onChange={(value) => onChange({ organizationId: value ?? "" })}
        error={errorAt(errors, "organizationId", "organization")}
        allowDeselect={false}
      />
      <TextInput
        label={t(messages.assignment)}
        description={t(messages.assignmentHint)}
        value={draft.organizationAssignment}
        onChange={(event) =>
          onChange({ organizationAssignment: event.currentTarget.value })
        }
        error={errorAt(errors, "organizationAssignment")}
      />
      <FilePicker
        label={t(messages.logo)}
        description={t(messages.logoHint)}
        purpose="job_logo"
        crop={{ aspect: 1, width: 400, height: 400 }}
        preview={
          draft.logo ? { url: draft.logo.url, alt: draft.logo.alt } : null
        }
        onUploaded={(upload, file) =>
          onChange({
            logo: { uploadId: upload.id, url: upload.url, alt: file.name },
          })
        }
        onRemove={() => onChange({ logo: null })}
        removeLabel={t(messages.removeLogo)}
      />
      {errorAt(errors, "logoUploadId", "logo") ? (
        <Text size="sm" c="red" role="alert">
          {errorAt(errors, "logoUploadId", "logo")}
        </Text>
      ) : null}
    </Stack>
  );
}

export function LocationForm({
  draft,
  onChange,
  errors,
}: StepFormProps<LocationDraft>) {
  const setRow = (
    index: number,
    patch: Partial<LocationDraft["locations"][number]>,
  ) =>
    onChange({
      locations: draft.locations.map((row, i) =>
        i === index ? { ...row, ...patch } : row,
      ),
    });
  const intl = useIntl();
  const t = (message: Message) => intl.formatMessage(message);
  return (
    <Stack gap="md">
      {draft.locations.map((row, index) => {
        const at = (field: string) =>
          errorAt(errors, `locations.${index}.address.${field}`);
        return (
          <Paper
            key={row.key}
            withBorder
            p="md"
            radius="md"
            component="fieldset"
            style={{ margin: 0 }}
          >
            <Text component="legend" size="sm" fw={600} px={4}>
              <FormattedMessage {...messages.location} values={{ number: index + 1 }} />
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Select
                label={t(messages.country)}
                required
                searchable
                data={countryOptions(intl.locale)}
                value={row.countryCode || null}
                onChange={(value) =>
                  setRow(index, { countryCode: value ?? "" })
                }
                error={at("countryCode")}
              />
              <TextInput
                label={t(messages.city)}
                required
                value={row.locality}
                onChange={(e) =>
                  setRow(index, { locality: e.currentTarget.value })
                }
                error={at("locality")}
              />
              <TextInput
                label={t(messages.street)}
                value={row.addressLine1}
                onChange={(e) =>
                  setRow(index, { addressLine1: e.currentTarget.value })
                }
                error={at("addressLine1")}
              />
              <TextInput
                label={t(messages.zip)}
                value={row.zip}
                onChange={(e) => setRow(index, { zip: e.currentTarget.value })}
                error={at("zip")}
              />
              <TextInput
                label={t(messages.region)}
                value={row.administrativeArea}
                onChange={(e) =>
                  setRow(index, { administrativeArea: e.currentTarget.value })
                }
                error={at("administrativeArea")}
              />
            </SimpleGrid>
            <Group justify="flex-end" mt="sm">
              <Button
                variant="subtle"
                color="red"
                size="xs"
                onClick={() =>
                  onChange({
                    locations: draft.locations.filter((_, i) => i !== index),
                  })
                }
              >
                <FormattedMessage {...messages.removeLocation} values={{ number: index + 1 }} />
              </Button>
            </Group>
          </Paper>
        );
      })}
      {errorAt(errors, "locations") ? (
        <Text size="sm" c="red" role="alert">
          {errorAt(errors, "locations")}
        </Text>
      ) : null}
      <Group>
        <Button
          variant="default"
          onClick={() =>
            onChange({
              locations: [
                ...draft.locations,
                emptyAddress(draft.locations[0]?.countryCode ?? ""),
              ],
            })
          }
        >
          <FormattedMessage {...messages.addLocation} />
        </Button>
      </Group>
      <TermMultiPicker
        label={t(messages.remote)}
        vocabulary="remote_options"
        description={t(messages.remoteHint)}
        value={draft.remoteOptions}
        onChange={(remoteOptions) => onChange({ remoteOptions })}
        error={errorAt(errors, "remoteOptionTids", "remoteOptions")}
      />
    </Stack>
  );
}

export const CURRENCIES = [
  "EUR",
  "USD",
  "GBP",
  "CHF",
  "CAD",
  "AUD",
  "SEK",
  "NOK",
  "DKK",
  "PLN",
];
export const SALARY_UNITS: { value: SalaryUnit; label: Message }[] = [
  { value: "HOUR", label: messages.perHour },
  { value: "DAY", label: messages.perDay },
  { value: "WEEK", label: messages.perWeek },
  { value: "MONTH", label: messages.perMonth },
  { value: "YEAR", label: messages.perYear },
];

export function CategorizationForm({
  draft,
  onChange,
  errors,
}: StepFormProps<CategorizationDraft>) {
  const amount = (value: string | number) =>
    value === "" ? "" : Number(value);
  const intl = useIntl();
  const t = (message: Message) => intl.formatMessage(message);
  const separators = numberSeparators(intl.locale);
  return (
    <Stack gap="md">
      <TermMultiPicker
        label={t(messages.employmentType)}
        vocabulary="employment_types"
        value={draft.employmentType}
        onChange={(employmentType) => onChange({ employmentType })}
        error={errorAt(errors, "employmentTypeTids")}
      />
      <TermMultiPicker
        label={t(messages.occupationalField)}
        vocabulary="occupational_fields"
        value={draft.occupationalField}
        onChange={(occupationalField) => onChange({ occupationalField })}
        error={errorAt(errors, "occupationalFieldTids")}
      />
      <TermMultiPicker
        label={t(messages.fieldsOfStudy)}
        vocabulary="fields_of_study"
        value={draft.fieldsOfStudy}
        onChange={(fieldsOfStudy) => onChange({ fieldsOfStudy })}
        error={errorAt(errors, "fieldsOfStudyTids")}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TermSinglePicker
          label={t(messages.degreeLevel)}
          vocabulary="degree_levels"
          value={draft.degreeLevel}
          onChange={(degreeLevel) => onChange({ degreeLevel })}
          error={errorAt(errors, "degreeLevelTid")}
        />
        <TermSinglePicker
          label={t(messages.experience)}
          vocabulary="years_of_experience"
          value={draft.yearsOfExperience}
          onChange={(yearsOfExperience) => onChange({ yearsOfExperience })}
          error={errorAt(errors, "yearsOfExperienceTid")}
        />
      </SimpleGrid>
      <Paper
        withBorder
        p="md"
        radius="md"
        component="fieldset"
        style={{ margin: 0 }}
      >
        <Text component="legend" size="sm" fw={600} px={4}>
          <FormattedMessage {...messages.salary} />
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NumberInput
            label={t(messages.minimum)}
            min={0}
            {...separators}
            value={draft.minSalary}
            onChange={(v) => onChange({ minSalary: amount(v) })}
            error={errorAt(errors, "salaryRange.minSalary")}
          />
          <NumberInput
            label={t(messages.maximum)}
            min={0}
            {...separators}
            value={draft.maxSalary}
            onChange={(v) => onChange({ maxSalary: amount(v) })}
            error={errorAt(errors, "salaryRange.maxSalary", "salaryRange")}
          />
          <Select
            label={t(messages.currency)}
            searchable
            data={CURRENCIES}
            value={draft.currencyCode}
            onChange={(v) => onChange({ currencyCode: v ?? "" })}
            error={errorAt(errors, "salaryRange.currencyCode")}
            allowDeselect={false}
          />
          <Select
            label={t(messages.per)}
            data={SALARY_UNITS.map(({ value, label }) => ({ value, label: t(label) }))}
            value={draft.salaryUnit}
            onChange={(v) =>
              onChange({ salaryUnit: (v as SalaryUnit | null) ?? "YEAR" })
            }
            error={errorAt(errors, "salaryRange.salaryUnit")}
            allowDeselect={false}
          />
        </SimpleGrid>
        <TextInput
          mt="sm"
          label={t(messages.salaryWords)}
          description={t(messages.salaryWordsHint)}
          value={draft.salaryRangeFree}
          onChange={(e) => onChange({ salaryRangeFree: e.currentTarget.value })}
          error={errorAt(errors, "salaryRangeFree")}
        />
      </Paper>
      <TermMultiPicker
        label={t(messages.languages)}
        vocabulary="languages"
        value={draft.languages}
        onChange={(languages) => onChange({ languages })}
        error={errorAt(errors, "languageTids")}
      />
      <TextInput
        label={t(messages.otherLanguages)}
        value={draft.languagesFree}
        onChange={(e) => onChange({ languagesFree: e.currentTarget.value })}
        error={errorAt(errors, "languagesFree")}
      />
      <TermMultiPicker
        label={t(messages.skills)}
        vocabulary="skills"
        value={draft.skills}
        onChange={(skills) => onChange({ skills })}
        error={errorAt(errors, "skillTids")}
      />
      <TextInput
        label={t(messages.otherSkills)}
        value={draft.skillsFree}
        onChange={(e) => onChange({ skillsFree: e.currentTarget.value })}
        error={errorAt(errors, "skillsFree")}
      />
    </Stack>
  );
}

export function ScheduleForm({
  draft,
  onChange,
  errors,
}: StepFormProps<ScheduleDraft>) {
  const intl = useIntl();
  const t = (message: Message) => intl.formatMessage(message);
  return (
    <Stack gap="md">
      <TextInput
        type="datetime-local"
        label={t(messages.publishOn)}
        description={t(messages.publishOnHint)}
        value={draft.published}
        onChange={(e) => onChange({ published: e.currentTarget.value })}
        error={errorAt(errors, "published")}
      />
      <TextInput
        type="datetime-local"
        label={t(messages.closingDate)}
        value={draft.expiration}
        onChange={(e) => onChange({ expiration: e.currentTarget.value })}
        error={errorAt(errors, "expiration")}
      />
      <NumberInput
        label={t(messages.duration)}
        description={t(messages.durationHint)}
        min={1}
        allowDecimal={false}
        value={draft.duration}
        onChange={(v) => onChange({ duration: v === "" ? "" : Number(v) })}
        error={errorAt(errors, "duration")}
      />
    </Stack>
  );
}

export function ApplicationOptionsForm({
  draft,
  onChange,
  errors,
}: StepFormProps<ApplicationDraft>) {
  const intl = useIntl();
  const t = (message: Message) => intl.formatMessage(message);
  return (
    <Stack gap="md">
      <Radio.Group
        label={t(messages.workflow)}
        value={draft.applicationWorkflow}
        onChange={(value) =>
          onChange({
            applicationWorkflow:
              value as ApplicationDraft["applicationWorkflow"],
          })
        }
        error={errorAt(errors, "applicationWorkflow")}
      >
        <Stack gap="xs" mt="xs">
          <Radio value="ON_SITE" label={t(messages.onSite)} />
          <Radio value="EMAIL" label={t(messages.byEmail)} />
          <Radio value="LINK" label={t(messages.ownSite)} />
        </Stack>
      </Radio.Group>
      {draft.applicationWorkflow === "EMAIL" ? (
        <TagsInput
          label={t(messages.emails)}
          description={t(messages.emailsHint)}
          value={draft.applicationEmails}
          onChange={(applicationEmails) => onChange({ applicationEmails })}
          error={errorAt(errors, "applicationEmails")}
        />
      ) : null}
      {draft.applicationWorkflow === "LINK" ? (
        <TextInput
          label={t(messages.applicationLink)}
          type="url"
          placeholder="https://"
          value={draft.applicationLink}
          onChange={(e) => onChange({ applicationLink: e.currentTarget.value })}
          error={errorAt(errors, "applicationLink")}
        />
      ) : null}
      <Checkbox
        label={t(messages.cvRequired)}
        checked={draft.applicationRequireCv}
        onChange={(e) =>
          onChange({ applicationRequireCv: e.currentTarget.checked })
        }
      />
      <Checkbox
        label={t(messages.letterRequired)}
        checked={draft.applicationRequireCoverLetter}
        onChange={(e) =>
          onChange({ applicationRequireCoverLetter: e.currentTarget.checked })
        }
      />
      <Checkbox
        label={t(messages.questions)}
        checked={draft.applicationRequireQualifyingQuestions}
        onChange={(e) =>
          onChange({
            applicationRequireQualifyingQuestions: e.currentTarget.checked,
          })
        }
      />
      {draft.applicationRequireQualifyingQuestions ? (
        <Stack gap="xs">
          {draft.applicationQualifyingQuestions.map((question, index) => (
            <QuestionEditor
              key={index}
              question={question}
              index={index}
              errors={errors}
              onChange={(changed) =>
                onChange({
                  applicationQualifyingQuestions:
                    draft.applicationQualifyingQuestions.map((q, i) =>
                      i === index ? changed : q,
                    ),
                })
              }
              onRemove={() =>
                onChange({
                  applicationQualifyingQuestions:
                    draft.applicationQualifyingQuestions.filter(
                      (_, i) => i !== index,
                    ),
                })
              }
            />
          ))}
          {errorAt(errors, "applicationQualifyingQuestions") ? (
            <Text size="sm" c="red" role="alert">
              {errorAt(errors, "applicationQualifyingQuestions")}
            </Text>
          ) : null}
          <Group>
            <Button
              variant="default"
              size="xs"
              onClick={() =>
                onChange({
                  applicationQualifyingQuestions: [
                    ...draft.applicationQualifyingQuestions,
                    emptyQuestion(),
                  ],
                })
              }
            >
              <FormattedMessage {...messages.addQuestion} />
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Stack>
  );
}
