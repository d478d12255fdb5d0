import { useQuery } from "@apollo/client/react";
import { Autocomplete, Loader } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useMemo, type ReactNode } from "react";
import { useIntl } from "react-intl";
import { defineMessages } from "~/lib/i18n/define-messages";
import { RESUME_WIZARD_PLACES } from "./documents";
import type { PlaceDraft } from "./resume-form";

const SUGGESTIONS = 8;
/** Spec 9: address autocomplete waits 250 ms and starts from one character. */
export const PLACE_AUTOCOMPLETE_DELAY_MS = 250;
const MIN_LENGTH = 1;

const messages = defineMessages({
  placeholder: { id: "resumeWizard.place.placeholder", defaultMessage: "Start typing a city" },
  pick: { id: "resumeWizard.place.pick", defaultMessage: "Choose the city from the list." },
});

/**
 * A city, with the location autocomplete of the job search (spec 9: 250 ms, from one
 * character). Only cities are offered: the resume keeps a locality and its country.
 */
export function PlaceField({
  label,
  description,
  value,
  onChange,
  error,
}: {
  label: ReactNode;
  description?: ReactNode;
  value: PlaceDraft;
  onChange: (next: PlaceDraft) => void;
  error?: string;
}) {
  const intl = useIntl();
  const [debounced] = useDebouncedValue(value.text.trim(), PLACE_AUTOCOMPLETE_DELAY_MS);
  const typing = debounced.length >= MIN_LENGTH && value.place === null;
  const { data, loading } = useQuery(RESUME_WIZARD_PLACES, {
    variables: { text: debounced.slice(0, 100), limit: SUGGESTIONS },
    skip: !typing,
  });
  const cities = useMemo(
    () => (typing ? (data?.locationSuggestions ?? []).filter((place) => place.locationType === "locality") : []),
    [data, typing],
  );
  const labels = useMemo(() => [...new Set(cities.map((place) => place.label))], [cities]);
  // typed, settled, and nothing to pick from: say what the field needs
  const unpicked = value.text.trim() !== "" && value.place === null && debounced === value.text.trim() && !loading && labels.length === 0;
  return (
    <Autocomplete
      label={label}
      description={description}
      placeholder={intl.formatMessage(messages.placeholder)}
      autoComplete="off"
      value={value.text}
      data={labels}
      filter={({ options }) => options}
      rightSection={loading ? <Loader size="xs" /> : null}
      error={error ?? (unpicked ? intl.formatMessage(messages.pick) : undefined)}
      onChange={(text) => onChange({ text, place: null })}
      onOptionSubmit={(picked) => {
        const place = cities.find((candidate) => candidate.label === picked);
        onChange({
          text: picked,
          place: place
            ? {
                locality: picked.split(",")[0]?.trim() ?? picked,
                countryCode: place.country,
                administrativeArea: place.administrativeArea ?? null,
                zip: null,
              }
            : null,
        });
      }}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
