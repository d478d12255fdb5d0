import { useMutation } from "@apollo/client/react";
import {
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  TagsInput,
  Text,
  Textarea,
  TextInput,
} from "@mantine/core";
import { useIsomorphicEffect } from "@mantine/hooks";
import { useState, type MutableRefObject, type ReactNode } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { DangerList } from "~/components/DangerList";
import { TermMultiPicker, TermSinglePicker } from "~/components/TermPicker";
import type {
  ResumeAvailabilityPeriod,
  ResumeCareerStatus,
  ResumeLanguageLevel,
  ResumeSalaryUnit,
  ResumeSalutation,
} from "~/lib/graphql/generated/graphql";
import { defineMessages, type Message } from "~/lib/i18n/define-messages";
import { SaveStatusText, useAutosave, useStoreSavedResume } from "./autosave";
import { SAVE_JOB_PREFERENCES, SAVE_PERSONAL_INFO, SET_LANGUAGES, SET_SKILLS, type WizardResume } from "./documents";
import { PlaceField } from "./PlaceField";
import {
  HIDDEN_STEP_FIELDS,
  isNulled,
  isPrivate,
  languagesDraft,
  languagesInput,
  personalDraft,
  personalInput,
  placeUnpicked,
  preferencesDraft,
  preferencesInput,
  skillsDraft,
  skillsInput,
  type LanguagesDraft,
  type PersonalDraft,
  type PreferencesDraft,
  type ResumeConfig,
  type SkillsDraft,
} from "./resume-form";

export const messages = defineMessages({
  private: { id: "resumeWizard.private", defaultMessage: "Private until you approve a contact request" },
  salutation: { id: "resumeWizard.salutation", defaultMessage: "Salutation" },
  firstName: { id: "resumeWizard.firstName", defaultMessage: "First name" },
  lastName: { id: "resumeWizard.lastName", defaultMessage: "Last name" },
  birthday: { id: "resumeWizard.birthday", defaultMessage: "Date of birth" },
  homeLocation: { id: "resumeWizard.homeLocation", defaultMessage: "Where you live" },
  title: { id: "resumeWizard.title", defaultMessage: "Headline" },
  titleHint: { id: "resumeWizard.title.hint", defaultMessage: "The job you are looking for, e.g. “Nurse” or “Backend developer”." },
  desiredOccupation: { id: "resumeWizard.desiredOccupation", defaultMessage: "Desired occupation" },
  employmentTypes: { id: "resumeWizard.employmentTypes", defaultMessage: "Employment type" },
  desiredLocation: { id: "resumeWizard.desiredLocation", defaultMessage: "Where you want to work" },
  desiredLocationHint: { id: "resumeWizard.desiredLocation.hint", defaultMessage: "Recruiters see this city, never your home." },
  salaryMin: { id: "resumeWizard.salary.min", defaultMessage: "Desired salary from" },
  salaryMax: { id: "resumeWizard.salary.max", defaultMessage: "Desired salary up to" },
  currency: { id: "resumeWizard.salary.currency", defaultMessage: "Currency" },
  unit: { id: "resumeWizard.salary.unit", defaultMessage: "Per" },
  careerStatus: { id: "resumeWizard.careerStatus", defaultMessage: "Career status" },
  availableStart: { id: "resumeWizard.availableStart", defaultMessage: "Available from" },
  availabilityPeriods: { id: "resumeWizard.availabilityPeriods", defaultMessage: "When you can work" },
  language: { id: "resumeWizard.language", defaultMessage: "Language {number, number}" },
  level: { id: "resumeWizard.level", defaultMessage: "Level of language {number, number}" },
  removeLanguage: { id: "resumeWizard.removeLanguage", defaultMessage: "Remove language {number, number}" },
  addLanguage: { id: "resumeWizard.addLanguage", defaultMessage: "Add a language" },
  languagesFree: { id: "resumeWizard.languagesFree", defaultMessage: "Other languages" },
  languageNotes: { id: "resumeWizard.languageNotes", defaultMessage: "Notes on your languages" },
  skills: { id: "resumeWizard.skills", defaultMessage: "Skills" },
  skillsFree: { id: "resumeWizard.skillsFree", defaultMessage: "More skills in your own words" },
  skillsFreeHint: { id: "resumeWizard.skillsFree.hint", defaultMessage: "Press Enter after each skill." },
  skillsNotes: { id: "resumeWizard.skillsNotes", defaultMessage: "Notes on your skills" },
});

