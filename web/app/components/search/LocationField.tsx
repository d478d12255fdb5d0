import { Autocomplete, Loader } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useMemo, useState } from "react";
import { LOCATION_SUGGESTIONS } from "~/lib/search/documents";
import type { GeoSelection } from "~/lib/search/geo";
import { suggestionToGeo } from "~/lib/search/place";
import { useIntl } from "react-intl";
import { defineMessages } from "~/lib/i18n/define-messages";
import { useBrowserQuery } from "~/lib/apollo/lazy-client";

const messages = defineMessages({
  label: { id: "search.location", defaultMessage: "Location" },
  placeholder: { id: "search.location.placeholder", defaultMessage: "City, state or country" },
});

/** Spec 9: address autocomplete waits 250 ms and starts from one character. */
export const LOCATION_AUTOCOMPLETE_DELAY_MS = 250;
export const LOCATION_AUTOCOMPLETE_MIN_LENGTH = 1;
const SUGGESTIONS = 8;

/**
 * The place field of the search bar. Picking a suggestion fills the hidden fields the URL keeps
 * (lat/lon for a city, country and state for an area); text typed without picking is sent as
 * geo_location alone and looked up by the page's loader.
 */
export function LocationField({
  initial,
  onChange,
}: {
  initial: GeoSelection | null;
  onChange?: (geo: GeoSelection | null) => void;
}) {
  const intl = useIntl();
  const [text, setText] = useState(initial?.label ?? "");
  const [chosen, setChosen] = useState<GeoSelection | null>(initial?.locationType ? initial : null);
  const [debounced] = useDebouncedValue(text.trim(), LOCATION_AUTOCOMPLETE_DELAY_MS);
  const typing = debounced.length >= LOCATION_AUTOCOMPLETE_MIN_LENGTH && debounced !== chosen?.label;
  const { data, loading } = useBrowserQuery(LOCATION_SUGGESTIONS, {
    variables: { text: debounced.slice(0, 100), limit: SUGGESTIONS },
    skip: !typing,
  });
  const suggestions = useMemo(() => (typing ? (data?.locationSuggestions ?? []) : []), [data, typing]);
  const labels = useMemo(() => [...new Set(suggestions.map((place) => place.label))], [suggestions]);

  const choose = (geo: GeoSelection | null) => {
    setChosen(geo);
    onChange?.(geo);
  };

  return (
    <>
      <Autocomplete
        name="geo_location"
        label={intl.formatMessage(messages.label)}
        placeholder={intl.formatMessage(messages.placeholder)}
        autoComplete="off"
        value={text}
        data={labels}
        filter={({ options }) => options}
        rightSection={loading ? <Loader size="xs" /> : null}
        onChange={(value) => {
          setText(value);
          // Editing a picked place un-picks it: the text alone is looked up on submit.
          if (chosen && value !== chosen.label) choose(null);
        }}
        onOptionSubmit={(label) => {
          const place = suggestions.find((candidate) => candidate.label === label);
          setText(label);
          choose(place ? suggestionToGeo(place) : null);
        }}
        // the dropdown mounts when it opens: kept mounted (Combobox's default), it was rendered,
        // measured and positioned with every page's hydration although nobody had typed yet
        comboboxProps={{ withinPortal: true, keepMounted: false }}
      />
      <PlaceFields geo={chosen} />
    </>
  );
}

/** The chosen place's hidden form fields (spec 2's keys). */
function PlaceFields({ geo }: { geo: GeoSelection | null }) {
  if (!geo) return null;
  switch (geo.locationType) {
    case "locality":
      return (
        <>
          <input type="hidden" name="lat" value={geo.lat} />
          <input type="hidden" name="lon" value={geo.lon} />
        </>
      );
    case "country":
      return <input type="hidden" name="country" value={geo.country} />;
    case "administrative_area_level_1":
      return (
        <>
          <input type="hidden" name="country" value={geo.country} />
          <input type="hidden" name="administrative_area_level_1" value={geo.administrativeArea} />
        </>
      );
    case null:
      return null;
  }
}
