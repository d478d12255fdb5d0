import { AuthErrorPage } from "~/features/identity/AuthErrorPage";
import type { Route } from "./+types/user-auth-error";

export function meta() {
  return [{ title: "Sign-in problem | Jobboard" }, { name: "robots", content: "noindex" }];
}

export function loader({ request }: Route.LoaderArgs) {
  return { error: new URL(request.url).searchParams.get("error") };
}

export default function UserAuthErrorRoute({ loaderData }: Route.ComponentProps) {
  return <AuthErrorPage error={loaderData.error} />;
}
