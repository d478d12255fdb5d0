import { useQuery } from "@apollo/client/react";
import { MultiSelect, Select } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useMemo, useState } from "react";
import { useIntl } from "react-intl";
import { graphql } from "~/lib/graphql/generated";
import { defineMessages } from "~/lib/i18n/define-messages";

/** A vocabulary term as the forms keep it (search's `terms`: the id and the label shown). */
export interface TermValue {
  tid: number;
  label: string;
}

/** Spec 9: address/term autocomplete waits 250 ms. */
const SEARCH_DELAY_MS = 250;
const PAGE = 50;

export const VOCABULARY_TERMS = graphql(`
  query VocabularyTerms($vocabulary: String!, $search: String, $limit: Int) {
    terms(vocabulary: $vocabulary, search: $search, limit: $limit) {
      tid
      label
    }
  }
`);

const messages = defineMessages({
  nothingFound: { id: "terms.nothingFound", defaultMessage: "No matching term" },
});

function useTerms(vocabulary: string, search: string) {
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DELAY_MS);
  const { data, loading } = useQuery(VOCABULARY_TERMS, {
    variables: { vocabulary, search: debounced || null, limit: PAGE },
  });
  return { terms: data?.terms ?? [], loading };
}

function options(found: readonly TermValue[], selected: readonly TermValue[]) {
  const seen = new Map<number, TermValue>();
  for (const term of [...selected, ...found]) if (!seen.has(term.tid)) seen.set(term.tid, term);
  return [...seen.values()].map((term) => ({ value: String(term.tid), label: term.label }));
}

interface PickerBase {
  label: string;
  /** The search subgraph's vocabulary, e.g. employment_types or occupational_fields. */
  vocabulary: string;
  description?: string;
  error?: string;
}

/** Several terms of one vocabulary, searched as you type (search's `terms(vocabulary:, search:)`). */
export function TermMultiPicker({ label, vocabulary, description, error, value, onChange }: PickerBase & { value: TermValue[]; onChange: (next: TermValue[]) => void }) {
  const intl = useIntl();
  const [search, setSearch] = useState("");
  const { terms } = useTerms(vocabulary, search);
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
  const { terms } = useTerms(vocabulary, search === value?.label ? "" : search);
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
