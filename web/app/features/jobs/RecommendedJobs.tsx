import { useQuery } from "@apollo/client/react";
import { FormattedMessage } from "react-intl";
import { defineMessages } from "~/lib/i18n/define-messages";
import { SIMILAR_JOBS } from "./documents";
import { SimilarJobs } from "./SimilarJobs";

const messages = defineMessages({
  title: { id: "jobs.recommended.title", defaultMessage: "Recommended for you" },
});

/** Up to four open jobs like `jobId` (the dashboard's); nothing without a job or hits. */
export function RecommendedJobs({ jobId }: { jobId: string | null }) {
  const { data } = useQuery(SIMILAR_JOBS, { variables: { jobId: jobId ?? "" }, skip: jobId === null });
  const answer = data?.recommendedJobs;
  const hits = answer?.__typename === "RecommendedJobs" ? answer.hits.slice(0, 4) : [];
  return <SimilarJobs jobs={hits} title={<FormattedMessage {...messages.title} />} />;
}
