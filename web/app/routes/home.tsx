import { HomePage } from "~/features/home/HomePage";

export function meta() {
  return [
    { title: "Jobboard: find jobs, organizations and resumes" },
    { name: "description", content: "Search jobs and organizations on Jobboard." },
  ];
}

export default function HomeRoute() {
  return <HomePage />;
}
