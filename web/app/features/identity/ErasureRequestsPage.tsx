import { useMutation, useQuery } from "@apollo/client/react";
import { Alert, Badge, Button, Group, SegmentedControl, Stack, Table, Text, Title } from "@mantine/core";
import { FormattedMessage, type IntlShape, useIntl } from "react-intl";
import { DangerList } from "~/components/DangerList";
import { graphql } from "~/lib/graphql/generated/gql";
import type { ErasureRequestsQuery } from "~/lib/graphql/generated/graphql";
import { PagePicker } from "~/components/Pagination";
import { defineMessages } from "~/lib/i18n/define-messages";

export const ERASURE_REQUESTS = graphql(`
  query ErasureRequests($pendingOnly: Boolean!, $limit: Int!, $offset: Int!) {
    erasureRequests(pendingOnly: $pendingOnly, limit: $limit, offset: $offset) {
      total
      requests {
        userId
        requestedBy
        requestedAt
        lastAskedAt
        attempts
        completedAt
        heldReason
        services {
          service
          state
          confirmedAt
          erased {
            kind
            count
          }
          anonymized {
            kind
            count
          }
        }
      }
    }
  }
`);

export const ERASURE_PAGE_SIZE = 20;

const messages = defineMessages({
  title: { id: "erasure.admin.title", defaultMessage: "Erasure requests" },
  intro: {
    id: "erasure.admin.intro",
    defaultMessage:
      "Deleted accounts and where each service stands in erasing the person's data. A service that has not confirmed is asked again every 15 minutes.",
  },
  filter: { id: "erasure.admin.filter", defaultMessage: "Which requests" },
  all: { id: "erasure.admin.filter.all", defaultMessage: "All" },
  pending: { id: "erasure.admin.filter.pending", defaultMessage: "Not complete" },
  failed: { id: "erasure.admin.failed", defaultMessage: "The erasure requests could not be loaded. Please try again in a moment." },
  loading: { id: "erasure.admin.loading", defaultMessage: "Loading the erasure requests…" },
  empty: { id: "erasure.admin.empty", defaultMessage: "No erasure requests." },
  emptyPending: { id: "erasure.admin.emptyPending", defaultMessage: "Every erasure is complete." },
  table: { id: "erasure.admin.table", defaultMessage: "Erasure requests" },
  account: { id: "erasure.admin.account", defaultMessage: "Account" },
  requested: { id: "erasure.admin.requested", defaultMessage: "Requested (UTC)" },
  by: { id: "erasure.admin.by", defaultMessage: "By" },
  byPerson: { id: "erasure.admin.by.person", defaultMessage: "the person" },
  byAdmin: { id: "erasure.admin.by.admin", defaultMessage: "an administrator ({id})" },
  progress: { id: "erasure.admin.progress", defaultMessage: "Services" },
  state: { id: "erasure.admin.state", defaultMessage: "State" },
  complete: { id: "erasure.admin.complete", defaultMessage: "Complete {date}" },
  waiting: {
    id: "erasure.admin.waiting",
    defaultMessage: "{confirmed, number} of {total, number} confirmed · asked {attempts, plural, one {once} other {# times}}",
  },
  confirmed: { id: "erasure.admin.service.confirmed", defaultMessage: "{service}: confirmed" },
  servicePending: { id: "erasure.admin.service.pending", defaultMessage: "{service}: waiting" },
  erased: { id: "erasure.admin.erased", defaultMessage: "erased {items}" },
  anonymized: { id: "erasure.admin.anonymized", defaultMessage: "kept anonymized {items}" },
  held: { id: "erasure.admin.held", defaultMessage: "On legal hold: {reason}" },
  heldNote: { id: "erasure.admin.heldNote", defaultMessage: "No service is asked to erase until the hold is lifted." },
  lift: { id: "erasure.admin.lift", defaultMessage: "Lift the hold" },
  liftFailed: { id: "erasure.admin.liftFailed", defaultMessage: "The hold could not be lifted. Try again in a moment." },
});

