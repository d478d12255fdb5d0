import type { Route } from "./+types/jobs";
import { JobSearchPage } from "~/features/jobs/JobSearchPage";
import { taxonomySegments } from "~/features/jobs/taxonomy";
import { lowercasePathRedirect } from "~/lib/lowercase-path";

export function loader({ request, params }: Route.LoaderArgs) {
  const lowercase = lowercasePathRedirect(request);
  if (lowercase) throw lowercase;
  return { categories: taxonomySegments(params["*"]) };
}

export function meta() {
  return [{ title: "Search jobs | Jobboard" }];
}

export default function JobsRoute({ loaderData }: Route.ComponentProps) {
  return <JobSearchPage categories={loaderData.categories} />;
}
