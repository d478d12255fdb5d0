import { isAdminLike } from "~/features/identity/roles";
import { MasqueradePage } from "~/features/identity/MasqueradePage";
import { requireSession } from "~/lib/session.server";
import type { Route } from "./+types/admin-masquerade";

export function meta() {
  return [{ title: "Act as another user | Jobboard" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireSession(request, (user) => isAdminLike(user.roles));
  return null;
}

export default function AdminMasqueradeRoute() {
  return <MasqueradePage />;
}
