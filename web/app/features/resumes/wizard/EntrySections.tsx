import { useMutation } from "@apollo/client/react";
import { Button, Card, Group, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from "@mantine/core";
import { useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { DangerList } from "~/components/DangerList";
import { TermSinglePicker } from "~/components/TermPicker";
import { useLocaleFormat } from "~/lib/format";
import { defineMessages } from "~/lib/i18n/define-messages";
import { SaveStatusText, useAutosave, useStoreSavedResume, type ResumeAnswer } from "./autosave";
import {
  ADD_EDUCATION,
  ADD_WORK_EXPERIENCE,
  REMOVE_EDUCATION,
  REMOVE_WORK_EXPERIENCE,
  REORDER_EDUCATION,
  REORDER_WORK_EXPERIENCE,
  UPDATE_EDUCATION,
  UPDATE_WORK_EXPERIENCE,
  type WizardResume,
} from "./documents";
import { PlaceField } from "./PlaceField";
import {
  educationDraft,
  educationInput,
  isNulled,
  placeLabel,
  placeUnpicked,
  resumeErrorsByField,
  workDraft,
  workInput,
  type EducationDraft,
  type ResumeConfig,
  type WorkDraft,
} from "./resume-form";

const messages = defineMessages({
  institution: { id: "resumeWizard.education.institution", defaultMessage: "School, college or university" },
  degreeLevel: { id: "resumeWizard.education.degreeLevel", defaultMessage: "Degree" },
  fieldOfStudy: { id: "resumeWizard.education.fieldOfStudy", defaultMessage: "Field of study" },
  studyProgram: { id: "resumeWizard.education.studyProgram", defaultMessage: "Course or programme" },
  jobTitle: { id: "resumeWizard.work.jobTitle", defaultMessage: "Job title" },
  occupation: { id: "resumeWizard.work.occupation", defaultMessage: "Occupation" },
  employmentType: { id: "resumeWizard.work.employmentType", defaultMessage: "Employment type" },
  companyName: { id: "resumeWizard.work.companyName", defaultMessage: "Employer" },
  location: { id: "resumeWizard.entry.location", defaultMessage: "City" },
  startDate: { id: "resumeWizard.entry.startDate", defaultMessage: "From" },
  endDate: { id: "resumeWizard.entry.endDate", defaultMessage: "Until" },
  summary: { id: "resumeWizard.entry.summary", defaultMessage: "What you did and learned" },
  addEducation: { id: "resumeWizard.education.add", defaultMessage: "Add education" },
  addWork: { id: "resumeWizard.work.add", defaultMessage: "Add work experience" },
  newEducation: { id: "resumeWizard.education.new", defaultMessage: "New education entry" },
  newWork: { id: "resumeWizard.work.new", defaultMessage: "New work experience entry" },
  editEntry: { id: "resumeWizard.entry.edit", defaultMessage: "Edit {name}" },
  edit: { id: "resumeWizard.entry.editButton", defaultMessage: "Edit" },
  done: { id: "resumeWizard.entry.done", defaultMessage: "Done" },
  saveEntry: { id: "resumeWizard.entry.save", defaultMessage: "Add entry" },
  cancel: { id: "resumeWizard.entry.cancel", defaultMessage: "Cancel" },
  remove: { id: "resumeWizard.entry.remove", defaultMessage: "Remove" },
  removeNamed: { id: "resumeWizard.entry.removeNamed", defaultMessage: "Remove {name}" },
  moveUp: { id: "resumeWizard.entry.moveUp", defaultMessage: "Move {name} up" },
  moveDown: { id: "resumeWizard.entry.moveDown", defaultMessage: "Move {name} down" },
  up: { id: "resumeWizard.entry.up", defaultMessage: "Up" },
  down: { id: "resumeWizard.entry.down", defaultMessage: "Down" },
  noEducation: { id: "resumeWizard.education.none", defaultMessage: "No education entries yet. Add your school, training or degree." },
  noWork: { id: "resumeWizard.work.none", defaultMessage: "No work experience yet. Add jobs, internships or volunteering." },
  period: { id: "resumeWizard.entry.period", defaultMessage: "{start} – {end}" },
  now: { id: "resumeWizard.entry.now", defaultMessage: "today" },
  unavailable: { id: "resumeWizard.entry.unavailable", defaultMessage: "We could not save your changes. Try again in a moment." },
});

type Kind = "education" | "work";
type EducationEntry = WizardResume["education"][number];
type WorkEntry = WizardResume["workExperience"][number];

const EDUCATION_FIELDS = ["institution", "degreeLevelTid", "fieldOfStudyTid", "studyProgram", "location", "startDate", "endDate", "summary"];
const WORK_FIELDS = ["jobTitle", "occupationTid", "employmentTypeTid", "companyName", "location", "startDate", "endDate", "summary"];

function withPeriod(kind: Kind, config: ResumeConfig): boolean {
  return !isNulled(config, kind === "education" ? "education_time_period" : "work_experience_time_period");
}

function EducationFields({ draft, change, errors, period }: { draft: EducationDraft; change: (patch: Partial<EducationDraft>) => void; errors: Record<string, string>; period: boolean }) {
  const intl = useIntl();
  return (
    <>
      <TextInput
        label={intl.formatMessage(messages.institution)}
        required
        value={draft.institution}
        onChange={(event) => change({ institution: event.currentTarget.value })}
        error={errors.institution}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TermSinglePicker
          label={intl.formatMessage(messages.degreeLevel)}
          vocabulary="degree_levels"
          value={draft.degreeLevel}
          onChange={(degreeLevel) => change({ degreeLevel })}
          error={errors.degreeLevelTid}
        />
        <TermSinglePicker
          label={intl.formatMessage(messages.fieldOfStudy)}
          vocabulary="fields_of_study"
          value={draft.fieldOfStudy}
          onChange={(fieldOfStudy) => change({ fieldOfStudy })}
          error={errors.fieldOfStudyTid}
        />
      </SimpleGrid>
      <TextInput
        label={intl.formatMessage(messages.studyProgram)}
        value={draft.studyProgram}
        onChange={(event) => change({ studyProgram: event.currentTarget.value })}
        error={errors.studyProgram}
      />
      <CommonFields draft={draft} change={change} errors={errors} period={period} />
    </>
  );
}

function WorkFields({ draft, change, errors, period }: { draft: WorkDraft; change: (patch: Partial<WorkDraft>) => void; errors: Record<string, string>; period: boolean }) {
  const intl = useIntl();
  return (
    <>
      <TextInput
        label={intl.formatMessage(messages.jobTitle)}
        required
        value={draft.jobTitle}
        onChange={(event) => change({ jobTitle: event.currentTarget.value })}
        error={errors.jobTitle}
      />
      <TextInput
        label={intl.formatMessage(messages.companyName)}
        value={draft.companyName}
        onChange={(event) => change({ companyName: event.currentTarget.value })}
        error={errors.companyName}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TermSinglePicker
          label={intl.formatMessage(messages.occupation)}
          vocabulary="occupational_fields"
          value={draft.occupation}
          onChange={(occupation) => change({ occupation })}
          error={errors.occupationTid}
        />
        <TermSinglePicker
          label={intl.formatMessage(messages.employmentType)}
          vocabulary="employment_types"
          value={draft.employmentType}
          onChange={(employmentType) => change({ employmentType })}
          error={errors.employmentTypeTid}
        />
      </SimpleGrid>
      <CommonFields draft={draft} change={change} errors={errors} period={period} />
    </>
  );
}

type Common = Pick<EducationDraft, "location" | "startDate" | "endDate" | "summary">;

function CommonFields({ draft, change, errors, period }: { draft: Common; change: (patch: Partial<Common>) => void; errors: Record<string, string>; period: boolean }) {
  const intl = useIntl();
  return (
    <>
      <PlaceField label={intl.formatMessage(messages.location)} value={draft.location} onChange={(location) => change({ location })} error={errors.location} />
      {period ? (
        <SimpleGrid cols={2}>
          <TextInput type="date" label={intl.formatMessage(messages.startDate)} value={draft.startDate} onChange={(event) => change({ startDate: event.currentTarget.value })} error={errors.startDate} />
          <TextInput type="date" label={intl.formatMessage(messages.endDate)} value={draft.endDate} onChange={(event) => change({ endDate: event.currentTarget.value })} error={errors.endDate} />
        </SimpleGrid>
      ) : null}
      <Textarea label={intl.formatMessage(messages.summary)} autosize minRows={2} value={draft.summary} onChange={(event) => change({ summary: event.currentTarget.value })} error={errors.summary} />
    </>
  );
}

function entryName(kind: Kind, entry: EducationEntry | WorkEntry): string {
  return kind === "education" ? (entry as EducationEntry).institution : (entry as WorkEntry).jobTitle;
}

/** An existing entry, edited in place and autosaved. */
function EditEntry({ kind, entry, config, onDone }: { kind: Kind; entry: EducationEntry | WorkEntry; config: ResumeConfig; onDone: () => void }) {
  const intl = useIntl();
  const period = withPeriod(kind, config);
  const [draft, setDraft] = useState<EducationDraft | WorkDraft>(() =>
    kind === "education" ? educationDraft(entry as EducationEntry) : workDraft(entry as WorkEntry),
  );
  const [updateEducation] = useMutation(UPDATE_EDUCATION);
  const [updateWork] = useMutation(UPDATE_WORK_EXPERIENCE);
  const store = useStoreSavedResume(config);
  const saver = useAutosave<EducationDraft | WorkDraft>({
    draft,
    fields: kind === "education" ? EDUCATION_FIELDS : WORK_FIELDS,
    ready: (d) => (kind === "education" ? (d as EducationDraft).institution : (d as WorkDraft).jobTitle).trim() !== "" && !placeUnpicked(d.location),
    send: async (d) =>
      kind === "education"
        ? (await updateEducation({ variables: { id: entry.id, input: educationInput(d as EducationDraft, period) } })).data?.updateEducation
        : (await updateWork({ variables: { id: entry.id, input: workInput(d as WorkDraft, period) } })).data?.updateWorkExperience,
    onSaved: store,
  });
  const change = (patch: Partial<EducationDraft & WorkDraft>) => {
    setDraft((current) => ({ ...current, ...patch }));
    saver.touch();
  };
  return (
    <form
      aria-label={intl.formatMessage(messages.editEntry, { name: entryName(kind, entry) })}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void saver.save().then((ok) => ok && onDone());
      }}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) void saver.save({ quiet: true });
      }}
    >
      <Stack gap="sm">
      <Group justify="flex-end" mih={20}>
        <SaveStatusText status={saver.status} />
      </Group>
      <DangerList messages={saver.errors.general} />
      {kind === "education" ? (
        <EducationFields draft={draft as EducationDraft} change={change} errors={saver.errors.byField} period={period} />
      ) : (
        <WorkFields draft={draft as WorkDraft} change={change} errors={saver.errors.byField} period={period} />
      )}
      <Group>
        <Button type="submit">
          <FormattedMessage {...messages.done} />
        </Button>
      </Group>
      </Stack>
    </form>
  );
}

