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
import { FormattedMessage, type IntlShape, useIntl } from "react-intl";
import { NavLink } from "~/components/Link";
import { DangerList } from "~/components/DangerList";
import { useAppConfig } from "~/lib/app-config";
import { defineMessages, type Message } from "~/lib/i18n/define-messages";
import { type SiteFeatures, useSiteFeatures } from "~/lib/site-features";
import { BILLING_ORGANIZATION, CREDITS, SUBSCRIPTIONS } from "./documents";

const messages = defineMessages({
  // Spec 8: the exact danger messages.
  creditsError: { id: "billing.credits.error", defaultMessage: "There was an error getting your credits." },
  subscriptionsError: {
    id: "billing.subscriptions.error",
    defaultMessage: "An error happened while retrieving your subscription data.",
  },
  manageOrganization: { id: "billing.credits.action.job", defaultMessage: "Manage your organization" },
  searchResumes: { id: "billing.credits.action.contact", defaultMessage: "Search resumes" },
  credits: { id: "billing.credits.title", defaultMessage: "Credits" },
  noCredits: { id: "billing.credits.empty", defaultMessage: "No credits yet. Contact us to buy a package." },
  leftFor: { id: "billing.credits.leftFor", defaultMessage: "left for {organization}" },
  needMore: { id: "billing.credits.needMore", defaultMessage: "Need more? <link>Contact us for credits and subscriptions</link>." },
  subscriptions: { id: "billing.subscriptions.title", defaultMessage: "Subscriptions" },
  noSubscriptions: {
    id: "billing.subscriptions.empty",
    defaultMessage: "No subscriptions. A subscription gives job and resume contact slots every period.",
  },
  yourSubscriptions: { id: "billing.subscriptions.table", defaultMessage: "Your subscriptions" },
  subscription: { id: "billing.subscriptions.subscription", defaultMessage: "Subscription" },
  period: { id: "billing.subscriptions.period", defaultMessage: "Period" },
  periodRange: { id: "billing.subscriptions.periodRange", defaultMessage: "{start} – {end}" },
  status: { id: "billing.subscriptions.status", defaultMessage: "Status" },
  jobSlots: { id: "billing.subscriptions.jobSlots", defaultMessage: "Job slots left" },
  contactSlots: { id: "billing.subscriptions.contactSlots", defaultMessage: "Resume contacts used / left / total" },
  contactUsage: {
    id: "billing.subscriptions.contactUsage",
    defaultMessage: "{active, number} / {available, number} / {total, number}",
  },
  title: { id: "billing.products.title", defaultMessage: "My products" },
  noOrganization: {
    id: "billing.products.noOrganization",
    defaultMessage: "Credits and subscriptions belong to an organization. <link>Create or join one</link> first.",
  },
  for: { id: "billing.products.for", defaultMessage: "For" },
  balance: { id: "billing.widget.label", defaultMessage: "Your balance" },
  balanceCredit: { id: "billing.widget.credit", defaultMessage: "{label}: <strong>{amount, number}</strong>" },
  myProducts: { id: "billing.widget.myProducts", defaultMessage: "My products" },
});

/** Spec 8: the exact danger messages (their en text, which tests look for). */
export const CREDITS_ERROR = messages.creditsError.defaultMessage;
export const SUBSCRIPTIONS_ERROR = messages.subscriptionsError.defaultMessage;
/** The page's name, for its document title. */
export const MY_PRODUCTS_TITLE = messages.title;
const PAGE_SIZE = 10;

/** What a credit lets you do next (spec 2: the credit call-to-action links). */
const CREDIT_ACTIONS: Record<string, { label: Message; to: string }> = {
  job: { label: messages.manageOrganization, to: "/dashboard/organization" },
  contact: { label: messages.searchResumes, to: "/resumes" },
};

const STATUS_COLORS: Record<string, string> = {
  ACTIVE: "green",
  CANCELLED: "gray",
  EXPIRED: "orange",
};

/** "Mar 4, 2025" (en), "04.03.2025" (de); a dash without a date. */
export function formatDay(value: unknown, intl: IntlShape): string {
  return typeof value === "string" && value
    ? intl.formatDate(new Date(value), { dateStyle: "medium", timeZone: "UTC" })
    : "–";
}

/** The resume contact credit (type `contact`) means something only where recruiters may ask for contact. */
export function shownCredits<Credit extends { type: string }>(
  credits: readonly Credit[],
  features: SiteFeatures,
): Credit[] {
  return credits.filter((credit) => credit.type !== "contact" || features.resume_contact);
}

