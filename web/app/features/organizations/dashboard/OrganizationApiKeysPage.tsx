import { useMutation, useQuery } from "@apollo/client/react";
import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Checkbox,
  CopyButton,
  Group,
  Modal,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from "@mantine/core";
import { HintTooltip } from "~/components/HintTooltip";
import { IconCheck, IconCopy, IconKey } from "@tabler/icons-react";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { BackLink } from "~/components/BackLink";
import { DangerList } from "~/components/DangerList";
import { EmptyState } from "~/components/EmptyState";
import { NavLink } from "~/components/Link";
import type { ApiKeyFieldsFragment, ApiKeyScope } from "~/lib/graphql/generated/graphql";
import { useLocaleFormat } from "~/lib/format";
import { defineMessages, type Message } from "~/lib/i18n/define-messages";
import {
  CREATE_API_KEY,
  DELETE_API_KEY,
  ORGANIZATION_API_KEYS,
  ORGANIZATION_API_KEYS_PAGE,
  REVOKE_API_KEY,
} from "./documents";
import { FORM_MESSAGES, groupErrors, type GroupAnswer } from "./form-kit";

const messages = defineMessages({
  apiKeys: { id: "organizations.apiKeys.apiKeys", defaultMessage: "API keys" },
  apiKeysOf: { id: "organizations.apiKeys.apiKeysOf", defaultMessage: "API keys of {name}" },
  intro: {
    id: "organizations.apiKeys.intro",
    defaultMessage:
      "An API key lets {name}'s applicant tracking system post, change and close jobs and read applications through the ATS API. A key acts as the recruiter who made it: what it does is done in their name, and it stops working when they leave the organization.",
  },
  docs: {
    id: "organizations.apiKeys.docs",
    defaultMessage: "How to call the API: <link>the ATS API's interactive documentation</link>.",
  },
  myOrganizations: { id: "organizations.apiKeys.myOrganizations", defaultMessage: "My organizations" },
  editProfile: { id: "organizations.apiKeys.editProfile", defaultMessage: "Edit the profile" },
  members: { id: "organizations.apiKeys.members", defaultMessage: "Members" },
  webhooks: { id: "organizations.apiKeys.webhooks", defaultMessage: "Webhooks" },
  organizationFailed: {
    id: "organizations.apiKeys.organizationFailed",
    defaultMessage: "The organization could not be loaded. Please try again in a moment.",
  },
  loading: { id: "organizations.apiKeys.loading", defaultMessage: "Loading…" },
  notFound: { id: "organizations.apiKeys.notFound", defaultMessage: "This organization does not exist or is not yours." },
  keys: { id: "organizations.apiKeys.keys", defaultMessage: "Keys" },
  keysFailed: { id: "organizations.apiKeys.keysFailed", defaultMessage: "The keys could not be loaded. Please try again in a moment." },
  noKeys: { id: "organizations.apiKeys.noKeys", defaultMessage: "No API keys yet." },
  noKeysNext: {
    id: "organizations.apiKeys.noKeysNext",
    defaultMessage: "Create one below and enter it in your applicant tracking system.",
  },
  name: { id: "organizations.apiKeys.name", defaultMessage: "Name" },
  scopes: { id: "organizations.apiKeys.scopes", defaultMessage: "Access" },
  created: { id: "organizations.apiKeys.created", defaultMessage: "Created" },
  lastUsed: { id: "organizations.apiKeys.lastUsed", defaultMessage: "Last used" },
  status: { id: "organizations.apiKeys.status", defaultMessage: "Status" },
  actions: { id: "organizations.apiKeys.actions", defaultMessage: "Actions" },
  prefix: { id: "organizations.apiKeys.prefix", defaultMessage: "{prefix}…" },
  createdBy: { id: "organizations.apiKeys.createdBy", defaultMessage: "by {email}" },
  never: { id: "organizations.apiKeys.never", defaultMessage: "Never" },
  active: { id: "organizations.apiKeys.active", defaultMessage: "Active" },
  revokedOn: { id: "organizations.apiKeys.revokedOn", defaultMessage: "Revoked on {date}" },
  revoke: { id: "organizations.apiKeys.revoke", defaultMessage: "Revoke" },
  remove: { id: "organizations.apiKeys.remove", defaultMessage: "Remove" },
  removeName: { id: "organizations.apiKeys.removeName", defaultMessage: "Remove {name} from the list" },
  revokeName: { id: "organizations.apiKeys.revokeName", defaultMessage: "Revoke {name}" },
  revokeTitle: { id: "organizations.apiKeys.revokeTitle", defaultMessage: "Revoke {name}?" },
  revokeText: {
    id: "organizations.apiKeys.revokeText",
    defaultMessage:
      "Systems that use the key {prefix}… are refused from their next request on. A revoked key cannot be turned on again; create a new one instead.",
  },
  cancel: { id: "organizations.apiKeys.cancel", defaultMessage: "Cancel" },
  revokeSubmit: { id: "organizations.apiKeys.revokeSubmit", defaultMessage: "Revoke the key" },
  scopeJobs: { id: "organizations.apiKeys.scopeJobs", defaultMessage: "Jobs" },
  scopeJobsText: { id: "organizations.apiKeys.scopeJobsText", defaultMessage: "post, change, close and list jobs" },
  scopeApplications: { id: "organizations.apiKeys.scopeApplications", defaultMessage: "Applications" },
  scopeApplicationsText: {
    id: "organizations.apiKeys.scopeApplicationsText",
    defaultMessage: "read applications and move them along the pipeline",
  },
  createKey: { id: "organizations.apiKeys.createKey", defaultMessage: "Create a key" },
  keyName: { id: "organizations.apiKeys.keyName", defaultMessage: "Name" },
  keyNameHint: {
    id: "organizations.apiKeys.keyNameHint",
    defaultMessage: "Say which system uses it, e.g. “Our ATS (production)”.",
  },
  keyScopes: { id: "organizations.apiKeys.keyScopes", defaultMessage: "What the key may do" },
  submit: { id: "organizations.apiKeys.submit", defaultMessage: "Create key" },
  nameRequired: { id: "organizations.apiKeys.nameRequired", defaultMessage: "Give the key a name." },
  nameTooLong: {
    id: "organizations.apiKeys.nameTooLong",
    defaultMessage: "Keep the name to {max, number} characters or fewer.",
  },
  scopesRequired: { id: "organizations.apiKeys.scopesRequired", defaultMessage: "Choose what the key may do." },
  createFailed: { id: "organizations.apiKeys.createFailed", defaultMessage: "The key could not be created. Try again in a moment." },
  newKeyTitle: { id: "organizations.apiKeys.newKeyTitle", defaultMessage: "Your new key {name}" },
  newKeyText: {
    id: "organizations.apiKeys.newKeyText",
    defaultMessage:
      "Copy the key now and store it in your applicant tracking system: it will not be shown again. If it gets lost, revoke it and create a new one.",
  },
  newKeyLabel: { id: "organizations.apiKeys.newKeyLabel", defaultMessage: "Secret key" },
  copyKey: { id: "organizations.apiKeys.copyKey", defaultMessage: "Copy key" },
  copied: { id: "organizations.apiKeys.copied", defaultMessage: "Copied" },
  stored: { id: "organizations.apiKeys.stored", defaultMessage: "I have stored the key" },
});