/** A new entry: sent when the applicant adds it (an entry is made on its first save). */
function NewEntry({ kind, config, onClose }: { kind: Kind; config: ResumeConfig; onClose: () => void }) {
  const intl = useIntl();
  const period = withPeriod(kind, config);
  const [draft, setDraft] = useState<EducationDraft | WorkDraft>(() => (kind === "education" ? educationDraft(null) : workDraft(null)));
  const [addEducation, education] = useMutation(ADD_EDUCATION);
  const [addWork, work] = useMutation(ADD_WORK_EXPERIENCE);
  const store = useStoreSavedResume(config);
  const [errors, setErrors] = useState(resumeErrorsByField(null, []));
  const change = (patch: Partial<EducationDraft & WorkDraft>) => setDraft((current) => ({ ...current, ...patch }));
  const submit = async () => {
    let answer: ResumeAnswer | undefined;
    try {
      answer =
        kind === "education"
          ? (await addEducation({ variables: { input: educationInput(draft as EducationDraft, period) } })).data?.addEducation
          : (await addWork({ variables: { input: workInput(draft as WorkDraft, period) } })).data?.addWorkExperience;
    } catch {
      setErrors({ byField: {}, general: [intl.formatMessage(messages.unavailable)] });
      return;
    }
    if (answer?.__typename === "ResumeSaved" && answer.resume) {
      store(answer.resume);
      onClose();
      return;
    }
    setErrors(resumeErrorsByField(answer, kind === "education" ? EDUCATION_FIELDS : WORK_FIELDS));
  };
  return (
    <Card withBorder radius="md" padding="md">
      <form
        aria-label={intl.formatMessage(kind === "education" ? messages.newEducation : messages.newWork)}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack gap="sm">
        <Title order={3} size="h5">
          <FormattedMessage {...(kind === "education" ? messages.newEducation : messages.newWork)} />
        </Title>
        <DangerList messages={errors.general} />
        {kind === "education" ? (
          <EducationFields draft={draft as EducationDraft} change={change} errors={errors.byField} period={period} />
        ) : (
          <WorkFields draft={draft as WorkDraft} change={change} errors={errors.byField} period={period} />
        )}
        <Group>
          <Button type="submit" loading={education.loading || work.loading}>
            <FormattedMessage {...messages.saveEntry} />
          </Button>
          <Button variant="default" onClick={onClose}>
            <FormattedMessage {...messages.cancel} />
          </Button>
        </Group>
        </Stack>
      </form>
    </Card>
  );
}

