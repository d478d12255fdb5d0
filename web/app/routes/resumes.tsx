import { ResumeSearchPage } from "~/features/resumes/ResumeSearchPage";

export function meta() {
  return [{ title: "Search resumes | Jobboard" }];
}

export default function ResumesRoute() {
  return <ResumeSearchPage />;
}
