import { DashboardPage } from "~/features/identity/DashboardPage";
import { requireSession } from "~/lib/session.server";
import type { Route } from "./+types/dashboard";

export function meta() {
  return [
    { title: "Dashboard | Jobboard" },
    { name: "robots", content: "noindex" },
  ];
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireSession(request);
  return null;
}

export default function DashboardRoute() {
  return <DashboardPage />;
}
