import { useMutation, useQuery } from "@apollo/client/react";
import { Alert, Anchor, Button, Group, Modal, Stack, Text } from "@mantine/core";
import { type FormEvent, type ReactNode, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { DangerList } from "~/components/DangerList";
import { Link } from "~/components/Link";
import type { ResumeAlertSearchInput } from "~/lib/graphql/generated/graphql";
import { defineMessages } from "~/lib/i18n/define-messages";
import { CREATE_RESUME_ALERT, MY_RESUME_ALERTS, RESUME_ALERT, UPDATE_RESUME_ALERT } from "./documents";
import { resumeAlertEditPath, type ResumeAlertInterval } from "./intervals";
import { NAME_MAX, ResumeAlertFields } from "./ResumeAlertFields";

const messages = defineMessages({
  open: { id: "resumes.alert.save", defaultMessage: "Save this search as an alert" },
  title: { id: "resumes.alert.dialog.title", defaultMessage: "Save this resume search" },
  intro: {
    id: "resumes.alert.dialog.intro",
    defaultMessage:
      "We mail you resumes that become findable or change and match this search: its keywords, filters, place and radius.",
  },
  cancel: { id: "resumes.alert.dialog.cancel", defaultMessage: "Cancel" },
  submit: { id: "resumes.alert.dialog.submit", defaultMessage: "Save the alert" },
  close: { id: "resumes.alert.dialog.close", defaultMessage: "Close" },
  failed: { id: "resumes.alert.failed", defaultMessage: "We could not save the alert. Try again in a moment." },
  savedTitle: { id: "resumes.alert.saved.title", defaultMessage: "Your resume alert is saved" },
  saved: {
    id: "resumes.alert.saved",
    defaultMessage: "“{name}” is saved. <link>Edit the alert</link>",
  },
  updateSearch: { id: "resumes.alert.updateSearch", defaultMessage: "Save this search to “{name}”" },
  searchUpdated: {
    id: "resumes.alert.searchUpdated",
    defaultMessage: "“{name}” now uses this search. <link>Back to the alert</link>",
  },
});

type Saved = { id: string; name: string };

function editLink(id: string) {
  return (chunks: ReactNode) => (
    <Anchor component={Link} to={resumeAlertEditPath(id)}>
      {chunks}
    </Anchor>
  );
}

function CreateForm({
  search,
  defaultName,
  onSaved,
  onCancel,
}: {
  search: ResumeAlertSearchInput;
  defaultName: string;
  onSaved: (alert: Saved) => void;
  onCancel: () => void;
}) {
  const intl = useIntl();
  const [name, setName] = useState(defaultName.slice(0, NAME_MAX));
  const [interval, setInterval] = useState<ResumeAlertInterval>(86400);
  const [touched, setTouched] = useState(false);
  const [serverErrors, setServerErrors] = useState<string[]>([]);
  const [create, { loading }] = useMutation(CREATE_RESUME_ALERT);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!name.trim()) return;
    setServerErrors([]);
    try {
      const { data } = await create({
        variables: { input: { name: name.trim(), interval, search } },
        update(cache, { data: answer }) {
          const result = answer?.createResumeAlert;
          if (result?.__typename !== "ResumeAlertSaved") return;
          cache.updateQuery({ query: MY_RESUME_ALERTS }, (mine) =>
            mine ? { myResumeAlerts: [...mine.myResumeAlerts, result.alert] } : mine,
          );
        },
      });
      const answer = data?.createResumeAlert;
      if (answer?.__typename === "ResumeAlertSaved") {
        onSaved(answer.alert);
        return;
      }
      if (answer?.__typename === "AlertErrors") setServerErrors(answer.errors.map((error) => error.message));
    } catch {
      setServerErrors([intl.formatMessage(messages.failed)]);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label={intl.formatMessage(messages.title)}>
      <Stack gap="md">
        <Text size="sm">
          <FormattedMessage {...messages.intro} />
        </Text>
        <DangerList messages={serverErrors} />
        <ResumeAlertFields name={name} interval={interval} onName={setName} onInterval={setInterval} touched={touched} />
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

/** An alert the page was opened from (its edit page's "Edit the search"): save the page's search to it. */
function UpdateSearch({ id, search }: { id: string; search: ResumeAlertSearchInput }) {
  const intl = useIntl();
  const { data: found } = useQuery(RESUME_ALERT, { variables: { id } });
  const [update, { loading }] = useMutation(UPDATE_RESUME_ALERT);
  const [done, setDone] = useState<Saved | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const save = async () => {
    setErrors([]);
    try {
      const { data } = await update({ variables: { input: { id, search } } });
      const answer = data?.updateResumeAlert;
      if (answer?.__typename === "ResumeAlertSaved") setDone(answer.alert);
      else if (answer?.__typename === "AlertErrors") setErrors(answer.errors.map((error) => error.message));
    } catch {
      setErrors([intl.formatMessage(messages.failed)]);
    }
  };
  const alert = found?.resumeAlert;
  if (!alert) return null;
  return (
    <Stack gap="xs">
      <DangerList messages={errors} />
      {done ? (
        <Alert color="green" role="status">
          <FormattedMessage {...messages.searchUpdated} values={{ name: done.name, link: editLink(done.id) }} />
        </Alert>
      ) : (
        <Button variant="light" loading={loading} onClick={() => void save()}>
          <FormattedMessage {...messages.updateSearch} values={{ name: alert.name }} />
        </Button>
      )}
    </Stack>
  );
}

/**
 * /resumes' "Save this search as an alert" (recruiters, where the site offers saved resume
 * searches): a dialog with the alert's name and notify interval; opened from an alert's edit
 * page, also "Save this search to …" for that alert.
 */
export function SaveResumeSearch({
  search,
  defaultName,
  editing,
}: {
  /** The page's search (no facet counts, sorting or paging). */
  search: ResumeAlertSearchInput;
  defaultName: string;
  /** The id of the alert whose search the page was opened to edit (the `alert` parameter). */
  editing: string | null;
}) {
  const intl = useIntl();
  const [opened, setOpened] = useState(false);
  const [saved, setSaved] = useState<Saved | null>(null);
  const close = () => {
    setOpened(false);
    setSaved(null);
  };
  return (
    <Group gap="sm" align="flex-start">
      {editing ? <UpdateSearch id={editing} search={search} /> : null}
      <Button variant={editing ? "default" : "filled"} onClick={() => setOpened(true)}>
        <FormattedMessage {...messages.open} />
      </Button>
      <Modal opened={opened} onClose={close} title={intl.formatMessage(messages.title)} centered>
        {saved ? (
          <Stack gap="md">
            <Alert color="green" role="status" title={intl.formatMessage(messages.savedTitle)}>
              <FormattedMessage {...messages.saved} values={{ name: saved.name, link: editLink(saved.id) }} />
            </Alert>
            <Group justify="flex-end">
              <Button onClick={close}>
                <FormattedMessage {...messages.close} />
              </Button>
            </Group>
          </Stack>
        ) : (
          <CreateForm search={search} defaultName={defaultName} onSaved={setSaved} onCancel={close} />
        )}
      </Modal>
    </Group>
  );
}
