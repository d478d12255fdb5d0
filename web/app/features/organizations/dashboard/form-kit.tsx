import { useQuery } from "@apollo/client/react";
import { Alert, Button, Card, Group, MultiSelect, Select, Stack, Text, TextInput, Title } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useMemo, useState, type FormEvent, type ReactNode } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { DangerList } from "~/components/DangerList";
import { countryOptions } from "~/lib/countries";
import { defineMessages, type Message } from "~/lib/i18n/define-messages";
import { TERMS } from "./documents";

const messages = defineMessages({
  unavailable: { id: "organizations.form.unavailable", defaultMessage: "We could not save your changes. Try again in a moment." },
  saved: { id: "organizations.form.saved", defaultMessage: "{title}: your changes were saved." },
  moveUp: { id: "organizations.form.moveUp", defaultMessage: "Move up" },
  moveUpLabel: { id: "organizations.form.moveUpLabel", defaultMessage: "Move {what} {number, number} up" },
  moveDown: { id: "organizations.form.moveDown", defaultMessage: "Move down" },
  moveDownLabel: { id: "organizations.form.moveDownLabel", defaultMessage: "Move {what} {number, number} down" },
  remove: { id: "organizations.form.remove", defaultMessage: "Remove" },
  removeLabel: { id: "organizations.form.removeLabel", defaultMessage: "Remove {what} {number, number}" },
  country: { id: "organizations.form.country", defaultMessage: "Country" },
  chooseACountry: { id: "organizations.form.chooseACountry", defaultMessage: "Choose a country" },
  addressLine1: { id: "organizations.form.addressLine1", defaultMessage: "Address line 1" },
  addressLine2: { id: "organizations.form.addressLine2", defaultMessage: "Address line 2" },
  postalCode: { id: "organizations.form.postalCode", defaultMessage: "Postal code" },
  city: { id: "organizations.form.city", defaultMessage: "City" },
  stateOrRegion: { id: "organizations.form.stateOrRegion", defaultMessage: "State or region" },
  typeToSearch: { id: "organizations.form.typeToSearch", defaultMessage: "Type to search" },
  noMatch: { id: "organizations.form.noMatch", defaultMessage: "No match" },
});

/** The texts other sections of the editor share. */
export const FORM_MESSAGES = messages;

export interface GroupAnswer {
  __typename?: string;
  message?: string;
  errors?: readonly { field?: string | null; message: string }[];
}

export interface SortedErrors {
  byField: Record<string, string>;
  general: string[];
}

/** Errors of fields the section shows go under their input; the rest into its danger list. */
export function groupErrors(answer: GroupAnswer | undefined, fields: readonly string[]): SortedErrors {
  const sorted: SortedErrors = { byField: {}, general: [] };
  if (answer?.__typename !== "OrganizationErrors" || !answer.errors) return sorted;
  for (const error of answer.errors) {
    if (error.field && fields.includes(error.field)) {
      const before = sorted.byField[error.field];
      sorted.byField[error.field] = before ? `${before} ${error.message}` : error.message;
    } else {
      sorted.general.push(error.message);
    }
  }
  if (answer.errors.length === 0 && answer.message) sorted.general.push(answer.message);
  return sorted;
}

/** A section's own checks: a message per field that is not right yet, else undefined. */
export type Checks = Record<string, string | undefined>;

export interface GroupForm {
  /** The message under a field: the section's own check once the user tried to save, else the server's. */
  errorOf: (field: string) => string | undefined;
  /** Shows the section's checks; true when none fails and the group may be saved. */
  validate: () => boolean;
  /** GroupSection's feedback props: saving, saved, failed and the errors of no shown field. */
  feedback: Pick<GroupSectionProps, "saving" | "saved" | "failed" | "general">;
}

/**
 * What every section of the editor does around its mutation: its checks shown once the user
 * tries to save, the answer's errors sorted onto its fields, and GroupSection's feedback.
 */
export function useGroupForm({
  answer,
  fields,
  checks = {},
  loading,
  error,
}: {
  answer: GroupAnswer | undefined;
  fields: readonly string[];
  checks?: Checks;
  loading: boolean;
  error: unknown;
}): GroupForm {
  const [touched, setTouched] = useState(false);
  const server = groupErrors(answer, fields);
  return {
    errorOf: (field) => (touched ? checks[field] : undefined) ?? server.byField[field],
    validate: () => {
      setTouched(true);
      return !Object.values(checks).some(Boolean);
    },
    feedback: {
      saving: loading,
      saved: answer?.__typename === "OrganizationProfileSaved",
      failed: Boolean(error),
      general: server.general,
    },
  };
}

