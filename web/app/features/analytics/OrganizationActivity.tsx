import { useQuery } from "@apollo/client/react";
import { LineChart } from "@mantine/charts";
import {
  Alert,
  Card,
  Group,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import { useState } from "react";
import { FormattedMessage, type IntlShape, useIntl } from "react-intl";
import { defineMessages } from "~/lib/i18n/define-messages";
import { ORGANIZATION_STATS } from "./documents";

export const PERIODS = [7, 30, 90] as const;

const messages = defineMessages({
  visits: { id: "analytics.series.visits", defaultMessage: "Job views" },
  applyStarts: { id: "analytics.series.applyStarts", defaultMessage: "Apply starts" },
  applyCompletions: { id: "analytics.series.applyCompletions", defaultMessage: "Applications" },
  bookmarks: { id: "analytics.series.bookmarks", defaultMessage: "Bookmarks" },
  shares: { id: "analytics.series.shares", defaultMessage: "Shares" },
  profileVisits: { id: "analytics.series.profileVisits", defaultMessage: "Profile views" },
  title: { id: "analytics.activity.title", defaultMessage: "Activity" },
  titleOf: { id: "analytics.activity.titleOf", defaultMessage: "Activity of {organization}" },
  period: { id: "analytics.activity.period", defaultMessage: "Period" },
  days: { id: "analytics.activity.days", defaultMessage: "{days, plural, one {# day} other {# days}}" },
  failed: {
    id: "analytics.activity.failed",
    defaultMessage: "The activity could not be loaded. Please try again in a moment.",
  },
});

const SERIES = [
  { name: "visits", color: "blue.8" },
  { name: "applyStarts", color: "orange.8" },
  { name: "applyCompletions", color: "teal.8" },
  { name: "bookmarks", color: "grape.8" },
  { name: "shares", color: "cyan.8" },
  { name: "profileVisits", color: "gray.7" },
] as const;

function shortDay(iso: string, intl: IntlShape): string {
  return intl.formatDate(new Date(`${iso}T00:00:00Z`), { day: "numeric", month: "short", timeZone: "UTC" });
}

/**
 * The organization dashboard's activity: its jobs' views, apply starts, applications,
 * bookmarks and shares, and its profile's views, per day over the chosen period.
 */
export function OrganizationActivity({
  organizationId,
  organizationName,
}: {
  organizationId: string;
  organizationName?: string;
}) {
  const intl = useIntl();
  const [days, setDays] = useState<(typeof PERIODS)[number]>(30);
  const { data, loading, error } = useQuery(ORGANIZATION_STATS, {
    variables: { organizationId, days },
    fetchPolicy: "cache-and-network",
  });
  const stats = data?.organizationStats;
  const chartData = (stats?.days ?? []).map((day) => ({
    ...day,
    day: shortDay(String(day.day), intl),
  }));

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="activity-title">
      <Stack gap="md">
        <Group justify="space-between" align="center">
          <Title order={2} size="h3" id="activity-title">
            {organizationName ? (
              <FormattedMessage {...messages.titleOf} values={{ organization: organizationName }} />
            ) : (
              <FormattedMessage {...messages.title} />
            )}
          </Title>
          <SegmentedControl
            aria-label={intl.formatMessage(messages.period)}
            value={String(days)}
            onChange={(value) => setDays(Number(value) as (typeof PERIODS)[number])}
            data={PERIODS.map((period) => ({ value: String(period), label: intl.formatMessage(messages.days, { days: period }) }))}
          />
        </Group>
        {error && !data ? (
          <Alert color="red" role="alert">
            <FormattedMessage {...messages.failed} />
          </Alert>
        ) : null}
        {loading && !data ? <Skeleton h={260} radius="md" /> : null}
        {stats ? (
          <>
            <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} component="dl" m={0}>
              {SERIES.map((series) => (
                <Stack gap={0} key={series.name}>
                  <Text component="dt" size="sm" className="text-muted">
                    <FormattedMessage {...messages[series.name]} />
                  </Text>
                  <Text component="dd" m={0} fw={700} size="xl" data-testid={`total-${series.name}`}>
                    {intl.formatNumber(stats[series.name])}
                  </Text>
                </Stack>
              ))}
            </SimpleGrid>
            <div data-testid="activity-chart">
              <LineChart
                h={260}
                data={chartData}
                dataKey="day"
                series={SERIES.map(({ name, color }) => ({ name, label: intl.formatMessage(messages[name]), color }))}
                curveType="linear"
                withLegend
                withDots={false}
                tickLine="x"
                yAxisProps={{ allowDecimals: false }}
              />
            </div>
          </>
        ) : null}
      </Stack>
    </Card>
  );
}