function EntrySummary({ kind, entry }: { kind: Kind; entry: EducationEntry | WorkEntry }) {
  const intl = useIntl();
  const { date: formatDate } = useLocaleFormat();
  const lines =
    kind === "education"
      ? [(entry as EducationEntry).degreeLevel?.label, (entry as EducationEntry).fieldOfStudy?.label, (entry as EducationEntry).studyProgram]
      : [(entry as WorkEntry).companyName, (entry as WorkEntry).occupation?.label, (entry as WorkEntry).employmentType?.label];
  const when =
    entry.startDate || entry.endDate
      ? intl.formatMessage(messages.period, {
          start: entry.startDate ? formatDate(entry.startDate) : "…",
          end: entry.endDate ? formatDate(entry.endDate) : intl.formatMessage(messages.now),
        })
      : null;
  return (
    <Stack gap={2}>
      <Text fw={600}>{entryName(kind, entry)}</Text>
      <Text size="sm" className="text-muted">
        {[...lines, placeLabel(entry.location), when].filter(Boolean).join(" · ")}
      </Text>
    </Stack>
  );
}

/**
 * The education or work experience entries: in the applicant's order, each with edit, remove
 * and move up/down (the order is saved at once), and a form to add one.
 */
export function EntriesSection({ kind, resume, config }: { kind: Kind; resume: WizardResume | null; config: ResumeConfig }) {
  const intl = useIntl();
  const entries: (EducationEntry | WorkEntry)[] = kind === "education" ? (resume?.education ?? []) : (resume?.workExperience ?? []);
  const [editing, setEditing] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const [general, setGeneral] = useState<string[]>([]);
  const [removeEducation] = useMutation(REMOVE_EDUCATION);
  const [removeWork] = useMutation(REMOVE_WORK_EXPERIENCE);
  const [reorderEducation] = useMutation(REORDER_EDUCATION);
  const [reorderWork] = useMutation(REORDER_WORK_EXPERIENCE);
  const [busy, setBusy] = useState(false);
  const store = useStoreSavedResume(config);

  const run = async (call: () => Promise<ResumeAnswer | undefined>) => {
    setBusy(true);
    try {
      const answer = await call();
      if (answer?.__typename === "ResumeSaved" && answer.resume) {
        store(answer.resume);
        setGeneral([]);
      } else {
        setGeneral(resumeErrorsByField(answer, []).general);
      }
    } catch {
      setGeneral([intl.formatMessage(messages.unavailable)]);
    } finally {
      setBusy(false);
    }
  };
  const remove = (id: string) =>
    run(async () =>
      kind === "education"
        ? (await removeEducation({ variables: { id } })).data?.removeEducation
        : (await removeWork({ variables: { id } })).data?.removeWorkExperience,
    );
  const move = (index: number, by: -1 | 1) => {
    const ids = entries.map((entry) => entry.id);
    const [moved] = ids.splice(index, 1);
    if (moved === undefined) return;
    ids.splice(index + by, 0, moved);
    void run(async () =>
      kind === "education"
        ? (await reorderEducation({ variables: { ids } })).data?.reorderEducation
        : (await reorderWork({ variables: { ids } })).data?.reorderWorkExperience,
    );
  };

  return (
    <Stack gap="md">
      <DangerList messages={general} />
      {entries.length === 0 && !adding ? (
        <Text className="text-muted">
          <FormattedMessage {...(kind === "education" ? messages.noEducation : messages.noWork)} />
        </Text>
      ) : null}
      <Stack gap="sm" component="ol" style={{ listStyle: "none", padding: 0, margin: 0 }}>
        {entries.map((entry, index) => {
          const name = entryName(kind, entry);
          return (
            <Card key={entry.id} component="li" withBorder radius="md" padding="md">
              {editing === entry.id ? (
                <EditEntry kind={kind} entry={entry} config={config} onDone={() => setEditing(null)} />
              ) : (
                <Group justify="space-between" align="flex-start" gap="sm">
                  <EntrySummary kind={kind} entry={entry} />
                  <Group gap="xs">
                    <Button size="xs" variant="default" disabled={busy || index === 0} aria-label={intl.formatMessage(messages.moveUp, { name })} onClick={() => move(index, -1)}>
                      <FormattedMessage {...messages.up} />
                    </Button>
                    <Button
                      size="xs"
                      variant="default"
                      disabled={busy || index === entries.length - 1}
                      aria-label={intl.formatMessage(messages.moveDown, { name })}
                      onClick={() => move(index, 1)}
                    >
                      <FormattedMessage {...messages.down} />
                    </Button>
                    <Button size="xs" variant="light" aria-label={intl.formatMessage(messages.editEntry, { name })} onClick={() => setEditing(entry.id)}>
                      <FormattedMessage {...messages.edit} />
                    </Button>
                    <Button size="xs" variant="subtle" color="red" disabled={busy} aria-label={intl.formatMessage(messages.removeNamed, { name })} onClick={() => void remove(entry.id)}>
                      <FormattedMessage {...messages.remove} />
                    </Button>
                  </Group>
                </Group>
              )}
            </Card>
          );
        })}
      </Stack>
      {adding ? (
        <NewEntry kind={kind} config={config} onClose={() => setAdding(false)} />
      ) : (
        <Group>
          <Button variant="light" onClick={() => setAdding(true)}>
            <FormattedMessage {...(kind === "education" ? messages.addEducation : messages.addWork)} />
          </Button>
        </Group>
      )}
    </Stack>
  );
}
