import { Alert, Button, Group, Modal, Radio, Stack, Text, Textarea } from "@mantine/core";
import { useState, type FormEvent } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { Captcha } from "~/components/Captcha";
import { DangerList } from "~/components/DangerList";
import type { JobReportReason } from "~/lib/graphql/generated/graphql";
import { defineMessages } from "~/lib/i18n/define-messages";
import { REPORT_JOB } from "./documents";
import { useLazyMutation } from "~/lib/apollo/lazy-client";

/** The details' limit (the service's: jobs.domain.reports.MAX_DETAILS). */
export const REPORT_DETAILS_MAX = 1000;

const messages = defineMessages({
  open: { id: "jobs.report.open", defaultMessage: "Report this job" },
  title: { id: "jobs.report.title", defaultMessage: "Report this job" },
  intro: {
    id: "jobs.report.intro",
    defaultMessage: "Tell us what is wrong with this job. Our team reviews every report.",
  },
  reason: { id: "jobs.report.reason", defaultMessage: "What is wrong?" },
  reasonMissing: { id: "jobs.report.reason.missing", defaultMessage: "Choose a reason." },
  scam: { id: "jobs.report.reason.scam", defaultMessage: "It looks like a scam" },
  discriminatory: { id: "jobs.report.reason.discriminatory", defaultMessage: "It is discriminatory" },
  expired: { id: "jobs.report.reason.expired", defaultMessage: "The job is no longer open" },
  wrongInformation: { id: "jobs.report.reason.wrongInformation", defaultMessage: "Its information is wrong" },
  other: { id: "jobs.report.reason.other", defaultMessage: "Something else" },
  details: { id: "jobs.report.details", defaultMessage: "Details (optional)" },
  detailsCount: { id: "jobs.report.details.count", defaultMessage: "{count} of {max} characters" },
  detailsTooLong: { id: "jobs.report.details.tooLong", defaultMessage: "Keep the details under {max} characters." },
  captchaMissing: { id: "jobs.report.captcha.missing", defaultMessage: "Please confirm you are not a robot." },
  submit: { id: "jobs.report.submit", defaultMessage: "Send the report" },
  cancel: { id: "jobs.report.cancel", defaultMessage: "Cancel" },
  close: { id: "jobs.report.close", defaultMessage: "Close" },
  sent: { id: "jobs.report.sent", defaultMessage: "Thank you. Your report was sent; our team will look into it." },
  failed: { id: "jobs.report.failed", defaultMessage: "The report could not be sent. Please try again in a moment." },
});

/** The reasons, in the order the form lists them. */
export const REPORT_REASONS: readonly { value: JobReportReason; label: (typeof messages)[keyof typeof messages] }[] = [
  { value: "SCAM", label: messages.scam },
  { value: "DISCRIMINATORY", label: messages.discriminatory },
  { value: "EXPIRED", label: messages.expired },
  { value: "WRONG_INFORMATION", label: messages.wrongInformation },
  { value: "OTHER", label: messages.other },
];

export interface ReportJobProps {
  jobId: string;
  /** Signed-in reporters skip the captcha (the service asks it of visitors only). */
  signedIn: boolean;
  /** The captcha widget's script and key, when the web has them configured. */
  captcha: { scriptUrl: string; siteKey: string } | null;
}

/** "Report this job" on a job page: a small dialog with the reason, details and the captcha. */
export function ReportJob({ jobId, signedIn, captcha }: ReportJobProps) {
  const intl = useIntl();
  const [opened, setOpened] = useState(false);
  const [sent, setSent] = useState(false);
  return (
    <>
      <Button variant="subtle" color="gray" size="xs" onClick={() => setOpened(true)}>
        <FormattedMessage {...messages.open} />
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title={intl.formatMessage(messages.title)} centered>
        {sent ? (
          <Stack gap="md">
            <Alert color="teal" role="status">
              <FormattedMessage {...messages.sent} />
            </Alert>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setOpened(false)}>
                <FormattedMessage {...messages.close} />
              </Button>
            </Group>
          </Stack>
        ) : (
          <ReportJobForm
            jobId={jobId}
            signedIn={signedIn}
            captcha={captcha}
            onSent={() => setSent(true)}
            onCancel={() => setOpened(false)}
          />
        )}
      </Modal>
    </>
  );
}

export function ReportJobForm({
  jobId,
  signedIn,
  captcha,
  onSent,
  onCancel,
}: ReportJobProps & { onSent: () => void; onCancel: () => void }) {
  const intl = useIntl();
  const captchaOn = !signedIn && captcha !== null;
  const [reason, setReason] = useState<JobReportReason | null>(null);
  const [details, setDetails] = useState("");
  const [touched, setTouched] = useState(false);
  const [serverErrors, setServerErrors] = useState<string[]>([]);
  const [captchaToken, setCaptchaToken] = useState<string | null>(null);
  const [captchaRound, setCaptchaRound] = useState(0);
  const [report, { loading }] = useLazyMutation(REPORT_JOB);

  const reasonError = touched && reason === null ? intl.formatMessage(messages.reasonMissing) : undefined;
  const detailsError =
    details.trim().length > REPORT_DETAILS_MAX
      ? intl.formatMessage(messages.detailsTooLong, { max: REPORT_DETAILS_MAX })
      : undefined;
  const captchaError = touched && captchaOn && !captchaToken ? intl.formatMessage(messages.captchaMissing) : undefined;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (reason === null || detailsError || (captchaOn && !captchaToken)) return;
    setServerErrors([]);
    try {
      const { data } = await report({
        variables: {
          input: { jobId, reason, details: details.trim() || null, captchaToken: captchaOn ? captchaToken : null },
        },
      });
      const answer = data?.reportJob;
      if (answer?.__typename === "JobReported") {
        onSent();
        return;
      }
      if (answer?.__typename === "JobErrors") setServerErrors(answer.errors.map((e) => e.message));
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
        <Radio.Group
          label={intl.formatMessage(messages.reason)}
          required
          value={reason}
          onChange={(value) => setReason(value as JobReportReason)}
          error={reasonError}
        >
          <Stack gap="xs" mt="xs">
            {REPORT_REASONS.map((option) => (
              <Radio key={option.value} value={option.value} label={intl.formatMessage(option.label)} />
            ))}
          </Stack>
        </Radio.Group>
        <Textarea
          label={intl.formatMessage(messages.details)}
          autosize
          minRows={3}
          value={details}
          onChange={(e) => setDetails(e.currentTarget.value)}
          error={detailsError}
          description={intl.formatMessage(messages.detailsCount, {
            count: details.trim().length,
            max: REPORT_DETAILS_MAX,
          })}
        />
        {captchaOn && captcha ? (
          <Captcha key={captchaRound} {...captcha} onToken={setCaptchaToken} error={captchaError} />
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            <FormattedMessage {...messages.cancel} />
          </Button>
          <Button type="submit" color="red" loading={loading}>
            <FormattedMessage {...messages.submit} />
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
