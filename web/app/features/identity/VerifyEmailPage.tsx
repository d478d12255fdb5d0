import { useMutation } from "@apollo/client/react";
import { Alert, Anchor, Loader, Stack, Text, Title } from "@mantine/core";
import { useEffect, useRef } from "react";
import { NavLink } from "~/components/Link";
import { graphql } from "~/lib/graphql/generated/gql";
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

function LoginLink() {
  return (
    <Anchor component={NavLink} to="/user/login">
      Log in
    </Anchor>
  );
}

/** What the visitor reads once identity answered; every answer of the union is handled. */
function Answer({ outcome }: { outcome: Outcome }) {
  switch (outcome.__typename) {
    case "VerifyEmailSuccess":
      return (
        <Alert color="green" title="Your email address is confirmed" role="status">
          <Text>
            Thank you, {outcome.user.firstName}. You can now <LoginLink /> and apply to jobs.
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
          title={alreadyConfirmed ? "Already confirmed" : "This link does not work"}
          role={alreadyConfirmed ? "status" : "alert"}
        >
          <Text>{error?.message ?? "This link is not valid. Ask for a new one."}</Text>
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
      <Alert color="red" title="This link does not work" role="alert">
        This link is not valid. Ask for a new one.
      </Alert>
    );
  } else if (error) {
    body = (
      <Alert color="red" title="We could not confirm your address" role="alert">
        Something went wrong on our side. Open the link again in a moment.
      </Alert>
    );
  } else if (data) {
    body = <Answer outcome={data.verifyEmail} />;
  } else {
    body = (
      <Text role="status">
        <Loader size="xs" mr="xs" />
        Confirming your email address…
      </Text>
    );
  }

  return (
    <Stack gap="md" maw={560}>
      <Title order={1}>Confirm your email address</Title>
      {body}
    </Stack>
  );
}