/** Trimmed text, or null when blank (the inputs' optional fields). */
export function blankToNull(value: string | null | undefined): string | null {
  const trimmed = (value ?? "").trim();
  return trimmed ? trimmed : null;
}

/** A copy of `items` with the item at `from` moved to `to`. */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= items.length || to >= items.length) return [...items];
  const next = [...items];
  next.splice(to, 0, ...next.splice(from, 1));
  return next;
}

let rowKeys = 0;
/** A stable React key for a row the user adds or the profile brings. */
export function newRowKey(): string {
  rowKeys += 1;
  return `row-${rowKeys}`;
}

export interface GroupSectionProps {
  title: string;
  description?: ReactNode;
  saveLabel: string;
  saving: boolean;
  saved: boolean;
  failed: boolean;
  general: string[];
  onSubmit: () => void;
  children: ReactNode;
}

/** One profile group: a titled card with its own form, feedback and Save button. */
export function GroupSection({
  title,
  description,
  saveLabel,
  saving,
  saved,
  failed,
  general,
  onSubmit,
  children,
}: GroupSectionProps) {
  const intl = useIntl();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <Card withBorder padding="lg" component="section" aria-label={title}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Title order={2} size="h3">
            {title}
          </Title>
          {description ? (
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          ) : null}
          {saved ? (
            <Alert color="green" role="status">
              <FormattedMessage {...messages.saved} values={{ title }} />
            </Alert>
          ) : null}
          <DangerList messages={failed ? [intl.formatMessage(messages.unavailable)] : general} />
          {children}
          <Group>
            <Button type="submit" loading={saving}>
              {saveLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

export interface AddressValues {
  countryCode: string;
  addressLine1: string;
  addressLine2: string;
  administrativeArea: string;
  locality: string;
  zip: string;
}

export const EMPTY_ADDRESS: AddressValues = {
  countryCode: "",
  addressLine1: "",
  addressLine2: "",
  administrativeArea: "",
  locality: "",
  zip: "",
};

export function addressValues(
  address:
    | {
        countryCode: string;
        addressLine1?: string | null;
        addressLine2?: string | null;
        administrativeArea?: string | null;
        locality: string;
        zip?: string | null;
      }
    | null
    | undefined,
): AddressValues {
  if (!address) return EMPTY_ADDRESS;
  return {
    countryCode: address.countryCode,
    addressLine1: address.addressLine1 ?? "",
    addressLine2: address.addressLine2 ?? "",
    administrativeArea: address.administrativeArea ?? "",
    locality: address.locality,
    zip: address.zip ?? "",
  };
}

export function isBlankAddress(address: AddressValues): boolean {
  return Object.values(address).every((value) => !value.trim());
}

export function addressInput(address: AddressValues) {
  return {
    countryCode: address.countryCode,
    locality: address.locality.trim(),
    addressLine1: blankToNull(address.addressLine1),
    addressLine2: blankToNull(address.addressLine2),
    administrativeArea: blankToNull(address.administrativeArea),
    zip: blankToNull(address.zip),
  };
}

export const ADDRESS_FIELDS = [
  "countryCode",
  "addressLine1",
  "addressLine2",
  "administrativeArea",
  "locality",
  "zip",
] as const;

/** The address inputs; `errorOf` answers the message for a field name (e.g. "locality"). */
export function AddressFields({
  value,
  onChange,
  errorOf,
  required = true,
}: {
  value: AddressValues;
  onChange: (next: AddressValues) => void;
  errorOf: (field: keyof AddressValues) => string | undefined;
  required?: boolean;
}) {
  const intl = useIntl();
  const t = (message: Message) => intl.formatMessage(message);
  const set = (field: keyof AddressValues) => (event: { currentTarget: { value: string } }) =>
    onChange({ ...value, [field]: event.currentTarget.value });
  return (
    <Stack gap="xs">
      <Select
        label={t(messages.country)}
        placeholder={t(messages.chooseACountry)}
        searchable
        required={required}
        data={countryOptions(intl.locale)}
        value={value.countryCode || null}
        onChange={(code) => onChange({ ...value, countryCode: code ?? "" })}
        error={errorOf("countryCode")}
      />
      <TextInput
        label={t(messages.addressLine1)}
        autoComplete="address-line1"
        value={value.addressLine1}
        onChange={set("addressLine1")}
        error={errorOf("addressLine1")}
      />
      <TextInput
        label={t(messages.addressLine2)}
        autoComplete="address-line2"
        value={value.addressLine2}
        onChange={set("addressLine2")}
        error={errorOf("addressLine2")}
      />
      <Group grow align="flex-start">
        <TextInput
          label={t(messages.postalCode)}
          autoComplete="postal-code"
          value={value.zip}
          onChange={set("zip")}
          error={errorOf("zip")}
        />
        <TextInput
          label={t(messages.city)}
          autoComplete="address-level2"
          required={required}
          value={value.locality}
          onChange={set("locality")}
          error={errorOf("locality")}
        />
      </Group>
      <TextInput
        label={t(messages.stateOrRegion)}
        autoComplete="address-level1"
        value={value.administrativeArea}
        onChange={set("administrativeArea")}
        error={errorOf("administrativeArea")}
      />
    </Stack>
  );
}

export interface TermOption {
  tid: number;
  label: string;
}

/** Terms of a vocabulary for a search typed in a select, merged with the ones already chosen. */
function useTermOptions(vocabulary: string, chosen: readonly TermOption[]) {
  const [search, setSearch] = useState("");
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const { data } = useQuery(TERMS, {
    variables: { vocabulary, search: debounced.length >= 2 ? debounced : null, limit: 100 },
  });
  const options = useMemo(() => {
    const byTid = new Map<number, string>();
    for (const term of chosen) byTid.set(term.tid, term.label);
    for (const term of data?.terms ?? []) byTid.set(term.tid, term.label);
    return [...byTid].map(([tid, label]) => ({ value: String(tid), label }));
  }, [chosen, data]);
  const labelOf = (tid: number) => options.find((option) => option.value === String(tid))?.label ?? String(tid);
  return { options, search, setSearch, labelOf };
}

/** A searchable Select over a vocabulary's terms. */
export function TermSelect({
  label,
  vocabulary,
  value,
  onChange,
  error,
}: {
  label: string;
  vocabulary: string;
  value: TermOption | null;
  onChange: (term: TermOption | null) => void;
  error?: string;
}) {
  const intl = useIntl();
  const t = (message: Message) => intl.formatMessage(message);
  const chosen = useMemo(() => (value ? [value] : []), [value]);
  const { options, search, setSearch, labelOf } = useTermOptions(vocabulary, chosen);
  return (
    <Select
      label={label}
      placeholder={t(messages.typeToSearch)}
      searchable
      clearable
      data={options}
      value={value ? String(value.tid) : null}
      searchValue={search}
      onSearchChange={setSearch}
      onChange={(tid) => onChange(tid ? { tid: Number(tid), label: labelOf(Number(tid)) } : null)}
      nothingFoundMessage={t(messages.noMatch)}
      error={error}
    />
  );
}

/** A searchable MultiSelect over a vocabulary's terms. */
export function TermMultiSelect({
  label,
  vocabulary,
  value,
  onChange,
  error,
}: {
  label: string;
  vocabulary: string;
  value: TermOption[];
  onChange: (terms: TermOption[]) => void;
  error?: string;
}) {
  const intl = useIntl();
  const t = (message: Message) => intl.formatMessage(message);
  const { options, search, setSearch, labelOf } = useTermOptions(vocabulary, value);
  return (
    <MultiSelect
      label={label}
      placeholder={t(messages.typeToSearch)}
      searchable
      clearable
      data={options}
      value={value.map((term) => String(term.tid))}
      searchValue={search}
      onSearchChange={setSearch}
      onChange={(tids) => onChange(tids.map((tid) => ({ tid: Number(tid), label: labelOf(Number(tid)) })))}
      nothingFoundMessage={t(messages.noMatch)}
      error={error}
    />
  );
}

/** Move up, move down and remove buttons for one row of a list group. */
export function RowControls({
  index,
  count,
  what,
  onMove,
  onRemove,
}: {
  index: number;
  count: number;
  what: string;
  onMove: (from: number, to: number) => void;
  onRemove: () => void;
}) {
  const intl = useIntl();
  const label = (message: Message) => intl.formatMessage(message, { what, number: index + 1 });
  return (
    <Group gap="xs">
      <Button
        variant="default"
        size="xs"
        disabled={index === 0}
        onClick={() => onMove(index, index - 1)}
        aria-label={label(messages.moveUpLabel)}
      >
        <FormattedMessage {...messages.moveUp} />
      </Button>
      <Button
        variant="default"
        size="xs"
        disabled={index === count - 1}
        onClick={() => onMove(index, index + 1)}
        aria-label={label(messages.moveDownLabel)}
      >
        <FormattedMessage {...messages.moveDown} />
      </Button>
      <Button variant="subtle" color="red" size="xs" onClick={onRemove} aria-label={label(messages.removeLabel)}>
        <FormattedMessage {...messages.remove} />
      </Button>
    </Group>
  );
}
