import type { ApolloClient } from "@apollo/client";
import { SIMILAR_JOBS, type SimilarJobView } from "./documents";

/**
 * The job page's "Similar jobs", loaded on the server with the page. A failure (search down,
 * an error) shows no section rather than failing the job page.
 */
export async function loadSimilarJobs(
  client: Pick<ApolloClient, "query">,
  jobId: string,
): Promise<SimilarJobView[]> {
  try {
    const { data } = await client.query({
      query: SIMILAR_JOBS,
      variables: { jobId },
      fetchPolicy: "no-cache",
    });
    const answer = data?.recommendedJobs;
    if (!answer) return [];
    switch (answer.__typename) {
      case "RecommendedJobs":
        return answer.hits.filter((hit) => hit.job.id !== jobId);
      case "SearchErrors":
      case "SearchUnavailable":
        return [];
    }
  } catch {
    return [];
  }
}
