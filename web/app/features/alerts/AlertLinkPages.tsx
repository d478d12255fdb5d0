import { useMutation, useQuery } from "@apollo/client/react";
import { Alert, Anchor, Button, Loader, Stack, Text, Title } from "@mantine/core";
import { type ReactNode, useEffect, useRef } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { Link } from "~/components/Link";
import { defineMessages } from "~/lib/i18n/define-messages";
import { AlertList } from "./AlertList";
import { CONFIRM_JOB_ALERT, JOB_ALERTS_BY_TOKEN, UNSUBSCRIBE_JOB_ALERT } from "./documents";

const messages = defineMessages({
  confirmTitle: { id: "alerts.confirm.title", defaultMessage: "Confirm your job alert" },
  confirming: { id: "alerts.confirm.confirming", defaultMessage: "Confirming your job alert…" },
  confirmed: { id: "alerts.confirm.confirmed", defaultMessage: "Your job alert is on" },
  confirmedText: {
    id: "alerts.confirm.confirmedText",
    defaultMessage: "We will mail you new jobs for “{name}”. Every mail has a link to manage or stop your alerts.",
  },
  manageTitle: { id: "alerts.manage.title", defaultMessage: "Your job alerts" },
  manageFor: { id: "alerts.manage.for", defaultMessage: "Job alerts sent to {email}" },
  loading: { id: "alerts.manage.loading", defaultMessage: "Loading your job alerts…" },
  unsubscribeTitle: { id: "alerts.unsubscribe.title", defaultMessage: "Stop job alerts" },
  unsubscribeText: {
    id: "alerts.unsubscribe.text",
    defaultMessage: "Stop the job alerts of the mail you came from? You will not get them again.",
  },
  unsubscribe: { id: "alerts.unsubscribe.button", defaultMessage: "Unsubscribe" },
  unsubscribed: { id: "alerts.unsubscribe.done", defaultMessage: "You are unsubscribed" },
  unsubscribedText: {
    id: "alerts.unsubscribe.doneText",
    defaultMessage: "These alerts will not mail you again: {names}.",
  },
  broken: { id: "alerts.link.broken", defaultMessage: "This link does not work" },
  invalid: { id: "alerts.link.invalid", defaultMessage: "This link is not valid; use the link in your latest mail." },
  failedTitle: { id: "alerts.link.failed.title", defaultMessage: "Something went wrong" },
  failedText: { id: "alerts.link.failed.text", defaultMessage: "We could not reach job alerts. Open the link again in a moment." },
  search: { id: "alerts.link.search", defaultMessage: "Search jobs" },
});

/** The pages' names, for their document titles. */
export const CONFIRM_ALERT_TITLE = messages.confirmTitle;
export const MANAGE_ALERTS_TITLE = messages.manageTitle;
export const UNSUBSCRIBE_ALERT_TITLE = messages.unsubscribeTitle;

function Page({ title, children }: { title: typeof messages.confirmTitle; children: ReactNode }) {
  return (
    <Stack gap="md" maw={720}>
      <Title order={1}>
        <FormattedMessage {...title} />
      </Title>
      {children}
    </Stack>
  );
}

/** A refused link: the server's message (expired, forged, gone), else the generic one. */
function Broken({ message }: { message?: string | undefined }) {
  const intl = useIntl();
  return (
    <Alert color="red" title={intl.formatMessage(messages.broken)} role="alert">
      <Text>{message ?? intl.formatMessage(messages.invalid)}</Text>
      <Anchor component={Link} to="/jobs" mt="xs" display="inline-block">
        <FormattedMessage {...messages.search} />
      </Anchor>
    </Alert>
  );
}

function Failed() {
  const intl = useIntl();
  return (
    <Alert color="red" title={intl.formatMessage(messages.failedTitle)} role="alert">
      <FormattedMessage {...messages.failedText} />
    </Alert>
  );
}

