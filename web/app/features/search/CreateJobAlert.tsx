import { Alert, Button, Group, Modal, Radio, Stack, Text, TextInput } from "@mantine/core";
import { type FormEvent, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { Captcha } from "~/components/Captcha";
import { useOpenedOnce } from "~/components/use-opened-once";
import { DangerList } from "~/components/DangerList";
import { track } from "~/lib/analytics";
import { graphql } from "~/lib/graphql/generated/gql";
import type { AlertFrequency, JobSearchInput } from "~/lib/graphql/generated/graphql";
import { defineMessages } from "~/lib/i18n/define-messages";
import { FREQUENCIES, FREQUENCY_LABELS } from "~/lib/job-alert-frequency";
import { useLazyMutation } from "~/lib/apollo/lazy-client";

export const CREATE_JOB_ALERT = graphql(`
  mutation CreateJobAlert($input: CreateJobAlertInput!) {
    createJobAlert(input: $input) {
      __typename
      ... on JobAlertCreated {
        alert {
          id
          name
          frequency
          confirmed
          email
        }
      }
      ... on AlertErrors {
        errors {
          code
          field
          message
        }
      }
    }
  }
`);

const messages = defineMessages({
  open: { id: "search.alert.create", defaultMessage: "Create a job alert" },
  title: { id: "search.alert.dialog.title", defaultMessage: "Create a job alert" },
  intro: {
    id: "search.alert.dialog.intro",
    defaultMessage: "We mail you new jobs that match this search: its keywords, filters, place and radius.",
  },
  name: { id: "search.alert.dialog.name", defaultMessage: "Name of the alert" },
  nameMissing: { id: "search.alert.dialog.nameMissing", defaultMessage: "Give the alert a name." },
  frequency: { id: "search.alert.dialog.frequency", defaultMessage: "How often" },
  email: { id: "search.alert.dialog.email", defaultMessage: "Your email address" },
  emailInvalid: { id: "search.alert.dialog.emailInvalid", defaultMessage: "Enter a valid email address." },
  captchaMissing: { id: "search.alert.dialog.captchaMissing", defaultMessage: "Complete the robot check." },
  cancel: { id: "search.alert.dialog.cancel", defaultMessage: "Cancel" },
  submit: { id: "search.alert.dialog.submit", defaultMessage: "Save the alert" },
  close: { id: "search.alert.dialog.close", defaultMessage: "Close" },
  failed: { id: "search.alert.dialog.failed", defaultMessage: "We could not save the alert. Try again in a moment." },
  savedTitle: { id: "search.alert.saved.title", defaultMessage: "Your job alert is saved" },
  saved: {
    id: "search.alert.saved",
    defaultMessage: "“{name}” mails new matching jobs to {email}. You can change or stop it in your account.",
  },
  checkMailTitle: { id: "search.alert.checkMail.title", defaultMessage: "Check your mailbox to confirm" },
  checkMail: {
    id: "search.alert.checkMail",
    defaultMessage: "We sent a link to {email}. Follow it to start “{name}”; until then we send nothing else.",
  },
});

/** search refuses longer names (an alert's name has at most 120 characters) */
const NAME_MAX = 120;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface CreateJobAlertProps {
  signedIn: boolean;
  /** The search the page shows (its sorting and paging are dropped). */
  search: JobSearchInput;
  /** The name the form starts with (the keywords, else the page's heading). */
  defaultName: string;
  /** The captcha widget visitors answer, when the web has one configured. */
  captcha: { scriptUrl: string; siteKey: string } | null;
  /** The button's own words (default "Create a job alert"). */
  label?: string;
  /** The page counted its own prompt (job_alert_prompt) already: opening the form is not counted again. */
  promptCounted?: boolean;
}

type Created = { name: string; email: string; confirmed: boolean };

function AlertForm({
  signedIn,
  search,
  defaultName,
  captcha,
  onCreated,
  onCancel,
}: CreateJobAlertProps & { onCreated: (alert: Created) => void; onCancel: () => void }) {
  const intl = useIntl();
  const captchaOn = !signedIn && captcha !== null;
  const [name, setName] = useState(defaultName.slice(0, NAME_MAX));
  const [frequency, setFrequency] = useState<AlertFrequency>("DAILY");
  const [email, setEmail] = useState("");
  const [touched, setTouched] = useState(false);
  const [serverErrors, setServerErrors] = useState<string[]>([]);
  const [captchaToken, setCaptchaToken] = useState<string | null>(null);
  const [captchaRound, setCaptchaRound] = useState(0);
  const [create, { loading }] = useLazyMutation(CREATE_JOB_ALERT);

  const nameError = touched && !name.trim() ? intl.formatMessage(messages.nameMissing) : undefined;
  const emailError =
    touched && !signedIn && !EMAIL.test(email.trim()) ? intl.formatMessage(messages.emailInvalid) : undefined;
  const captchaError = touched && captchaOn && !captchaToken ? intl.formatMessage(messages.captchaMissing) : undefined;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!name.trim() || (!signedIn && !EMAIL.test(email.trim())) || (captchaOn && !captchaToken)) return;
    setServerErrors([]);
    try {
      const { data } = await create({
        variables: {
          input: {
            name: name.trim(),
            frequency,
            search: { ...search, sorts: [], page: 1, range: null },
            email: signedIn ? null : email.trim(),
            captchaToken: captchaOn ? captchaToken : null,
          },
        },
      });
      const answer = data?.createJobAlert;
      if (answer?.__typename === "JobAlertCreated") {
        track("job_alert_signup", { frequency: answer.alert.frequency });
        onCreated(answer.alert);
        return;
      }
      if (answer?.__typename === "AlertErrors") setServerErrors(answer.errors.map((error) => error.message));
    } catch {
      setServerErrors([intl.formatMessage(messages.failed)]);
    }
    // a captcha answer is good for one try
    setCaptchaToken(null);
    setCaptchaRound((round) => round + 1);
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label={intl.formatMessage(messages.title)}>
      <Stack gap="md">
        <Text size="sm">
          <FormattedMessage {...messages.intro} />
        </Text>
        <DangerList messages={serverErrors} />
        <TextInput
          label={intl.formatMessage(messages.name)}
          required
          maxLength={NAME_MAX}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={nameError}
        />
        <Radio.Group
          label={intl.formatMessage(messages.frequency)}
          value={frequency}
          onChange={(value) => setFrequency(value as AlertFrequency)}
        >
          <Group gap="md" mt="xs">
            {FREQUENCIES.map((value) => (
              <Radio key={value} value={value} label={intl.formatMessage(FREQUENCY_LABELS[value])} />
            ))}
          </Group>
        </Radio.Group>
        {signedIn ? null : (
          <TextInput
            type="email"
            label={intl.formatMessage(messages.email)}
            required
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            error={emailError}
          />
        )}
        {captchaOn && captcha ? (
          <Captcha key={captchaRound} {...captcha} onToken={setCaptchaToken} error={captchaError} />
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            <FormattedMessage {...messages.cancel} />
          </Button>
          <Button type="submit" loading={loading}>
            <FormattedMessage {...messages.submit} />
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** "Create a job alert": a dialog that saves the page's search as an alert. */
export function CreateJobAlert(props: CreateJobAlertProps) {
  const intl = useIntl();
  const [opened, setOpened] = useState(false);
  const dialog = useOpenedOnce(opened);
  const [created, setCreated] = useState<Created | null>(null);
  const close = () => {
    setOpened(false);
    setCreated(null);
  };
  return (
    <>
      <Group>
        <Button
          onClick={() => {
            // spec 7: the visitor was shown the alert form (job_alert_signup follows if they save)
            if (!props.promptCounted) track("job_alert_prompt");
            setOpened(true);
          }}
        >
          {props.label ?? <FormattedMessage {...messages.open} />}
        </Button>
      </Group>
      {dialog.mounted ? (
        <Modal opened={dialog.shown} onClose={close} title={intl.formatMessage(messages.title)} centered>
          {created ? (
            <Stack gap="md">
              {created.confirmed ? (
                <Alert color="green" role="status" title={intl.formatMessage(messages.savedTitle)}>
                  <FormattedMessage {...messages.saved} values={{ name: created.name, email: created.email }} />
                </Alert>
              ) : (
                <Alert color="blue" role="status" title={intl.formatMessage(messages.checkMailTitle)}>
                  <FormattedMessage {...messages.checkMail} values={{ name: created.name, email: created.email }} />
                </Alert>
              )}
              <Group justify="flex-end">
                <Button onClick={close}>
                  <FormattedMessage {...messages.close} />
                </Button>
              </Group>
            </Stack>
          ) : (
            <AlertForm {...props} onCreated={setCreated} onCancel={close} />
          )}
        </Modal>
      ) : null}
    </>
  );
}
