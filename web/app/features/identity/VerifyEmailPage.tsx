import { useMutation } from "@apollo/client/react";
import { Alert, Anchor, Loader, Stack, Text, Title } from "@mantine/core";
import { type ReactNode, useEffect, useRef } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { NavLink } from "~/components/Link";
import { graphql } from "~/lib/graphql/generated/gql";
import { defineMessages } from "~/lib/i18n/define-messages";
import type { VerifyEmailMutation } from "~/lib/graphql/generated/graphql";

export const VERIFY_EMAIL = graphql(`
  mutation VerifyEmail($token: String!) {
    verifyEmail(token: $token) {
      __typename
      ... on VerifyEmailSuccess {
        user {
          id
          firstName
          emailVerified
        }
      }
      ... on AccountErrors {
        errors {
          code
          message
        }
      }
    }
  }
`);

type Outcome = VerifyEmailMutation["verifyEmail"];

const messages = defineMessages({
  logIn: { id: "verifyEmail.logIn", defaultMessage: "Log in" },
  confirmed: { id: "verifyEmail.confirmed", defaultMessage: "Your email address is confirmed" },
  thanks: { id: "verifyEmail.thanks", defaultMessage: "Thank you, {name}. You can now <login>Log in</login> and apply to jobs." },
  already: { id: "verifyEmail.already", defaultMessage: "Already confirmed" },
  broken: { id: "verifyEmail.broken", defaultMessage: "This link does not work" },
  invalid: { id: "verifyEmail.invalid", defaultMessage: "This link is not valid. Ask for a new one." },
  failedTitle: { id: "verifyEmail.failed.title", defaultMessage: "We could not confirm your address" },
  failedText: {
    id: "verifyEmail.failed.text",
    defaultMessage: "Something went wrong on our side. Open the link again in a moment.",
  },
  confirming: { id: "verifyEmail.confirming", defaultMessage: "Confirming your email address…" },
  title: { id: "verifyEmail.title", defaultMessage: "Confirm your email address" },
});

/** The page's name, for its document title. */
export const VERIFY_EMAIL_TITLE = messages.title;

function LoginLink({ children }: { children?: ReactNode }) {
  return (
    <Anchor component={NavLink} to="/user/login">
      {children ?? <FormattedMessage {...messages.logIn} />}
    </Anchor>
  );
}

/** What the visitor reads once identity answered; every answer of the union is handled. */
function Answer({ outcome }: { outcome: Outcome }) {
  const intl = useIntl();
  switch (outcome.__typename) {
    case "VerifyEmailSuccess":
      return (
        <Alert color="green" title={intl.formatMessage(messages.confirmed)} role="status">
          <Text>
            <FormattedMessage
              {...messages.thanks}
              values={{ name: outcome.user.firstName, login: (chunks) => <LoginLink>{chunks}</LoginLink> }}
            />
          </Text>
        </Alert>
      );
    case "AccountErrors": {
      const [error] = outcome.errors;
      // An address confirmed already is good news, not a failure.
      const alreadyConfirmed = error?.code === "LINK_USED";
      return (
        <Alert
          color={alreadyConfirmed ? "blue" : "red"}
          title={intl.formatMessage(alreadyConfirmed ? messages.already : messages.broken)}
          role={alreadyConfirmed ? "status" : "alert"}
        >
          <Text>{error?.message ?? intl.formatMessage(messages.invalid)}</Text>
          <Text mt="xs">
            <LoginLink />
          </Text>
        </Alert>
      );
    }
  }
}

/** The landing page of the mailed link: /user/verify-email?token=... confirms the address. */
export function VerifyEmailPage({ token }: { token: string | null }) {
  const intl = useIntl();
  const [verify, { data, error }] = useMutation(VERIFY_EMAIL);
  const sent = useRef(false);

  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true; // once, also under React's development double effects
    void verify({ variables: { token } }).catch(() => undefined);
  }, [token, verify]);

  let body;
  if (!token) {
    body = (
      <Alert color="red" title={intl.formatMessage(messages.broken)} role="alert">
        <FormattedMessage {...messages.invalid} />
      </Alert>
    );
  } else if (error) {
    body = (
      <Alert color="red" title={intl.formatMessage(messages.failedTitle)} role="alert">
        <FormattedMessage {...messages.failedText} />
      </Alert>
    );
  } else if (data) {
    body = <Answer outcome={data.verifyEmail} />;
  } else {
    body = (
      <Text role="status">
        <Loader size="xs" mr="xs" />
        <FormattedMessage {...messages.confirming} />
      </Text>
    );
  }

  return (
    <Stack gap="md" maw={560}>
      <Title order={1}>
        <FormattedMessage {...messages.title} />
      </Title>
      {body}
    </Stack>
  );
}