/** The page's name, for its document title. */
export const API_KEYS_TITLE = messages.apiKeys;

/** The names the API checks too (services/jobs domain/api_keys.py). */
const MAX_NAME = 100;
const SCOPES = [
  { value: "JOBS", label: messages.scopeJobs, description: messages.scopeJobsText },
  { value: "APPLICATIONS", label: messages.scopeApplications, description: messages.scopeApplicationsText },
] as const satisfies readonly { value: ApiKeyScope; label: Message; description: Message }[];

/** JobErrors have the shape of the editor's OrganizationErrors: form-kit sorts them onto the fields shown. */
function keyErrors(answer: GroupAnswer | undefined, fields: readonly string[]) {
  const errors = answer?.__typename === "JobErrors" ? { ...answer, __typename: "OrganizationErrors" } : undefined;
  return groupErrors(errors, fields);
}

/** The secret of the key just made: shown this once, with a copy button, focused for keyboards. */
function NewKeyPanel({ name, secret, onDone }: { name: string; secret: string; onDone: () => void }) {
  const intl = useIntl();
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => {
    field.current?.focus();
    field.current?.select();
  }, [secret]);
  return (
    <Alert
      color="green"
      role="status"
      icon={<IconKey size={20} stroke={1.75} aria-hidden="true" />}
      title={intl.formatMessage(messages.newKeyTitle, { name })}
    >
      <Stack gap="sm">
        <Text size="sm">
          <FormattedMessage {...messages.newKeyText} />
        </Text>
        <TextInput
          ref={field}
          label={intl.formatMessage(messages.newKeyLabel)}
          value={secret}
          readOnly
          onFocus={(event) => event.currentTarget.select()}
          styles={{ input: { fontFamily: "var(--mantine-font-family-monospace)" } }}
          rightSection={
            <CopyButton value={secret} timeout={2000}>
              {({ copied, copy }) => (
                <HintTooltip label={intl.formatMessage(copied ? messages.copied : messages.copyKey)} withArrow position="left">
                  <ActionIcon
                    variant="subtle"
                    color={copied ? "teal" : "gray"}
                    onClick={copy}
                    aria-label={intl.formatMessage(messages.copyKey)}
                  >
                    {copied ? <IconCheck size={16} aria-hidden="true" /> : <IconCopy size={16} aria-hidden="true" />}
                  </ActionIcon>
                </HintTooltip>
              )}
            </CopyButton>
          }
        />
        <Group>
          <Button variant="default" size="xs" onClick={onDone}>
            <FormattedMessage {...messages.stored} />
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

function CreateKeyForm({ organizationId }: { organizationId: string }) {
  const intl = useIntl();
  const [name, setName] = useState("");
  const [scopes, setScopes] = useState<string[]>(SCOPES.map((scope) => scope.value));
  const [touched, setTouched] = useState(false);
  const [created, setCreated] = useState<{ name: string; secret: string } | null>(null);
  const [create, { data, loading, error, reset }] = useMutation(CREATE_API_KEY, {
    refetchQueries: ({ data: made }) => (made?.createApiKey.__typename === "ApiKeyCreated" ? [ORGANIZATION_API_KEYS] : []),
  });
  const trimmed = name.trim();
  const checks = {
    name: !trimmed
      ? intl.formatMessage(messages.nameRequired)
      : trimmed.length > MAX_NAME
        ? intl.formatMessage(messages.nameTooLong, { max: MAX_NAME })
        : undefined,
    scopes: scopes.length === 0 ? intl.formatMessage(messages.scopesRequired) : undefined,
  };
  const server = keyErrors(data?.createApiKey, ["name", "scopes"]);
  const errorOf = (field: "name" | "scopes") => (touched ? checks[field] : undefined) ?? server.byField[field];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (checks.name || checks.scopes) return;
    const chosen = SCOPES.map((scope) => scope.value).filter((scope) => scopes.includes(scope));
    void create({ variables: { organizationId, name: trimmed, scopes: chosen } })
      .then((result) => {
        const answer = result.data?.createApiKey;
        if (answer?.__typename !== "ApiKeyCreated") return;
        setCreated({ name: answer.key.name, secret: answer.secret });
        setTouched(false);
        setName("");
        setScopes(SCOPES.map((scope) => scope.value));
      })
      .catch(() => undefined);
  };

  return (
    <Card withBorder padding="lg" component="section" aria-label={intl.formatMessage(messages.createKey)}>
      <Stack gap="sm">
        <Title order={2} size="h3">
          <FormattedMessage {...messages.createKey} />
        </Title>
        {created ? (
          <NewKeyPanel
            name={created.name}
            secret={created.secret}
            onDone={() => {
              setCreated(null);
              reset();
            }}
          />
        ) : null}
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <DangerList messages={error ? [intl.formatMessage(messages.createFailed)] : server.general} />
            <TextInput
              label={intl.formatMessage(messages.keyName)}
              description={intl.formatMessage(messages.keyNameHint)}
              autoComplete="off"
              required
              value={name}
              onChange={(event) => setName(event.currentTarget.value)}
              error={errorOf("name")}
            />
            <Checkbox.Group
              label={intl.formatMessage(messages.keyScopes)}
              required
              value={scopes}
              onChange={setScopes}
              error={errorOf("scopes")}
            >
              <Stack gap="xs" mt="xs">
                {SCOPES.map((scope) => (
                  <Checkbox
                    key={scope.value}
                    value={scope.value}
                    label={intl.formatMessage(scope.label)}
                    description={intl.formatMessage(scope.description)}
                  />
                ))}
              </Stack>
            </Checkbox.Group>
            <Group>
              <Button type="submit" loading={loading} leftSection={<IconKey size={16} stroke={1.75} aria-hidden="true" />}>
                <FormattedMessage {...messages.submit} />
              </Button>
            </Group>
          </Stack>
        </form>
      </Stack>
    </Card>
  );
}

