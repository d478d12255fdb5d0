import { useQuery } from "@apollo/client/react";
import { BarChart } from "@mantine/charts";
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import type { ReactNode } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { NavLink } from "~/components/Link";
import { EmptyState } from "~/components/EmptyState";
import { PageHeader } from "~/components/PageHeader";
import { graphql } from "~/lib/graphql/generated/gql";
import type { ApplicationStatus, DashboardFiguresQuery } from "~/lib/graphql/generated/graphql";
import { defineMessages } from "~/lib/i18n/define-messages";
import { hasRecruiterAccess, isAdminLike } from "./roles";

/** Who is asking, and the organization they work for now. */
export const DASHBOARD_USER = graphql(`
  query DashboardUser {
    currentUser {
      id
      displayName
      roles {
        targetId
      }
      activeOrganization {
        id
        name
      }
    }
  }
`);

/** The figures of each part of the dashboard; a part the user has no business with is skipped. */
export const DASHBOARD_FIGURES = graphql(`
  query DashboardFigures(
    $organizationId: ID!
    $organization: Boolean!
    $applicant: Boolean!
    $admin: Boolean!
  ) {
    openJobs: organizationJobs(
      organizationId: $organizationId
      states: [PUBLISHED]
      limit: 1
    ) @include(if: $organization) {
      total
    }
    drafts: organizationJobs(
      organizationId: $organizationId
      states: [DRAFT]
      limit: 1
    ) @include(if: $organization) {
      total
    }
    newApplications: organizationApplications(
      organizationId: $organizationId
      statuses: [NEW]
      limit: 1
    ) @include(if: $organization) {
      total
    }
    latestApplications: organizationApplications(
      organizationId: $organizationId
      limit: 5
    ) @include(if: $organization) {
      applications {
        id
        firstName
        lastName
        anonymized
        status
        createdAt
        job {
          id
          title
        }
      }
    }
    organizationStats(organizationId: $organizationId, days: 30)
      @include(if: $organization) {
      visits
      profileVisits
      applyCompletions
    }
    myApplications(limit: 50) @include(if: $applicant) {
      id
      status
      createdAt
      job {
        id
        slug
        title
      }
    }
    myBookmarks(limit: 1) @include(if: $applicant) {
      total
      jobs {
        id
      }
    }
    myJobAlerts @include(if: $applicant) {
      id
      paused
    }
    myResume @include(if: $applicant) {
      id
      completeness {
        percent
        complete
      }
    }
    jobsToReview(limit: 1) @include(if: $admin) {
      total
    }
    openJobReports @include(if: $admin) {
      reports
      jobs
    }
    signUpsPerDay(days: 30) @include(if: $admin) {
      day
      count
    }
    organizationsCreatedPerDay(days: 30) @include(if: $admin) {
      day
      count
    }
  }
`);

