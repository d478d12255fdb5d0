import { useMutation, useQuery } from "@apollo/client/react";
import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Checkbox,
  Code,
  Collapse,
  CopyButton,
  Group,
  Modal,
  Skeleton,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { HintTooltip } from "~/components/HintTooltip";
import {
  IconCheck,
  IconCopy,
  IconEye,
  IconEyeOff,
  IconHistory,
  IconPencil,
  IconPlus,
  IconRotateClockwise2,
  IconTrash,
  IconWebhook,
} from "@tabler/icons-react";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { BackLink } from "~/components/BackLink";
import { DangerList } from "~/components/DangerList";
import { EmptyState } from "~/components/EmptyState";
import { NavLink } from "~/components/Link";
import type { WebhookEndpointFieldsFragment } from "~/lib/graphql/generated/graphql";
import { useLocaleFormat } from "~/lib/format";
import { defineMessages } from "~/lib/i18n/define-messages";
import {
  CREATE_WEBHOOK_ENDPOINT,
  DELETE_WEBHOOK_ENDPOINT,
  ORGANIZATION_WEBHOOKS_PAGE,
  ROTATE_WEBHOOK_SECRET,
  UPDATE_WEBHOOK_ENDPOINT,
  WEBHOOK_ENDPOINTS,
  WEBHOOK_EVENT_TYPES,
} from "./documents";
import { FORM_MESSAGES } from "./form-kit";
import { WebhookDeliveryLog } from "./WebhookDeliveryLog";
import {
  cleanDescription,
  dateTime,
  eventText,
  MAX_DESCRIPTION,
  MAX_URL,
  urlProblem,
  webhookErrors,
  type UrlProblem,
} from "./webhook-format";

