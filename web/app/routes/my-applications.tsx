import { MyApplicationsPage } from "~/features/applications/MyApplicationsPage";
import { requireSession } from "~/lib/session.server";
import type { Route } from "./+types/my-applications";

export function meta() {
  return [
    { title: "My applications | Jobboard" },
    { name: "robots", content: "noindex" },
  ];
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireSession(request);
  return null;
}

export default function MyApplicationsRoute() {
  return <MyApplicationsPage />;
}
