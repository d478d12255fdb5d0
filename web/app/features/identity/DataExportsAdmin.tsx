import { useMutation, useQuery } from "@apollo/client/react";
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { IconDownload } from "@tabler/icons-react";
import { useState, type FormEvent } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { DangerList } from "~/components/DangerList";
import { graphql } from "~/lib/graphql/generated/gql";
import type { DataExportsQuery } from "~/lib/graphql/generated/graphql";
import { defineMessages } from "~/lib/i18n/define-messages";
import { ACCOUNT_ID_PATTERN } from "./account-rules";
import { utc } from "./ErasureRequestsPage";

export const DATA_EXPORTS = graphql(`
  query DataExports($pendingOnly: Boolean!, $limit: Int!) {
    dataExports(pendingOnly: $pendingOnly, limit: $limit) {
      total
      exports {
        id
        userId
        state
        requestedAt
        requestedByThemselves
        completedAt
        attempts
        size
        downloadUrl
        parts {
          service
          receivedAt
          counts {
            kind
            count
          }
        }
      }
    }
  }
`);

export const EXPORT_USER_DATA = graphql(`
  mutation ExportUserData($userId: ID!) {
    exportUserData(userId: $userId) {
      __typename
      ... on DataExport {
        id
      }
      ... on AccountErrors {
        message
        errors {
          field
          code
          message
        }
      }
    }
  }
`);

export const DATA_EXPORTS_SHOWN = 20;

const messages = defineMessages({
  title: { id: "export.admin.title", defaultMessage: "Data exports" },
  intro: {
    id: "export.admin.intro",
    defaultMessage:
      "Copies of people's data and where each service stands in sending its part. A service that has not sent it is asked again every 15 minutes; archives are deleted after 7 days.",
  },
  formTitle: {
    id: "export.admin.form",
    defaultMessage: "Export a person's data on their request",
  },
  userId: { id: "export.admin.userId", defaultMessage: "Account id" },
  userIdHint: {
    id: "export.admin.userId.hint",
    defaultMessage:
      "The person is mailed the link; you can download the archive here too. The request is written to the audit log.",
  },
  userIdInvalid: {
    id: "export.admin.userId.invalid",
    defaultMessage: "Enter an account id (a UUID).",
  },
  submit: { id: "export.admin.submit", defaultMessage: "Prepare the export" },
  started: {
    id: "export.admin.started",
    defaultMessage: "The export is being prepared.",
  },
  failed: {
    id: "export.admin.failed",
    defaultMessage:
      "The data exports could not be loaded. Please try again in a moment.",
  },
  startFailed: {
    id: "export.admin.startFailed",
    defaultMessage: "The export could not be started. Try again in a moment.",
  },
  empty: { id: "export.admin.empty", defaultMessage: "No data exports." },
  table: { id: "export.admin.table", defaultMessage: "Data exports" },
  account: { id: "export.admin.account", defaultMessage: "Account" },
  requested: {
    id: "export.admin.requested",
    defaultMessage: "Requested (UTC)",
  },
  by: { id: "export.admin.by", defaultMessage: "By" },
  byPerson: { id: "export.admin.by.person", defaultMessage: "the person" },
  byAdmin: { id: "export.admin.by.admin", defaultMessage: "an administrator" },
  state: { id: "export.admin.state", defaultMessage: "State" },
  parts: { id: "export.admin.parts", defaultMessage: "Services" },
  preparing: {
    id: "export.admin.preparing",
    defaultMessage:
      "{received, number} of {total, number} parts · asked {attempts, plural, one {once} other {# times}}",
  },
  ready: { id: "export.admin.ready", defaultMessage: "Ready {date}" },
  expired: { id: "export.admin.expired", defaultMessage: "Expired" },
  download: { id: "export.admin.download", defaultMessage: "Download" },
  partReceived: {
    id: "export.admin.part.received",
    defaultMessage: "{service}: sent",
  },
  partWaiting: {
    id: "export.admin.part.waiting",
    defaultMessage: "{service}: waiting",
  },
  nothing: { id: "export.admin.part.nothing", defaultMessage: "nothing kept" },
});

type Export = DataExportsQuery["dataExports"]["exports"][number];


