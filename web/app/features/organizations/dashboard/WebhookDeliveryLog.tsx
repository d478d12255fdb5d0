import { useMutation, useQuery } from "@apollo/client/react";
import {
  ActionIcon,
  Badge,
  Button,
  Code,
  CopyButton,
  Group,
  Modal,
  NumberInput,
  ScrollArea,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from "@mantine/core";
import { HintTooltip } from "~/components/HintTooltip";
import { IconBraces, IconCheck, IconCopy, IconRefresh, IconRepeat } from "@tabler/icons-react";
import { useEffect, useState, type FormEvent } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { DangerList } from "~/components/DangerList";
import { EmptyState } from "~/components/EmptyState";
import type { WebhookDeliveriesQuery } from "~/lib/graphql/generated/graphql";
import { defineMessages } from "~/lib/i18n/define-messages";
import { REPLAY_WEBHOOK_DELIVERIES, WEBHOOK_DELIVERIES } from "./documents";
import { FORM_MESSAGES } from "./form-kit";
import { dateTime, DELIVERY_STATUS, LOG_LIMIT, MAX_REPLAY_HOURS, webhookErrors } from "./webhook-format";

const messages = defineMessages({
  log: { id: "organizations.webhooks.log.title", defaultMessage: "Delivery log" },
  deliveries: { id: "organizations.webhooks.log.deliveries", defaultMessage: "Deliveries" },
  scope: {
    id: "organizations.webhooks.log.scope",
    defaultMessage:
      "The newest {limit, number} deliveries of the last 30 days. A delivery keeps its webhook-id on every try and on a replay, so your receiver can skip one it has already handled.",
  },
  refresh: { id: "organizations.webhooks.log.refresh", defaultMessage: "Refresh the log" },
  failed: { id: "organizations.webhooks.log.failed", defaultMessage: "The delivery log could not be loaded. Please try again in a moment." },
  empty: { id: "organizations.webhooks.log.empty", defaultMessage: "No deliveries yet." },
  emptyNext: {
    id: "organizations.webhooks.log.emptyNext",
    defaultMessage: "Each event the endpoint listens to is listed here as soon as it happens.",
  },
  event: { id: "organizations.webhooks.log.event", defaultMessage: "Event" },
  status: { id: "organizations.webhooks.log.status", defaultMessage: "Status" },
  attempts: { id: "organizations.webhooks.log.attempts", defaultMessage: "Tries" },
  lastAnswer: { id: "organizations.webhooks.log.lastAnswer", defaultMessage: "Last answer" },
  created: { id: "organizations.webhooks.log.created", defaultMessage: "Created" },
  delivered: { id: "organizations.webhooks.log.delivered", defaultMessage: "Delivered or next try" },
  nextTryAt: { id: "organizations.webhooks.log.nextTryAt", defaultMessage: "Next try {date}" },
  actions: { id: "organizations.webhooks.log.actions", defaultMessage: "Actions" },
  httpStatus: { id: "organizations.webhooks.log.httpStatus", defaultMessage: "HTTP {code}" },
  none: { id: "organizations.webhooks.log.none", defaultMessage: "—" },
  showPayload: { id: "organizations.webhooks.log.showPayload", defaultMessage: "Show the payload" },
  showPayloadOf: { id: "organizations.webhooks.log.showPayloadOf", defaultMessage: "Show the payload of {id}" },
  replay: { id: "organizations.webhooks.log.replay", defaultMessage: "Replay" },
  replayOf: { id: "organizations.webhooks.log.replayOf", defaultMessage: "Replay {id}" },
  replayDisabled: {
    id: "organizations.webhooks.log.replayDisabled",
    defaultMessage: "Enable the endpoint again to replay its deliveries.",
  },
  hours: { id: "organizations.webhooks.log.hours", defaultMessage: "Hours" },
  hoursInvalid: {
    id: "organizations.webhooks.log.hoursInvalid",
    defaultMessage: "Enter a whole number of hours from 1 to {max, number}.",
  },
  replayHours: {
    id: "organizations.webhooks.log.replayHours",
    defaultMessage: "Replay the last {hours, plural, one {hour} other {# hours}}",
  },
  replayed: {
    id: "organizations.webhooks.log.replayed",
    defaultMessage:
      "{count, plural, =0 {There was nothing to send again.} one {# delivery is being sent again.} other {# deliveries are being sent again.}}",
  },
  payload: { id: "organizations.webhooks.log.payload", defaultMessage: "JSON payload" },
  payloadTitle: { id: "organizations.webhooks.log.payloadTitle", defaultMessage: "Payload of {id}" },
  payloadText: {
    id: "organizations.webhooks.log.payloadText",
    defaultMessage: "The JSON body of each try of this {event} delivery, signed with the endpoint's secret.",
  },
  copyPayload: { id: "organizations.webhooks.log.copyPayload", defaultMessage: "Copy the payload" },
  copied: { id: "organizations.webhooks.log.copied", defaultMessage: "Copied" },
  close: { id: "organizations.webhooks.log.close", defaultMessage: "Close" },
});

type Delivery = WebhookDeliveriesQuery["webhookDeliveries"][number];

/** While a delivery is pending, the log looks again this often (ms) for its outcome. */
const PENDING_POLL = 5000;

function StatusBadge({ status }: { status: string }) {
  const known = DELIVERY_STATUS[status];
  return (
    <Badge color={known?.color ?? "gray"} variant="light" style={{ overflow: "visible", minWidth: "max-content" }}>
      {known ? <FormattedMessage {...known.label} /> : status}
    </Badge>
  );
}

function LastAnswer({ delivery }: { delivery: Delivery }) {
  const intl = useIntl();
  if (delivery.lastStatusCode == null && !delivery.lastError) {
    return <Text size="sm">{intl.formatMessage(messages.none)}</Text>;
  }
  return (
    <Stack gap={2}>
      {delivery.lastStatusCode != null ? (
        <Text size="sm" ff="monospace">
          <FormattedMessage {...messages.httpStatus} values={{ code: String(delivery.lastStatusCode) }} />
        </Text>
      ) : null}
      {delivery.lastError ? (
        <Text size="xs" c="dimmed" lineClamp={3} title={delivery.lastError} style={{ wordBreak: "break-word" }}>
          {delivery.lastError}
        </Text>
      ) : null}
    </Stack>
  );
}

function DeliveryRow({
  delivery,
  enabled,
  replaying,
  onReplay,
  onShowPayload,
}: {
  delivery: Delivery;
  enabled: boolean;
  replaying: boolean;
  onReplay: (delivery: Delivery) => void;
  onShowPayload: (delivery: Delivery) => void;
}) {
  const intl = useIntl();
  const none = intl.formatMessage(messages.none);
  return (
    <Table.Tr data-status={delivery.status}>
      <Table.Td>
        <Text size="sm" ff="monospace">
          {delivery.eventType}
        </Text>
        <Text size="xs" c="dimmed" ff="monospace">
          {delivery.id}
        </Text>
      </Table.Td>
      <Table.Td>
        <StatusBadge status={delivery.status} />
      </Table.Td>
      <Table.Td>
        <Text size="sm">{intl.formatNumber(delivery.attempts)}</Text>
      </Table.Td>
      <Table.Td maw={260}>
        <LastAnswer delivery={delivery} />
      </Table.Td>
      <Table.Td>
        <Text size="sm">{dateTime(intl, delivery.createdAt)}</Text>
      </Table.Td>
      <Table.Td>
        {delivery.deliveredAt ? (
          <Text size="sm">{dateTime(intl, delivery.deliveredAt)}</Text>
        ) : delivery.nextAttemptAt ? (
          <Text size="sm">
            <FormattedMessage {...messages.nextTryAt} values={{ date: dateTime(intl, delivery.nextAttemptAt) }} />
          </Text>
        ) : (
          <Text size="sm">{none}</Text>
        )}
      </Table.Td>
      <Table.Td>
        <Group gap={4} wrap="nowrap">
          <HintTooltip label={intl.formatMessage(messages.showPayload)} withArrow>
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={intl.formatMessage(messages.showPayloadOf, { id: delivery.id })}
              onClick={() => onShowPayload(delivery)}
            >
              <IconBraces size={18} stroke={1.75} aria-hidden="true" />
            </ActionIcon>
          </HintTooltip>
          <HintTooltip label={intl.formatMessage(enabled ? messages.replay : messages.replayDisabled)} withArrow>
            <ActionIcon
              variant="subtle"
              aria-label={intl.formatMessage(messages.replayOf, { id: delivery.id })}
              disabled={!enabled}
              loading={replaying}
              onClick={() => onReplay(delivery)}
            >
              <IconRepeat size={18} stroke={1.75} aria-hidden="true" />
            </ActionIcon>
          </HintTooltip>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

function PayloadModal({ delivery, onClose }: { delivery: Delivery | null; onClose: () => void }) {
  const intl = useIntl();
  const json = delivery ? JSON.stringify(delivery.payload, null, 2) : "";
  return (
    <Modal
      opened={delivery !== null}
      onClose={onClose}
      centered
      size="lg"
      title={intl.formatMessage(messages.payloadTitle, { id: delivery?.id ?? "" })}
      styles={{ title: { overflowWrap: "anywhere" } }}
      closeButtonProps={{ "aria-label": intl.formatMessage(messages.close) }}
    >
      <Stack gap="sm">
        <Text size="sm">
          <FormattedMessage {...messages.payloadText} values={{ event: delivery?.eventType ?? "" }} />
        </Text>
        {/* focusable, so that a keyboard scrolls a payload wider or longer than the dialog */}
        <ScrollArea.Autosize
          mah={420}
          type="auto"
          viewportProps={{ tabIndex: 0, role: "region", "aria-label": intl.formatMessage(messages.payload) }}
        >
          <Code block>
            {json}
          </Code>
        </ScrollArea.Autosize>
        <Group justify="flex-end">
          <CopyButton value={json} timeout={2000}>
            {({ copied, copy }) => (
              <Button
                variant="default"
                onClick={copy}
                leftSection={copied ? <IconCheck size={16} aria-hidden="true" /> : <IconCopy size={16} aria-hidden="true" />}
              >
                <FormattedMessage {...(copied ? messages.copied : messages.copyPayload)} />
              </Button>
            )}
          </CopyButton>
        </Group>
      </Stack>
    </Modal>
  );
}

/** An endpoint's delivery log: each delivery's status, tries and last answer, its payload, and replays. */
export function WebhookDeliveryLog({ endpointId, enabled }: { endpointId: string; enabled: boolean }) {
  const intl = useIntl();
  const { data, loading, error, refetch, startPolling, stopPolling } = useQuery(WEBHOOK_DELIVERIES, {
    variables: { endpointId, limit: LOG_LIMIT },
    notifyOnNetworkStatusChange: true,
  });
  const deliveries = data?.webhookDeliveries ?? [];
  const pending = deliveries.some((delivery) => delivery.status === "PENDING");
  useEffect(() => {
    if (!pending) return undefined;
    startPolling(PENDING_POLL);
    return () => stopPolling();
  }, [pending, startPolling, stopPolling]);

  const [payloadOf, setPayloadOf] = useState<Delivery | null>(null);
  const [hours, setHours] = useState<string | number>(24);
  const [hoursTouched, setHoursTouched] = useState(false);
  const [replayingId, setReplayingId] = useState<string | null>(null);
  const [replay, replaying] = useMutation(REPLAY_WEBHOOK_DELIVERIES, {
    refetchQueries: ({ data: done }) =>
      done?.replayWebhookDeliveries.__typename === "WebhookReplayed" ? [WEBHOOK_DELIVERIES] : [],
  });

  const hoursValue = typeof hours === "number" ? hours : Number(hours);
  const hoursValid = Number.isInteger(hoursValue) && hoursValue >= 1 && hoursValue <= MAX_REPLAY_HOURS;
  const answer = replaying.data?.replayWebhookDeliveries;
  const refusals = replaying.error
    ? [intl.formatMessage(FORM_MESSAGES.unavailable)]
    : webhookErrors(answer, []).general;

  const replayOne = (delivery: Delivery) => {
    setReplayingId(delivery.id);
    void replay({ variables: { id: endpointId, deliveryId: delivery.id, hours: 24 } })
      .catch(() => undefined)
      .finally(() => setReplayingId(null));
  };

  const replayHours = (event: FormEvent) => {
    event.preventDefault();
    setHoursTouched(true);
    if (!hoursValid) return;
    setReplayingId(null);
    void replay({ variables: { id: endpointId, deliveryId: null, hours: hoursValue } }).catch(() => undefined);
  };

  return (
    <Stack gap="sm" component="section" aria-label={intl.formatMessage(messages.log)}>
      <Group justify="space-between" wrap="nowrap" align="center">
        <Title order={3} size="h4">
          <FormattedMessage {...messages.log} />
        </Title>
        <HintTooltip label={intl.formatMessage(messages.refresh)} withArrow>
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={intl.formatMessage(messages.refresh)}
            loading={loading && Boolean(data)}
            onClick={() => void refetch().catch(() => undefined)}
          >
            <IconRefresh size={18} stroke={1.75} aria-hidden="true" />
          </ActionIcon>
        </HintTooltip>
      </Group>
      <Text size="sm" c="dimmed">
        <FormattedMessage {...messages.scope} values={{ limit: LOG_LIMIT }} />
      </Text>
      <form onSubmit={replayHours} noValidate>
        <Group gap="sm" align="flex-end" wrap="wrap">
          <NumberInput
            label={intl.formatMessage(messages.hours)}
            value={hours}
            onChange={setHours}
            min={1}
            max={MAX_REPLAY_HOURS}
            step={1}
            allowDecimal={false}
            allowNegative={false}
            w={120}
            disabled={!enabled}
            error={hoursTouched && !hoursValid ? intl.formatMessage(messages.hoursInvalid, { max: MAX_REPLAY_HOURS }) : undefined}
          />
          <Button
            type="submit"
            variant="light"
            disabled={!enabled}
            loading={replaying.loading && replayingId === null}
            leftSection={<IconRepeat size={16} stroke={1.75} aria-hidden="true" />}
          >
            <FormattedMessage {...messages.replayHours} values={{ hours: hoursValid ? hoursValue : 24 }} />
          </Button>
        </Group>
      </form>
      {!enabled ? (
        <Text size="sm" c="dimmed">
          <FormattedMessage {...messages.replayDisabled} />
        </Text>
      ) : null}
      {answer?.__typename === "WebhookReplayed" ? (
        <Text size="sm" role="status">
          <FormattedMessage {...messages.replayed} values={{ count: answer.count }} />
        </Text>
      ) : null}
      <DangerList messages={refusals} />
      {error ? (
        <Text role="alert">
          <FormattedMessage {...messages.failed} />
        </Text>
      ) : null}
      {loading && !data ? <Skeleton height={96} radius="md" /> : null}
      {data && deliveries.length === 0 ? (
        <EmptyState
          action={
            <Text size="sm" ta="center">
              <FormattedMessage {...messages.emptyNext} />
            </Text>
          }
        >
          <FormattedMessage {...messages.empty} />
        </EmptyState>
      ) : null}
      {deliveries.length > 0 ? (
        <Table.ScrollContainer minWidth={860}>
          <Table verticalSpacing="xs" aria-label={intl.formatMessage(messages.deliveries)}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>
                  <FormattedMessage {...messages.event} />
                </Table.Th>
                <Table.Th>
                  <FormattedMessage {...messages.status} />
                </Table.Th>
                <Table.Th>
                  <FormattedMessage {...messages.attempts} />
                </Table.Th>
                <Table.Th>
                  <FormattedMessage {...messages.lastAnswer} />
                </Table.Th>
                <Table.Th>
                  <FormattedMessage {...messages.created} />
                </Table.Th>
                <Table.Th>
                  <FormattedMessage {...messages.delivered} />
                </Table.Th>
                <Table.Th>
                  <VisuallyHidden>
                    <FormattedMessage {...messages.actions} />
                  </VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {deliveries.map((delivery) => (
                <DeliveryRow
                  key={delivery.id}
                  delivery={delivery}
                  enabled={enabled}
                  replaying={replaying.loading && replayingId === delivery.id}
                  onReplay={replayOne}
                  onShowPayload={setPayloadOf}
                />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
      <PayloadModal delivery={payloadOf} onClose={() => setPayloadOf(null)} />
    </Stack>
  );
}