type ApiKey = ApiKeyFieldsFragment;

function KeyRow({
  apiKey,
  onRevoke,
  onRemove,
  removing,
}: {
  apiKey: ApiKey;
  onRevoke: (key: ApiKey) => void;
  onRemove: (key: ApiKey) => void;
  removing: boolean;
}) {
  const intl = useIntl();
  const { date } = useLocaleFormat();
  const revoked = Boolean(apiKey.revokedAt);
  return (
    <Table.Tr data-revoked={revoked || undefined} c={revoked ? "dimmed" : undefined}>
      <Table.Td>
        <Text size="sm" fw={revoked ? undefined : 600}>
          {apiKey.name}
        </Text>
        <Text size="xs" ff="monospace" c="dimmed">
          <FormattedMessage {...messages.prefix} values={{ prefix: apiKey.prefix }} />
        </Text>
      </Table.Td>
      <Table.Td>
        <Group gap={4}>
          {SCOPES.filter((scope) => apiKey.scopes.includes(scope.value)).map((scope) => (
            <Badge key={scope.value} variant={revoked ? "outline" : "light"} color={revoked ? "gray" : undefined}>
              <FormattedMessage {...scope.label} />
            </Badge>
          ))}
        </Group>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{date(apiKey.createdAt)}</Text>
        {apiKey.createdByEmail ? (
          <Text size="xs" c="dimmed">
            <FormattedMessage {...messages.createdBy} values={{ email: apiKey.createdByEmail }} />
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td>
        <Text size="sm">{apiKey.lastUsedAt ? date(apiKey.lastUsedAt) : intl.formatMessage(messages.never)}</Text>
      </Table.Td>
      <Table.Td>
        {revoked ? (
          <Badge color="gray" variant="light">
            <FormattedMessage {...messages.revokedOn} values={{ date: date(apiKey.revokedAt) }} />
          </Badge>
        ) : (
          <Badge color="green" variant="light">
            <FormattedMessage {...messages.active} />
          </Badge>
        )}
      </Table.Td>
      <Table.Td>
        {revoked ? (
          <Button
            size="xs"
            variant="subtle"
            color="gray"
            loading={removing}
            aria-label={intl.formatMessage(messages.removeName, { name: apiKey.name })}
            onClick={() => onRemove(apiKey)}
          >
            <FormattedMessage {...messages.remove} />
          </Button>
        ) : (
          <Button
            size="xs"
            variant="subtle"
            color="red"
            aria-label={intl.formatMessage(messages.revokeName, { name: apiKey.name })}
            onClick={() => onRevoke(apiKey)}
          >
            <FormattedMessage {...messages.revoke} />
          </Button>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

function KeyList({ organizationId }: { organizationId: string }) {
  const intl = useIntl();
  const { data, loading, error } = useQuery(ORGANIZATION_API_KEYS, { variables: { organizationId } });
  const [confirming, setConfirming] = useState<ApiKey | null>(null);
  // Refetched, not just updated in the cache: a revoked key moves to the end of the list.
  const [revoke, revoking] = useMutation(REVOKE_API_KEY, {
    refetchQueries: ({ data: done }) => (done?.revokeApiKey.__typename === "ApiKeySaved" ? [ORGANIZATION_API_KEYS] : []),
  });
  // A revoked key can leave the list (it no longer works; nothing to confirm).
  const [remove, removing] = useMutation(DELETE_API_KEY, {
    refetchQueries: ({ data: done }) => (done?.deleteApiKey.__typename === "ApiKeyDeleted" ? [ORGANIZATION_API_KEYS] : []),
  });
  const [removingId, setRemovingId] = useState<string | null>(null);
  const removeKey = (apiKey: ApiKey) => {
    setRemovingId(apiKey.id);
    void remove({ variables: { id: apiKey.id } })
      .catch(() => undefined)
      .finally(() => setRemovingId(null));
  };
  const removeRefusals = removing.error
    ? [intl.formatMessage(FORM_MESSAGES.unavailable)]
    : removing.data?.deleteApiKey.__typename === "JobErrors"
      ? removing.data.deleteApiKey.errors.map((error) => error.message)
      : [];
  const refusals = revoking.error
    ? [intl.formatMessage(FORM_MESSAGES.unavailable)]
    : keyErrors(revoking.data?.revokeApiKey, []).general;

  const close = () => {
    setConfirming(null);
    revoking.reset();
  };

  const confirm = () => {
    if (!confirming) return;
    void revoke({ variables: { id: confirming.id } })
      .then((result) => {
        if (result.data?.revokeApiKey.__typename === "ApiKeySaved") close();
      })
      .catch(() => undefined);
  };

  // The API answers active keys first; revoked ones stay below them, muted, whatever comes back.
  const keys = [...(data?.apiKeys ?? [])].sort((a, b) => Number(Boolean(a.revokedAt)) - Number(Boolean(b.revokedAt)));
  return (
    <Card withBorder padding="lg" component="section" aria-label={intl.formatMessage(messages.keys)}>
      <Stack gap="sm">
        <Title order={2} size="h3">
          <FormattedMessage {...messages.keys} />
        </Title>
        {error ? (
          <Text role="alert">
            <FormattedMessage {...messages.keysFailed} />
          </Text>
        ) : null}
        {loading && !data ? <Skeleton height={96} radius="md" /> : null}
        {data && keys.length === 0 ? (
          <EmptyState
            action={
              <Text size="sm" ta="center">
                <FormattedMessage {...messages.noKeysNext} />
              </Text>
            }
          >
            <FormattedMessage {...messages.noKeys} />
          </EmptyState>
        ) : null}
        {keys.length > 0 ? (
          <Table.ScrollContainer minWidth={760}>
            <Table verticalSpacing="sm" aria-label={intl.formatMessage(messages.keys)}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>
                    <FormattedMessage {...messages.name} />
                  </Table.Th>
                  <Table.Th>
                    <FormattedMessage {...messages.scopes} />
                  </Table.Th>
                  <Table.Th>
                    <FormattedMessage {...messages.created} />
                  </Table.Th>
                  <Table.Th>
                    <FormattedMessage {...messages.lastUsed} />
                  </Table.Th>
                  <Table.Th>
                    <FormattedMessage {...messages.status} />
                  </Table.Th>
                  <Table.Th>
                    <VisuallyHidden>
                      <FormattedMessage {...messages.actions} />
                    </VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {keys.map((apiKey) => (
                  <KeyRow
                    key={apiKey.id}
                    apiKey={apiKey}
                    onRevoke={setConfirming}
                    onRemove={removeKey}
                    removing={removingId === apiKey.id}
                  />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ) : null}
        <DangerList messages={removeRefusals} />
      </Stack>
      <Modal
        opened={confirming !== null}
        onClose={close}
        centered
        title={intl.formatMessage(messages.revokeTitle, { name: confirming?.name ?? "" })}
      >
        <Stack gap="sm">
          <Text>
            <FormattedMessage {...messages.revokeText} values={{ prefix: confirming?.prefix ?? "" }} />
          </Text>
          <DangerList messages={refusals} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              <FormattedMessage {...messages.cancel} />
            </Button>
            <Button color="red" loading={revoking.loading} onClick={confirm}>
              <FormattedMessage {...messages.revokeSubmit} />
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
}

/** /dashboard/organization/:id/api-keys: the organization's keys to the ATS API, making and revoking them. */
export function OrganizationApiKeysPage({ id }: { id: string }) {
  const intl = useIntl();
  const { data, loading, error } = useQuery(ORGANIZATION_API_KEYS_PAGE, { variables: { id } });
  const profile = data?.organizationProfile;
  const organization = profile?.organization;
  return (
    <Stack gap="md" maw={1000}>
      <BackLink to="/dashboard/organization">
        <FormattedMessage {...messages.myOrganizations} />
      </BackLink>
      <Title order={1}>
        {profile ? intl.formatMessage(messages.apiKeysOf, { name: profile.name }) : intl.formatMessage(messages.apiKeys)}
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
            <Anchor component={NavLink} to={`/dashboard/organization/${profile.id}/webhooks`}>
              <FormattedMessage {...messages.webhooks} />
            </Anchor>
          </Group>
          <Stack gap="xs">
            <Text>
              <FormattedMessage {...messages.intro} values={{ name: profile.name }} />
            </Text>
            <Text>
              <FormattedMessage
                {...messages.docs}
                values={{
                  // Served by the web server, not a page of the site: a plain link.
                  link: (chunks) => <Anchor href="/api/ats/v1/docs">{chunks}</Anchor>,
                }}
              />
            </Text>
          </Stack>
          <KeyList organizationId={organization.id} />
          <CreateKeyForm organizationId={organization.id} />
        </>
      ) : null}
    </Stack>
  );
}
