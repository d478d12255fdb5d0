import { useQuery } from "@apollo/client/react";
import { LineChart } from "@mantine/charts";
import {
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  SegmentedControl,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { IconChartLine, IconDownload } from "@tabler/icons-react";
import { useState } from "react";
import { FormattedMessage, type IntlShape, useIntl } from "react-intl";
import { Link } from "~/components/Link";
import { downloadCsv } from "~/lib/csv";
import type { OrganizationStatsQuery } from "~/lib/graphql/generated/graphql";
import { defineMessages } from "~/lib/i18n/define-messages";
import { ORGANIZATION_STATS } from "./documents";

export const PERIODS = [7, 30, 90] as const;
const CUSTOM = "custom";
/** As analytics' own limit (a longer period is refused there). */
const MAX_DAYS = 366;
const DAY_MS = 86_400_000;

const messages = defineMessages({
  periodDays: { id: "analytics.activity.periodDays", defaultMessage: "{first} – {last}" },
  visits: { id: "analytics.series.visits", defaultMessage: "Job views" },
  applyStarts: { id: "analytics.series.applyStarts", defaultMessage: "Apply starts" },
  applyCompletions: { id: "analytics.series.applyCompletions", defaultMessage: "Applications" },
  bookmarks: { id: "analytics.series.bookmarks", defaultMessage: "Bookmarks" },
  shares: { id: "analytics.series.shares", defaultMessage: "Shares" },
  profileVisits: { id: "analytics.series.profileVisits", defaultMessage: "Profile views" },
  conversion: { id: "analytics.activity.conversion", defaultMessage: "Conversion" },
  title: { id: "analytics.activity.title", defaultMessage: "Activity" },
  titleOf: { id: "analytics.activity.titleOf", defaultMessage: "Activity of {organization}" },
  period: { id: "analytics.activity.period", defaultMessage: "Period" },
  days: { id: "analytics.activity.days", defaultMessage: "{days, plural, one {# day} other {# days}}" },
  custom: { id: "analytics.activity.custom", defaultMessage: "Dates" },
  from: { id: "analytics.activity.from", defaultMessage: "From" },
  to: { id: "analytics.activity.to", defaultMessage: "To" },
  wrongOrder: {
    id: "analytics.activity.wrongOrder",
    defaultMessage: "The first day must not be after the last day.",
  },
  tooLong: {
    id: "analytics.activity.tooLong",
    defaultMessage: "A period can be at most {days} days long.",
  },
  job: { id: "analytics.activity.job", defaultMessage: "Job" },
  allJobs: { id: "analytics.activity.allJobs", defaultMessage: "All jobs" },
  jobsTitle: { id: "analytics.activity.jobsTitle", defaultMessage: "Jobs in this period" },
  noJobs: {
    id: "analytics.activity.noJobs",
    defaultMessage: "None of your jobs was viewed or applied to in this period.",
  },
  goneJob: { id: "analytics.activity.goneJob", defaultMessage: "A job no longer shown" },
  showJob: { id: "analytics.activity.showJob", defaultMessage: "Show {job} over time" },
  overTime: { id: "analytics.activity.overTime", defaultMessage: "Over time" },
  downloadDays: { id: "analytics.activity.downloadDays", defaultMessage: "Daily figures (CSV)" },
  downloadJobs: { id: "analytics.activity.downloadJobs", defaultMessage: "Jobs (CSV)" },
  counted: {
    id: "analytics.activity.counted",
    defaultMessage:
      "Views are counted by our server once per visitor and day, without cookies; the other figures come from your jobs' events.",
  },
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

type Stats = OrganizationStatsQuery["organizationStats"];
/** The job whose figures are shown (its title kept: another period may not list it). */
type ChosenJob = { id: string; title: string };

function shortDay(iso: string, intl: IntlShape): string {
  return intl.formatDate(new Date(`${iso}T00:00:00Z`), { day: "numeric", month: "short", timeZone: "UTC" });
}

function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** Applications per view, or null when there were no views to convert. */
export function conversion(applications: number, views: number): number | null {
  return views > 0 ? applications / views : null;
}

function percent(value: number | null, intl: IntlShape): string {
  return value === null ? "–" : intl.formatNumber(value, { style: "percent", maximumFractionDigits: 1 });
}

/** The chosen dates' problem, if any (both are YYYY-MM-DD). */
function rangeProblem(from: string, to: string): "wrongOrder" | "tooLong" | null {
  if (!from || !to) return null;
  const days = (Date.parse(to) - Date.parse(from)) / DAY_MS + 1;
  if (days < 1) return "wrongOrder";
  return days > MAX_DAYS ? "tooLong" : null;
}

function jobTitle(item: Stats["jobs"][number], intl: IntlShape): string {
  return item.job?.title ?? intl.formatMessage(messages.goneJob);
}

function exportDays(stats: Stats, intl: IntlShape, jobName: string | null) {
  const header = ["Day", ...SERIES.map((series) => intl.formatMessage(messages[series.name]))];
  downloadCsv(`activity${jobName ? "-job" : ""}-${String(stats.firstDay)}-${String(stats.lastDay)}.csv`, [
    jobName ? [intl.formatMessage(messages.job), jobName] : [],
    header,
    ...stats.days.map((day) => [String(day.day), ...SERIES.map((series) => day[series.name])]),
  ].filter((row) => row.length > 0));
}

function exportJobs(stats: Stats, intl: IntlShape) {
  downloadCsv(`jobs-${String(stats.firstDay)}-${String(stats.lastDay)}.csv`, [
    [
      intl.formatMessage(messages.job),
      intl.formatMessage(messages.visits),
      intl.formatMessage(messages.applyStarts),
      intl.formatMessage(messages.applyCompletions),
      intl.formatMessage(messages.conversion),
    ],
    ...stats.jobs.map((item) => {
      const rate = conversion(item.applyCompletions, item.visits);
      return [
        jobTitle(item, intl),
        item.visits,
        item.applyStarts,
        item.applyCompletions,
        rate === null ? "" : Math.round(rate * 1000) / 1000,
      ];
    }),
  ]);
}

function JobsTable({
  stats,
  onShow,
}: {
  stats: Stats;
  onShow: (job: ChosenJob) => void;
}) {
  const intl = useIntl();
  if (stats.jobs.length === 0) {
    return (
      <Text size="sm" className="text-muted">
        <FormattedMessage {...messages.noJobs} />
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table striped highlightOnHover verticalSpacing="xs" data-testid="jobs-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              <FormattedMessage {...messages.job} />
            </Table.Th>
            <Table.Th ta="right">
              <FormattedMessage {...messages.visits} />
            </Table.Th>
            <Table.Th ta="right">
              <FormattedMessage {...messages.applyCompletions} />
            </Table.Th>
            <Table.Th ta="right">
              <FormattedMessage {...messages.conversion} />
            </Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {stats.jobs.map((item) => {
            const title = jobTitle(item, intl);
            return (
              <Table.Tr key={item.jobId}>
                <Table.Td>
                  {item.job ? (
                    <Anchor component={Link} to={`/job/${item.job.slug}`}>
                      {title}
                    </Anchor>
                  ) : (
                    <Text className="text-muted">{title}</Text>
                  )}
                </Table.Td>
                <Table.Td ta="right">{intl.formatNumber(item.visits)}</Table.Td>
                <Table.Td ta="right">{intl.formatNumber(item.applyCompletions)}</Table.Td>
                <Table.Td ta="right">{percent(conversion(item.applyCompletions, item.visits), intl)}</Table.Td>
                <Table.Td ta="right">
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    leftSection={<IconChartLine size={16} aria-hidden />}
                    aria-label={intl.formatMessage(messages.showJob, { job: title })}
                    onClick={() => onShow({ id: item.jobId, title })}
                  >
                    <FormattedMessage {...messages.overTime} />
                  </Button>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * The organization's activity over a period (7, 30 or 90 days, or chosen dates): its jobs'
 * views, apply starts, applications, bookmarks and shares and its profile's views per day, the
 * conversion from views to applications, the same for one job, and each job's totals; both
 * tables download as CSV.
 */
export function OrganizationActivity({
  organizationId,
  organizationName,
}: {
  organizationId: string;
  organizationName?: string;
}) {
  const intl = useIntl();
  const [period, setPeriod] = useState<string>("30");
  const [today] = useState(() => isoDay(new Date()));
  const [from, setFrom] = useState(() => isoDay(new Date(Date.parse(today) - 29 * DAY_MS)));
  const [to, setTo] = useState(today);
  const [job, setJob] = useState<ChosenJob | null>(null);
  const jobId = job?.id ?? null;
  const custom = period === CUSTOM;
  const problem = custom ? rangeProblem(from, to) : null;
  const { data, previousData, loading, error } = useQuery(ORGANIZATION_STATS, {
    variables: {
      organizationId,
      days: custom ? 30 : Number(period),
      from: custom ? from : null,
      to: custom ? to : null,
      jobId,
    },
    skip: problem !== null || (custom && (!from || !to)),
    fetchPolicy: "cache-and-network",
  });
  const stats = (data ?? previousData)?.organizationStats;
  const chartData = (stats?.days ?? []).map((day) => ({
    ...day,
    day: shortDay(String(day.day), intl),
  }));
  const jobOptions = (stats?.jobs ?? []).map((item) => ({ value: item.jobId, label: jobTitle(item, intl) }));
  if (job && !jobOptions.some((option) => option.value === job.id)) {
    jobOptions.push({ value: job.id, label: job.title });
  }
  // a job's page has no profile views: its own series only
  const series = SERIES.filter((item) => jobId === null || item.name !== "profileVisits");

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
            value={period}
            onChange={setPeriod}
            data={[
              ...PERIODS.map((days) => ({ value: String(days), label: intl.formatMessage(messages.days, { days }) })),
              { value: CUSTOM, label: intl.formatMessage(messages.custom) },
            ]}
          />
        </Group>
        <Group align="flex-end" gap="sm">
          {custom ? (
            <>
              <TextInput
                type="date"
                label={intl.formatMessage(messages.from)}
                value={from}
                max={to || today}
                onChange={(event) => setFrom(event.currentTarget.value)}
                error={problem === "wrongOrder" ? intl.formatMessage(messages.wrongOrder) : undefined}
              />
              <TextInput
                type="date"
                label={intl.formatMessage(messages.to)}
                value={to}
                max={today}
                onChange={(event) => setTo(event.currentTarget.value)}
                error={problem === "tooLong" ? intl.formatMessage(messages.tooLong, { days: MAX_DAYS }) : undefined}
              />
            </>
          ) : null}
          <Select
            label={intl.formatMessage(messages.job)}
            value={jobId ?? ""}
            onChange={(value) => {
              const option = jobOptions.find((item) => item.value === value);
              setJob(option ? { id: option.value, title: option.label } : null);
            }}
            allowDeselect={false}
            w={{ base: "100%", sm: 320 }}
            data={[
              { value: "", label: intl.formatMessage(messages.allJobs) },
              ...jobOptions,
            ]}
          />
        </Group>
        {error && !stats ? (
          <Alert color="red" role="alert">
            <FormattedMessage {...messages.failed} />
          </Alert>
        ) : null}
        {loading && !stats ? <Skeleton h={260} radius="md" /> : null}
        {stats ? (
          <>
            {/* the period the figures below are for (while another loads, still the last one) */}
            <Text
              size="sm"
              className="text-muted"
              data-testid="activity-period"
              data-first-day={String(stats.firstDay)}
              data-last-day={String(stats.lastDay)}
            >
              {/* two dates, not formatDateTimeRange: Node's and the browser's ICU space a range
                  differently (thin or plain spaces), and the server's text must be the browser's */}
              {intl.formatMessage(messages.periodDays, {
                // the year once when both days share it
                first: String(stats.firstDay).slice(0, 4) === String(stats.lastDay).slice(0, 4)
                  ? shortDay(String(stats.firstDay), intl)
                  : intl.formatDate(new Date(`${String(stats.firstDay)}T00:00:00Z`), { dateStyle: "medium", timeZone: "UTC" }),
                last: intl.formatDate(new Date(`${String(stats.lastDay)}T00:00:00Z`), { dateStyle: "medium", timeZone: "UTC" }),
              })}
            </Text>
            <SimpleGrid cols={{ base: 2, sm: 4, lg: 7 }} component="dl" m={0}>
              {series.map((item) => (
                <Stack gap={0} key={item.name}>
                  <Text component="dt" size="sm" className="text-muted">
                    <FormattedMessage {...messages[item.name]} />
                  </Text>
                  <Text component="dd" m={0} fw={700} size="xl" data-testid={`total-${item.name}`}>
                    {intl.formatNumber(stats[item.name])}
                  </Text>
                </Stack>
              ))}
              <Stack gap={0}>
                <Text component="dt" size="sm" className="text-muted">
                  <FormattedMessage {...messages.conversion} />
                </Text>
                <Text component="dd" m={0} fw={700} size="xl" data-testid="total-conversion">
                  {percent(conversion(stats.applyCompletions, stats.visits), intl)}
                </Text>
              </Stack>
            </SimpleGrid>
            <div data-testid="activity-chart">
              <LineChart
                h={260}
                data={chartData}
                dataKey="day"
                series={series.map(({ name, color }) => ({ name, label: intl.formatMessage(messages[name]), color }))}
                curveType="linear"
                withLegend
                withDots={false}
                tickLine="x"
                yAxisProps={{ allowDecimals: false }}
              />
            </div>
            <Text size="xs" className="text-muted">
              <FormattedMessage {...messages.counted} />
            </Text>
            <Group justify="space-between" align="center">
              <Title order={3} size="h4">
                <FormattedMessage {...messages.jobsTitle} />
              </Title>
              <Group gap="xs">
                <Button
                  variant="default"
                  size="xs"
                  leftSection={<IconDownload size={16} aria-hidden />}
                  onClick={() => exportDays(stats, intl, job?.title ?? null)}
                >
                  <FormattedMessage {...messages.downloadDays} />
                </Button>
                <Button
                  variant="default"
                  size="xs"
                  leftSection={<IconDownload size={16} aria-hidden />}
                  onClick={() => exportJobs(stats, intl)}
                  disabled={stats.jobs.length === 0}
                >
                  <FormattedMessage {...messages.downloadJobs} />
                </Button>
              </Group>
            </Group>
            <JobsTable stats={stats} onShow={setJob} />
          </>
        ) : null}
      </Stack>
    </Card>
  );
}
