import { LogoutPage } from "~/features/identity/LogoutPage";

export function meta() {
  return [{ title: "Log out | Jobboard" }, { name: "robots", content: "noindex" }];
}

export default function UserLogoutRoute() {
  return <LogoutPage />;
}
