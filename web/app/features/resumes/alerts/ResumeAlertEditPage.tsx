import { useMutation } from "@apollo/client/react";
import { Alert, Anchor, Button, Group, Modal, Stack, Text } from "@mantine/core";
import { type FormEvent, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { useNavigate } from "~/lib/site-locale";
import { DangerList } from "~/components/DangerList";
import { Link } from "~/components/Link";
import { PageHeader } from "~/components/PageHeader";
import type { ResumeAlertFieldsFragment } from "~/lib/graphql/generated/graphql";
import { defineMessages } from "~/lib/i18n/define-messages";
import { DELETE_RESUME_ALERT, UPDATE_RESUME_ALERT } from "./documents";
import { isResumeAlertInterval, resumeAlertSearchPath, type ResumeAlertInterval } from "./intervals";
import { ResumeAlertFields } from "./ResumeAlertFields";

const messages = defineMessages({
  title: { id: "resumes.alert.edit.title", defaultMessage: "Edit resume alert" },
  form: { id: "resumes.alert.edit.form", defaultMessage: "Resume alert" },
  search: { id: "resumes.alert.edit.search", defaultMessage: "Search: {keys}" },
  anything: { id: "resumes.alert.edit.anything", defaultMessage: "Search: all resumes (filters and place may apply)" },
  editSearch: { id: "resumes.alert.edit.editSearch", defaultMessage: "Edit the search" },
  save: { id: "resumes.alert.edit.save", defaultMessage: "Save" },
  saved: { id: "resumes.alert.edit.saved", defaultMessage: "The alert is saved." },
  failed: { id: "resumes.alert.failed", defaultMessage: "We could not save the alert. Try again in a moment." },
  delete: { id: "resumes.alert.edit.delete", defaultMessage: "Delete the alert" },
  confirmTitle: { id: "resumes.alert.edit.confirmTitle", defaultMessage: "Delete this resume alert?" },
  confirm: {
    id: "resumes.alert.edit.confirm",
    defaultMessage: "“{name}” and its search are deleted; no more mails are sent for it.",
  },
  confirmDelete: { id: "resumes.alert.edit.confirmDelete", defaultMessage: "Delete" },
  cancel: { id: "resumes.alert.dialog.cancel", defaultMessage: "Cancel" },
  back: { id: "resumes.alert.edit.back", defaultMessage: "Back to resume search" },
  paused: { id: "resumes.alert.edit.paused", defaultMessage: "Mails for this alert are paused" },
  pausedText: {
    id: "resumes.alert.edit.pausedText",
    defaultMessage: "{reason}. Check the email address of your account, then save the alert to get its mails again.",
  },
});

/** The page's name, for its document title. */
export const RESUME_ALERT_EDIT_TITLE = messages.title;

/**
 * /resume-alert/edit/{id} (spec 2): the recruiter renames their saved resume search, changes its
 * notify interval (daily, weekly, monthly, no alerts), opens the search on /resumes to change it,
 * or deletes it after confirming. When the mailer paused it (the address refuses mail), the page
 * says why; saving resumes it.
 */
export function ResumeAlertEditPage({ alert }: { alert: ResumeAlertFieldsFragment }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const [name, setName] = useState(alert.name);
  const [interval, setInterval] = useState<ResumeAlertInterval>(
    isResumeAlertInterval(alert.interval) ? alert.interval : -1,
  );
  const [touched, setTouched] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const [saved, setSaved] = useState(false);
  const [pausedReason, setPausedReason] = useState(alert.pausedReason ?? null);
  const [confirming, setConfirming] = useState(false);
  const [update, { loading }] = useMutation(UPDATE_RESUME_ALERT);
  const [remove, { loading: removing }] = useMutation(DELETE_RESUME_ALERT);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    setSaved(false);
    if (!name.trim()) return;
    setErrors([]);
    try {
      const { data } = await update({ variables: { input: { id: alert.id, name: name.trim(), interval } } });
      const answer = data?.updateResumeAlert;
      if (answer?.__typename === "ResumeAlertSaved") {
        setSaved(true);
        setPausedReason(answer.alert.pausedReason ?? null);
      } else if (answer?.__typename === "AlertErrors") setErrors(answer.errors.map((error) => error.message));
    } catch {
      setErrors([intl.formatMessage(messages.failed)]);
    }
  };

  const confirmDelete = async () => {
    setErrors([]);
    try {
      const { data } = await remove({
        variables: { id: alert.id },
        update(cache, { data: answer }) {
          if (answer?.deleteResumeAlert.__typename !== "ResumeAlertDeleted") return;
          cache.evict({ id: cache.identify({ __typename: "ResumeAlert", id: alert.id }) });
          cache.gc();
        },
      });
      const answer = data?.deleteResumeAlert;
      if (answer?.__typename === "ResumeAlertDeleted") {
        void navigate("/resumes");
        return;
      }
      if (answer?.__typename === "AlertErrors") setErrors(answer.errors.map((error) => error.message));
    } catch {
      setErrors([intl.formatMessage(messages.failed)]);
    }
    setConfirming(false);
  };

  return (
    <Stack gap="lg" maw={720}>
      <PageHeader title={intl.formatMessage(messages.title)} />
      <Anchor component={Link} to="/resumes" size="sm">
        <FormattedMessage {...messages.back} />
      </Anchor>
      <form onSubmit={(e) => void submit(e)} noValidate aria-label={intl.formatMessage(messages.form)}>
        <Stack gap="md">
          <DangerList messages={errors} />
          {pausedReason ? (
            <Alert color="yellow" role="status" title={intl.formatMessage(messages.paused)}>
              <FormattedMessage {...messages.pausedText} values={{ reason: pausedReason }} />
            </Alert>
          ) : null}
          {saved ? (
            <Alert color="green" role="status">
              <FormattedMessage {...messages.saved} />
            </Alert>
          ) : null}
          <ResumeAlertFields
            name={name}
            interval={interval}
            onName={(value) => {
              setName(value);
              setSaved(false);
            }}
            onInterval={(value) => {
              setInterval(value);
              setSaved(false);
            }}
            touched={touched}
          />
          <Group gap="sm">
            <Text size="sm">
              {alert.search.keys ? (
                <FormattedMessage {...messages.search} values={{ keys: alert.search.keys }} />
              ) : (
                <FormattedMessage {...messages.anything} />
              )}
            </Text>
            <Anchor component={Link} to={resumeAlertSearchPath(alert.search.path, alert.id)} size="sm">
              <FormattedMessage {...messages.editSearch} />
            </Anchor>
          </Group>
          <Group justify="space-between">
            <Button color="red" variant="outline" onClick={() => setConfirming(true)}>
              <FormattedMessage {...messages.delete} />
            </Button>
            <Button type="submit" loading={loading}>
              <FormattedMessage {...messages.save} />
            </Button>
          </Group>
        </Stack>
      </form>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title={intl.formatMessage(messages.confirmTitle)} centered>
        <Stack gap="md">
          <Text>
            <FormattedMessage {...messages.confirm} values={{ name: alert.name }} />
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              <FormattedMessage {...messages.cancel} />
            </Button>
            <Button color="red" loading={removing} onClick={() => void confirmDelete()}>
              <FormattedMessage {...messages.confirmDelete} />
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