const messages = defineMessages({
  webhooks: { id: "organizations.webhooks.webhooks", defaultMessage: "Webhooks" },
  webhooksOf: { id: "organizations.webhooks.webhooksOf", defaultMessage: "Webhooks of {name}" },
  intro: {
    id: "organizations.webhooks.intro",
    defaultMessage:
      "Webhooks tell your own systems at once when something happens at {name}: a job goes live, expires or is closed, someone applies, an application moves along. Each event is sent as a JSON POST to the endpoints below that listen to it. An endpoint that does not answer is tried again for about a day; after that it is disabled and the recruiter who added it gets a mail.",
  },
  verify: {
    id: "organizations.webhooks.verify",
    defaultMessage:
      "Every delivery is signed by the Standard Webhooks convention (headers webhook-id, webhook-timestamp and webhook-signature): check the signature with the endpoint's signing secret, for example with one of the <link>Standard Webhooks libraries</link>, and skip a webhook-id you have already handled.",
  },
  myOrganizations: { id: "organizations.webhooks.myOrganizations", defaultMessage: "My organizations" },
  editProfile: { id: "organizations.webhooks.editProfile", defaultMessage: "Edit the profile" },
  members: { id: "organizations.webhooks.members", defaultMessage: "Members" },
  apiKeys: { id: "organizations.webhooks.apiKeys", defaultMessage: "API keys" },
  organizationFailed: {
    id: "organizations.webhooks.organizationFailed",
    defaultMessage: "The organization could not be loaded. Please try again in a moment.",
  },
  loading: { id: "organizations.webhooks.loading", defaultMessage: "Loading…" },
  notFound: { id: "organizations.webhooks.notFound", defaultMessage: "This organization does not exist or is not yours." },
  endpoints: { id: "organizations.webhooks.endpoints", defaultMessage: "Endpoints" },
  endpointsFailed: {
    id: "organizations.webhooks.endpointsFailed",
    defaultMessage: "The endpoints could not be loaded. Please try again in a moment.",
  },
  noEndpoints: { id: "organizations.webhooks.noEndpoints", defaultMessage: "No endpoints yet." },
  noEndpointsNext: {
    id: "organizations.webhooks.noEndpointsNext",
    defaultMessage: "Add one below: the address of your receiver and the events it should hear about.",
  },
  enabled: { id: "organizations.webhooks.enabled", defaultMessage: "Enabled" },
  disabled: { id: "organizations.webhooks.disabled", defaultMessage: "Disabled" },
  disabledTitle: { id: "organizations.webhooks.disabledTitle", defaultMessage: "No events are sent to this endpoint" },
  disabledNoReason: {
    id: "organizations.webhooks.disabledNoReason",
    defaultMessage: "It was disabled. Enable it again once your receiver answers.",
  },
  enableAgain: { id: "organizations.webhooks.enableAgain", defaultMessage: "Enable again" },
  added: { id: "organizations.webhooks.added", defaultMessage: "Added on {date}" },
  events: { id: "organizations.webhooks.events", defaultMessage: "Events" },
  secret: { id: "organizations.webhooks.secret", defaultMessage: "Signing secret" },
  showSecret: { id: "organizations.webhooks.showSecret", defaultMessage: "Show the signing secret" },
  hideSecret: { id: "organizations.webhooks.hideSecret", defaultMessage: "Hide the signing secret" },
  copySecret: { id: "organizations.webhooks.copySecret", defaultMessage: "Copy the signing secret" },
  copied: { id: "organizations.webhooks.copied", defaultMessage: "Copied" },
  previousSecret: {
    id: "organizations.webhooks.previousSecret",
    defaultMessage: "The previous secret keeps signing beside this one until {until}.",
  },
  edit: { id: "organizations.webhooks.edit", defaultMessage: "Edit" },
  rotate: { id: "organizations.webhooks.rotate", defaultMessage: "Rotate the secret" },
  delete: { id: "organizations.webhooks.delete", defaultMessage: "Delete" },
  showLog: { id: "organizations.webhooks.showLog", defaultMessage: "Show the delivery log" },
  hideLog: { id: "organizations.webhooks.hideLog", defaultMessage: "Hide the delivery log" },
  cancel: { id: "organizations.webhooks.cancel", defaultMessage: "Cancel" },
  close: { id: "organizations.webhooks.close", defaultMessage: "Close" },
  done: { id: "organizations.webhooks.done", defaultMessage: "Done" },
  // the form (adding and editing)
  addEndpoint: { id: "organizations.webhooks.addEndpoint", defaultMessage: "Add an endpoint" },
  url: { id: "organizations.webhooks.url", defaultMessage: "Endpoint URL" },
  urlHint: {
    id: "organizations.webhooks.urlHint",
    defaultMessage: "The https address of your receiver; it must answer each POST with a 2xx status.",
  },
  urlRequired: { id: "organizations.webhooks.urlRequired", defaultMessage: "Enter the endpoint's address." },
  urlTooLong: {
    id: "organizations.webhooks.urlTooLong",
    defaultMessage: "Keep the address to {max, number} characters or fewer.",
  },
  urlInvalid: { id: "organizations.webhooks.urlInvalid", defaultMessage: "Enter a full address starting with https://." },
  description: { id: "organizations.webhooks.description", defaultMessage: "Description" },
  descriptionHint: {
    id: "organizations.webhooks.descriptionHint",
    defaultMessage: "Optional: say which system receives it, e.g. “Our ATS (production)”.",
  },
  descriptionTooLong: {
    id: "organizations.webhooks.descriptionTooLong",
    defaultMessage: "Keep the description to {max, number} characters or fewer.",
  },
  chooseEvents: { id: "organizations.webhooks.chooseEvents", defaultMessage: "Events to send" },
  eventsRequired: { id: "organizations.webhooks.eventsRequired", defaultMessage: "Choose at least one event." },
  eventsFailed: {
    id: "organizations.webhooks.eventsFailed",
    defaultMessage: "The events could not be loaded. Please try again in a moment.",
  },
  submit: { id: "organizations.webhooks.submit", defaultMessage: "Add endpoint" },
  createFailed: {
    id: "organizations.webhooks.createFailed",
    defaultMessage: "The endpoint could not be added. Try again in a moment.",
  },
  newSecretTitle: { id: "organizations.webhooks.newSecretTitle", defaultMessage: "Endpoint added: its signing secret" },
  newSecretText: {
    id: "organizations.webhooks.newSecretText",
    defaultMessage:
      "Store this secret with your receiver: it checks each delivery's webhook-signature with it. Recruiters of the organization can show it again in the list.",
  },
  stored: { id: "organizations.webhooks.stored", defaultMessage: "I have stored the secret" },
  editTitle: { id: "organizations.webhooks.editTitle", defaultMessage: "Edit the endpoint" },
  sending: { id: "organizations.webhooks.sending", defaultMessage: "Send events to this endpoint" },
  sendingOff: {
    id: "organizations.webhooks.sendingOff",
    defaultMessage: "Off: no events are sent to it until it is enabled again.",
  },
  save: { id: "organizations.webhooks.save", defaultMessage: "Save" },
  // rotating and deleting
  rotateTitle: { id: "organizations.webhooks.rotateTitle", defaultMessage: "Rotate the signing secret?" },
  rotateText: {
    id: "organizations.webhooks.rotateText",
    defaultMessage:
      "A new secret is made for {url}. The old one keeps signing beside it for 24 hours, so your receiver can switch without missing a delivery; then only the new one signs.",
  },
  rotateSubmit: { id: "organizations.webhooks.rotateSubmit", defaultMessage: "Rotate the secret" },
  rotatedTitle: { id: "organizations.webhooks.rotatedTitle", defaultMessage: "The new signing secret" },
  rotatedText: {
    id: "organizations.webhooks.rotatedText",
    defaultMessage: "The old secret keeps signing beside the new one until {until}. Give your receiver the new one before then.",
  },
  newSecret: { id: "organizations.webhooks.newSecret", defaultMessage: "New signing secret" },
  deleteTitle: { id: "organizations.webhooks.deleteTitle", defaultMessage: "Delete this endpoint?" },
  deleteText: {
    id: "organizations.webhooks.deleteText",
    defaultMessage: "No more events are sent to {url}, and its delivery log is deleted with it. This cannot be undone.",
  },
  deleteSubmit: { id: "organizations.webhooks.deleteSubmit", defaultMessage: "Delete the endpoint" },
});