const messages = defineMessages({
  title: { id: "dashboard.title", defaultMessage: "Dashboard" },
  greeting: {
    id: "dashboard.greeting",
    defaultMessage: "Hello {name}, here is where things stand.",
  },
  failed: {
    id: "dashboard.failed",
    defaultMessage:
      "Some of your figures could not be loaded. Try again in a moment.",
  },
  openJobs: {
    id: "dashboard.organization.openJobs",
    defaultMessage: "Open jobs",
  },
  drafts: { id: "dashboard.organization.drafts", defaultMessage: "Drafts" },
  newApplications: {
    id: "dashboard.organization.newApplications",
    defaultMessage: "New applications",
  },
  jobVisits: {
    id: "dashboard.organization.jobVisits",
    defaultMessage: "Job visits, 30 days",
  },
  profileVisits: {
    id: "dashboard.organization.profileVisits",
    defaultMessage: "Profile visits, 30 days",
  },
  postJob: {
    id: "dashboard.organization.postJob",
    defaultMessage: "Post a job",
  },
  noOrganization: {
    id: "dashboard.organization.none",
    defaultMessage:
      "You do not work for an organization yet. Create its profile to post jobs.",
  },
  createOrganization: {
    id: "dashboard.organization.create",
    defaultMessage: "Create an organization",
  },
  applicationsHeading: {
    id: "dashboard.applicant.heading",
    defaultMessage: "Your job search",
  },
  applications: {
    id: "dashboard.applicant.applications",
    defaultMessage: "Applications",
  },
  inProgress: {
    id: "dashboard.applicant.inProgress",
    defaultMessage: "In progress",
  },
  bookmarks: {
    id: "dashboard.applicant.bookmarks",
    defaultMessage: "Bookmarked jobs",
  },
  latest: {
    id: "dashboard.applicant.latest",
    defaultMessage: "Latest applications",
  },
  noApplications: {
    id: "dashboard.applicant.none",
    defaultMessage: "No applications yet. Find a job and apply in a few steps.",
  },
  findJobs: { id: "dashboard.applicant.findJobs", defaultMessage: "Find jobs" },
  goneJob: {
    id: "dashboard.applicant.goneJob",
    defaultMessage: "A job that is no longer online",
  },
  latestApplications: {
    id: "dashboard.recruiter.latestApplications",
    defaultMessage: "Latest applications",
  },
  allApplications: {
    id: "dashboard.recruiter.allApplications",
    defaultMessage: "All applications",
  },
  noOrganizationApplications: {
    id: "dashboard.recruiter.noApplications",
    defaultMessage: "No applications yet. They appear here as soon as someone applies.",
  },
  erasedApplicant: {
    id: "dashboard.recruiter.erasedApplicant",
    defaultMessage: "An applicant whose details were erased",
  },
  applicationTo: {
    id: "dashboard.recruiter.applicationTo",
    defaultMessage: "for {job}",
  },
  jobAlerts: { id: "dashboard.applicant.jobAlerts", defaultMessage: "Job alerts" },
  resume: { id: "dashboard.applicant.resume", defaultMessage: "Resume complete" },
  noResume: { id: "dashboard.applicant.noResume", defaultMessage: "None yet" },
  adminHeading: {
    id: "dashboard.admin.heading",
    defaultMessage: "Administration",
  },
  toReview: {
    id: "dashboard.admin.toReview",
    defaultMessage: "Jobs to review",
  },
  openReports: { id: "dashboard.admin.openReports", defaultMessage: "Open reports" },
  reportedJobs: {
    id: "dashboard.admin.reportedJobs",
    defaultMessage: "{count, plural, =0 {no job} one {on # job} other {on # jobs}}",
  },
  signUps: { id: "dashboard.admin.signUps", defaultMessage: "Sign-ups, 30 days" },
  newOrganizations: {
    id: "dashboard.admin.newOrganizations",
    defaultMessage: "New organizations, 30 days",
  },
  growthTitle: { id: "dashboard.admin.growthTitle", defaultMessage: "Sign-ups and new organizations" },
  signUpsSeries: { id: "dashboard.admin.signUpsSeries", defaultMessage: "Sign-ups" },
  organizationsSeries: { id: "dashboard.admin.organizationsSeries", defaultMessage: "New organizations" },
  statusNew: { id: "dashboard.status.new", defaultMessage: "Sent" },
  statusReviewed: {
    id: "dashboard.status.reviewed",
    defaultMessage: "Reviewed",
  },
  statusShortlisted: {
    id: "dashboard.status.shortlisted",
    defaultMessage: "Shortlisted",
  },
  statusRejected: {
    id: "dashboard.status.rejected",
    defaultMessage: "Not taken further",
  },
  statusHired: { id: "dashboard.status.hired", defaultMessage: "Hired" },
});

const STATUS = {
  NEW: { message: messages.statusNew, color: "blue" },
  REVIEWED: { message: messages.statusReviewed, color: "grape" },
  SHORTLISTED: { message: messages.statusShortlisted, color: "teal" },
  REJECTED: { message: messages.statusRejected, color: "gray" },
  HIRED: { message: messages.statusHired, color: "green" },
} as const satisfies Record<ApplicationStatus, unknown>;

const CLOSED: readonly ApplicationStatus[] = ["REJECTED", "HIRED"];

