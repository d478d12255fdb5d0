import { AccountPage } from "~/features/identity/AccountPage";
import { requireSession } from "~/lib/session.server";
import type { Route } from "./+types/user-account";

export function meta() {
  return [{ title: "Account settings | Jobboard" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireSession(request);
  return null;
}

export default function UserAccountRoute() {
  return <AccountPage />;
}