export function CreditsView({
  organizationNumber,
}: {
  organizationNumber: number;
}) {
  const intl = useIntl();
  const features = useSiteFeatures();
  // Spec 7: the credits query is not cached.
  const { data, loading, error } = useQuery(CREDITS, {
    variables: { organizationId: organizationNumber },
    fetchPolicy: "no-cache",
  });
  const credits = shownCredits(data?.getCredits ?? [], features);
  return (
    <Stack gap="sm" component="section" aria-label={intl.formatMessage(messages.credits)}>
      <Title order={2} size="h3">
        <FormattedMessage {...messages.credits} />
      </Title>
      {error ? (
        <Alert color="red" role="alert">
          <FormattedMessage {...messages.creditsError} />
        </Alert>
      ) : null}
      {loading && !data ? <Skeleton height={96} radius="md" /> : null}
      {!error && data && credits.length === 0 ? (
        <Text c="dimmed">
          <FormattedMessage {...messages.noCredits} />
        </Text>
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
                {intl.formatNumber(credit.amount)}
              </Text>
              <Text size="sm">
                <FormattedMessage {...messages.leftFor} values={{ organization: credit.organizationName }} />
              </Text>
              {action ? (
                <Anchor component={NavLink} to={action.to} size="sm" mt="xs">
                  <FormattedMessage {...action.label} />
                </Anchor>
              ) : null}
            </Card>
          );
        })}
      </SimpleGrid>
      <Text size="sm">
        <FormattedMessage
          {...messages.needMore}
          values={{ link: (chunks) => <Anchor href="/contact">{chunks}</Anchor> }}
        />
      </Text>
    </Stack>
  );
}

export function SubscriptionsView({
  organizationNumber,
}: {
  organizationNumber: number;
}) {
  const intl = useIntl();
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
    <Stack gap="sm" component="section" aria-label={intl.formatMessage(messages.subscriptions)}>
      <Title order={2} size="h3">
        <FormattedMessage {...messages.subscriptions} />
      </Title>
      {serverErrors.length > 0 ? (
        <Stack gap="xs">
          <Alert color="red" role="alert">
            <FormattedMessage {...messages.subscriptionsError} />
          </Alert>
          <DangerList messages={serverErrors} />
        </Stack>
      ) : null}
      {loading && !data ? <Skeleton height={120} radius="md" /> : null}
      {answer &&
      answer.subscriptions.length === 0 &&
      serverErrors.length === 0 ? (
        <Text c="dimmed">
          <FormattedMessage {...messages.noSubscriptions} />
        </Text>
      ) : null}
      {answer && answer.subscriptions.length > 0 ? (
        <Table.ScrollContainer minWidth={720}>
          <Table striped aria-label={intl.formatMessage(messages.yourSubscriptions)}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>
                  <FormattedMessage {...messages.subscription} />
                </Table.Th>
                <Table.Th>
                  <FormattedMessage {...messages.period} />
                </Table.Th>
                <Table.Th>
                  <FormattedMessage {...messages.status} />
                </Table.Th>
                <Table.Th>
                  <FormattedMessage {...messages.jobSlots} />
                </Table.Th>
                <Table.Th>
                  <FormattedMessage {...messages.contactSlots} />
                </Table.Th>
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
                    <FormattedMessage
                      {...messages.periodRange}
                      values={{
                        start: formatDay(subscription.startDate, intl),
                        end: formatDay(subscription.endDate, intl),
                      }}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Badge
                      color={STATUS_COLORS[subscription.status.value] ?? "gray"}
                      variant="light"
                    >
                      {subscription.status.label}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{intl.formatNumber(subscription.availableJobSlots)}</Table.Td>
                  <Table.Td>
                    <FormattedMessage {...messages.contactUsage} values={subscription.usageResumeContactSlots} />
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
      <Title order={1}>
        <FormattedMessage {...messages.title} />
      </Title>
      {error ? (
        <Alert color="red" role="alert">
          <FormattedMessage {...messages.creditsError} />
        </Alert>
      ) : null}
      {loading && !data ? <Skeleton height={40} /> : null}
      {data && !organization ? (
        <Card withBorder padding="lg">
          <Text>
            <FormattedMessage
              {...messages.noOrganization}
              values={{
                link: (chunks) => (
                  <Anchor component={NavLink} to="/dashboard/organization">
                    {chunks}
                  </Anchor>
                ),
              }}
            />
          </Text>
        </Card>
      ) : null}
      {organization ? (
        <>
          <Group gap="xs">
            <Text c="dimmed">
              <FormattedMessage {...messages.for} />
            </Text>
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
  const intl = useIntl();
  const features = useSiteFeatures();
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
    <Card withBorder padding="md" component="section" aria-label={intl.formatMessage(messages.balance)}>
      <Group justify="space-between" wrap="wrap">
        {error ? (
          <Text size="sm" c="red" role="alert">
            <FormattedMessage {...messages.creditsError} />
          </Text>
        ) : (
          <Group gap="lg">
            {shownCredits(data?.getCredits ?? [], features).map((credit) => (
              <Text key={credit.type} size="sm">
                <FormattedMessage
                  {...messages.balanceCredit}
                  values={{ label: credit.label, amount: credit.amount, strong: (chunks) => <strong>{chunks}</strong> }}
                />
              </Text>
            ))}
          </Group>
        )}
        <Anchor component={NavLink} to="/my-products" size="sm">
          <FormattedMessage {...messages.myProducts} />
        </Anchor>
      </Group>
    </Card>
  );
}