/** A figure people would rather look at than read, linking to where it is worked on (if anywhere). */
function Figure({
  label,
  value,
  note,
  to,
}: {
  label: ReactNode;
  value: number | string | undefined;
  /** A line under the figure that says more of it. */
  note?: ReactNode;
  to?: string;
}) {
  const intl = useIntl();
  const content = (
    <>
      <Text size="sm" className="text-muted">
        {label}
      </Text>
      {value === undefined ? (
        <Skeleton height={32} width={48} mt={4} />
      ) : (
        <Text fz={32} fw={700} lh={1.2}>
          {typeof value === "number" ? intl.formatNumber(value) : value}
        </Text>
      )}
      {note ? (
        <Text size="xs" className="text-muted">
          {note}
        </Text>
      ) : null}
    </>
  );
  return to === undefined ? (
    <Paper withBorder radius="md" p="md">
      {content}
    </Paper>
  ) : (
    <Paper withBorder radius="md" p="md" component={NavLink} to={to} className="figure-card">
      {content}
    </Paper>
  );
}

type FiguresData = DashboardFiguresQuery;
type OrganizationApplication = NonNullable<FiguresData["latestApplications"]>["applications"][number];

/** The organization's five newest applications, each leading to the applications page. */
function LatestApplications({ applications }: { applications: readonly OrganizationApplication[] | undefined }) {
  const intl = useIntl();
  return (
    <Stack gap="xs" component="section" aria-labelledby="dashboard-latest-applications">
      <Group justify="space-between" align="baseline">
        <Title order={3} id="dashboard-latest-applications">
          <FormattedMessage {...messages.latestApplications} />
        </Title>
        <Anchor component={NavLink} to="/recruiter/applications" size="sm">
          <FormattedMessage {...messages.allApplications} />
        </Anchor>
      </Group>
      {applications === undefined ? <Skeleton height={96} /> : null}
      {applications?.length === 0 ? (
        <Text size="sm" className="text-muted">
          <FormattedMessage {...messages.noOrganizationApplications} />
        </Text>
      ) : null}
      {applications && applications.length > 0 ? (
        <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: "none" }}>
          {applications.map((application) => (
            <Group component="li" key={application.id} justify="space-between" gap="xs">
              <Stack gap={0} style={{ minWidth: 0, flex: "1 1 240px" }}>
                <Anchor component={NavLink} to="/recruiter/applications" lineClamp={1} fw={600}>
                  {application.anonymized
                    ? intl.formatMessage(messages.erasedApplicant)
                    : `${application.firstName} ${application.lastName}`}
                </Anchor>
                <Text size="sm" className="text-muted" lineClamp={1}>
                  {application.job ? (
                    <FormattedMessage {...messages.applicationTo} values={{ job: application.job.title }} />
                  ) : (
                    <FormattedMessage {...messages.goneJob} />
                  )}
                </Text>
              </Stack>
              <Group gap="xs" wrap="nowrap" style={{ flexShrink: 0 }}>
                <Text size="sm" className="text-muted" style={{ whiteSpace: "nowrap" }}>
                  {intl.formatDate(String(application.createdAt), { dateStyle: "medium" })}
                </Text>
                <Badge color={STATUS[application.status].color}>
                  <FormattedMessage {...STATUS[application.status].message} />
                </Badge>
              </Group>
            </Group>
          ))}
        </Stack>
      ) : null}
    </Stack>
  );
}

type DayCount = { day: unknown; count: number };

const sum = (days: readonly DayCount[] | undefined) =>
  days === undefined ? undefined : days.reduce((total, day) => total + day.count, 0);

/** The site's sign-ups and new organizations per day over the last 30 days, as bars. */
function GrowthChart({ signUps, organizations }: { signUps: readonly DayCount[]; organizations: readonly DayCount[] }) {
  const intl = useIntl();
  const founded = new Map(organizations.map((day) => [String(day.day), day.count]));
  const data = signUps.map((day) => ({
    day: intl.formatDate(new Date(`${String(day.day)}T00:00:00Z`), { day: "numeric", month: "short", timeZone: "UTC" }),
    signUps: day.count,
    organizations: founded.get(String(day.day)) ?? 0,
  }));
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="dashboard-growth">
      <Title order={3} size="h4" id="dashboard-growth" mb="sm">
        <FormattedMessage {...messages.growthTitle} />
      </Title>
      <div data-testid="growth-chart">
        <BarChart
          h={220}
          data={data}
          dataKey="day"
          withLegend
          tickLine="x"
          yAxisProps={{ allowDecimals: false }}
          series={[
            { name: "signUps", label: intl.formatMessage(messages.signUpsSeries), color: "blue.8" },
            { name: "organizations", label: intl.formatMessage(messages.organizationsSeries), color: "teal.8" },
          ]}
        />
      </div>
    </Paper>
  );
}

