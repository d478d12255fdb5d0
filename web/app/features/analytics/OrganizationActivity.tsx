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
import { ORGANIZATION_STATS } from "./documents";

export const PERIODS = [7, 30, 90] as const;

const SERIES = [
  { name: "visits", label: "Job views", color: "blue.8" },
  { name: "applyStarts", label: "Apply starts", color: "orange.8" },
  { name: "applyCompletions", label: "Applications", color: "teal.8" },
  { name: "bookmarks", label: "Bookmarks", color: "grape.8" },
  { name: "shares", label: "Shares", color: "cyan.8" },
  { name: "profileVisits", label: "Profile views", color: "gray.7" },
] as const;

function shortDay(iso: string): string {
  return new Date(`${iso}T00:00:00Z`).toLocaleDateString("en-GB", {
    day: "numeric",
    month: "short",
    timeZone: "UTC",
  });
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
  const [days, setDays] = useState<(typeof PERIODS)[number]>(30);
  const { data, loading, error } = useQuery(ORGANIZATION_STATS, {
    variables: { organizationId, days },
    fetchPolicy: "cache-and-network",
  });
  const stats = data?.organizationStats;
  const chartData = (stats?.days ?? []).map((day) => ({
    ...day,
    day: shortDay(String(day.day)),
  }));

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="activity-title">
      <Stack gap="md">
        <Group justify="space-between" align="center">
          <Title order={2} size="h3" id="activity-title">
            Activity{organizationName ? ` of ${organizationName}` : ""}
          </Title>
          <SegmentedControl
            aria-label="Period"
            value={String(days)}
            onChange={(value) => setDays(Number(value) as (typeof PERIODS)[number])}
            data={PERIODS.map((period) => ({ value: String(period), label: `${period} days` }))}
          />
        </Group>
        {error && !data ? (
          <Alert color="red" role="alert">
            The activity could not be loaded. Please try again in a moment.
          </Alert>
        ) : null}
        {loading && !data ? <Skeleton h={260} radius="md" /> : null}
        {stats ? (
          <>
            <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} component="dl" m={0}>
              {SERIES.map((series) => (
                <Stack gap={0} key={series.name}>
                  <Text component="dt" size="sm" className="text-muted">
                    {series.label}
                  </Text>
                  <Text component="dd" m={0} fw={700} size="xl" data-testid={`total-${series.name}`}>
                    {stats[series.name]}
                  </Text>
                </Stack>
              ))}
            </SimpleGrid>
            <div data-testid="activity-chart">
              <LineChart
                h={260}
                data={chartData}
                dataKey="day"
                series={SERIES.map(({ name, label, color }) => ({ name, label, color }))}
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
