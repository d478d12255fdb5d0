import { redirect } from "react-router";

/** Spec 2: /job-bookmarks-anon goes to /jobs#save-search (visitors save a search instead). */
export function loader() {
  return redirect("/jobs#save-search", 301);
}

export default function JobBookmarksAnonRoute() {
  return null;
}
