import { resolvePlace, SEARCH_UNAVAILABLE_MESSAGE, type SearchClient, type SearchOutcome } from "~/lib/search/place";
import { RESUME_SEARCH, type ResumeSearchResultsView } from "./recruiter-documents";
import { buildResumeSearchInput, parseResumeSearchParams, type ResumeSearchState } from "./resume-search-params";

/** The resume search's answer; "off" when the site has turned resumes off. */
export type ResumeSearchOutcome = SearchOutcome<ResumeSearchResultsView> | { kind: "off"; message: string };

export interface ResumeSearchPageData {
  state: ResumeSearchState;
  outcome: ResumeSearchOutcome;
  /** Problems with the request the page explains (a place that could not be found). */
  notices: string[];
}

function errorMessages(answer: { message: string; errors: readonly { message: string }[] }): string[] {
  const messages = answer.errors.map((error) => error.message);
  return messages.length > 0 ? [...new Set(messages)] : [answer.message];
}

/** Runs the resume search; a failure to reach the API reads as "unavailable", never a crash. */
export async function searchResumes(client: SearchClient, state: ResumeSearchState): Promise<ResumeSearchOutcome> {
  try {
    const { data } = await client.query({
      query: RESUME_SEARCH,
      variables: { input: buildResumeSearchInput(state) },
      fetchPolicy: "no-cache",
    });
    const answer = data?.resumeSearch;
    if (!answer) return { kind: "unavailable", message: SEARCH_UNAVAILABLE_MESSAGE };
    switch (answer.__typename) {
      case "ResumeSearchResults":
        return { kind: "results", results: answer };
      case "SearchErrors":
        return { kind: "errors", messages: errorMessages(answer) };
      case "SearchUnavailable":
        return { kind: "unavailable", message: answer.message || SEARCH_UNAVAILABLE_MESSAGE };
      case "ResumeSearchOff":
        return { kind: "off", message: answer.message };
    }
  } catch {
    return { kind: "unavailable", message: SEARCH_UNAVAILABLE_MESSAGE };
  }
}

/** /resumes: the query's filters, a typed place looked up, then the search (server-side, like /jobs). */
export async function loadResumeSearch(client: SearchClient, url: URL): Promise<ResumeSearchPageData> {
  const parsed = parseResumeSearchParams(url.searchParams);
  const { state, notice } = await resolvePlace(client, parsed, "resumes");
  const outcome = await searchResumes(client, state);
  return { state, outcome, notices: notice ? [notice] : [] };
}

/** The status the page answers with: 503 when the index is down, 400 for refused input. */
export function resumeOutcomeStatus(outcome: ResumeSearchOutcome): number {
  if (outcome.kind === "unavailable") return 503;
  if (outcome.kind === "errors") return 400;
  return 200;
}