export const SALUTATION_LABELS: Record<ResumeSalutation, Message> = defineMessages({
  MR: { id: "resumeWizard.salutation.mr", defaultMessage: "Mr" },
  MS: { id: "resumeWizard.salutation.ms", defaultMessage: "Ms" },
  MX: { id: "resumeWizard.salutation.mx", defaultMessage: "Mx" },
});

export const CAREER_STATUS_LABELS: Record<ResumeCareerStatus, Message> = defineMessages({
  STUDENT: { id: "resumeWizard.careerStatus.student", defaultMessage: "Student" },
  GRADUATE: { id: "resumeWizard.careerStatus.graduate", defaultMessage: "Graduate" },
  PROFESSIONAL: { id: "resumeWizard.careerStatus.professional", defaultMessage: "Professional" },
  EXECUTIVE: { id: "resumeWizard.careerStatus.executive", defaultMessage: "Executive" },
  RETURNER: { id: "resumeWizard.careerStatus.returner", defaultMessage: "Returning to work" },
});

export const PERIOD_LABELS: Record<ResumeAvailabilityPeriod, Message> = defineMessages({
  FULL_TIME: { id: "resumeWizard.period.fullTime", defaultMessage: "Full time" },
  PART_TIME: { id: "resumeWizard.period.partTime", defaultMessage: "Part time" },
  MORNINGS: { id: "resumeWizard.period.mornings", defaultMessage: "Mornings" },
  EVENINGS: { id: "resumeWizard.period.evenings", defaultMessage: "Evenings" },
  WEEKENDS: { id: "resumeWizard.period.weekends", defaultMessage: "Weekends" },
  SHIFTS: { id: "resumeWizard.period.shifts", defaultMessage: "Shifts" },
});

export const UNIT_LABELS: Record<ResumeSalaryUnit, Message> = defineMessages({
  HOUR: { id: "resumeWizard.unit.hour", defaultMessage: "hour" },
  DAY: { id: "resumeWizard.unit.day", defaultMessage: "day" },
  WEEK: { id: "resumeWizard.unit.week", defaultMessage: "week" },
  MONTH: { id: "resumeWizard.unit.month", defaultMessage: "month" },
  YEAR: { id: "resumeWizard.unit.year", defaultMessage: "year" },
});

export const LEVEL_LABELS: Record<ResumeLanguageLevel, Message> = defineMessages({
  A1: { id: "resumeWizard.level.a1", defaultMessage: "A1: beginner" },
  A2: { id: "resumeWizard.level.a2", defaultMessage: "A2: elementary" },
  B1: { id: "resumeWizard.level.b1", defaultMessage: "B1: intermediate" },
  B2: { id: "resumeWizard.level.b2", defaultMessage: "B2: upper intermediate" },
  C1: { id: "resumeWizard.level.c1", defaultMessage: "C1: advanced" },
  C2: { id: "resumeWizard.level.c2", defaultMessage: "C2: proficient" },
  NATIVE: { id: "resumeWizard.level.native", defaultMessage: "Native speaker" },
});

/** The wizard's Next asks the step on screen to save now; true when it is saved. */
export type FlushRef = MutableRefObject<(() => Promise<boolean>) | null>;

export interface SectionProps {
  resume: WizardResume | null;
  config: ResumeConfig;
  flushRef?: FlushRef;
}

/** Lets the wizard's Next save the form on screen. */
function useFlush(flushRef: FlushRef | undefined, save: () => Promise<boolean>) {
  useIsomorphicEffect(() => {
    if (!flushRef) return undefined;
    flushRef.current = () => save();
    return () => {
      flushRef.current = null;
    };
  }, [flushRef, save]);
}

/** A form's frame: its saving state above, its general errors, and blur saves at once. */
function AutosaveFrame({ label, status, general, onLeave, children }: {
  label: string;
  status: Parameters<typeof SaveStatusText>[0]["status"];
  general: string[];
  onLeave: () => void;
  children: ReactNode;
}) {
  return (
    <form
      aria-label={label}
      noValidate
      onSubmit={(event) => event.preventDefault()}
      onBlur={(event) => {
        // focus left the form (not moved inside it): save what is there
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) onLeave();
      }}
    >
      <Stack gap="md">
        <Group justify="flex-end" mih={20}>
          <SaveStatusText status={status} />
        </Group>
        <DangerList messages={general} />
        {children}
      </Stack>
    </form>
  );
}

function PrivateMark({ shown }: { shown: boolean }) {
  if (!shown) return null;
  return (
    <Badge variant="light" color="gray" size="sm" component="span">
      <FormattedMessage {...messages.private} />
    </Badge>
  );
}

