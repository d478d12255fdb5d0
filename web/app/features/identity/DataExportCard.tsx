import { useMutation, useQuery } from "@apollo/client/react";
import {
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  List,
  Progress,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import { IconDownload, IconFileZip } from "@tabler/icons-react";
import { useEffect } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { DangerList } from "~/components/DangerList";
import { graphql } from "~/lib/graphql/generated/gql";
import { formatDate } from "~/lib/format";
import { defineMessages } from "~/lib/i18n/define-messages";

export const MY_DATA_EXPORTS = graphql(`
  query MyDataExports {
    myDataExports {
      id
      state
      requestedAt
      requestedByThemselves
      completedAt
      expiresAt
      size
      downloadUrl
      parts {
        service
        receivedAt
      }
    }
  }
`);

export const REQUEST_DATA_EXPORT = graphql(`
  mutation RequestDataExport {
    requestDataExport {
      __typename
      ... on DataExport {
        id
        state
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

/** While an export is prepared the list asks again this often (the services answer in seconds). */
export const EXPORT_POLL_MS = 4000;

const messages = defineMessages({
  title: { id: "account.export.title", defaultMessage: "Your data" },
  text: {
    id: "account.export.text",
    defaultMessage:
      "Download a copy of everything this site keeps about you: your account and sign-ins, applications with their files, resume, job alerts, bookmarks, consents, memberships and messages. Every part of the site adds its share to one zip archive (readable data files and your original files); we mail you a link within minutes. The link works for 7 days, and only for you.",
  },
  request: {
    id: "account.export.request",
    defaultMessage: "Request a copy of my data",
  },
  failed: {
    id: "account.export.failed",
    defaultMessage: "We could not start your export. Try again in a moment.",
  },
  listLabel: {
    id: "account.export.list",
    defaultMessage: "Your recent exports",
  },
  requested: {
    id: "account.export.requested",
    defaultMessage: "Requested {date}",
  },
  byAdministrator: {
    id: "account.export.byAdministrator",
    defaultMessage: "prepared by an administrator at your request",
  },
  preparing: { id: "account.export.preparing", defaultMessage: "Preparing" },
  ready: { id: "account.export.ready", defaultMessage: "Ready" },
  expired: { id: "account.export.expired", defaultMessage: "Expired" },
  progress: {
    id: "account.export.progress",
    defaultMessage:
      "{done, number} of {total, number} parts of the site have sent their share",
  },
  download: {
    id: "account.export.download",
    defaultMessage: "Download ({size})",
  },
  until: {
    id: "account.export.until",
    defaultMessage: "Available until {date}",
  },
  expiredText: {
    id: "account.export.expiredText",
    defaultMessage: "The archive was deleted after 7 days. Request a new copy.",
  },
});

const STATE_COLORS: Record<string, string> = {
  PREPARING: "blue",
  READY: "green",
  EXPIRED: "gray",
};

function sizeLabel(bytes: number, locale: string): string {
  const megabytes = bytes / 1_000_000;
  if (megabytes >= 1) {
    return new Intl.NumberFormat(locale, {
      style: "unit",
      unit: "megabyte",
      maximumFractionDigits: 1,
    }).format(megabytes);
  }
  return new Intl.NumberFormat(locale, {
    style: "unit",
    unit: "kilobyte",
    maximumFractionDigits: 0,
  }).format(Math.max(1, bytes / 1000));
}

/** The account page's export: ask for a copy of your data, follow it, download it. */
export function DataExportCard() {
  const intl = useIntl();
  const {
    data,
    loading: listing,
    startPolling,
    stopPolling,
  } = useQuery(MY_DATA_EXPORTS, {
    fetchPolicy: "cache-and-network",
  });
  const [request, { data: answer, loading, error }] = useMutation(
    REQUEST_DATA_EXPORT,
    {
      refetchQueries: [MY_DATA_EXPORTS],
      awaitRefetchQueries: true,
    },
  );
  const exports = data?.myDataExports ?? [];
  const preparing = exports.some((item) => item.state === "PREPARING");
  // until the list is known a request waits: one may be under way already (one at a time), and
  // the request's refetch of the list would join the first fetch still in flight and miss it
  const unknown = listing && data === undefined;

  useEffect(() => {
    if (!preparing) return undefined;
    startPolling(EXPORT_POLL_MS);
    return () => stopPolling();
  }, [preparing, startPolling, stopPolling]);

  const refused =
    answer?.requestDataExport.__typename === "AccountErrors"
      ? answer.requestDataExport.errors.map((item) => item.message)
      : [];
  // a date in UTC, the same on the server and in the browser (the page is hydrated)
  const date = (value: unknown) => formatDate(value, intl.locale);

  return (
    <Card
      withBorder
      padding="lg"
      component="section"
      aria-label={intl.formatMessage(messages.title)}
      id="your-data"
    >
      <Stack gap="sm">
        <Title order={2} size="h3">
          <FormattedMessage {...messages.title} />
        </Title>
        <Text>
          <FormattedMessage {...messages.text} />
        </Text>
        <DangerList
          messages={error ? [intl.formatMessage(messages.failed)] : refused}
        />
        <Group>
          <Button
            leftSection={<IconFileZip size={18} aria-hidden />}
            variant="light"
            loading={loading}
            disabled={preparing || unknown}
            onClick={() => void request().catch(() => undefined)}
          >
            <FormattedMessage {...messages.request} />
          </Button>
        </Group>
        {exports.length > 0 ? (
          <List
            listStyleType="none"
            spacing="sm"
            aria-label={intl.formatMessage(messages.listLabel)}
          >
            {exports.map((item) => {
              const done = item.parts.filter((part) => part.receivedAt).length;
              const state =
                item.state === "READY"
                  ? messages.ready
                  : item.state === "EXPIRED"
                    ? messages.expired
                    : messages.preparing;
              return (
                <List.Item key={item.id} data-testid="data-export">
                  <Stack gap={4}>
                    <Group gap="xs" wrap="wrap">
                      <Badge
                        color={STATE_COLORS[item.state] ?? "gray"}
                        variant="light"
                      >
                        <FormattedMessage {...state} />
                      </Badge>
                      <Text size="sm">
                        <FormattedMessage
                          {...messages.requested}
                          values={{ date: date(item.requestedAt) }}
                        />
                        {item.requestedByThemselves ? null : (
                          <>
                            {" · "}
                            <FormattedMessage {...messages.byAdministrator} />
                          </>
                        )}
                      </Text>
                    </Group>
                    {item.state === "PREPARING" ? (
                      <>
                        <Progress
                          value={(done / Math.max(1, item.parts.length)) * 100}
                          aria-label={intl.formatMessage(messages.progress, {
                            done,
                            total: item.parts.length,
                          })}
                          animated
                        />
                        <Text size="xs" c="dimmed">
                          <FormattedMessage
                            {...messages.progress}
                            values={{ done, total: item.parts.length }}
                          />
                        </Text>
                      </>
                    ) : null}
                    {item.state === "READY" && item.downloadUrl ? (
                      <Group gap="sm" wrap="wrap">
                        <Anchor
                          href={item.downloadUrl}
                          download
                          fw={600}
                          style={{
                            display: "inline-flex",
                            gap: 6,
                            alignItems: "center",
                            minHeight: 24,
                          }}
                        >
                          <IconDownload size={18} aria-hidden />
                          <FormattedMessage
                            {...messages.download}
                            values={{
                              size: sizeLabel(item.size ?? 0, intl.locale),
                            }}
                          />
                        </Anchor>
                        {item.expiresAt ? (
                          <Text size="sm" c="dimmed">
                            <FormattedMessage
                              {...messages.until}
                              values={{ date: date(item.expiresAt) }}
                            />
                          </Text>
                        ) : null}
                      </Group>
                    ) : null}
                    {item.state === "EXPIRED" ? (
                      <Text size="sm" c="dimmed">
                        <FormattedMessage {...messages.expiredText} />
                      </Text>
                    ) : null}
                  </Stack>
                </List.Item>
              );
            })}
          </List>
        ) : null}
      </Stack>
    </Card>
  );
}
