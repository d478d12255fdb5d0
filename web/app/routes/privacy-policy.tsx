import { PrivacyPolicyPage } from "~/features/consent/PrivacyPolicyPage";

export function meta() {
  return [{ title: "Privacy policy | Jobboard" }];
}

export default function PrivacyPolicyRoute() {
  return <PrivacyPolicyPage />;
}
