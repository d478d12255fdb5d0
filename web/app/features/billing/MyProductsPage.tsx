import { useQuery } from "@apollo/client/react";
import {
  Alert,
  Anchor,
  Badge,
  Card,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from "@mantine/core";
import { NavLink } from "~/components/Link";
import { DangerList } from "~/components/DangerList";
import { useAppConfig } from "~/lib/app-config";
import { BILLING_ORGANIZATION, CREDITS, SUBSCRIPTIONS } from "./documents";

/** Spec 8: the exact danger messages. */
export const CREDITS_ERROR = "There was an error getting your credits.";
export const SUBSCRIPTIONS_ERROR =
  "An error happened while retrieving your subscription data.";
const PAGE_SIZE = 10;
const DATE = new Intl.DateTimeFormat("en-US", {
  dateStyle: "medium",
  timeZone: "UTC",
});

/** What a credit lets you do next (spec 2: the credit call-to-action links). */
const CREDIT_ACTIONS: Record<string, { label: string; to: string }> = {
  job: { label: "Manage your organization", to: "/dashboard/organization" },
  contact: { label: "Search resumes", to: "/resumes" },
};

const STATUS_COLORS: Record<string, string> = {
  ACTIVE: "green",
  CANCELLED: "gray",
  EXPIRED: "orange",
};

function formatDate(value: unknown): string {
  return typeof value === "string" && value
    ? DATE.format(new Date(value))
    : "–";
}

export function CreditsView({
  organizationNumber,
}: {
  organizationNumber: number;
}) {
  // Spec 7: the credits query is not cached.
  const { data, loading, error } = useQuery(CREDITS, {
    variables: { organizationId: organizationNumber },
    fetchPolicy: "no-cache",
  });
  const credits = data?.getCredits ?? [];
  return (
    <Stack gap="sm" component="section" aria-label="Credits">
      <Title order={2} size="h3">
        Credits
      </Title>
      {error ? (
        <Alert color="red" role="alert">
          {CREDITS_ERROR}
        </Alert>
      ) : null}
      {loading && !data ? <Skeleton height={96} radius="md" /> : null}
      {!error && data && credits.length === 0 ? (
        <Text c="dimmed">No credits yet. Contact us to buy a package.</Text>
      ) : null}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {credits.map((credit) => {
          const action = CREDIT_ACTIONS[credit.type];
          return (
            <Card
              key={`${credit.type}-${credit.frontend}`}
              withBorder
              padding="lg"
              data-testid={`credit-${credit.type}`}
            >
              <Text size="sm" c="dimmed">
                {credit.label}
              </Text>
              <Text fz={36} fw={700} lh={1.2}>
                {credit.amount}
              </Text>
              <Text size="sm">left for {credit.organizationName}</Text>
              {action ? (
                <Anchor component={NavLink} to={action.to} size="sm" mt="xs">
                  {action.label}
                </Anchor>
              ) : null}
            </Card>
          );
        })}
      </SimpleGrid>
      <Text size="sm">
        Need more?{" "}
        <Anchor href="/contact">
          Contact us for credits and subscriptions
        </Anchor>
        .
      </Text>
    </Stack>
  );
}

export function SubscriptionsView({
  organizationNumber,
}: {
  organizationNumber: number;
}) {
  const { data, loading, error } = useQuery(SUBSCRIPTIONS, {
    variables: {
      organizationId: organizationNumber,
      limit: PAGE_SIZE,
      offset: 0,
    },
    fetchPolicy: "no-cache",
  });
  const answer = data?.getSubscriptions;
  const serverErrors = [
    ...(error ? [error.message] : []),
    ...(answer?.errors ?? []).map((e) => e.message),
  ];
  return (
    <Stack gap="sm" component="section" aria-label="Subscriptions">
      <Title order={2} size="h3">
        Subscriptions
      </Title>
      {serverErrors.length > 0 ? (
        <Stack gap="xs">
          <Alert color="red" role="alert">
            {SUBSCRIPTIONS_ERROR}
          </Alert>
          <DangerList messages={serverErrors} />
        </Stack>
      ) : null}
      {loading && !data ? <Skeleton height={120} radius="md" /> : null}
      {answer &&
      answer.subscriptions.length === 0 &&
      serverErrors.length === 0 ? (
        <Text c="dimmed">
          No subscriptions. A subscription gives job and resume contact slots
          every period.
        </Text>
      ) : null}
      {answer && answer.subscriptions.length > 0 ? (
        <Table.ScrollContainer minWidth={720}>
          <Table striped aria-label="Your subscriptions">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Subscription</Table.Th>
                <Table.Th>Period</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Job slots left</Table.Th>
                <Table.Th>Resume contacts used / left / total</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {answer.subscriptions.map((subscription) => (
                <Table.Tr key={subscription.id}>
                  <Table.Td>
                    <Text size="sm" fw={600}>
                      {subscription.label}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {subscription.product.name}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    {formatDate(subscription.startDate)} –{" "}
                    {formatDate(subscription.endDate)}
                  </Table.Td>
                  <Table.Td>
                    <Badge
                      color={STATUS_COLORS[subscription.status.value] ?? "gray"}
                      variant="light"
                    >
                      {subscription.status.label}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{subscription.availableJobSlots}</Table.Td>
                  <Table.Td>
                    {subscription.usageResumeContactSlots.active} /{" "}
                    {subscription.usageResumeContactSlots.available} /{" "}
                    {subscription.usageResumeContactSlots.total}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
    </Stack>
  );
}

/** /my-products: the active organization's credits and (when the site sells them) subscriptions. */
export function MyProductsPage() {
  const { data, loading, error } = useQuery(BILLING_ORGANIZATION);
  const { config } = useAppConfig();
  // Spec 6: subscription data is fetched only if the site's subscription setting is on.
  const subscriptionsOn = config.flag("subscriptions", "enabled");
  const organization = data?.currentUser?.activeOrganization ?? null;
  return (
    <Stack gap="lg">
      <Title order={1}>My products</Title>
      {error ? (
        <Alert color="red" role="alert">
          {CREDITS_ERROR}
        </Alert>
      ) : null}
      {loading && !data ? <Skeleton height={40} /> : null}
      {data && !organization ? (
        <Card withBorder padding="lg">
          <Text>
            Credits and subscriptions belong to an organization.{" "}
            <Anchor component={NavLink} to="/dashboard/organization">
              Create or join one
            </Anchor>{" "}
            first.
          </Text>
        </Card>
      ) : null}
      {organization ? (
        <>
          <Group gap="xs">
            <Text c="dimmed">For</Text>
            <Text fw={600}>{organization.name}</Text>
          </Group>
          <CreditsView organizationNumber={organization.number} />
          {subscriptionsOn ? (
            <SubscriptionsView organizationNumber={organization.number} />
          ) : null}
        </>
      ) : null}
    </Stack>
  );
}

/** The recruiter dashboard's balance: credits left, and where to see more. */
export function CreditsWidget() {
  const organizationAnswer = useQuery(BILLING_ORGANIZATION);
  const organization =
    organizationAnswer.data?.currentUser?.activeOrganization ?? null;
  const { data, error } = useQuery(CREDITS, {
    variables: { organizationId: organization?.number ?? null },
    fetchPolicy: "no-cache",
    skip: !organization,
  });
  if (!organization) return null;
  return (
    <Card withBorder padding="md" component="section" aria-label="Your balance">
      <Group justify="space-between" wrap="wrap">
        {error ? (
          <Text size="sm" c="red" role="alert">
            {CREDITS_ERROR}
          </Text>
        ) : (
          <Group gap="lg">
            {(data?.getCredits ?? []).map((credit) => (
              <Text key={credit.type} size="sm">
                {credit.label}: <strong>{credit.amount}</strong>
              </Text>
            ))}
          </Group>
        )}
        <Anchor component={NavLink} to="/my-products" size="sm">
          My products
        </Anchor>
      </Group>
    </Card>
  );
}