/**
 * /dashboard: where a signed-in person starts (and where a sent contact message leads, spec 2).
 * Organization users see their organization's jobs, new applications and visits; job seekers
 * their applications and bookmarks; admin-like users what waits for review.
 */
export function DashboardPage({
  organizationActivity,
  recommendations,
}: {
  /** The organization's activity over time (the route brings analytics' part). */
  organizationActivity?: (organizationId: string) => ReactNode;
  /** Jobs like the one the person last applied to or bookmarked (null: none yet). */
  recommendations?: (jobId: string | null) => ReactNode;
} = {}) {
  const intl = useIntl();
  const user = useQuery(DASHBOARD_USER, { fetchPolicy: "cache-and-network" });
  const roles =
    user.data?.currentUser?.roles?.map((role) => role.targetId) ?? [];
  const organization = user.data?.currentUser?.activeOrganization ?? null;
  const recruiter = hasRecruiterAccess(roles);
  const admin = isAdminLike(roles);
  const applicant = roles.includes("applicant");
  const figures = useQuery(DASHBOARD_FIGURES, {
    skip: !user.data?.currentUser,
    variables: {
      organizationId: organization?.id ?? "",
      organization: recruiter && organization !== null,
      applicant,
      admin,
    },
    fetchPolicy: "cache-and-network",
    errorPolicy: "all",
  });
  const data = figures.data;
  const applications = data?.myApplications ?? [];
  const openApplications = applications.filter(
    (a) => !CLOSED.includes(a.status),
  ).length;
  const countOf = (list: readonly unknown[] | undefined) =>
    list === undefined ? undefined : list.length >= 50 ? "50+" : list.length;

  return (
    <Stack gap="xl">
      <PageHeader
        title={intl.formatMessage(messages.title)}
        description={
          user.data?.currentUser
            ? intl.formatMessage(messages.greeting, {
                name: user.data.currentUser.displayName,
              })
            : undefined
        }
        action={
          recruiter ? (
            <Button component={NavLink} to="/job/wizard">
              <FormattedMessage {...messages.postJob} />
            </Button>
          ) : (
            <Button component={NavLink} to="/jobs">
              <FormattedMessage {...messages.findJobs} />
            </Button>
          )
        }
      />
      {user.loading && !user.data ? <Skeleton height={120} /> : null}
      {user.error || figures.error ? (
        <Alert color="red" role="alert">
          <FormattedMessage {...messages.failed} />
        </Alert>
      ) : null}

      {recruiter && user.data ? (
        <Stack
          gap="sm"
          component="section"
          aria-labelledby="dashboard-organization"
        >
          {organization ? (
            <>
              <Title order={2} id="dashboard-organization">
                {organization.name}
              </Title>
              <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }}>
                <Figure
                  label={<FormattedMessage {...messages.openJobs} />}
                  value={data?.openJobs?.total}
                  to="/job-manager"
                />
                <Figure
                  label={<FormattedMessage {...messages.drafts} />}
                  value={data?.drafts?.total}
                  to="/job-manager"
                />
                <Figure
                  label={<FormattedMessage {...messages.newApplications} />}
                  value={data?.newApplications?.total}
                  to="/recruiter/applications"
                />
                <Figure
                  label={<FormattedMessage {...messages.jobVisits} />}
                  value={data?.organizationStats?.visits}
                  to="/dashboard/organization"
                />
                <Figure
                  label={<FormattedMessage {...messages.profileVisits} />}
                  value={data?.organizationStats?.profileVisits}
                  to="/dashboard/organization"
                />
              </SimpleGrid>
              <LatestApplications applications={data?.latestApplications?.applications} />
              {organizationActivity?.(organization.id)}
            </>
          ) : (
            <>
              <Title order={2} id="dashboard-organization">
                <FormattedMessage {...messages.createOrganization} />
              </Title>
              <EmptyState
                action={
                  <Button component={NavLink} to="/dashboard/organization">
                    <FormattedMessage {...messages.createOrganization} />
                  </Button>
                }
              >
                <FormattedMessage {...messages.noOrganization} />
              </EmptyState>
            </>
          )}
        </Stack>
      ) : null}

      {admin && user.data ? (
        <Stack gap="sm" component="section" aria-labelledby="dashboard-admin">
          <Title order={2} id="dashboard-admin">
            <FormattedMessage {...messages.adminHeading} />
          </Title>
          <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }}>
            <Figure
              label={<FormattedMessage {...messages.toReview} />}
              value={data?.jobsToReview?.total}
              to="/admin/jobs-review"
            />
            <Figure
              label={<FormattedMessage {...messages.openReports} />}
              value={data?.openJobReports?.reports}
              note={
                data?.openJobReports ? (
                  <FormattedMessage {...messages.reportedJobs} values={{ count: data.openJobReports.jobs }} />
                ) : undefined
              }
              to="/admin/jobs-review"
            />
            <Figure
              label={<FormattedMessage {...messages.signUps} />}
              value={sum(data?.signUpsPerDay)}
            />
            <Figure
              label={<FormattedMessage {...messages.newOrganizations} />}
              value={sum(data?.organizationsCreatedPerDay)}
              to="/organizations"
            />
          </SimpleGrid>
          {data?.signUpsPerDay && data.organizationsCreatedPerDay ? (
            <GrowthChart signUps={data.signUpsPerDay} organizations={data.organizationsCreatedPerDay} />
          ) : null}
        </Stack>
      ) : null}

      {applicant && user.data ? (
        <Stack
          gap="sm"
          component="section"
          aria-labelledby="dashboard-applicant"
        >
          <Title order={2} id="dashboard-applicant">
            <FormattedMessage {...messages.applicationsHeading} />
          </Title>
          <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }}>
            <Figure
              label={<FormattedMessage {...messages.applications} />}
              value={countOf(data?.myApplications)}
              to="/my-applications"
            />
            <Figure
              label={<FormattedMessage {...messages.inProgress} />}
              value={data?.myApplications ? openApplications : undefined}
              to="/my-applications"
            />
            <Figure
              label={<FormattedMessage {...messages.bookmarks} />}
              value={data?.myBookmarks?.total}
              to="/my-bookmarks"
            />
            <Figure
              label={<FormattedMessage {...messages.jobAlerts} />}
              value={data?.myJobAlerts?.length}
              to="/user/account#job-alerts"
            />
            <Figure
              label={<FormattedMessage {...messages.resume} />}
              value={
                data === undefined
                  ? undefined
                  : data.myResume?.completeness
                    ? intl.formatNumber(data.myResume.completeness.percent / 100, { style: "percent" })
                    : intl.formatMessage(messages.noResume)
              }
              to={data?.myResume ? "/resume" : "/resume/wizard"}
            />
          </SimpleGrid>
          {data?.myApplications && applications.length === 0 ? (
            <EmptyState
              action={
                <Button component={NavLink} to="/jobs" variant="light">
                  <FormattedMessage {...messages.findJobs} />
                </Button>
              }
            >
              <FormattedMessage {...messages.noApplications} />
            </EmptyState>
          ) : null}
          {applications.length > 0 ? (
            <Stack gap="xs">
              <Title order={3}>
                <FormattedMessage {...messages.latest} />
              </Title>
              {applications.slice(0, 5).map((application) => (
                <Group
                  key={application.id}
                  justify="space-between"
                  wrap="nowrap"
                  gap="sm"
                >
                  {application.job ? (
                    <Anchor
                      component={NavLink}
                      to={`/job/${application.job.slug}`}
                      lineClamp={1}
                    >
                      {application.job.title}
                    </Anchor>
                  ) : (
                    <Text className="text-muted">
                      <FormattedMessage {...messages.goneJob} />
                    </Text>
                  )}
                  {/* the date and the status keep their width; the title gives way */}
                  <Group gap="xs" wrap="nowrap" style={{ flexShrink: 0 }}>
                    <Text size="sm" className="text-muted" style={{ whiteSpace: "nowrap" }}>
                      {intl.formatDate(String(application.createdAt), {
                        dateStyle: "medium",
                      })}
                    </Text>
                    <Badge color={STATUS[application.status].color}>
                      <FormattedMessage
                        {...STATUS[application.status].message}
                      />
                    </Badge>
                  </Group>
                </Group>
              ))}
            </Stack>
          ) : null}
          {data
            ? recommendations?.(applications.find((a) => a.job)?.job?.id ?? data.myBookmarks?.jobs[0]?.id ?? null)
            : null}
        </Stack>
      ) : null}
    </Stack>
  );
}
