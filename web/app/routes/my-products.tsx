import { hasRecruiterAccess } from "~/features/identity/roles";
import { MyProductsPage } from "~/features/billing/MyProductsPage";
import { requireSession } from "~/lib/session.server";
import type { Route } from "./+types/my-products";

export function meta() {
  return [
    { title: "My products | Jobboard" },
    { name: "robots", content: "noindex" },
  ];
}

/** Spec 6: recruiter-type users see credits; visitors log in, applicants are refused. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireSession(request, (user) => hasRecruiterAccess(user.roles));
  return null;
}

export default function MyProductsRoute() {
  return <MyProductsPage />;
}
