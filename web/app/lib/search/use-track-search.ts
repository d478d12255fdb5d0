import { useEffect, useRef } from "react";
import { track } from "~/lib/analytics";

/**
 * Spec 7: a search page's event (job_search, resume_search) with the search query and the
 * number of results, once per search (not again on re-render); nothing until there are results.
 */
export function useTrackSearch(
  event: "job_search" | "resume_search",
  href: string,
  search: string,
  total: number | null,
) {
  const tracked = useRef<string | null>(null);
  useEffect(() => {
    if (total === null || tracked.current === href) return;
    tracked.current = href;
    track(event, { search_query: search, results: total });
  }, [event, href, search, total]);
}