type Endpoint = WebhookEndpointFieldsFragment;

const URL_PROBLEMS: Record<UrlProblem, typeof messages.urlRequired> = {
  required: messages.urlRequired,
  tooLong: messages.urlTooLong,
  invalid: messages.urlInvalid,
};

/** The list's mask of a secret: its visible prefix, the rest hidden. */
function masked(secret: string): string {
  return `${secret.slice(0, secret.indexOf("_") + 1)}${"•".repeat(16)}`;
}

function CopySecretButton({ secret }: { secret: string }) {
  const intl = useIntl();
  return (
    <CopyButton value={secret} timeout={2000}>
      {({ copied, copy }) => (
        <HintTooltip label={intl.formatMessage(copied ? messages.copied : messages.copySecret)} withArrow>
          <ActionIcon
            variant="subtle"
            color={copied ? "teal" : "gray"}
            onClick={copy}
            aria-label={intl.formatMessage(messages.copySecret)}
          >
            {copied ? <IconCheck size={16} aria-hidden="true" /> : <IconCopy size={16} aria-hidden="true" />}
          </ActionIcon>
        </HintTooltip>
      )}
    </CopyButton>
  );
}

/** A secret in a read-only field, selected for keyboards, with a copy button: just made, or just rotated. */
function SecretPanel({ label, secret }: { label: string; secret: string }) {
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => {
    field.current?.focus();
    field.current?.select();
  }, [secret]);
  return (
    <TextInput
      ref={field}
      label={label}
      value={secret}
      readOnly
      onFocus={(event) => event.currentTarget.select()}
      styles={{ input: { fontFamily: "var(--mantine-font-family-monospace)" } }}
      rightSection={<CopySecretButton secret={secret} />}
    />
  );
}

