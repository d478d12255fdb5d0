import { ForgotPasswordPage } from "~/features/identity/PasswordPages";

export function meta() {
  return [{ title: "Forgot your password? | Jobboard" }, { name: "robots", content: "noindex" }];
}

export default function UserPasswordRoute() {
  return <ForgotPasswordPage />;
}
