import { Box, Button, Flex, NativeSelect, TextInput } from "@mantine/core";
import { useState, type FormEvent } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { defineMessages } from "~/lib/i18n/define-messages";
import { useNavigate } from "~/lib/site-locale";
import { effectiveRadius, isAreaLocationType, RADIUS_OPTIONS, useSiteGeo, type GeoSelection } from "~/lib/search/geo";
import { LocationField } from "./LocationField";

const messages = defineMessages({
  keywords: { id: "search.keywords", defaultMessage: "Keywords" },
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

/** A field the form carries along unchanged (the current filters and sorting). */
export interface HiddenField {
  name: string;
  value: string;
}

/**
 * A search page's bar: keywords, place (autocomplete) and radius. A plain GET form to `action`
 * (it works without JavaScript; `hidden` rides along); with JavaScript the same fields become a
 * client-side navigation to `href(params)`, the page's tidy URL. For a whole area (a country, an
 * administrative area) the radius does not apply: the job search disables it, the resume search
 * hides it (spec 9).
 */
export function SearchBar({
  action,
  label,
  keywordsPlaceholder,
  search,
  geo: initialGeo,
  radius: currentRadius,
  hidden,
  href,
  areaRadius = "disabled",
}: {
  action: string;
  /** The form's accessible name ("Search jobs"). */
  label: string;
  keywordsPlaceholder: string;
  search: string;
  geo: GeoSelection | null;
  /** In the site's unit; null for the site's default. */
  radius: number | null;
  hidden: readonly HiddenField[];
  href: (params: URLSearchParams) => string;
  areaRadius?: "disabled" | "hidden";
}) {
  const intl = useIntl();
  const navigate = useNavigate();
  const site = useSiteGeo();
  const radiusData = RADIUS_OPTIONS.map((option) => ({
    value: String(option),
    label: intl.formatMessage(messages.radiusOption, { radius: option, unit: site.unit }),
  }));
  const [geo, setGeo] = useState<GeoSelection | null>(initialGeo);
  const area = isAreaLocationType(geo?.locationType);
  const shown = effectiveRadius(currentRadius, site);
  const radius = RADIUS_OPTIONS.some((option) => option === shown) ? String(shown) : "";

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const params = formParams(event.currentTarget);
    // the site's default radius is no part of a tidy address
    if (params.get("radius") === String(site.defaultRadius)) params.delete("radius");
    void navigate(href(params));
  };

  return (
    <Box component="form" method="get" action={action} onSubmit={submit} role="search" aria-label={label}>
      <Flex direction={{ base: "column", sm: "row" }} gap="sm" align={{ base: "stretch", sm: "flex-end" }}>
        <TextInput
          name="search"
          type="search"
          label={intl.formatMessage(messages.keywords)}
          placeholder={keywordsPlaceholder}
          defaultValue={search}
          maxLength={500}
          style={{ flex: 3 }}
        />
        {/* Place and radius stay side by side, on phones too. */}
        <Flex gap="sm" align="flex-end" style={{ flex: 4 }}>
          <Box style={{ flex: 1, minWidth: 0 }}>
            <LocationField initial={initialGeo} onChange={setGeo} />
          </Box>
          {area && areaRadius === "hidden" ? null : (
            <NativeSelect
              // the site's default arrives with its configuration: an uncontrolled select shows it
              key={radius}
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
          )}
        </Flex>
        {hidden.map((field) => (
          <input key={field.name} type="hidden" name={field.name} value={field.value} />
        ))}
        <Button type="submit">
          <FormattedMessage {...messages.submit} />
        </Button>
      </Flex>
    </Box>
  );
}
