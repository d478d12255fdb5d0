import { useMutation, useQuery } from "@apollo/client/react";
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  NumberInput,
  Select,
  Stack,
  Table,
  Text,
  Title,
} from "@mantine/core";
import { useState, type FormEvent } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { DangerList } from "~/components/DangerList";
import { defineMessages } from "~/lib/i18n/define-messages";
import {
  ADMIN_SUBSCRIPTIONS,
  CANCEL_SUBSCRIPTION,
  CREATE_SUBSCRIPTION,
  EXTEND_SUBSCRIPTION,
  GRANT_CREDITS,
  ORGANIZATION_LEDGER,
  PRODUCTS,
} from "./admin-documents";
import { CreditsView, formatDay } from "./MyProductsPage";

const messages = defineMessages({
  grantFailed: { id: "billing.admin.grant.failed", defaultMessage: "The credits could not be granted. Try again in a moment." },
  grantTitle: { id: "billing.admin.grant.title", defaultMessage: "Grant credits" },
  granted: { id: "billing.admin.grant.done", defaultMessage: "Granted. {label}: {amount, number} now." },
  kind: { id: "billing.admin.grant.kind", defaultMessage: "Kind" },
  jobPostings: { id: "billing.admin.kind.job", defaultMessage: "Job postings" },
  resumeContacts: { id: "billing.admin.kind.contact", defaultMessage: "Resume contacts" },
  amount: { id: "billing.admin.grant.amount", defaultMessage: "Amount" },
  validDays: { id: "billing.admin.grant.validDays", defaultMessage: "Valid for (days)" },
  grant: { id: "billing.admin.grant.submit", defaultMessage: "Grant" },
  manageSubscriptions: { id: "billing.admin.subscriptions.label", defaultMessage: "Manage subscriptions" },
  subscriptions: { id: "billing.admin.subscriptions.title", defaultMessage: "Subscriptions" },
  product: { id: "billing.admin.subscriptions.product", defaultMessage: "Product" },
  chooseProduct: { id: "billing.admin.subscriptions.chooseProduct", defaultMessage: "Choose a subscription product" },
  start: { id: "billing.admin.subscriptions.start", defaultMessage: "Start a subscription" },
  none: { id: "billing.admin.subscriptions.empty", defaultMessage: "No subscriptions." },
  ofOrganization: { id: "billing.admin.subscriptions.table", defaultMessage: "Subscriptions of this organization" },
  period: { id: "billing.admin.subscriptions.period", defaultMessage: "{start} – {end}" },
  extend: { id: "billing.admin.subscriptions.extend", defaultMessage: "Extend {days, plural, one {# day} other {# days}}" },
  cancel: { id: "billing.admin.subscriptions.cancel", defaultMessage: "Cancel" },
  ledger: { id: "billing.admin.ledger.title", defaultMessage: "Ledger" },
  entries: { id: "billing.admin.ledger.count", defaultMessage: "({total, plural, one {# entry} other {# entries}})" },
  ledgerFailed: { id: "billing.admin.ledger.failed", defaultMessage: "The ledger could not be loaded." },
  ledgerEntries: { id: "billing.admin.ledger.table", defaultMessage: "Ledger entries" },
  when: { id: "billing.admin.ledger.when", defaultMessage: "When (UTC)" },
  entry: { id: "billing.admin.ledger.entry", defaultMessage: "Entry" },
  balance: { id: "billing.admin.ledger.balance", defaultMessage: "Balance" },
  for: { id: "billing.admin.ledger.for", defaultMessage: "For" },
  noEntries: { id: "billing.admin.ledger.empty", defaultMessage: "No entries yet." },
  title: { id: "billing.admin.title", defaultMessage: "Billing" },
  organizationNumber: { id: "billing.admin.organizationNumber", defaultMessage: "Organization number" },
  organizationNumberHint: {
    id: "billing.admin.organizationNumber.hint",
    defaultMessage: "The organization's integer id (its number in the graph).",
  },
  show: { id: "billing.admin.show", defaultMessage: "Show" },
});

/** The page's name, for its document title. */
export const BILLING_ADMIN_TITLE = messages.title;
const EXTEND_DAYS = 30;

function errorsOf(
  answer: { __typename: string; errors?: { message: string }[] } | undefined,
): string[] {
  return answer?.__typename === "BillingErrors"
    ? (answer.errors ?? []).map((e) => e.message)
    : [];
}

