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
import { FilePicker } from "~/components/FilePicker";
import { COUNTRY_OPTIONS } from "~/lib/countries";
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
import { TermMultiPicker, TermSinglePicker } from "./TermPicker";

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
  return (
    <Stack gap="md">
      {/* Spec 5: the edit form hides the title. */}
      {editing ? null : (
        <TextInput
          label="Job title"
          required
          maxLength={TITLE_MAX_LENGTH}
          value={draft.title}
          onChange={(event) => onChange({ title: event.currentTarget.value })}
          error={errorAt(errors, "title")}
        />
      )}
      {type === "JOB_PER_LINK" ? (
        <TextInput
          label="Address of the original ad"
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
            label="Job ad (PDF)"
            description="A PDF of at most 50 MB, shown on the job page."
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
              Current file:{" "}
              <Anchor href={draft.file.url} target="_blank" rel="noopener">
                {draft.file.filename}
              </Anchor>
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
          label="Description"
          value={draft.description}
          onChange={(description) => onChange({ description })}
          richToolbar={richToolbar}
          error={errorAt(errors, "description")}
        />
      ) : null}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          type="date"
          label="Available from"
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
          label="Available until"
          value={draft.availabilityEnd}
          onChange={(event) =>
            onChange({ availabilityEnd: event.currentTarget.value })
          }
          error={errorAt(errors, "availabilityPeriod.end")}
        />
      </SimpleGrid>
      <TextInput
        label="Video"
        description="A YouTube or Vimeo address."
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
  return (
    <Stack gap="md">
      <Select
        label="Organization"
        required
        data={organizations}
        value={draft.organizationId || null}
        onChange={(value) => onChange({ organizationId: value ?? "" })}
        error={errorAt(errors, "organizationId", "organization")}
        allowDeselect={false}
      />
      <TextInput
        label="Posting for another employer"
        description="The employer's name, when you post on their behalf."
        value={draft.organizationAssignment}
        onChange={(event) =>
          onChange({ organizationAssignment: event.currentTarget.value })
        }
        error={errorAt(errors, "organizationAssignment")}
      />
      <FilePicker
        label="Job logo"
        description="Optional: otherwise the organization's logo is shown."
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
        removeLabel="Remove the job logo"
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
              Location {index + 1}
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Select
                label="Country"
                required
                searchable
                data={COUNTRY_OPTIONS}
                value={row.countryCode || null}
                onChange={(value) =>
                  setRow(index, { countryCode: value ?? "" })
                }
                error={at("countryCode")}
              />
              <TextInput
                label="City"
                required
                value={row.locality}
                onChange={(e) =>
                  setRow(index, { locality: e.currentTarget.value })
                }
                error={at("locality")}
              />
              <TextInput
                label="Street address"
                value={row.addressLine1}
                onChange={(e) =>
                  setRow(index, { addressLine1: e.currentTarget.value })
                }
                error={at("addressLine1")}
              />
              <TextInput
                label="Postal code"
                value={row.zip}
                onChange={(e) => setRow(index, { zip: e.currentTarget.value })}
                error={at("zip")}
              />
              <TextInput
                label="State or region"
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
                Remove location {index + 1}
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
          Add a location
        </Button>
      </Group>
      <TermMultiPicker
        label="Remote work"
        vocabulary="remote_options"
        description="Google asks for a location or remote eligibility."
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
export const SALARY_UNITS: { value: SalaryUnit; label: string }[] = [
  { value: "HOUR", label: "Per hour" },
  { value: "DAY", label: "Per day" },
  { value: "WEEK", label: "Per week" },
  { value: "MONTH", label: "Per month" },
  { value: "YEAR", label: "Per year" },
];

export function CategorizationForm({
  draft,
  onChange,
  errors,
}: StepFormProps<CategorizationDraft>) {
  const amount = (value: string | number) =>
    value === "" ? "" : Number(value);
  return (
    <Stack gap="md">
      <TermMultiPicker
        label="Employment type"
        vocabulary="employment_types"
        value={draft.employmentType}
        onChange={(employmentType) => onChange({ employmentType })}
        error={errorAt(errors, "employmentTypeTids")}
      />
      <TermMultiPicker
        label="Occupational field"
        vocabulary="occupational_fields"
        value={draft.occupationalField}
        onChange={(occupationalField) => onChange({ occupationalField })}
        error={errorAt(errors, "occupationalFieldTids")}
      />
      <TermMultiPicker
        label="Fields of study"
        vocabulary="fields_of_study"
        value={draft.fieldsOfStudy}
        onChange={(fieldsOfStudy) => onChange({ fieldsOfStudy })}
        error={errorAt(errors, "fieldsOfStudyTids")}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TermSinglePicker
          label="Degree level"
          vocabulary="degree_levels"
          value={draft.degreeLevel}
          onChange={(degreeLevel) => onChange({ degreeLevel })}
          error={errorAt(errors, "degreeLevelTid")}
        />
        <TermSinglePicker
          label="Years of experience"
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
          Salary
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NumberInput
            label="Minimum"
            min={0}
            thousandSeparator=","
            value={draft.minSalary}
            onChange={(v) => onChange({ minSalary: amount(v) })}
            error={errorAt(errors, "salaryRange.minSalary")}
          />
          <NumberInput
            label="Maximum"
            min={0}
            thousandSeparator=","
            value={draft.maxSalary}
            onChange={(v) => onChange({ maxSalary: amount(v) })}
            error={errorAt(errors, "salaryRange.maxSalary", "salaryRange")}
          />
          <Select
            label="Currency"
            searchable
            data={CURRENCIES}
            value={draft.currencyCode}
            onChange={(v) => onChange({ currencyCode: v ?? "" })}
            error={errorAt(errors, "salaryRange.currencyCode")}
            allowDeselect={false}
          />
          <Select
            label="Per"
            data={SALARY_UNITS}
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
          label="Salary, in words"
          description="e.g. “According to the collective agreement”"
          value={draft.salaryRangeFree}
          onChange={(e) => onChange({ salaryRangeFree: e.currentTarget.value })}
          error={errorAt(errors, "salaryRangeFree")}
        />
      </Paper>
      <TermMultiPicker
        label="Languages"
        vocabulary="languages"
        value={draft.languages}
        onChange={(languages) => onChange({ languages })}
        error={errorAt(errors, "languageTids")}
      />
      <TextInput
        label="Other languages"
        value={draft.languagesFree}
        onChange={(e) => onChange({ languagesFree: e.currentTarget.value })}
        error={errorAt(errors, "languagesFree")}
      />
      <TermMultiPicker
        label="Skills"
        vocabulary="skills"
        value={draft.skills}
        onChange={(skills) => onChange({ skills })}
        error={errorAt(errors, "skillTids")}
      />
      <TextInput
        label="Other skills"
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
  return (
    <Stack gap="md">
      <TextInput
        type="datetime-local"
        label="Publish on"
        description="Leave empty to publish at once; a future date schedules the job."
        value={draft.published}
        onChange={(e) => onChange({ published: e.currentTarget.value })}
        error={errorAt(errors, "published")}
      />
      <TextInput
        type="datetime-local"
        label="Closing date"
        value={draft.expiration}
        onChange={(e) => onChange({ expiration: e.currentTarget.value })}
        error={errorAt(errors, "expiration")}
      />
      <NumberInput
        label="Or run for (days)"
        description="Used when there is no closing date."
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
  return (
    <Stack gap="md">
      <Radio.Group
        label="How candidates apply"
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
          <Radio value="ON_SITE" label="On this site" />
          <Radio value="EMAIL" label="By email" />
          <Radio value="LINK" label="On our own site (a link)" />
        </Stack>
      </Radio.Group>
      {draft.applicationWorkflow === "EMAIL" ? (
        <TagsInput
          label="Application email addresses"
          description="Press Enter after each address."
          value={draft.applicationEmails}
          onChange={(applicationEmails) => onChange({ applicationEmails })}
          error={errorAt(errors, "applicationEmails")}
        />
      ) : null}
      {draft.applicationWorkflow === "LINK" ? (
        <TextInput
          label="Application form address"
          type="url"
          placeholder="https://"
          value={draft.applicationLink}
          onChange={(e) => onChange({ applicationLink: e.currentTarget.value })}
          error={errorAt(errors, "applicationLink")}
        />
      ) : null}
      <Checkbox
        label="A CV is required"
        checked={draft.applicationRequireCv}
        onChange={(e) =>
          onChange({ applicationRequireCv: e.currentTarget.checked })
        }
      />
      <Checkbox
        label="A cover letter is required"
        checked={draft.applicationRequireCoverLetter}
        onChange={(e) =>
          onChange({ applicationRequireCoverLetter: e.currentTarget.checked })
        }
      />
      <Checkbox
        label="Candidates answer qualifying questions"
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
              Add a question
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Stack>
  );
}