// The photo, about-me and phone are hidden (spec 5): never rendered, their stored values sent
// back unchanged, and an error about one of them goes to the form's danger list.
const PERSONAL_FIELDS = ["salutation", "firstName", "lastName", "birthday", "homeLocation", "phone", "about"].filter(
  (field) => !HIDDEN_STEP_FIELDS["personal-info"].includes(field),
);

/** Step personal_info: salutation, name, birthday (unless nulled) and home; photo, about-me and phone are hidden (spec 5). */
export function PersonalInfoForm({ resume, config, flushRef, label }: SectionProps & { label: string }) {
  const intl = useIntl();
  const [draft, setDraft] = useState<PersonalDraft>(() => personalDraft(resume));
  const [mutate] = useMutation(SAVE_PERSONAL_INFO);
  const store = useStoreSavedResume(config);
  const saver = useAutosave({
    draft,
    fields: PERSONAL_FIELDS,
    ready: (d) => d.firstName.trim() !== "" && d.lastName.trim() !== "" && !placeUnpicked(d.homeLocation),
    send: async (d) => (await mutate({ variables: { input: personalInput(d, resume, config) } })).data?.savePersonalInfo,
    onSaved: store,
  });
  useFlush(flushRef, saver.save);
  const change = (patch: Partial<PersonalDraft>) => {
    setDraft((current) => ({ ...current, ...patch }));
    saver.touch();
  };
  const err = saver.errors.byField;
  const privateMark = (field: string) => <PrivateMark shown={isPrivate(config, field)} />;
  return (
    <AutosaveFrame label={label} status={saver.status} general={saver.errors.general} onLeave={() => void saver.save({ quiet: true })}>
      <Select
        label={intl.formatMessage(messages.salutation)}
        clearable
        w={{ base: "100%", sm: 200 }}
        data={(Object.keys(SALUTATION_LABELS) as ResumeSalutation[]).map((value) => ({ value, label: intl.formatMessage(SALUTATION_LABELS[value]) }))}
        value={draft.salutation}
        onChange={(value) => change({ salutation: (value as ResumeSalutation | null) ?? null })}
        error={err.salutation}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label={intl.formatMessage(messages.firstName)}
          description={privateMark("first_name")}
          required
          autoComplete="given-name"
          value={draft.firstName}
          onChange={(event) => change({ firstName: event.currentTarget.value })}
          error={err.firstName}
        />
        <TextInput
          label={intl.formatMessage(messages.lastName)}
          description={privateMark("last_name")}
          required
          autoComplete="family-name"
          value={draft.lastName}
          onChange={(event) => change({ lastName: event.currentTarget.value })}
          error={err.lastName}
        />
      </SimpleGrid>
      {isNulled(config, "birthday") ? null : (
        <TextInput
          type="date"
          label={intl.formatMessage(messages.birthday)}
          description={privateMark("birthday")}
          autoComplete="bday"
          w={{ base: "100%", sm: 240 }}
          value={draft.birthday}
          onChange={(event) => change({ birthday: event.currentTarget.value })}
          error={err.birthday}
        />
      )}
      <PlaceField
        label={intl.formatMessage(messages.homeLocation)}
        description={privateMark("home_location")}
        value={draft.homeLocation}
        onChange={(homeLocation) => change({ homeLocation })}
        error={err.homeLocation}
      />
    </AutosaveFrame>
  );
}

const PREFERENCE_FIELDS = [
  "title",
  "desiredOccupationTid",
  "employmentTypeTids",
  "desiredLocation",
  "desiredSalary",
  "careerStatus",
  "availableStart",
  "availabilityPeriods",
] as const;

