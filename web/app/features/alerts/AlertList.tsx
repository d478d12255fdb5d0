import { useMutation } from "@apollo/client/react";
import { Anchor, Badge, Button, Group, NativeSelect, Paper, Stack, Text, TextInput } from "@mantine/core";
import { type FormEvent, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { DangerList } from "~/components/DangerList";
import { Link } from "~/components/Link";
import type { JobAlertFieldsFragment } from "~/lib/graphql/generated/graphql";
import { defineMessages } from "~/lib/i18n/define-messages";
import { DELETE_JOB_ALERT, PAUSE_JOB_ALERT, RESUME_JOB_ALERT, UPDATE_JOB_ALERT } from "./documents";
import { startEditingAlert } from "~/lib/job-alert-editing";
import { FREQUENCIES, FREQUENCY_LABELS, isFrequency } from "~/lib/job-alert-frequency";

/** search refuses longer names */
const NAME_MAX = 120;

const messages = defineMessages({
  frequency: { id: "alerts.list.frequency", defaultMessage: "How often" },
  pause: { id: "alerts.list.pause", defaultMessage: "Pause" },
  resume: { id: "alerts.list.resume", defaultMessage: "Resume" },
  delete: { id: "alerts.list.delete", defaultMessage: "Delete" },
  paused: { id: "alerts.list.paused", defaultMessage: "Paused" },
  pausedBecause: { id: "alerts.list.pausedBecause", defaultMessage: "Paused: {reason}" },
  unconfirmed: { id: "alerts.list.unconfirmed", defaultMessage: "Waiting for confirmation" },
  active: { id: "alerts.list.active", defaultMessage: "Active" },
  search: { id: "alerts.list.search", defaultMessage: "See the jobs" },
  failed: { id: "alerts.list.failed", defaultMessage: "We could not save the change. Try again in a moment." },
  empty: { id: "alerts.list.empty", defaultMessage: "There are no job alerts here." },
  rename: { id: "alerts.list.rename", defaultMessage: "Rename" },
  name: { id: "alerts.list.name", defaultMessage: "Name of the alert" },
  nameMissing: { id: "alerts.list.nameMissing", defaultMessage: "Give the alert a name." },
  saveName: { id: "alerts.list.saveName", defaultMessage: "Save the name" },
  cancel: { id: "alerts.list.cancel", defaultMessage: "Cancel" },
  editSearch: { id: "alerts.list.editSearch", defaultMessage: "Edit the search" },
});

type Change =
  | { __typename: "JobAlertSaved" | "JobAlertDeleted" }
  | { __typename: "AlertErrors"; errors: { message: string }[] };

/** The errors of a change's answer (none when it was saved). */
function errorsOf(answer: Change | undefined): string[] {
  return answer?.__typename === "AlertErrors" ? answer.errors.map((error) => error.message) : [];
}

function AlertRow({
  alert,
  manageToken,
  onDeleted,
}: {
  alert: JobAlertFieldsFragment;
  manageToken: string | null;
  onDeleted: (id: string) => void;
}) {
  const intl = useIntl();
  const [errors, setErrors] = useState<string[]>([]);
  const [pause, pausing] = useMutation(PAUSE_JOB_ALERT);
  const [resume, resuming] = useMutation(RESUME_JOB_ALERT);
  const [update, updating] = useMutation(UPDATE_JOB_ALERT);
  const [remove, removing] = useMutation(DELETE_JOB_ALERT);
  const [renaming, setRenaming] = useState(false);
  const [name, setName] = useState(alert.name);
  const [nameTouched, setNameTouched] = useState(false);
  const busy = pausing.loading || resuming.loading || updating.loading || removing.loading;

  async function run(action: () => Promise<Change | undefined>): Promise<boolean> {
    setErrors([]);
    try {
      const found = errorsOf(await action());
      setErrors(found);
      return found.length === 0;
    } catch {
      setErrors([intl.formatMessage(messages.failed)]);
      return false;
    }
  }

  const variables = { id: alert.id, manageToken };
  const nameError = nameTouched && !name.trim() ? intl.formatMessage(messages.nameMissing) : undefined;

  const saveName = (event: FormEvent) => {
    event.preventDefault();
    setNameTouched(true);
    if (!name.trim()) return;
    if (name.trim() === alert.name) {
      setRenaming(false);
      return;
    }
    void run(
      async () => (await update({ variables: { input: { ...variables, name: name.trim() } } })).data?.updateJobAlert,
    ).then((done) => {
      if (done) setRenaming(false);
    });
  };
  let status;
  if (!alert.confirmed) status = <Badge color="yellow">{intl.formatMessage(messages.unconfirmed)}</Badge>;
  else if (alert.paused)
    status = (
      <Badge color="gray">
        {alert.pausedReason
          ? intl.formatMessage(messages.pausedBecause, { reason: alert.pausedReason })
          : intl.formatMessage(messages.paused)}
      </Badge>
    );
  else status = <Badge color="green">{intl.formatMessage(messages.active)}</Badge>;

  return (
    <Paper component="li" withBorder radius="md" p="md" aria-label={alert.name}>
      <Stack gap="xs">
        <Group justify="space-between">
          <Text fw={600}>{alert.name}</Text>
          {status}
        </Group>
        {renaming ? (
          <form onSubmit={saveName} noValidate aria-label={intl.formatMessage(messages.rename)}>
            <Group align="end">
              <TextInput
                label={intl.formatMessage(messages.name)}
                required
                maxLength={NAME_MAX}
                value={name}
                onChange={(event) => setName(event.currentTarget.value)}
                error={nameError}
                w={280}
              />
              <Button type="submit" loading={updating.loading} disabled={busy}>
                <FormattedMessage {...messages.saveName} />
              </Button>
              <Button
                variant="subtle"
                onClick={() => {
                  setRenaming(false);
                  setName(alert.name);
                  setNameTouched(false);
                }}
              >
                <FormattedMessage {...messages.cancel} />
              </Button>
            </Group>
          </form>
        ) : null}
        <Group gap="md">
          <Anchor component={Link} to={alert.search.path} size="sm">
            <FormattedMessage {...messages.search} />
          </Anchor>
          {manageToken === null ? (
            // the owner changes the filters on the search page, which then saves them to the alert
            <Anchor
              component={Link}
              to={alert.search.path}
              size="sm"
              onClick={() => startEditingAlert({ id: alert.id, name: alert.name })}
            >
              <FormattedMessage {...messages.editSearch} />
            </Anchor>
          ) : null}
          {renaming ? null : (
            <Anchor component="button" type="button" size="sm" onClick={() => setRenaming(true)}>
              <FormattedMessage {...messages.rename} />
            </Anchor>
          )}
        </Group>
        <Group align="end">
          <NativeSelect
            label={intl.formatMessage(messages.frequency)}
            data={FREQUENCIES.map((value) => ({ value, label: intl.formatMessage(FREQUENCY_LABELS[value]) }))}
            value={alert.frequency}
            disabled={busy}
            onChange={(event) => {
              const value = event.currentTarget.value;
              if (!isFrequency(value) || value === alert.frequency) return;
              void run(async () => (await update({ variables: { input: { ...variables, frequency: value } } })).data?.updateJobAlert);
            }}
            w={180}
          />
          {alert.paused ? (
            <Button
              variant="default"
              loading={resuming.loading}
              disabled={busy}
              onClick={() => void run(async () => (await resume({ variables })).data?.resumeJobAlert)}
            >
              <FormattedMessage {...messages.resume} />
            </Button>
          ) : (
            <Button
              variant="default"
              loading={pausing.loading}
              disabled={busy || !alert.confirmed}
              onClick={() => void run(async () => (await pause({ variables })).data?.pauseJobAlert)}
            >
              <FormattedMessage {...messages.pause} />
            </Button>
          )}
          <Button
            color="red"
            variant="light"
            loading={removing.loading}
            disabled={busy}
            onClick={() =>
              void run(async () => (await remove({ variables })).data?.deleteJobAlert).then((done) => {
                if (done) onDeleted(alert.id);
              })
            }
          >
            <FormattedMessage {...messages.delete} />
          </Button>
        </Group>
        <DangerList messages={errors} />
      </Stack>
    </Paper>
  );
}

/**
 * Alerts with their controls (frequency, pause or resume, delete): the signed-in owner's, or
 * those of an address through its manage link's token.
 */
export function AlertList({ alerts, manageToken }: { alerts: JobAlertFieldsFragment[]; manageToken: string | null }) {
  const [deleted, setDeleted] = useState<ReadonlySet<string>>(new Set());
  const shown = alerts.filter((alert) => !deleted.has(alert.id));
  if (shown.length === 0)
    return (
      <Text>
        <FormattedMessage {...messages.empty} />
      </Text>
    );
  return (
    <Stack component="ul" gap="sm" p={0} style={{ listStyle: "none" }}>
      {shown.map((alert) => (
        <AlertRow
          key={alert.id}
          alert={alert}
          manageToken={manageToken}
          onDeleted={(id) => setDeleted((before) => new Set([...before, id]))}
        />
      ))}
    </Stack>
  );
}
