import { useQuery } from "@apollo/client/react";
import { MultiSelect, Select } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useMemo, useState } from "react";
import { useIntl } from "react-intl";
import { defineMessages } from "~/lib/i18n/define-messages";
import { RESUME_WIZARD_TERMS } from "./documents";
import type { TermValue } from "./resume-form";

/** Spec 9: autocomplete waits 250 ms. */
export const TERM_SEARCH_DELAY_MS = 250;
const PAGE = 50;

const messages = defineMessages({
  nothingFound: { id: "resumeWizard.terms.nothingFound", defaultMessage: "No matching term" },
});

function useTerms(vocabulary: string, search: string) {
  const [debounced] = useDebouncedValue(search.trim(), TERM_SEARCH_DELAY_MS);
  const { data } = useQuery(RESUME_WIZARD_TERMS, { variables: { vocabulary, search: debounced || null, limit: PAGE } });
  return data?.terms ?? [];
}

function options(found: readonly TermValue[], selected: readonly TermValue[]) {
  const seen = new Map<number, TermValue>();
  for (const term of [...selected, ...found]) if (!seen.has(term.tid)) seen.set(term.tid, term);
  return [...seen.values()].map((term) => ({ value: String(term.tid), label: term.label }));
}

interface PickerBase {
  label: string;
  /** The search subgraph's vocabulary, e.g. occupational_fields. */
  vocabulary: string;
  description?: string;
  error?: string;
}

/** Several terms of one vocabulary, searched as you type. */
export function TermMultiPicker({ label, vocabulary, description, error, value, onChange }: PickerBase & { value: TermValue[]; onChange: (next: TermValue[]) => void }) {
  const intl = useIntl();
  const [search, setSearch] = useState("");
  const terms = useTerms(vocabulary, search);
  const data = useMemo(() => options(terms, value), [terms, value]);
  return (
    <MultiSelect
      label={label}
      description={description}
      error={error}
      searchable
      clearable
      searchValue={search}
      onSearchChange={setSearch}
      data={data}
      value={value.map((term) => String(term.tid))}
      onChange={(ids) => {
        const byId = new Map(data.map((option) => [option.value, option.label]));
        onChange(ids.map((id) => ({ tid: Number(id), label: byId.get(id) ?? id })));
      }}
      nothingFoundMessage={intl.formatMessage(messages.nothingFound)}
      filter={({ options: all }) => all}
    />
  );
}

/** One term of a vocabulary. */
export function TermSinglePicker({ label, vocabulary, description, error, value, onChange }: PickerBase & { value: TermValue | null; onChange: (next: TermValue | null) => void }) {
  const intl = useIntl();
  const [search, setSearch] = useState("");
  const terms = useTerms(vocabulary, search === value?.label ? "" : search);
  const selected = useMemo(() => (value ? [value] : []), [value]);
  const data = useMemo(() => options(terms, selected), [terms, selected]);
  return (
    <Select
      label={label}
      description={description}
      error={error}
      searchable
      clearable
      searchValue={search}
      onSearchChange={setSearch}
      data={data}
      value={value ? String(value.tid) : null}
      onChange={(id) => {
        const option = data.find((item) => item.value === id);
        onChange(option ? { tid: Number(option.value), label: option.label } : null);
      }}
      nothingFoundMessage={intl.formatMessage(messages.nothingFound)}
      filter={({ options: all }) => all}
    />
  );
}