/** Step job_preferences (the phone is hidden here too, spec 5: this step never asks for it). */
export function JobPreferencesForm({ resume, config, flushRef, label }: SectionProps & { label: string }) {
  const intl = useIntl();
  const [draft, setDraft] = useState<PreferencesDraft>(() => preferencesDraft(resume));
  const [mutate] = useMutation(SAVE_JOB_PREFERENCES);
  const store = useStoreSavedResume(config);
  const saver = useAutosave({
    draft,
    fields: PREFERENCE_FIELDS,
    ready: (d) => d.title.trim().length >= 2 && !placeUnpicked(d.desiredLocation),
    send: async (d) => (await mutate({ variables: { input: preferencesInput(d) } })).data?.saveJobPreferences,
    onSaved: store,
  });
  useFlush(flushRef, saver.save);
  const change = (patch: Partial<PreferencesDraft>) => {
    setDraft((current) => ({ ...current, ...patch }));
    saver.touch();
  };
  const err = saver.errors.byField;
  return (
    <AutosaveFrame label={label} status={saver.status} general={saver.errors.general} onLeave={() => void saver.save({ quiet: true })}>
      <TextInput
        label={intl.formatMessage(messages.title)}
        description={intl.formatMessage(messages.titleHint)}
        required
        value={draft.title}
        onChange={(event) => change({ title: event.currentTarget.value })}
        error={err.title}
      />
      <TermSinglePicker
        label={intl.formatMessage(messages.desiredOccupation)}
        vocabulary="occupational_fields"
        value={draft.desiredOccupation}
        onChange={(desiredOccupation) => change({ desiredOccupation })}
        error={err.desiredOccupationTid}
      />
      <TermMultiPicker
        label={intl.formatMessage(messages.employmentTypes)}
        vocabulary="employment_types"
        value={draft.employmentTypes}
        onChange={(employmentTypes) => change({ employmentTypes })}
        error={err.employmentTypeTids}
      />
      <PlaceField
        label={intl.formatMessage(messages.desiredLocation)}
        description={intl.formatMessage(messages.desiredLocationHint)}
        value={draft.desiredLocation}
        onChange={(desiredLocation) => change({ desiredLocation })}
        error={err.desiredLocation}
      />
      <Stack gap={4}>
        <SimpleGrid cols={{ base: 2, sm: 4 }}>
          <NumberInput
            label={intl.formatMessage(messages.salaryMin)}
            min={0}
            hideControls
            value={draft.salaryMin}
            onChange={(value) => change({ salaryMin: String(value) })}
          />
          <NumberInput
            label={intl.formatMessage(messages.salaryMax)}
            min={0}
            hideControls
            value={draft.salaryMax}
            onChange={(value) => change({ salaryMax: String(value) })}
          />
          <TextInput
            label={intl.formatMessage(messages.currency)}
            maxLength={3}
            value={draft.currency}
            onChange={(event) => change({ currency: event.currentTarget.value.toUpperCase() })}
          />
          <Select
            label={intl.formatMessage(messages.unit)}
            allowDeselect={false}
            data={(Object.keys(UNIT_LABELS) as ResumeSalaryUnit[]).map((value) => ({ value, label: intl.formatMessage(UNIT_LABELS[value]) }))}
            value={draft.unit}
            onChange={(value) => change({ unit: (value as ResumeSalaryUnit | null) ?? "YEAR" })}
          />
        </SimpleGrid>
        {err.desiredSalary ? (
          <Text c="red" size="sm" role="alert">
            {err.desiredSalary}
          </Text>
        ) : null}
      </Stack>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          label={intl.formatMessage(messages.careerStatus)}
          clearable
          data={(Object.keys(CAREER_STATUS_LABELS) as ResumeCareerStatus[]).map((value) => ({ value, label: intl.formatMessage(CAREER_STATUS_LABELS[value]) }))}
          value={draft.careerStatus}
          onChange={(value) => change({ careerStatus: (value as ResumeCareerStatus | null) ?? null })}
          error={err.careerStatus}
        />
        <TextInput
          type="date"
          label={intl.formatMessage(messages.availableStart)}
          value={draft.availableStart}
          onChange={(event) => change({ availableStart: event.currentTarget.value })}
          error={err.availableStart}
        />
      </SimpleGrid>
      <Checkbox.Group
        label={intl.formatMessage(messages.availabilityPeriods)}
        value={draft.availabilityPeriods}
        onChange={(values) => change({ availabilityPeriods: values as ResumeAvailabilityPeriod[] })}
        error={err.availabilityPeriods}
      >
        <SimpleGrid cols={{ base: 2, sm: 3 }} mt="xs">
          {(Object.keys(PERIOD_LABELS) as ResumeAvailabilityPeriod[]).map((value) => (
            <Checkbox key={value} value={value} label={intl.formatMessage(PERIOD_LABELS[value])} />
          ))}
        </SimpleGrid>
      </Checkbox.Group>
    </AutosaveFrame>
  );
}

const LANGUAGE_FIELDS = ["languages", "languagesFree", "languageNotes"] as const;