/** The list's secret: masked until shown, copied either way. */
function SecretField({ secret }: { secret: string }) {
  const intl = useIntl();
  const [shown, setShown] = useState(false);
  const label = intl.formatMessage(shown ? messages.hideSecret : messages.showSecret);
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        <FormattedMessage {...messages.secret} />
      </Text>
      <Group gap={4} wrap="nowrap" align="center">
        <Code style={{ wordBreak: "break-all", minWidth: 0 }} data-secret={shown ? "shown" : "masked"}>
          {shown ? secret : masked(secret)}
        </Code>
        <HintTooltip label={label} withArrow>
          <ActionIcon variant="subtle" color="gray" aria-label={label} aria-pressed={shown} onClick={() => setShown(!shown)}>
            {shown ? <IconEyeOff size={16} aria-hidden="true" /> : <IconEye size={16} aria-hidden="true" />}
          </ActionIcon>
        </HintTooltip>
        <CopySecretButton secret={secret} />
      </Group>
    </Stack>
  );
}

interface EndpointValues {
  url: string;
  description: string;
  eventTypes: string[];
}

/** The form's own checks, as message and limit, before the API's. */
function useEndpointChecks(values: EndpointValues) {
  const intl = useIntl();
  const url = values.url.trim();
  const problem = urlProblem(url);
  return {
    url: problem ? intl.formatMessage(URL_PROBLEMS[problem], { max: MAX_URL }) : undefined,
    description:
      cleanDescription(values.description).length > MAX_DESCRIPTION
        ? intl.formatMessage(messages.descriptionTooLong, { max: MAX_DESCRIPTION })
        : undefined,
    eventTypes: values.eventTypes.length === 0 ? intl.formatMessage(messages.eventsRequired) : undefined,
  };
}

type Field = keyof EndpointValues;
const FIELDS: readonly Field[] = ["url", "description", "eventTypes"];

/** The address, the description and the events: the fields of adding and of editing. */
function EndpointFields({
  values,
  onChange,
  errorOf,
}: {
  values: EndpointValues;
  onChange: (values: EndpointValues) => void;
  errorOf: (field: Field) => string | undefined;
}) {
  const intl = useIntl();
  const types = useQuery(WEBHOOK_EVENT_TYPES);
  return (
    <>
      <TextInput
        label={intl.formatMessage(messages.url)}
        description={intl.formatMessage(messages.urlHint)}
        placeholder="https://example.org/webhooks"
        type="url"
        inputMode="url"
        autoComplete="off"
        required
        value={values.url}
        onChange={(event) => onChange({ ...values, url: event.currentTarget.value })}
        error={errorOf("url")}
      />
      <TextInput
        label={intl.formatMessage(messages.description)}
        description={intl.formatMessage(messages.descriptionHint)}
        autoComplete="off"
        value={values.description}
        onChange={(event) => onChange({ ...values, description: event.currentTarget.value })}
        error={errorOf("description")}
      />
      <Checkbox.Group
        label={intl.formatMessage(messages.chooseEvents)}
        required
        value={values.eventTypes}
        onChange={(eventTypes) => onChange({ ...values, eventTypes })}
        error={errorOf("eventTypes")}
      >
        <Stack gap="xs" mt="xs">
          {types.error ? (
            <Text size="sm" role="alert">
              <FormattedMessage {...messages.eventsFailed} />
            </Text>
          ) : null}
          {types.loading && !types.data ? <Skeleton height={72} radius="sm" /> : null}
          {(types.data?.webhookEventTypes ?? []).map((type) => (
            <Checkbox
              key={type.name}
              value={type.name}
              label={<Text span size="sm" ff="monospace">{type.name}</Text>}
              description={eventText(intl, type.name, type.description)}
            />
          ))}
        </Stack>
      </Checkbox.Group>
    </>
  );
}

/** The checks shown once the user tried to save, else the API's answer on the field. */
function useErrorOf(checks: Record<Field, string | undefined>, touched: boolean, server: Record<string, string>) {
  return (field: Field) => (touched ? checks[field] : undefined) ?? server[field];
}

const NO_VALUES: EndpointValues = { url: "", description: "", eventTypes: [] };

