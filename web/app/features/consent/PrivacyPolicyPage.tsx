import { useQuery } from "@apollo/client/react";
import { Alert, Skeleton, Stack, Title, Typography } from "@mantine/core";
import { FormattedMessage } from "react-intl";
import { defineMessages } from "~/lib/i18n/define-messages";
import { GDPR_CONSENT_INFOS, TERMS_PLACEMENT, TERMS_TYPE } from "./documents";

const messages = defineMessages({
  title: { id: "consent.privacy.title", defaultMessage: "Privacy policy" },
  failed: { id: "consent.privacy.failed", defaultMessage: "There was an error loading the GDPR consent." },
});

/** The page's name, for its document title. */
export const PRIVACY_POLICY_TITLE = messages.title;

/** The privacy policy in full: the current revision of the REGISTRATION privacy-policy info. */
export function PrivacyPolicyPage() {
  const { data, loading, error } = useQuery(GDPR_CONSENT_INFOS, {
    variables: { type: TERMS_TYPE, placement: TERMS_PLACEMENT, limit: 1 },
  });
  const info = data?.getGdprConsentInfos[0];
  return (
    <Stack gap="md" maw={760}>
      <Title order={1}>
        <FormattedMessage {...messages.title} />
      </Title>
      {error ? (
        <Alert color="red" role="alert">
          <FormattedMessage {...messages.failed} />
        </Alert>
      ) : null}
      {loading && !data ? <Skeleton height={160} radius="md" /> : null}
      {info ? (
        <Typography>
          <div dangerouslySetInnerHTML={{ __html: info.text }} />
        </Typography>
      ) : null}
    </Stack>
  );
}
