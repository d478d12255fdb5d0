import { Alert, Anchor, Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { useId, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { DangerList } from "~/components/DangerList";
import { Link } from "~/components/Link";
import { graphql } from "~/lib/graphql/generated/gql";
import { defineMessages } from "~/lib/i18n/define-messages";
import { type EditedAlert, stopEditingAlert, useEditedAlert } from "~/lib/job-alert-editing";
import { CreateJobAlert, type CreateJobAlertProps } from "./CreateJobAlert";
import { useLazyMutation } from "~/lib/apollo/lazy-client";

export const SAVE_ALERT_SEARCH = graphql(`
  mutation SaveAlertSearch($input: UpdateJobAlertInput!) {
    updateJobAlert(input: $input) {
      __typename
      ... on JobAlertSaved {
        alert {
          id
          name
        }
      }
      ... on AlertErrors {
        errors {
          message
        }
      }
    }
  }
`);

const messages = defineMessages({
  title: { id: "search.alert.title", defaultMessage: "Get jobs like these by email" },
  text: {
    id: "search.alert.text",
    defaultMessage: "Save this search as a job alert and hear about new matching jobs instantly, daily or weekly.",
  },
  editTitle: { id: "search.alert.edit.title", defaultMessage: "Change the search of “{name}”" },
  editText: {
    id: "search.alert.edit.text",
    defaultMessage: "Set the keywords, filters and place on this page, then save them to the alert. New jobs matching the new search are mailed from now on.",
  },
  editSave: { id: "search.alert.edit.save", defaultMessage: "Save this search to the alert" },
  editStop: { id: "search.alert.edit.stop", defaultMessage: "Stop editing" },
  editSaved: { id: "search.alert.edit.saved", defaultMessage: "“{name}” now uses this search." },
  editBack: { id: "search.alert.edit.back", defaultMessage: "Back to your job alerts" },
  editFailed: { id: "search.alert.edit.failed", defaultMessage: "We could not save the search. Try again in a moment." },
});

/** The account's job alerts, where "Edit the search" started. */
const MY_ALERTS_PATH = "/user/account#job-alerts";

/** Saving the page's search to the alert whose "Edit the search" the owner chose. */
function EditAlertSearch({
  alert,
  search,
  onSaved,
}: {
  alert: EditedAlert;
  search: CreateJobAlertProps["search"];
  onSaved: (name: string) => void;
}) {
  const intl = useIntl();
  const [save, { loading }] = useLazyMutation(SAVE_ALERT_SEARCH);
  const [errors, setErrors] = useState<string[]>([]);

  const submit = async () => {
    setErrors([]);
    try {
      const { data } = await save({
        variables: { input: { id: alert.id, search: { ...search, sorts: [], page: 1, range: null } } },
      });
      const answer = data?.updateJobAlert;
      if (answer?.__typename === "JobAlertSaved") {
        onSaved(answer.alert.name);
        stopEditingAlert();
      } else if (answer?.__typename === "AlertErrors") setErrors(answer.errors.map((error) => error.message));
    } catch {
      setErrors([intl.formatMessage(messages.editFailed)]);
    }
  };

  return (
    <Stack gap="xs">
      <Text size="sm">
        <FormattedMessage {...messages.editText} />
      </Text>
      <DangerList messages={errors} />
      <Group>
        <Button loading={loading} onClick={() => void submit()}>
          <FormattedMessage {...messages.editSave} />
        </Button>
        <Button variant="default" onClick={stopEditingAlert}>
          <FormattedMessage {...messages.editStop} />
        </Button>
      </Group>
    </Stack>
  );
}

/** Where /job-bookmarks-anon sends visitors (spec 2: /jobs#save-search). */
export const SAVE_SEARCH_ANCHOR = "save-search";

/**
 * "Create a job alert" beside the results: saves the page's search as an alert (visitors give
 * an address, pass the captcha and confirm from the mailed link).
 */
export function SaveSearchCta(props: CreateJobAlertProps) {
  const headingId = useId();
  const intl = useIntl();
  const edited = useEditedAlert();
  const alert = props.signedIn ? edited : null;
  // the alert's name once its new search is saved (the edit is over; the confirmation stays)
  const [savedName, setSavedName] = useState<string | null>(null);
  return (
    <Paper
      id={SAVE_SEARCH_ANCHOR}
      component="section"
      aria-labelledby={headingId}
      withBorder
      radius="md"
      p="md"
      style={{ scrollMarginTop: "1rem" }}
    >
      <Stack gap="xs">
        {savedName !== null ? (
          <>
            <Title order={2} size="h4" id={headingId}>
              <FormattedMessage {...messages.title} />
            </Title>
            <Alert color="green" role="status" title={intl.formatMessage(messages.editSaved, { name: savedName })}>
              <Anchor component={Link} to={MY_ALERTS_PATH} size="sm">
                <FormattedMessage {...messages.editBack} />
              </Anchor>
            </Alert>
          </>
        ) : alert ? (
          <>
            <Title order={2} size="h4" id={headingId}>
              <FormattedMessage {...messages.editTitle} values={{ name: alert.name }} />
            </Title>
            <EditAlertSearch alert={alert} search={props.search} onSaved={setSavedName} />
          </>
        ) : (
          <>
            <Title order={2} size="h4" id={headingId}>
              <FormattedMessage {...messages.title} />
            </Title>
            <Text size="sm">
              <FormattedMessage {...messages.text} />
            </Text>
            <CreateJobAlert {...props} />
          </>
        )}
      </Stack>
    </Paper>
  );
}