function CreateEndpointForm({ organizationId }: { organizationId: string }) {
  const intl = useIntl();
  const [values, setValues] = useState<EndpointValues>(NO_VALUES);
  const [touched, setTouched] = useState(false);
  const [created, setCreated] = useState<string | null>(null);
  const [create, { data, loading, error, reset }] = useMutation(CREATE_WEBHOOK_ENDPOINT, {
    refetchQueries: ({ data: made }) =>
      made?.createWebhookEndpoint.__typename === "WebhookEndpointSaved" ? [WEBHOOK_ENDPOINTS] : [],
  });
  const checks = useEndpointChecks(values);
  const server = webhookErrors(data?.createWebhookEndpoint, FIELDS);
  const errorOf = useErrorOf(checks, touched, server.byField);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (checks.url || checks.description || checks.eventTypes) return;
    const description = cleanDescription(values.description);
    void create({
      variables: {
        organizationId,
        url: values.url.trim(),
        eventTypes: values.eventTypes,
        description: description || null,
      },
    })
      .then((result) => {
        const answer = result.data?.createWebhookEndpoint;
        if (answer?.__typename !== "WebhookEndpointSaved") return;
        setCreated(answer.endpoint.secret);
        setTouched(false);
        setValues(NO_VALUES);
      })
      .catch(() => undefined);
  };

  return (
    <Card withBorder padding="lg" component="section" aria-label={intl.formatMessage(messages.addEndpoint)}>
      <Stack gap="sm">
        <Title order={2} size="h3">
          <FormattedMessage {...messages.addEndpoint} />
        </Title>
        {created ? (
          <Alert
            color="green"
            role="status"
            icon={<IconWebhook size={20} stroke={1.75} aria-hidden="true" />}
            title={intl.formatMessage(messages.newSecretTitle)}
          >
            <Stack gap="sm">
              <Text size="sm">
                <FormattedMessage {...messages.newSecretText} />
              </Text>
              <SecretPanel label={intl.formatMessage(messages.secret)} secret={created} />
              <Group>
                <Button
                  variant="default"
                  size="xs"
                  onClick={() => {
                    setCreated(null);
                    reset();
                  }}
                >
                  <FormattedMessage {...messages.stored} />
                </Button>
              </Group>
            </Stack>
          </Alert>
        ) : null}
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <DangerList messages={error ? [intl.formatMessage(messages.createFailed)] : server.general} />
            <EndpointFields values={values} onChange={setValues} errorOf={errorOf} />
            <Group>
              <Button type="submit" loading={loading} leftSection={<IconPlus size={16} stroke={1.75} aria-hidden="true" />}>
                <FormattedMessage {...messages.submit} />
              </Button>
            </Group>
          </Stack>
        </form>
      </Stack>
    </Card>
  );
}

