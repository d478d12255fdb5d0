import { useIntl } from "react-intl";
import { defineMessages } from "~/lib/i18n/define-messages";
import {
  JOB_FACET_FIELDS,
  jobSearchHref,
  jobSearchPath,
  parseJobSearchParams,
  type CategorySelection,
  type JobSearchState,
} from "./job-search-params";
import { SearchBar, type HiddenField } from "~/components/search/SearchBar";

const messages = defineMessages({
  form: { id: "search.jobs.form", defaultMessage: "Search jobs" },
  keywordsPlaceholder: { id: "search.keywords.placeholder", defaultMessage: "Job title, skill or organization" },
});

/**
 * The job search bar: keywords, place (autocomplete) and radius (SearchBar). The current
 * filters and sorting ride along as hidden fields; a new search starts at page 1.
 */
export function JobSearchBar({
  state,
  categories,
}: {
  state: JobSearchState;
  categories: readonly CategorySelection[];
}) {
  const intl = useIntl();
  const hidden: HiddenField[] = JOB_FACET_FIELDS.filter((field) => state.filters[field].length > 0).map((field) => ({
    name: field,
    value: state.filters[field].join(","),
  }));
  if (state.sorting !== "relevancy") hidden.push({ name: "sorting", value: state.sorting });
  return (
    <SearchBar
      action={jobSearchPath(categories)}
      label={intl.formatMessage(messages.form)}
      keywordsPlaceholder={intl.formatMessage(messages.keywordsPlaceholder)}
      search={state.search}
      geo={state.geo}
      radius={state.radius}
      hidden={hidden}
      href={(params) => jobSearchHref({ ...parseJobSearchParams(params), page: 1 }, categories)}
    />
  );
}
