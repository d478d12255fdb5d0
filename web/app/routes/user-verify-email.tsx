import { useSearchParams } from "react-router";
import { VerifyEmailPage } from "~/features/identity/VerifyEmailPage";

export function meta() {
  return [{ title: "Confirm your email address | Jobboard" }, { name: "robots", content: "noindex" }];
}

export default function UserVerifyEmailRoute() {
  const [params] = useSearchParams();
  return <VerifyEmailPage token={params.get("token")} />;
}