/** The languages step: languages of the vocabulary with their CEFR level, others as text, notes. */
export function LanguagesForm({ resume, config, flushRef, label }: SectionProps & { label: string }) {
  const intl = useIntl();
  const [draft, setDraft] = useState<LanguagesDraft>(() => languagesDraft(resume));
  const [mutate] = useMutation(SET_LANGUAGES);
  const store = useStoreSavedResume(config);
  const saver = useAutosave({
    draft,
    fields: LANGUAGE_FIELDS,
    ready: () => true,
    send: async (d) => (await mutate({ variables: { input: languagesInput(d) } })).data?.setLanguages,
    onSaved: store,
  });
  useFlush(flushRef, saver.save);
  const change = (patch: Partial<LanguagesDraft>) => {
    setDraft((current) => ({ ...current, ...patch }));
    saver.touch();
  };
  const setRow = (index: number, patch: Partial<LanguagesDraft["languages"][number]>) =>
    change({ languages: draft.languages.map((row, i) => (i === index ? { ...row, ...patch } : row)) });
  const err = saver.errors.byField;
  return (
    <AutosaveFrame label={label} status={saver.status} general={saver.errors.general} onLeave={() => void saver.save({ quiet: true })}>
      <Stack gap="sm">
        {draft.languages.map((row, index) => (
          <Card key={index} withBorder padding="sm" radius="md">
            <SimpleGrid cols={{ base: 1, sm: 3 }} style={{ alignItems: "end" }}>
              <TermSinglePicker
                label={intl.formatMessage(messages.language, { number: index + 1 })}
                vocabulary="languages"
                value={row.language}
                onChange={(language) => setRow(index, { language })}
              />
              <Select
                label={intl.formatMessage(messages.level, { number: index + 1 })}
                allowDeselect={false}
                data={(Object.keys(LEVEL_LABELS) as ResumeLanguageLevel[]).map((value) => ({ value, label: intl.formatMessage(LEVEL_LABELS[value]) }))}
                value={row.level}
                onChange={(value) => setRow(index, { level: (value as ResumeLanguageLevel | null) ?? "B1" })}
              />
              <Button variant="subtle" color="red" onClick={() => change({ languages: draft.languages.filter((_, i) => i !== index) })}>
                <FormattedMessage {...messages.removeLanguage} values={{ number: index + 1 }} />
              </Button>
            </SimpleGrid>
          </Card>
        ))}
        {err.languages ? (
          <Text c="red" size="sm" role="alert">
            {err.languages}
          </Text>
        ) : null}
        <Group>
          <Button variant="light" onClick={() => change({ languages: [...draft.languages, { language: null, level: "B1" }] })}>
            <FormattedMessage {...messages.addLanguage} />
          </Button>
        </Group>
      </Stack>
      <TextInput
        label={intl.formatMessage(messages.languagesFree)}
        value={draft.languagesFree}
        onChange={(event) => change({ languagesFree: event.currentTarget.value })}
        error={err.languagesFree}
      />
      <Textarea
        label={intl.formatMessage(messages.languageNotes)}
        autosize
        minRows={2}
        value={draft.languageNotes}
        onChange={(event) => change({ languageNotes: event.currentTarget.value })}
        error={err.languageNotes}
      />
    </AutosaveFrame>
  );
}

const SKILL_FIELDS = ["skillTids", "skillsFree", "skillsNotes"] as const;

/** The skills step: terms of the skills vocabulary, free-text skills and notes. */
export function SkillsForm({ resume, config, flushRef, label }: SectionProps & { label: string }) {
  const intl = useIntl();
  const [draft, setDraft] = useState<SkillsDraft>(() => skillsDraft(resume));
  const [mutate] = useMutation(SET_SKILLS);
  const store = useStoreSavedResume(config);
  const saver = useAutosave({
    draft,
    fields: SKILL_FIELDS,
    ready: () => true,
    send: async (d) => (await mutate({ variables: { input: skillsInput(d) } })).data?.setSkills,
    onSaved: store,
  });
  useFlush(flushRef, saver.save);
  const change = (patch: Partial<SkillsDraft>) => {
    setDraft((current) => ({ ...current, ...patch }));
    saver.touch();
  };
  const err = saver.errors.byField;
  return (
    <AutosaveFrame label={label} status={saver.status} general={saver.errors.general} onLeave={() => void saver.save({ quiet: true })}>
      <TermMultiPicker
        label={intl.formatMessage(messages.skills)}
        vocabulary="skills"
        value={draft.skills}
        onChange={(skills) => change({ skills })}
        error={err.skillTids}
      />
      <TagsInput
        label={intl.formatMessage(messages.skillsFree)}
        description={intl.formatMessage(messages.skillsFreeHint)}
        value={draft.skillsFree}
        onChange={(skillsFree) => change({ skillsFree })}
        error={err.skillsFree}
      />
      <Textarea
        label={intl.formatMessage(messages.skillsNotes)}
        autosize
        minRows={2}
        value={draft.skillsNotes}
        onChange={(event) => change({ skillsNotes: event.currentTarget.value })}
        error={err.skillsNotes}
      />
    </AutosaveFrame>
  );
}