/** The edit dialog's form, made afresh for each endpoint it opens with. */
function EditEndpointForm({ endpoint, onDone }: { endpoint: Endpoint; onDone: () => void }) {
  const intl = useIntl();
  const [values, setValues] = useState<EndpointValues>({
    url: endpoint.url,
    description: endpoint.description ?? "",
    eventTypes: [...endpoint.eventTypes],
  });
  const [enabled, setEnabled] = useState(endpoint.enabled);
  const [touched, setTouched] = useState(false);
  const [update, { data, loading, error }] = useMutation(UPDATE_WEBHOOK_ENDPOINT);
  const checks = useEndpointChecks(values);
  const server = webhookErrors(data?.updateWebhookEndpoint, FIELDS);
  const errorOf = useErrorOf(checks, touched, server.byField);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (checks.url || checks.description || checks.eventTypes) return;
    void update({
      variables: {
        id: endpoint.id,
        url: values.url.trim(),
        eventTypes: values.eventTypes,
        // "" clears the description (null would keep it)
        description: cleanDescription(values.description),
        enabled: enabled === endpoint.enabled ? null : enabled,
      },
    })
      .then((result) => {
        if (result.data?.updateWebhookEndpoint.__typename === "WebhookEndpointSaved") onDone();
      })
      .catch(() => undefined);
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <DangerList messages={error ? [intl.formatMessage(FORM_MESSAGES.unavailable)] : server.general} />
        <EndpointFields values={values} onChange={setValues} errorOf={errorOf} />
        <Switch
          label={intl.formatMessage(messages.sending)}
          description={enabled ? undefined : endpoint.disabledReason ?? intl.formatMessage(messages.sendingOff)}
          checked={enabled}
          onChange={(event) => setEnabled(event.currentTarget.checked)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            <FormattedMessage {...messages.cancel} />
          </Button>
          <Button type="submit" loading={loading}>
            <FormattedMessage {...messages.save} />
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function RotateDialog({ endpoint, onClose }: { endpoint: Endpoint | null; onClose: () => void }) {
  const intl = useIntl();
  const [rotate, { data, loading, error, reset }] = useMutation(ROTATE_WEBHOOK_SECRET);
  const answer = data?.rotateWebhookSecret;
  const rotated = answer?.__typename === "WebhookEndpointSaved" ? answer.endpoint : null;
  const refusals = error ? [intl.formatMessage(FORM_MESSAGES.unavailable)] : webhookErrors(answer, []).general;
  const close = () => {
    onClose();
    reset();
  };
  return (
    <Modal
      opened={endpoint !== null}
      onClose={close}
      centered
      title={intl.formatMessage(rotated ? messages.rotatedTitle : messages.rotateTitle)}
      closeButtonProps={{ "aria-label": intl.formatMessage(messages.close) }}
    >
      {rotated ? (
        <Stack gap="sm">
          <Text>
            <FormattedMessage
              {...messages.rotatedText}
              values={{ until: <strong>{dateTime(intl, rotated.previousSecretUntil)}</strong> }}
            />
          </Text>
          <SecretPanel label={intl.formatMessage(messages.newSecret)} secret={rotated.secret} />
          <Group justify="flex-end">
            <Button onClick={close}>
              <FormattedMessage {...messages.done} />
            </Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="sm">
          <Text style={{ overflowWrap: "anywhere" }}>
            <FormattedMessage {...messages.rotateText} values={{ url: endpoint?.url ?? "" }} />
          </Text>
          <DangerList messages={refusals} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              <FormattedMessage {...messages.cancel} />
            </Button>
            <Button
              loading={loading}
              onClick={() => {
                if (endpoint) void rotate({ variables: { id: endpoint.id } }).catch(() => undefined);
              }}
            >
              <FormattedMessage {...messages.rotateSubmit} />
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

function DeleteDialog({ endpoint, onClose }: { endpoint: Endpoint | null; onClose: () => void }) {
  const intl = useIntl();
  const [remove, { data, loading, error, reset }] = useMutation(DELETE_WEBHOOK_ENDPOINT, {
    refetchQueries: ({ data: done }) =>
      done?.deleteWebhookEndpoint.__typename === "WebhookEndpointDeleted" ? [WEBHOOK_ENDPOINTS] : [],
    awaitRefetchQueries: true,
  });
  const refusals = error
    ? [intl.formatMessage(FORM_MESSAGES.unavailable)]
    : webhookErrors(data?.deleteWebhookEndpoint, []).general;
  const close = () => {
    onClose();
    reset();
  };
  const confirm = () => {
    if (!endpoint) return;
    void remove({ variables: { id: endpoint.id } })
      .then((result) => {
        if (result.data?.deleteWebhookEndpoint.__typename === "WebhookEndpointDeleted") close();
      })
      .catch(() => undefined);
  };
  return (
    <Modal
      opened={endpoint !== null}
      onClose={close}
      centered
      title={intl.formatMessage(messages.deleteTitle)}
      closeButtonProps={{ "aria-label": intl.formatMessage(messages.close) }}
    >
      <Stack gap="sm">
        <Text style={{ overflowWrap: "anywhere" }}>
          <FormattedMessage {...messages.deleteText} values={{ url: endpoint?.url ?? "" }} />
        </Text>
        <DangerList messages={refusals} />
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            <FormattedMessage {...messages.cancel} />
          </Button>
          <Button color="red" loading={loading} onClick={confirm}>
            <FormattedMessage {...messages.deleteSubmit} />
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function EndpointCard({
  endpoint,
  onEdit,
  onRotate,
  onDelete,
}: {
  endpoint: Endpoint;
  onEdit: (endpoint: Endpoint) => void;
  onRotate: (endpoint: Endpoint) => void;
  onDelete: (endpoint: Endpoint) => void;
}) {
  const intl = useIntl();
  const { date } = useLocaleFormat();
  const urlId = useId();
  const logId = useId();
  const [logOpen, setLogOpen] = useState(false);
  const [enable, enabling] = useMutation(UPDATE_WEBHOOK_ENDPOINT);
  const enableRefusals = enabling.error
    ? [intl.formatMessage(FORM_MESSAGES.unavailable)]
    : webhookErrors(enabling.data?.updateWebhookEndpoint, []).general;
  // when the card was rendered first: a past overlap (a rotation over 24 hours ago) is not shown
  const [now] = useState(() => Date.now());
  const overlap =
    typeof endpoint.previousSecretUntil === "string" && new Date(endpoint.previousSecretUntil).getTime() > now;
  return (
    <Card
      withBorder
      padding="md"
      radius="md"
      component="article"
      aria-labelledby={urlId}
      data-enabled={endpoint.enabled}
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="sm" wrap="nowrap">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text id={urlId} fw={600} ff="monospace" size="sm" style={{ overflowWrap: "anywhere" }}>
              {endpoint.url}
            </Text>
            {endpoint.description ? (
              <Text size="sm" c="dimmed">
                {endpoint.description}
              </Text>
            ) : null}
          </Stack>
          <Badge color={endpoint.enabled ? "green" : "red"} variant="light" style={{ flexShrink: 0 }}>
            <FormattedMessage {...(endpoint.enabled ? messages.enabled : messages.disabled)} />
          </Badge>
        </Group>
        {endpoint.enabled ? null : (
          <Alert color="red" variant="light" title={intl.formatMessage(messages.disabledTitle)}>
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{endpoint.disabledReason ?? intl.formatMessage(messages.disabledNoReason)}</Text>
              <Button
                size="xs"
                variant="default"
                loading={enabling.loading}
                onClick={() => void enable({ variables: { id: endpoint.id, enabled: true } }).catch(() => undefined)}
              >
                <FormattedMessage {...messages.enableAgain} />
              </Button>
              <DangerList messages={enableRefusals} />
            </Stack>
          </Alert>
        )}
        <Group gap={6} aria-label={intl.formatMessage(messages.events)} role="list">
          {endpoint.eventTypes.map((type) => (
            <Badge key={type} role="listitem" variant="outline" color="gray" tt="none" ff="monospace" fw={500}>
              {type}
            </Badge>
          ))}
        </Group>
        <Text size="xs" c="dimmed">
          <FormattedMessage {...messages.added} values={{ date: date(endpoint.createdAt) }} />
        </Text>
        <SecretField secret={endpoint.secret} />
        {overlap ? (
          <Text size="xs" c="dimmed">
            <FormattedMessage {...messages.previousSecret} values={{ until: dateTime(intl, endpoint.previousSecretUntil) }} />
          </Text>
        ) : null}
        <Group gap="xs">
          <Button
            size="xs"
            variant="light"
            leftSection={<IconHistory size={16} stroke={1.75} aria-hidden="true" />}
            aria-expanded={logOpen}
            aria-controls={logId}
            onClick={() => setLogOpen(!logOpen)}
          >
            <FormattedMessage {...(logOpen ? messages.hideLog : messages.showLog)} />
          </Button>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconPencil size={16} stroke={1.75} aria-hidden="true" />}
            onClick={() => onEdit(endpoint)}
          >
            <FormattedMessage {...messages.edit} />
          </Button>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconRotateClockwise2 size={16} stroke={1.75} aria-hidden="true" />}
            onClick={() => onRotate(endpoint)}
          >
            <FormattedMessage {...messages.rotate} />
          </Button>
          <Button
            size="xs"
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={16} stroke={1.75} aria-hidden="true" />}
            onClick={() => onDelete(endpoint)}
          >
            <FormattedMessage {...messages.delete} />
          </Button>
        </Group>
        <Collapse in={logOpen} id={logId}>
          {logOpen ? <WebhookDeliveryLog endpointId={endpoint.id} enabled={endpoint.enabled} /> : null}
        </Collapse>
      </Stack>
    </Card>
  );
}

function EndpointList({ organizationId }: { organizationId: string }) {
  const intl = useIntl();
  const { data, loading, error } = useQuery(WEBHOOK_ENDPOINTS, { variables: { organizationId } });
  const [editing, setEditing] = useState<Endpoint | null>(null);
  const [rotating, setRotating] = useState<Endpoint | null>(null);
  const [deleting, setDeleting] = useState<Endpoint | null>(null);
  const endpoints = data?.webhookEndpoints ?? [];
  return (
    <Card withBorder padding="lg" component="section" aria-label={intl.formatMessage(messages.endpoints)}>
      <Stack gap="sm">
        <Title order={2} size="h3">
          <FormattedMessage {...messages.endpoints} />
        </Title>
        {error ? (
          <Text role="alert">
            <FormattedMessage {...messages.endpointsFailed} />
          </Text>
        ) : null}
        {loading && !data ? <Skeleton height={120} radius="md" /> : null}
        {data && endpoints.length === 0 ? (
          <EmptyState
            action={
              <Text size="sm" ta="center">
                <FormattedMessage {...messages.noEndpointsNext} />
              </Text>
            }
          >
            <FormattedMessage {...messages.noEndpoints} />
          </EmptyState>
        ) : null}
        {endpoints.map((endpoint) => (
          <EndpointCard
            key={endpoint.id}
            endpoint={endpoint}
            onEdit={setEditing}
            onRotate={setRotating}
            onDelete={setDeleting}
          />
        ))}
      </Stack>
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        centered
        size="lg"
        title={intl.formatMessage(messages.editTitle)}
        closeButtonProps={{ "aria-label": intl.formatMessage(messages.close) }}
      >
        {editing ? <EditEndpointForm key={editing.id} endpoint={editing} onDone={() => setEditing(null)} /> : null}
      </Modal>
      <RotateDialog endpoint={rotating} onClose={() => setRotating(null)} />
      <DeleteDialog endpoint={deleting} onClose={() => setDeleting(null)} />
    </Card>
  );
}

/** The page's name, for its document title. */
export const WEBHOOKS_TITLE = messages.webhooks;

/** /dashboard/organization/:id/webhooks: the organization's signed webhook endpoints and their delivery logs (ADR 0040). */
export function OrganizationWebhooksPage({ id }: { id: string }) {
  const intl = useIntl();
  const { data, loading, error } = useQuery(ORGANIZATION_WEBHOOKS_PAGE, { variables: { id } });
  const profile = data?.organizationProfile;
  const organization = profile?.organization;
  return (
    <Stack gap="md" maw={1000}>
      <BackLink to="/dashboard/organization">
        <FormattedMessage {...messages.myOrganizations} />
      </BackLink>
      <Title order={1}>
        {profile ? intl.formatMessage(messages.webhooksOf, { name: profile.name }) : intl.formatMessage(messages.webhooks)}
      </Title>
      {error ? (
        <Text role="alert">
          <FormattedMessage {...messages.organizationFailed} />
        </Text>
      ) : null}
      {loading && !data ? (
        <Text c="dimmed">
          <FormattedMessage {...messages.loading} />
        </Text>
      ) : null}
      {data && !organization ? (
        <Text role="alert">
          <FormattedMessage {...messages.notFound} />
        </Text>
      ) : null}
      {profile && organization ? (
        <>
          <Group gap="md">
            <Anchor component={NavLink} to={`/dashboard/organization/${profile.id}/edit`}>
              <FormattedMessage {...messages.editProfile} />
            </Anchor>
            <Anchor component={NavLink} to={`/dashboard/organization/${profile.id}/members`}>
              <FormattedMessage {...messages.members} />
            </Anchor>
            <Anchor component={NavLink} to={`/dashboard/organization/${profile.id}/api-keys`}>
              <FormattedMessage {...messages.apiKeys} />
            </Anchor>
          </Group>
          <Stack gap="xs">
            <Text>
              <FormattedMessage {...messages.intro} values={{ name: profile.name }} />
            </Text>
            <Text>
              <FormattedMessage
                {...messages.verify}
                values={{
                  link: (chunks) => (
                    <Anchor href="https://www.standardwebhooks.com/" target="_blank" rel="noopener noreferrer">
                      {chunks}
                    </Anchor>
                  ),
                }}
              />
            </Text>
          </Stack>
          <EndpointList organizationId={organization.id} />
          <CreateEndpointForm organizationId={organization.id} />
        </>
      ) : null}
    </Stack>
  );
}
