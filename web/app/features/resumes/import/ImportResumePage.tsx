import { useApolloClient, useMutation } from "@apollo/client/react";
import {
  Alert,
  Button,
  Checkbox,
  Fieldset,
  Group,
  List,
  NativeSelect,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from "@mantine/core";
import { useId, useState, type ChangeEvent } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { countryOptions } from "~/lib/countries";
import type { ResumeLanguageLevel } from "~/lib/graphql/generated/graphql";
import { defineMessages } from "~/lib/i18n/define-messages";
import { useNavigate } from "~/lib/site-locale";
import {
  IMPORT_ADD_EDUCATION,
  IMPORT_ADD_WORK_EXPERIENCE,
  IMPORT_RESUME,
  IMPORT_SAVE_JOB_PREFERENCES,
  IMPORT_SAVE_PERSONAL_INFO,
  IMPORT_SET_LANGUAGES,
  IMPORT_SET_SKILLS,
} from "./documents";
import { formOf, inputsOf, type DraftForm, type EducationForm, type WorkForm } from "./draft";
import { checkImportFile, IMPORT_ACCEPT, MAX_IMPORT_BYTES, uploadResumeFile } from "./upload";

export const messages = defineMessages({
  title: { id: "resumes.import.title", defaultMessage: "Import your resume" },
  intro: {
    id: "resumes.import.intro",
    defaultMessage:
      "Choose your CV as a PDF, a Word document (.docx) or a JSON Resume file, at most {size, number} MB. We read it and fill in the form below; check every field before you save it.",
  },
  file: { id: "resumes.import.file", defaultMessage: "Your CV (PDF, DOCX or JSON)" },
  read: { id: "resumes.import.read", defaultMessage: "Read my CV" },
  reading: { id: "resumes.import.reading", defaultMessage: "Reading your CV…" },
  chooseType: {
    id: "resumes.import.chooseType",
    defaultMessage: "Choose a PDF, a Word document (.docx) or a JSON Resume file.",
  },
  tooLarge: { id: "resumes.import.tooLarge", defaultMessage: "The file is larger than {size, number} MB." },
  chooseFile: { id: "resumes.import.chooseFile", defaultMessage: "Choose a file first." },
  unavailable: {
    id: "resumes.import.unavailable",
    defaultMessage: "Your CV could not be read right now. Try again in a moment.",
  },
  problems: { id: "resumes.import.problems", defaultMessage: "What we could not read" },
  confirm: {
    id: "resumes.import.confirm",
    defaultMessage: "Check and correct what we read. Nothing is saved until you choose “Save to my resume”.",
  },
  personal: { id: "resumes.import.personal", defaultMessage: "Personal info" },
  firstName: { id: "resumes.import.firstName", defaultMessage: "First name" },
  lastName: { id: "resumes.import.lastName", defaultMessage: "Last name" },
  phone: { id: "resumes.import.phone", defaultMessage: "Phone" },
  city: { id: "resumes.import.city", defaultMessage: "Home town" },
  country: { id: "resumes.import.country", defaultMessage: "Country of your home town" },
  about: { id: "resumes.import.about", defaultMessage: "About me" },
  headline: { id: "resumes.import.headline", defaultMessage: "Resume title" },
  work: { id: "resumes.import.work", defaultMessage: "Work experience" },
  jobTitle: { id: "resumes.import.jobTitle", defaultMessage: "Job title" },
  company: { id: "resumes.import.company", defaultMessage: "Employer" },
  start: { id: "resumes.import.start", defaultMessage: "From (month)" },
  end: { id: "resumes.import.end", defaultMessage: "Until (month; empty if current)" },
  summary: { id: "resumes.import.summary", defaultMessage: "Description" },
  remove: { id: "resumes.import.remove", defaultMessage: "Remove this entry" },
  education: { id: "resumes.import.education", defaultMessage: "Education" },
  studyProgram: { id: "resumes.import.studyProgram", defaultMessage: "Degree or study program" },
  institution: { id: "resumes.import.institution", defaultMessage: "School or university" },
  languages: { id: "resumes.import.languages", defaultMessage: "Languages" },
  level: { id: "resumes.import.level", defaultMessage: "Level of {name}" },
  levelWritten: { id: "resumes.import.levelWritten", defaultMessage: "Written in your CV: {level}" },
  unknownLanguage: {
    id: "resumes.import.unknownLanguage",
    defaultMessage: "Not in our list of languages: it is kept as free text.",
  },
  skills: { id: "resumes.import.skills", defaultMessage: "Skills" },
  skillsFree: { id: "resumes.import.skillsFree", defaultMessage: "Other skills (comma-separated)" },
  none: { id: "resumes.import.none", defaultMessage: "None found." },
  save: { id: "resumes.import.save", defaultMessage: "Save to my resume" },
  saving: { id: "resumes.import.saving", defaultMessage: "Saving…" },
  needsName: { id: "resumes.import.needsName", defaultMessage: "Enter your first and last name." },
  needsTitle: { id: "resumes.import.needsTitle", defaultMessage: "Every work experience entry needs a job title." },
  needsInstitution: {
    id: "resumes.import.needsInstitution",
    defaultMessage: "Every education entry needs a school or university.",
  },
  saveFailed: { id: "resumes.import.saveFailed", defaultMessage: "Your resume could not be saved. Try again in a moment." },
  another: { id: "resumes.import.another", defaultMessage: "Import another file" },
});

const LEVELS: ResumeLanguageLevel[] = ["A1", "A2", "B1", "B2", "C1", "C2", "NATIVE"];
const LEVEL_LABELS: Record<ResumeLanguageLevel, string> = {
  A1: "A1",
  A2: "A2",
  B1: "B1",
  B2: "B2",
  C1: "C1",
  C2: "C2",
  NATIVE: "Native",
};
const MAX_MB = MAX_IMPORT_BYTES / 1024 / 1024;

/** `/resume/wizard/import`: a CV read into the wizard's fields, confirmed, then saved. */
export function ImportResumePage() {
  const [form, setForm] = useState<DraftForm | null>(null);
  return (
    <Stack gap="md" maw={820}>
      <Title order={1}>
        <FormattedMessage {...messages.title} />
      </Title>
      {form === null ? (
        <ChooseFile onRead={setForm} />
      ) : (
        <ConfirmDraft form={form} onChange={setForm} onRestart={() => setForm(null)} />
      )}
    </Stack>
  );
}

function ChooseFile({ onRead }: { onRead: (form: DraftForm) => void }) {
  const intl = useIntl();
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [importResume] = useMutation(IMPORT_RESUME);

  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = event.currentTarget.files?.[0] ?? null;
    setFile(null);
    setError(null);
    if (!picked) return;
    const refusal = checkImportFile(picked);
    if (refusal === "type") setError(intl.formatMessage(messages.chooseType));
    else if (refusal === "size") setError(intl.formatMessage(messages.tooLarge, { size: MAX_MB }));
    else setFile(picked);
  };

  const read = async () => {
    if (!file) {
      setError((shown) => shown ?? intl.formatMessage(messages.chooseFile));  // a refusal stays
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const uploaded = await uploadResumeFile(file);
      if (!uploaded.ok) {
        setError(uploaded.message ?? intl.formatMessage(messages.unavailable));
        return;
      }
      const { data } = await importResume({ variables: { uploadId: uploaded.id } });
      const answer = data?.importResume;
      if (!answer) setError(intl.formatMessage(messages.unavailable));
      else if (answer.__typename === "ResumeImportError") setError(answer.message);
      else onRead(formOf(answer));
    } catch {
      setError(intl.formatMessage(messages.unavailable));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="sm">
      <Text>
        <FormattedMessage {...messages.intro} values={{ size: MAX_MB }} />
      </Text>
      <label htmlFor={inputId}>
        <Text fw={500}>
          <FormattedMessage {...messages.file} />
        </Text>
      </label>
      <input id={inputId} type="file" accept={IMPORT_ACCEPT} onChange={pick} disabled={busy} />
      {error ? (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      ) : null}
      <Group>
        <Button onClick={() => void read()} loading={busy} disabled={busy}>
          <FormattedMessage {...(busy ? messages.reading : messages.read)} />
        </Button>
      </Group>
    </Stack>
  );
}

interface ConfirmProps {
  form: DraftForm;
  onChange: (form: DraftForm) => void;
  onRestart: () => void;
}

function ConfirmDraft({ form, onChange, onRestart }: ConfirmProps) {
  const intl = useIntl();
  const client = useApolloClient();
  const navigate = useNavigate();
  const [errors, setErrors] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const set = (patch: Partial<DraftForm>) => onChange({ ...form, ...patch });
  const setWork = (key: string, patch: Partial<WorkForm>) =>
    set({ work: form.work.map((entry) => (entry.key === key ? { ...entry, ...patch } : entry)) });
  const setEducation = (key: string, patch: Partial<EducationForm>) =>
    set({ education: form.education.map((entry) => (entry.key === key ? { ...entry, ...patch } : entry)) });

  const refusals = (): string[] => {
    const found: string[] = [];
    if (!form.firstName.trim() || !form.lastName.trim()) found.push(intl.formatMessage(messages.needsName));
    if (form.work.some((entry) => !entry.jobTitle.trim())) found.push(intl.formatMessage(messages.needsTitle));
    if (form.education.some((entry) => !entry.institution.trim()))
      found.push(intl.formatMessage(messages.needsInstitution));
    return found;
  };

  const save = async () => {
    const invalid = refusals();
    setErrors(invalid);
    if (invalid.length) return;
    setSaving(true);
    const inputs = inputsOf(form);
    // The wizard's own mutations, one after another: the first refusal stops the rest.
    const steps: { mutation: Parameters<typeof client.mutate>[0]["mutation"]; input: unknown }[] = [
      { mutation: IMPORT_SAVE_PERSONAL_INFO, input: inputs.personalInfo },
      ...(inputs.jobPreferences ? [{ mutation: IMPORT_SAVE_JOB_PREFERENCES, input: inputs.jobPreferences }] : []),
      ...inputs.work.map((input) => ({ mutation: IMPORT_ADD_WORK_EXPERIENCE, input })),
      ...inputs.education.map((input) => ({ mutation: IMPORT_ADD_EDUCATION, input })),
      { mutation: IMPORT_SET_LANGUAGES, input: inputs.languages },
      { mutation: IMPORT_SET_SKILLS, input: inputs.skills },
    ];
    try {
      for (const step of steps) {
        const { data } = await client.mutate({ mutation: step.mutation, variables: { input: step.input } });
        const answer = data ? (Object.values(data as Record<string, unknown>)[0] as SaveAnswer | undefined) : undefined;
        if (!answer) throw new Error("no answer");
        if (answer.__typename === "ResumeErrors") {
          setErrors(answer.errors?.length ? answer.errors.map((error) => error.message) : [answer.message ?? ""]);
          return;
        }
      }
      await navigate("/resume");
    } catch {
      setErrors([intl.formatMessage(messages.saveFailed)]);
    } finally {
      setSaving(false);
    }
  };

  const countries = countryOptions(intl.locale);
  return (
    <Stack gap="md">
      <Text>
        <FormattedMessage {...messages.confirm} />
      </Text>
      {form.problems.length ? (
        <Alert color="yellow" role="note" title={intl.formatMessage(messages.problems)}>
          <List size="sm">
            {form.problems.map((problem) => (
              <List.Item key={problem}>{problem}</List.Item>
            ))}
          </List>
        </Alert>
      ) : null}

      <Fieldset legend={intl.formatMessage(messages.personal)}>
        <Stack gap="xs">
          <Group grow>
            <TextInput
              label={intl.formatMessage(messages.firstName)}
              value={form.firstName}
              onChange={(event) => set({ firstName: event.currentTarget.value })}
              required
            />
            <TextInput
              label={intl.formatMessage(messages.lastName)}
              value={form.lastName}
              onChange={(event) => set({ lastName: event.currentTarget.value })}
              required
            />
          </Group>
          <TextInput
            label={intl.formatMessage(messages.phone)}
            value={form.phone}
            onChange={(event) => set({ phone: event.currentTarget.value })}
          />
          <Group grow>
            <TextInput
              label={intl.formatMessage(messages.city)}
              value={form.city}
              onChange={(event) => set({ city: event.currentTarget.value })}
            />
            <NativeSelect
              label={intl.formatMessage(messages.country)}
              data={[{ value: "", label: "—" }, ...countries]}
              value={form.countryCode}
              onChange={(event) => set({ countryCode: event.currentTarget.value })}
            />
          </Group>
          <TextInput
            label={intl.formatMessage(messages.headline)}
            value={form.title}
            onChange={(event) => set({ title: event.currentTarget.value })}
          />
          <Textarea
            label={intl.formatMessage(messages.about)}
            value={form.about}
            onChange={(event) => set({ about: event.currentTarget.value })}
            autosize
            minRows={2}
          />
        </Stack>
      </Fieldset>

      <Fieldset legend={intl.formatMessage(messages.work)}>
        <Stack gap="md">
          {form.work.length === 0 ? (
            <Text c="dimmed">
              <FormattedMessage {...messages.none} />
            </Text>
          ) : null}
          {form.work.map((entry) => (
            <Stack key={entry.key} gap="xs" role="group" aria-label={entry.jobTitle || entry.key}>
              <Group grow>
                <TextInput
                  label={intl.formatMessage(messages.jobTitle)}
                  value={entry.jobTitle}
                  onChange={(event) => setWork(entry.key, { jobTitle: event.currentTarget.value })}
                  required
                />
                <TextInput
                  label={intl.formatMessage(messages.company)}
                  value={entry.companyName}
                  onChange={(event) => setWork(entry.key, { companyName: event.currentTarget.value })}
                />
              </Group>
              <Group grow>
                <TextInput
                  type="month"
                  label={intl.formatMessage(messages.start)}
                  value={entry.start}
                  onChange={(event) => setWork(entry.key, { start: event.currentTarget.value })}
                />
                <TextInput
                  type="month"
                  label={intl.formatMessage(messages.end)}
                  value={entry.end}
                  onChange={(event) => setWork(entry.key, { end: event.currentTarget.value })}
                />
              </Group>
              <Textarea
                label={intl.formatMessage(messages.summary)}
                value={entry.summary}
                onChange={(event) => setWork(entry.key, { summary: event.currentTarget.value })}
                autosize
                minRows={2}
              />
              <Group>
                <Button
                  variant="subtle"
                  color="red"
                  onClick={() => set({ work: form.work.filter((other) => other.key !== entry.key) })}
                >
                  <FormattedMessage {...messages.remove} />
                </Button>
              </Group>
            </Stack>
          ))}
        </Stack>
      </Fieldset>

      <Fieldset legend={intl.formatMessage(messages.education)}>
        <Stack gap="md">
          {form.education.length === 0 ? (
            <Text c="dimmed">
              <FormattedMessage {...messages.none} />
            </Text>
          ) : null}
          {form.education.map((entry) => (
            <Stack key={entry.key} gap="xs" role="group" aria-label={entry.institution || entry.key}>
              <Group grow>
                <TextInput
                  label={intl.formatMessage(messages.studyProgram)}
                  value={entry.studyProgram}
                  onChange={(event) => setEducation(entry.key, { studyProgram: event.currentTarget.value })}
                />
                <TextInput
                  label={intl.formatMessage(messages.institution)}
                  value={entry.institution}
                  onChange={(event) => setEducation(entry.key, { institution: event.currentTarget.value })}
                  required
                />
              </Group>
              <Group grow>
                <TextInput
                  type="month"
                  label={intl.formatMessage(messages.start)}
                  value={entry.start}
                  onChange={(event) => setEducation(entry.key, { start: event.currentTarget.value })}
                />
                <TextInput
                  type="month"
                  label={intl.formatMessage(messages.end)}
                  value={entry.end}
                  onChange={(event) => setEducation(entry.key, { end: event.currentTarget.value })}
                />
              </Group>
              <Group>
                <Button
                  variant="subtle"
                  color="red"
                  onClick={() => set({ education: form.education.filter((other) => other.key !== entry.key) })}
                >
                  <FormattedMessage {...messages.remove} />
                </Button>
              </Group>
            </Stack>
          ))}
        </Stack>
      </Fieldset>

      <Fieldset legend={intl.formatMessage(messages.languages)}>
        <Stack gap="xs">
          {form.languages.length === 0 ? (
            <Text c="dimmed">
              <FormattedMessage {...messages.none} />
            </Text>
          ) : null}
          {form.languages.map((entry) => (
            <Group key={entry.key} align="flex-end" wrap="wrap">
              <Checkbox
                label={entry.label ?? entry.name}
                checked={entry.keep}
                onChange={(event) => {
                  const keep = event.currentTarget.checked;
                  set({
                    languages: form.languages.map((other) => (other.key === entry.key ? { ...other, keep } : other)),
                  });
                }}
              />
              {entry.tid !== null ? (
                <Select
                  label={intl.formatMessage(messages.level, { name: entry.label ?? entry.name })}
                  data={LEVELS.map((level) => ({ value: level, label: LEVEL_LABELS[level] }))}
                  value={entry.level || null}
                  onChange={(value) =>
                    set({
                      languages: form.languages.map((other) =>
                        other.key === entry.key ? { ...other, level: (value ?? "") as ResumeLanguageLevel | "" } : other,
                      ),
                    })
                  }
                />
              ) : (
                <Text size="sm" c="dimmed">
                  <FormattedMessage {...messages.unknownLanguage} />
                </Text>
              )}
              {entry.levelWritten ? (
                <Text size="sm" c="dimmed">
                  <FormattedMessage {...messages.levelWritten} values={{ level: entry.levelWritten }} />
                </Text>
              ) : null}
            </Group>
          ))}
        </Stack>
      </Fieldset>

      <Fieldset legend={intl.formatMessage(messages.skills)}>
        <Stack gap="xs">
          <Group gap="md">
            {form.skills.map((skill) => (
              <Checkbox
                key={skill.tid}
                label={skill.label}
                checked={skill.keep}
                onChange={(event) => {
                  const keep = event.currentTarget.checked;
                  set({ skills: form.skills.map((other) => (other.tid === skill.tid ? { ...other, keep } : other)) });
                }}
              />
            ))}
          </Group>
          <TextInput
            label={intl.formatMessage(messages.skillsFree)}
            value={form.skillsFree}
            onChange={(event) => set({ skillsFree: event.currentTarget.value })}
          />
        </Stack>
      </Fieldset>

      {errors.length ? (
        <Alert color="red" role="alert">
          <List size="sm">
            {errors.map((error) => (
              <List.Item key={error}>{error}</List.Item>
            ))}
          </List>
        </Alert>
      ) : null}
      <Group>
        <Button onClick={() => void save()} loading={saving} disabled={saving}>
          <FormattedMessage {...(saving ? messages.saving : messages.save)} />
        </Button>
        <Button variant="default" onClick={onRestart} disabled={saving}>
          <FormattedMessage {...messages.another} />
        </Button>
      </Group>
    </Stack>
  );
}

interface SaveAnswer {
  __typename: string;
  message?: string;
  errors?: { message: string }[];
}
