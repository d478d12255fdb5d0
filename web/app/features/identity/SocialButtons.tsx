import { Button, Divider, Stack } from "@mantine/core";
import { useState } from "react";
import { FormattedMessage } from "react-intl";
import { defineMessages } from "~/lib/i18n/define-messages";
import { rememberSignUpRole, signInWithProvider } from "./session";

const messages = defineMessages({
  or: { id: "social.or", defaultMessage: "or" },
  login: { id: "social.login", defaultMessage: "Log in with {provider}" },
  signUp: { id: "social.signUp", defaultMessage: "Sign up with {provider}" },
});

export interface SocialButtonsProps {
  providers: { id: string; name: string }[];
  callbackUrl: string;
  /** Sign-up only: the role the new account gets (applicant or recruiter). */
  signUpRole?: string;
  /** Sign-up only: the consent infos ticked; the buttons wait until the required ones are. */
  signUpConsents?: string[];
  consentMissing?: boolean;
  onConsentMissing?: () => void;
  verb: "login" | "signUp";
}

/** One button per configured OpenID Connect provider; nothing when none is configured. */
export function SocialButtons({
  providers,
  callbackUrl,
  signUpRole,
  signUpConsents,
  consentMissing,
  onConsentMissing,
  verb,
}: SocialButtonsProps) {
  const [pending, setPending] = useState<string | null>(null);
  if (providers.length === 0) return null;

  const start = (provider: string) => {
    if (consentMissing) {
      onConsentMissing?.();
      return;
    }
    setPending(provider);
    rememberSignUpRole(signUpRole, signUpConsents);
    void signInWithProvider(provider, callbackUrl).catch(() =>
      setPending(null),
    );
  };

  return (
    <Stack gap="xs">
      <Divider label={<FormattedMessage {...messages.or} />} labelPosition="center" />
      {providers.map((provider) => (
        <Button
          key={provider.id}
          variant="default"
          loading={pending === provider.id}
          onClick={() => start(provider.id)}
        >
          <FormattedMessage {...messages[verb]} values={{ provider: provider.name }} />
        </Button>
      ))}
    </Stack>
  );
}
