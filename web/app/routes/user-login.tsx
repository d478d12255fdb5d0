import { LoginPage } from "~/features/identity/LoginPage";

export function meta() {
  return [{ title: "Log in | Jobboard" }];
}

export default function UserLoginRoute() {
  return <LoginPage />;
}