function ExportRow({ item }: { item: Export }) {
  const intl = useIntl();
  const received = item.parts.filter((part) => part.receivedAt).length;
  return (
    <Table.Tr>
      <Table.Td>
        <Text size="sm" ff="monospace">
          {item.userId}
        </Text>
      </Table.Td>
      <Table.Td>
        <time dateTime={String(item.requestedAt)}>
          {utc(item.requestedAt, intl)}
        </time>
      </Table.Td>
      <Table.Td>
        <FormattedMessage
          {...(item.requestedByThemselves
            ? messages.byPerson
            : messages.byAdmin)}
        />
      </Table.Td>
      <Table.Td>
        {item.state === "PREPARING" ? (
          <Text size="sm">
            <FormattedMessage
              {...messages.preparing}
              values={{
                received,
                total: item.parts.length,
                attempts: item.attempts,
              }}
            />
          </Text>
        ) : item.state === "READY" ? (
          <Stack gap={4}>
            <Badge color="green">
              {intl.formatMessage(messages.ready, {
                date: utc(item.completedAt, intl),
              })}
            </Badge>
            {item.downloadUrl ? (
              <Anchor
                href={item.downloadUrl}
                download
                size="sm"
                style={{
                  display: "inline-flex",
                  gap: 4,
                  alignItems: "center",
                  minHeight: 24,
                }}
              >
                <IconDownload size={16} aria-hidden />
                <FormattedMessage {...messages.download} />
              </Anchor>
            ) : null}
          </Stack>
        ) : (
          <Badge color="gray">
            <FormattedMessage {...messages.expired} />
          </Badge>
        )}
      </Table.Td>
      <Table.Td>
        <Stack gap={4}>
          {item.parts.map((part) => (
            <Stack key={part.service} gap={0}>
              <Group gap={6} wrap="nowrap">
                <Badge size="sm" variant="light" color={part.receivedAt ? "green" : "yellow"}>
                  {intl.formatMessage(part.receivedAt ? messages.partReceived : messages.partWaiting, {
                    service: part.service,
                  })}
                </Badge>
              </Group>
              {part.receivedAt ? (
                <Text size="xs" c="dimmed">
                  {part.counts.map((count) => `${count.count} ${count.kind}`).join(", ") ||
                    intl.formatMessage(messages.nothing)}
                </Text>
              ) : null}
            </Stack>
          ))}
        </Stack>
      </Table.Td>
    </Table.Tr>
  );
}

function ExportForm() {
  const intl = useIntl();
  const [userId, setUserId] = useState("");
  const [touched, setTouched] = useState(false);
  const [start, { data, loading, error }] = useMutation(EXPORT_USER_DATA, {
    refetchQueries: [DATA_EXPORTS],
  });
  const invalid = !ACCOUNT_ID_PATTERN.test(userId.trim());
  const answer = data?.exportUserData;
  const refused =
    answer?.__typename === "AccountErrors"
      ? answer.errors.map((item) => item.message)
      : [];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (invalid) return;
    void start({ variables: { userId: userId.trim() } }).catch(() => undefined);
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={intl.formatMessage(messages.formTitle)}
    >
      <Stack gap="xs" maw={560}>
        <Title order={3} size="h4">
          <FormattedMessage {...messages.formTitle} />
        </Title>
        <DangerList
          messages={
            error ? [intl.formatMessage(messages.startFailed)] : refused
          }
        />
        {answer?.__typename === "DataExport" ? (
          <Alert color="green" role="status">
            <FormattedMessage {...messages.started} />
          </Alert>
        ) : null}
        <Group align="flex-start" wrap="wrap">
          <TextInput
            label={intl.formatMessage(messages.userId)}
            description={intl.formatMessage(messages.userIdHint)}
            value={userId}
            onChange={(event) => setUserId(event.currentTarget.value)}
            error={
              touched && invalid
                ? intl.formatMessage(messages.userIdInvalid)
                : undefined
            }
            style={{ flex: "1 1 280px" }}
            spellCheck={false}
          />
        </Group>
        <Group>
          <Button type="submit" loading={loading} variant="light">
            <FormattedMessage {...messages.submit} />
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * The data exports on the administrators' privacy page (ADR 0038): each export's parts by
 * service, the archive while it lasts, and a form to export a person's data on their request.
 */
export function DataExportsAdmin({ pendingOnly }: { pendingOnly: boolean }) {
  const intl = useIntl();
  const { data, error } = useQuery(DATA_EXPORTS, {
    variables: { pendingOnly, limit: DATA_EXPORTS_SHOWN },
  });
  const list = data?.dataExports;
  return (
    <Stack
      gap="md"
      component="section"
      aria-label={intl.formatMessage(messages.title)}
    >
      <Title order={2}>
        <FormattedMessage {...messages.title} />
      </Title>
      <Text>
        <FormattedMessage {...messages.intro} />
      </Text>
      <ExportForm />
      {error ? (
        <Alert color="red" role="alert">
          <FormattedMessage {...messages.failed} />
        </Alert>
      ) : null}
      {list && list.total === 0 ? (
        <Text>
          <FormattedMessage {...messages.empty} />
        </Text>
      ) : null}
      {list && list.total > 0 ? (
        <Table.ScrollContainer minWidth={900}>
          <Table striped aria-label={intl.formatMessage(messages.table)}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>
                  <FormattedMessage {...messages.account} />
                </Table.Th>
                <Table.Th>
                  <FormattedMessage {...messages.requested} />
                </Table.Th>
                <Table.Th>
                  <FormattedMessage {...messages.by} />
                </Table.Th>
                <Table.Th>
                  <FormattedMessage {...messages.state} />
                </Table.Th>
                <Table.Th>
                  <FormattedMessage {...messages.parts} />
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.exports.map((item) => (
                <ExportRow key={item.id} item={item} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
    </Stack>
  );
}