function GrantCreditsForm({
  organizationNumber,
  onDone,
}: {
  organizationNumber: number;
  onDone: () => void;
}) {
  const intl = useIntl();
  const [kind, setKind] = useState<"JOB" | "CONTACT">("JOB");
  const [amount, setAmount] = useState<number | string>(5);
  const [validDays, setValidDays] = useState<number | string>(90);
  const [grant, { data, loading, error }] = useMutation(GRANT_CREDITS);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void grant({
      variables: {
        organizationId: organizationNumber,
        kind,
        amount: Number(amount),
        validDays: validDays === "" ? null : Number(validDays),
      },
    })
      .then((result) => {
        if (result.data?.grantCredits.__typename === "CreditsGranted") onDone();
      })
      .catch(() => undefined);
  };
  const answer = data?.grantCredits;
  return (
    <Card
      withBorder
      padding="lg"
      component="section"
      aria-label={intl.formatMessage(messages.grantTitle)}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Title order={2} size="h4">
            <FormattedMessage {...messages.grantTitle} />
          </Title>
          <DangerList messages={error ? [intl.formatMessage(messages.grantFailed)] : errorsOf(answer)} />
          {answer?.__typename === "CreditsGranted" ? (
            <Alert color="green" role="status">
              <FormattedMessage
                {...messages.granted}
                values={{ label: answer.credit.label, amount: answer.credit.amount }}
              />
            </Alert>
          ) : null}
          <Group grow align="flex-start">
            <Select
              label={intl.formatMessage(messages.kind)}
              data={[
                { value: "JOB", label: intl.formatMessage(messages.jobPostings) },
                { value: "CONTACT", label: intl.formatMessage(messages.resumeContacts) },
              ]}
              value={kind}
              onChange={(value) =>
                setKind(value === "CONTACT" ? "CONTACT" : "JOB")
              }
              allowDeselect={false}
            />
            <NumberInput
              label={intl.formatMessage(messages.amount)}
              min={1}
              value={amount}
              onChange={setAmount}
            />
            <NumberInput
              label={intl.formatMessage(messages.validDays)}
              min={1}
              value={validDays}
              onChange={setValidDays}
            />
          </Group>
          <Group>
            <Button type="submit" loading={loading}>
              <FormattedMessage {...messages.grant} />
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

function SubscriptionsAdmin({
  organizationNumber,
}: {
  organizationNumber: number;
}) {
  const intl = useIntl();
  const { data, refetch } = useQuery(ADMIN_SUBSCRIPTIONS, {
    variables: { organizationId: organizationNumber },
    fetchPolicy: "network-only",
  });
  const products =
    useQuery(PRODUCTS).data?.products.filter(
      (p) => p.type === "subscription",
    ) ?? [];
  const [productId, setProductId] = useState<string | null>(null);
  const [create, created] = useMutation(CREATE_SUBSCRIPTION);
  const [extend, extended] = useMutation(EXTEND_SUBSCRIPTION);
  const [cancel, cancelled] = useMutation(CANCEL_SUBSCRIPTION);
  const problems = [
    ...errorsOf(created.data?.createSubscription),
    ...errorsOf(extended.data?.extendSubscription),
    ...errorsOf(cancelled.data?.cancelSubscription),
    ...(data?.getSubscriptions.errors ?? []).map((e) => e.message),
  ];
  const after = () => void refetch();
  return (
    <Card
      withBorder
      padding="lg"
      component="section"
      aria-label={intl.formatMessage(messages.manageSubscriptions)}
    >
      <Stack gap="sm">
        <Title order={2} size="h4">
          <FormattedMessage {...messages.subscriptions} />
        </Title>
        <DangerList messages={problems} />
        <Group align="flex-end">
          <Select
            label={intl.formatMessage(messages.product)}
            placeholder={intl.formatMessage(messages.chooseProduct)}
            data={products.map((p) => ({ value: p.id, label: p.name }))}
            value={productId}
            onChange={setProductId}
          />
          <Button
            disabled={!productId}
            loading={created.loading}
            onClick={() =>
              productId &&
              void create({
                variables: { organizationId: organizationNumber, productId },
              })
                .then(after)
                .catch(() => undefined)
            }
          >
            <FormattedMessage {...messages.start} />
          </Button>
        </Group>
        {(data?.getSubscriptions.subscriptions ?? []).length === 0 ? (
          <Text c="dimmed" size="sm">
            <FormattedMessage {...messages.none} />
          </Text>
        ) : (
          <Table aria-label={intl.formatMessage(messages.ofOrganization)}>
            <Table.Tbody>
              {data?.getSubscriptions.subscriptions.map((s) => (
                <Table.Tr key={s.id}>
                  <Table.Td>
                    <Text size="sm" fw={600}>
                      {s.label}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {s.product.name}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <FormattedMessage
                      {...messages.period}
                      values={{ start: formatDay(s.startDate, intl), end: formatDay(s.endDate, intl) }}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="light">{s.status.label}</Badge>
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs">
                      <Button
                        size="xs"
                        variant="default"
                        onClick={() =>
                          void extend({ variables: { id: s.id, days: EXTEND_DAYS } })
                            .then(after)
                            .catch(() => undefined)
                        }
                      >
                        <FormattedMessage {...messages.extend} values={{ days: EXTEND_DAYS }} />
                      </Button>
                      {s.status.value === "ACTIVE" ? (
                        <Button
                          size="xs"
                          color="red"
                          variant="subtle"
                          onClick={() =>
                            void cancel({ variables: { id: s.id } })
                              .then(after)
                              .catch(() => undefined)
                          }
                        >
                          <FormattedMessage {...messages.cancel} />
                        </Button>
                      ) : null}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Card>
  );
}

function Ledger({ organizationNumber }: { organizationNumber: number }) {
  const intl = useIntl();
  const { data, error } = useQuery(ORGANIZATION_LEDGER, {
    variables: { organizationId: organizationNumber },
    fetchPolicy: "network-only",
  });
  const ledger = data?.organizationLedger;
  return (
    <Card withBorder padding="lg" component="section" aria-label={intl.formatMessage(messages.ledger)}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          <FormattedMessage {...messages.ledger} />{" "}
          {ledger ? (
            <Text span c="dimmed" size="sm">
              <FormattedMessage {...messages.entries} values={{ total: ledger.total }} />
            </Text>
          ) : null}
        </Title>
        {error ? (
          <Text c="red">
            <FormattedMessage {...messages.ledgerFailed} />
          </Text>
        ) : null}
        {ledger && ledger.entries.length > 0 ? (
          <Table.ScrollContainer minWidth={640}>
            <Table striped aria-label={intl.formatMessage(messages.ledgerEntries)}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>
                    <FormattedMessage {...messages.when} />
                  </Table.Th>
                  <Table.Th>
                    <FormattedMessage {...messages.kind} />
                  </Table.Th>
                  <Table.Th>
                    <FormattedMessage {...messages.entry} />
                  </Table.Th>
                  <Table.Th>
                    <FormattedMessage {...messages.amount} />
                  </Table.Th>
                  <Table.Th>
                    <FormattedMessage {...messages.balance} />
                  </Table.Th>
                  <Table.Th>
                    <FormattedMessage {...messages.for} />
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {ledger.entries.map((entry) => (
                  <Table.Tr key={entry.id}>
                    <Table.Td>
                      {intl.formatDate(new Date(String(entry.createdAt)), {
                        dateStyle: "medium",
                        timeStyle: "short",
                        timeZone: "UTC",
                      })}
                    </Table.Td>
                    <Table.Td>
                      <FormattedMessage {...(entry.kind === "job" ? messages.jobPostings : messages.resumeContacts)} />
                    </Table.Td>
                    <Table.Td>{entry.entryType}</Table.Td>
                    <Table.Td c={entry.amount < 0 ? "red" : "green"}>
                      {intl.formatNumber(entry.amount, { signDisplay: "exceptZero" })}
                    </Table.Td>
                    <Table.Td fw={600}>{intl.formatNumber(entry.balance)}</Table.Td>
                    <Table.Td>{entry.label ?? entry.reference ?? ""}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ) : null}
        {ledger && ledger.entries.length === 0 ? (
          <Text c="dimmed">
            <FormattedMessage {...messages.noEntries} />
          </Text>
        ) : null}
      </Stack>
    </Card>
  );
}

/** /admin/billing: an organization's credits, ledger with running balance, grants and subscriptions. */
export function BillingAdminPage() {
  const intl = useIntl();
  const [typed, setTyped] = useState<number | string>("");
  const [organization, setOrganization] = useState<number | null>(null);
  const [version, setVersion] = useState(0);
  return (
    <Stack gap="md">
      <Title order={1}>
        <FormattedMessage {...messages.title} />
      </Title>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (typeof typed === "number" && typed > 0) setOrganization(typed);
        }}
      >
        <Group align="flex-end">
          <NumberInput
            label={intl.formatMessage(messages.organizationNumber)}
            description={intl.formatMessage(messages.organizationNumberHint)}
            min={1}
            value={typed}
            onChange={setTyped}
          />
          <Button type="submit">
            <FormattedMessage {...messages.show} />
          </Button>
        </Group>
      </form>
      {organization ? (
        <Stack gap="md" key={`${organization}-${version}`}>
          <CreditsView organizationNumber={organization} />
          <GrantCreditsForm
            organizationNumber={organization}
            onDone={() => setVersion((v) => v + 1)}
          />
          <SubscriptionsAdmin organizationNumber={organization} />
          <Ledger organizationNumber={organization} />
        </Stack>
      ) : null}
    </Stack>
  );
}
