import { Box, Button, Flex, NativeSelect, TextInput } from "@mantine/core";
import { useState, type FormEvent } from "react";
import { useNavigate } from "~/lib/site-locale";
import {
  DEFAULT_UNIT,
  JOB_FACET_FIELDS,
  jobSearchHref,
  jobSearchPath,
  parseJobSearchParams,
  RADIUS_OPTIONS,
  type CategorySelection,
  type GeoSelection,
  type JobSearchState,
} from "./job-search-params";
import { LocationField } from "./LocationField";
import { FormattedMessage, useIntl } from "react-intl";
import { defineMessages } from "~/lib/i18n/define-messages";

const messages = defineMessages({
  form: { id: "search.jobs.form", defaultMessage: "Search jobs" },
  keywords: { id: "search.keywords", defaultMessage: "Keywords" },
  keywordsPlaceholder: { id: "search.keywords.placeholder", defaultMessage: "Job title, skill or organization" },
  radius: { id: "search.radius", defaultMessage: "Radius" },
  radiusOption: { id: "search.radius.option", defaultMessage: "{radius, number} {unit}" },
  choose: { id: "search.radius.choose", defaultMessage: "Choose" },
  submit: { id: "search.submit", defaultMessage: "Search" },
});


function formParams(form: HTMLFormElement): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of new FormData(form)) {
    if (typeof value === "string") params.append(key, value);
  }
  return params;
}

/**
 * The search bar: keywords, place (autocomplete) and radius. A plain GET form (it works without
 * JavaScript; the current filters and sorting ride along as hidden fields); with JavaScript the
 * same fields become a client-side navigation to a tidy URL. A new search starts at page 1.
 */
export function JobSearchBar({
  state,
  categories,
}: {
  state: JobSearchState;
  categories: readonly CategorySelection[];
}) {
  const intl = useIntl();
  const navigate = useNavigate();
  const radiusData = RADIUS_OPTIONS.map((option) => ({
    value: String(option),
    label: intl.formatMessage(messages.radiusOption, { radius: option, unit: DEFAULT_UNIT }),
  }));
  const [geo, setGeo] = useState<GeoSelection | null>(state.geo);
  const area = geo?.locationType === "country" || geo?.locationType === "administrative_area_level_1";
  const radius = RADIUS_OPTIONS.some((option) => option === state.radius) ? String(state.radius) : "";

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next = parseJobSearchParams(formParams(event.currentTarget));
    void navigate(jobSearchHref({ ...next, page: 1 }, categories));
  };

  return (
    <Box
      component="form"
      method="get"
      action={jobSearchPath(categories)}
      onSubmit={submit}
      role="search"
      aria-label={intl.formatMessage(messages.form)}
    >
      <Flex direction={{ base: "column", sm: "row" }} gap="sm" align={{ base: "stretch", sm: "flex-end" }}>
        <TextInput
          name="search"
          type="search"
          label={intl.formatMessage(messages.keywords)}
          placeholder={intl.formatMessage(messages.keywordsPlaceholder)}
          defaultValue={state.search}
          maxLength={500}
          style={{ flex: 3 }}
        />
        {/* Place and radius stay side by side, on phones too. */}
        <Flex gap="sm" align="flex-end" style={{ flex: 4 }}>
          <Box style={{ flex: 1, minWidth: 0 }}>
            <LocationField initial={state.geo} onChange={setGeo} />
          </Box>
          <NativeSelect
            name="radius"
            label={intl.formatMessage(messages.radius)}
            data={radius ? radiusData : [{ value: "", label: intl.formatMessage(messages.choose) }, ...radiusData]}
            defaultValue={radius}
            disabled={area}
            w="6.5rem"
            onChange={(event) => {
              // With a place picked, a new radius searches at once.
              if (geo?.locationType === "locality") event.currentTarget.form?.requestSubmit();
            }}
          />
        </Flex>
        {JOB_FACET_FIELDS.filter((field) => state.filters[field].length > 0).map((field) => (
          <input key={field} type="hidden" name={field} value={state.filters[field].join(",")} />
        ))}
        {state.sorting !== "relevancy" ? <input type="hidden" name="sorting" value={state.sorting} /> : null}
        <Button type="submit">
          <FormattedMessage {...messages.submit} />
        </Button>
      </Flex>
    </Box>
  );
}
