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
import { DangerList } from "~/components/DangerList";
import {
  ADMIN_SUBSCRIPTIONS,
  CANCEL_SUBSCRIPTION,
  CREATE_SUBSCRIPTION,
  EXTEND_SUBSCRIPTION,
  GRANT_CREDITS,
  ORGANIZATION_LEDGER,
  PRODUCTS,
} from "./admin-documents";
import { CreditsView } from "./MyProductsPage";

const WHEN = new Intl.DateTimeFormat("en-US", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "UTC",
});
const DAY = new Intl.DateTimeFormat("en-US", {
  dateStyle: "medium",
  timeZone: "UTC",
});

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
      aria-label="Grant credits"
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Title order={2} size="h4">
            Grant credits
          </Title>
          <DangerList
            messages={
              error
                ? ["The credits could not be granted. Try again in a moment."]
                : errorsOf(answer)
            }
          />
          {answer?.__typename === "CreditsGranted" ? (
            <Alert color="green" role="status">
              Granted. {answer.credit.label}: {answer.credit.amount} now.
            </Alert>
          ) : null}
          <Group grow align="flex-start">
            <Select
              label="Kind"
              data={[
                { value: "JOB", label: "Job postings" },
                { value: "CONTACT", label: "Resume contacts" },
              ]}
              value={kind}
              onChange={(value) =>
                setKind(value === "CONTACT" ? "CONTACT" : "JOB")
              }
              allowDeselect={false}
            />
            <NumberInput
              label="Amount"
              min={1}
              value={amount}
              onChange={setAmount}
            />
            <NumberInput
              label="Valid for (days)"
              min={1}
              value={validDays}
              onChange={setValidDays}
            />
          </Group>
          <Group>
            <Button type="submit" loading={loading}>
              Grant
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
      aria-label="Manage subscriptions"
    >
      <Stack gap="sm">
        <Title order={2} size="h4">
          Subscriptions
        </Title>
        <DangerList messages={problems} />
        <Group align="flex-end">
          <Select
            label="Product"
            placeholder="Choose a subscription product"
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
            Start a subscription
          </Button>
        </Group>
        {(data?.getSubscriptions.subscriptions ?? []).length === 0 ? (
          <Text c="dimmed" size="sm">
            No subscriptions.
          </Text>
        ) : (
          <Table aria-label="Subscriptions of this organization">
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
                    {DAY.format(new Date(String(s.startDate)))} –{" "}
                    {DAY.format(new Date(String(s.endDate)))}
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
                          void extend({ variables: { id: s.id, days: 30 } })
                            .then(after)
                            .catch(() => undefined)
                        }
                      >
                        Extend 30 days
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
                          Cancel
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
  const { data, error } = useQuery(ORGANIZATION_LEDGER, {
    variables: { organizationId: organizationNumber },
    fetchPolicy: "network-only",
  });
  const ledger = data?.organizationLedger;
  return (
    <Card withBorder padding="lg" component="section" aria-label="Ledger">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Ledger{" "}
          {ledger ? (
            <Text span c="dimmed" size="sm">
              ({ledger.total} entries)
            </Text>
          ) : null}
        </Title>
        {error ? <Text c="red">The ledger could not be loaded.</Text> : null}
        {ledger && ledger.entries.length > 0 ? (
          <Table.ScrollContainer minWidth={640}>
            <Table striped aria-label="Ledger entries">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>When (UTC)</Table.Th>
                  <Table.Th>Kind</Table.Th>
                  <Table.Th>Entry</Table.Th>
                  <Table.Th>Amount</Table.Th>
                  <Table.Th>Balance</Table.Th>
                  <Table.Th>For</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {ledger.entries.map((entry) => (
                  <Table.Tr key={entry.id}>
                    <Table.Td>
                      {WHEN.format(new Date(String(entry.createdAt)))}
                    </Table.Td>
                    <Table.Td>
                      {entry.kind === "job"
                        ? "Job postings"
                        : "Resume contacts"}
                    </Table.Td>
                    <Table.Td>{entry.entryType}</Table.Td>
                    <Table.Td c={entry.amount < 0 ? "red" : "green"}>
                      {entry.amount > 0 ? `+${entry.amount}` : entry.amount}
                    </Table.Td>
                    <Table.Td fw={600}>{entry.balance}</Table.Td>
                    <Table.Td>{entry.label ?? entry.reference ?? ""}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ) : null}
        {ledger && ledger.entries.length === 0 ? (
          <Text c="dimmed">No entries yet.</Text>
        ) : null}
      </Stack>
    </Card>
  );
}

/** /admin/billing: an organization's credits, ledger with running balance, grants and subscriptions. */
export function BillingAdminPage() {
  const [typed, setTyped] = useState<number | string>("");
  const [organization, setOrganization] = useState<number | null>(null);
  const [version, setVersion] = useState(0);
  return (
    <Stack gap="md">
      <Title order={1}>Billing</Title>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (typeof typed === "number" && typed > 0) setOrganization(typed);
        }}
      >
        <Group align="flex-end">
          <NumberInput
            label="Organization number"
            description="The organization's integer id (its number in the graph)."
            min={1}
            value={typed}
            onChange={setTyped}
          />
          <Button type="submit">Show</Button>
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
