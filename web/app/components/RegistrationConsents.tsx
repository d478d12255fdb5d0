import { useQuery } from "@apollo/client/react";
import { Checkbox, Stack, Text, Typography } from "@mantine/core";
import { useIntl } from "react-intl";
import { defineMessages } from "~/lib/i18n/define-messages";
import { graphql } from "~/lib/graphql/generated/gql";

export const REGISTRATION_CONSENT_INFOS = graphql(`
  query RegistrationConsentInfos($language: String) {
    getGdprConsentInfos(
      placement: "REGISTRATION"
      language: $language
      limit: 20
    ) {
      id
      type
      optIn
      text
    }
  }
`);

const messages = defineMessages({
  agree: { id: "registrationConsents.agree", defaultMessage: "I agree with the terms and conditions." },
  // Spec 5: the exact text.
  required: { id: "registrationConsents.required", defaultMessage: "Please accept the terms and conditions" },
});

/** The sign-up's message when an opt-in consent is not ticked. */
export const CONSENT_REQUIRED = messages.required;

export interface RegistrationConsentInfo {
  id: string;
  optIn: boolean;
  text: string;
}

/** The REGISTRATION consent infos a sign-up shows (consent service); none while it is down. */
export function useRegistrationConsents(): RegistrationConsentInfo[] {
  const { data } = useQuery(REGISTRATION_CONSENT_INFOS);
  return data?.getGdprConsentInfos ?? [];
}

/** Whether every opt-in info is ticked (the sign-up's required consent). */
export function consentsComplete(
  infos: RegistrationConsentInfo[],
  accepted: string[],
): boolean {
  return infos.every((info) => !info.optIn || accepted.includes(info.id));
}

/** Opt-in infos as required checkboxes, notices as text. */
export function RegistrationConsents({
  infos,
  accepted,
  onChange,
  error,
}: {
  infos: RegistrationConsentInfo[];
  accepted: string[];
  onChange: (accepted: string[]) => void;
  error?: string;
}) {
  const intl = useIntl();
  if (infos.length === 0) return null;
  return (
    <Stack gap="xs">
      {infos.map((info) =>
        info.optIn ? (
          <Checkbox
            key={info.id}
            required
            aria-label={intl.formatMessage(messages.agree)}
            checked={accepted.includes(info.id)}
            error={error && !accepted.includes(info.id) ? error : undefined}
            onChange={(event) => {
              const checked = event.currentTarget.checked;
              onChange(
                checked
                  ? [...accepted, info.id]
                  : accepted.filter((id) => id !== info.id),
              );
            }}
            label={
              <Typography fz="sm">
                <div dangerouslySetInnerHTML={{ __html: info.text }} />
              </Typography>
            }
          />
        ) : (
          <Text key={info.id} size="sm" component="div">
            <div dangerouslySetInnerHTML={{ __html: info.text }} />
          </Text>
        ),
      )}
    </Stack>
  );
}