function Waiting({ text }: { text: typeof messages.loading }) {
  return (
    <Text role="status">
      <Loader size="xs" mr="xs" />
      <FormattedMessage {...text} />
    </Text>
  );
}

/** /alerts/confirm?token=: the mailed double opt-in link; following it starts the alert. */
export function ConfirmAlertPage({ token }: { token: string | null }) {
  const intl = useIntl();
  const [confirm, { data, error }] = useMutation(CONFIRM_JOB_ALERT);
  const sent = useRef(false);

  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true; // once, also under React's development double effects
    void confirm({ variables: { token } }).catch(() => undefined);
  }, [token, confirm]);

  let body;
  if (!token) body = <Broken />;
  else if (error) body = <Failed />;
  else if (!data) body = <Waiting text={messages.confirming} />;
  else {
    const answer = data.confirmJobAlert;
    body =
      answer.__typename === "JobAlertSaved" ? (
        <Alert color="green" title={intl.formatMessage(messages.confirmed)} role="status">
          <Text>
            <FormattedMessage {...messages.confirmedText} values={{ name: answer.alert.name }} />
          </Text>
          <Anchor component={Link} to={answer.alert.search.path} mt="xs" display="inline-block">
            <FormattedMessage {...messages.search} />
          </Anchor>
        </Alert>
      ) : (
        <Broken message={answer.errors[0]?.message} />
      );
  }
  return <Page title={messages.confirmTitle}>{body}</Page>;
}

/** /alerts/manage?token=: every alert of the address the mail's link was signed for. */
export function ManageAlertsPage({ token }: { token: string | null }) {
  const { data, error, loading } = useQuery(JOB_ALERTS_BY_TOKEN, {
    variables: { token: token ?? "" },
    skip: !token,
    fetchPolicy: "network-only",
  });
  let body;
  if (!token) body = <Broken />;
  else if (error) body = <Failed />;
  else if (loading || !data) body = <Waiting text={messages.loading} />;
  else {
    const answer = data.jobAlertsByToken;
    body =
      answer.__typename === "ManagedJobAlerts" ? (
        <>
          <Text>
            <FormattedMessage {...messages.manageFor} values={{ email: answer.email }} />
          </Text>
          <AlertList alerts={answer.alerts} manageToken={token} />
        </>
      ) : (
        <Broken message={answer.errors[0]?.message} />
      );
  }
  return <Page title={messages.manageTitle}>{body}</Page>;
}

/**
 * /alerts/unsubscribe?token=: the mail's unsubscribe link. Opening it changes nothing (link
 * scanners open links); the button stops the alerts. Mail clients' one-click POST goes to search.
 */
export function UnsubscribeAlertPage({ token }: { token: string | null }) {
  const intl = useIntl();
  const [unsubscribe, { data, error, loading }] = useMutation(UNSUBSCRIBE_JOB_ALERT);
  let body;
  if (!token) body = <Broken />;
  else if (error) body = <Failed />;
  else if (data?.unsubscribeJobAlert.__typename === "JobAlertsUnsubscribed")
    body = (
      <Alert color="green" title={intl.formatMessage(messages.unsubscribed)} role="status">
        <FormattedMessage
          {...messages.unsubscribedText}
          values={{ names: intl.formatList(data.unsubscribeJobAlert.alerts.map((alert) => alert.name)) }}
        />
      </Alert>
    );
  else if (data?.unsubscribeJobAlert.__typename === "AlertErrors")
    body = <Broken message={data.unsubscribeJobAlert.errors[0]?.message} />;
  else
    body = (
      <>
        <Text>
          <FormattedMessage {...messages.unsubscribeText} />
        </Text>
        <div>
          <Button
            color="red"
            loading={loading}
            onClick={() => void unsubscribe({ variables: { token } }).catch(() => undefined)}
          >
            <FormattedMessage {...messages.unsubscribe} />
          </Button>
        </div>
      </>
    );
  return <Page title={messages.unsubscribeTitle}>{body}</Page>;
}