export const LIFT_LEGAL_HOLD = graphql(`
  mutation LiftLegalHold($userId: ID!) {
    liftLegalHold(userId: $userId) {
      __typename
      ... on LegalHoldChanged {
        userId
        reason
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

/** The page's name, for its document title and the administration menu. */
export const ERASURE_REQUESTS_TITLE = messages.title;

type Request = ErasureRequestsQuery["erasureRequests"]["requests"][number];
type Progress = Request["services"][number];

/** A date and time in UTC (the same on the server and in the browser), for the privacy page. */
export function utc(value: unknown, intl: IntlShape): string {
  // UTC on the server and in the browser alike, so the prerendered page hydrates unchanged
  return intl.formatDate(new Date(String(value)), { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });
}

function counts(items: Progress["erased"]): string {
  return items.map((item) => `${item.count} ${item.kind}`).join(", ");
}

function ServiceLine({ progress }: { progress: Progress }) {
  const intl = useIntl();
  const done = progress.state === "CONFIRMED";
  return (
    <Stack gap={0}>
      <Group gap={6} wrap="nowrap">
        <Badge size="sm" variant="light" color={done ? "green" : "yellow"}>
          {intl.formatMessage(done ? messages.confirmed : messages.servicePending, { service: progress.service })}
        </Badge>
      </Group>
      {progress.erased.length > 0 ? (
        <Text size="xs" c="dimmed">
          <FormattedMessage {...messages.erased} values={{ items: counts(progress.erased) }} />
        </Text>
      ) : null}
      {progress.anonymized.length > 0 ? (
        <Text size="xs" c="dimmed">
          <FormattedMessage {...messages.anonymized} values={{ items: counts(progress.anonymized) }} />
        </Text>
      ) : null}
    </Stack>
  );
}

function HeldState({ userId, reason }: { userId: string; reason: string }) {
  const intl = useIntl();
  const [lift, { loading, error, data }] = useMutation(LIFT_LEGAL_HOLD, { refetchQueries: [ERASURE_REQUESTS] });
  const answer = data?.liftLegalHold;
  const refused = answer?.__typename === "AccountErrors" ? answer.errors.map((item) => item.message) : [];
  return (
    <Stack gap={4} align="flex-start">
      <Badge color="orange" variant="light" style={{ whiteSpace: "normal", height: "auto" }}>
        {intl.formatMessage(messages.held, { reason })}
      </Badge>
      <Text size="xs" c="dimmed">
        <FormattedMessage {...messages.heldNote} />
      </Text>
      <DangerList messages={error ? [intl.formatMessage(messages.liftFailed)] : refused} />
      <Button
        size="xs"
        variant="light"
        color="orange"
        loading={loading}
        onClick={() => void lift({ variables: { userId } }).catch(() => undefined)}
      >
        <FormattedMessage {...messages.lift} />
      </Button>
    </Stack>
  );
}

function RequestRow({ request }: { request: Request }) {
  const intl = useIntl();
  const confirmed = request.services.filter((service) => service.state === "CONFIRMED").length;
  const byPerson = !request.requestedBy || request.requestedBy === request.userId;
  return (
    <Table.Tr>
      <Table.Td>
        <Text size="sm" ff="monospace">
          {request.userId}
        </Text>
      </Table.Td>
      <Table.Td>
        <time dateTime={String(request.requestedAt)}>{utc(request.requestedAt, intl)}</time>
      </Table.Td>
      <Table.Td>
        {byPerson ? (
          <FormattedMessage {...messages.byPerson} />
        ) : (
          <FormattedMessage {...messages.byAdmin} values={{ id: request.requestedBy }} />
        )}
      </Table.Td>
      <Table.Td>
        {request.heldReason ? (
          <HeldState userId={request.userId} reason={request.heldReason} />
        ) : request.completedAt ? (
          <Badge color="green">{intl.formatMessage(messages.complete, { date: utc(request.completedAt, intl) })}</Badge>
        ) : (
          <Text size="sm">
            <FormattedMessage
              {...messages.waiting}
              values={{ confirmed, total: request.services.length, attempts: request.attempts }}
            />
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <Stack gap={6}>
          {request.services.map((progress) => (
            <ServiceLine key={progress.service} progress={progress} />
          ))}
        </Stack>
      </Table.Td>
    </Table.Tr>
  );
}

export interface ErasureRequestsPageProps {
  page: number;
  pendingOnly: boolean;
  onPageChange: (page: number) => void;
  onPendingOnlyChange: (pendingOnly: boolean) => void;
}

/**
 * /admin/erasure-requests (ADR 0036): administrators follow each deleted account's erasure, per
 * service: confirmed or waiting, what was erased and what was kept anonymized.
 */
export function ErasureRequestsPage({ page, pendingOnly, onPageChange, onPendingOnlyChange }: ErasureRequestsPageProps) {
  const intl = useIntl();
  const { data, loading, error } = useQuery(ERASURE_REQUESTS, {
    variables: { pendingOnly, limit: ERASURE_PAGE_SIZE, offset: (page - 1) * ERASURE_PAGE_SIZE },
  });
  const list = data?.erasureRequests;
  const pages = list ? Math.ceil(list.total / ERASURE_PAGE_SIZE) : 0;

  return (
    <Stack gap="md">
      <Title order={1}>
        <FormattedMessage {...messages.title} />
      </Title>
      <Text>
        <FormattedMessage {...messages.intro} />
      </Text>
      <SegmentedControl
        aria-label={intl.formatMessage(messages.filter)}
        value={pendingOnly ? "pending" : "all"}
        onChange={(value) => onPendingOnlyChange(value === "pending")}
        data={[
          { value: "all", label: intl.formatMessage(messages.all) },
          { value: "pending", label: intl.formatMessage(messages.pending) },
        ]}
        style={{ alignSelf: "flex-start" }}
      />
      {error ? (
        <Alert color="red" role="alert">
          <FormattedMessage {...messages.failed} />
        </Alert>
      ) : null}
      {loading && !list ? (
        <Text c="dimmed">
          <FormattedMessage {...messages.loading} />
        </Text>
      ) : null}
      {list && list.total === 0 ? (
        <Text>
          <FormattedMessage {...(pendingOnly ? messages.emptyPending : messages.empty)} />
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
                  <FormattedMessage {...messages.progress} />
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.requests.map((request) => (
                <RequestRow key={request.userId} request={request} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
      <PagePicker pages={pages} page={page} onChange={onPageChange} />
    </Stack>
  );
}
