import { useSearchParams } from "react-router";
import { ResetPasswordPage } from "~/features/identity/PasswordPages";

export function meta() {
  return [{ title: "Choose a new password | Jobboard" }, { name: "robots", content: "noindex" }];
}

export default function UserResetPasswordRoute() {
  const [params] = useSearchParams();
  return <ResetPasswordPage token={params.get("token")} />;
}
