import {
  Alert,
  Anchor,
  Avatar,
  Box,
  Button,
  Card,
  Grid,
  Group,
  List,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import type { ReactNode } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { Link } from "~/components/Link";
import { BUTTON_INNER, BUTTON_LABEL, button, group } from "~/components/mantine-markup";
import { BookmarkButton } from "~/components/BookmarkButton";
import { dimensions, track, useTrackedVisit } from "~/lib/analytics";
import { type Crumb, PageBreadcrumbs } from "~/components/PageBreadcrumbs";
import { defineMessages } from "~/lib/i18n/define-messages";
import type { JobView, SimilarJobView } from "./documents";
import { JobBody, jobLogo } from "./JobBody";
import {
  hostnameOf,
  jobJsonLdScript,
  SHARE_LABELS,
  SHARE_NETWORKS,
  shareUrl,
  STATE_LABELS,
  UNPUBLISHED_FADE_HEIGHT,
} from "./job-format";
import { ReportJob } from "./ReportJob";
import { SimilarJobs } from "./SimilarJobs";
import { VerifiedBadge } from "~/components/VerifiedBadge";

const messages = defineMessages({
  jobsCrumb: { id: "job.breadcrumb.jobs", defaultMessage: "Jobs" },
  share: { id: "jobs.page.share", defaultMessage: "Share this job" },
  howToApply: { id: "jobs.page.howToApply", defaultMessage: "How to apply" },
  elsewhere: { id: "jobs.page.apply.elsewhere", defaultMessage: "This job is advertised elsewhere: apply through the original ad." },
  employerSite: { id: "jobs.page.apply.employerSite", defaultMessage: "Apply on the employer's site: {link}" },
  onSite: {
    id: "jobs.page.apply.onSite",
    defaultMessage: "Apply on this site in a few steps: <link>start your application</link>.",
  },
  cvRequired: { id: "jobs.page.apply.cvRequired", defaultMessage: "A CV is required." },
  letterRequired: { id: "jobs.page.apply.letterRequired", defaultMessage: "A cover letter is required." },
  originalAd: { id: "jobs.page.originalAd", defaultMessage: "View original ad" },
  opens: { id: "jobs.page.opens", defaultMessage: "Opens {host}" },
  apply: { id: "jobs.page.apply", defaultMessage: "Apply" },
  employer: { id: "jobs.page.employer", defaultMessage: "The employer" },
  employerProfile: { id: "jobs.page.employer.profile", defaultMessage: "See the employer's profile and open positions" },
  notPublic: { id: "jobs.page.notPublic", defaultMessage: "This job is not public: {state}" },
  onlyYou: { id: "jobs.page.notPublic.text", defaultMessage: "Only your organization and administrators can see this page." },
  edit: { id: "jobs.page.edit", defaultMessage: "Edit this job" },
  goneTitle: { id: "jobs.gone.title", defaultMessage: "This job is no longer available" },
  goneText: { id: "jobs.gone.text", defaultMessage: "“{title}” has closed. Similar jobs may still be open." },
  searchSimilar: { id: "jobs.gone.searchSimilar", defaultMessage: "Search similar jobs" },
  employerJobs: { id: "jobs.gone.employerJobs", defaultMessage: "The employer's open positions" },
  goneDocumentTitle: { id: "jobs.gone.documentTitle", defaultMessage: "{title} | no longer available" },
});

/** A gone job's document title (its page says it is no longer available). */
export const GONE_JOB_TITLE = messages.goneDocumentTitle;

/** The JSON-LD the API made, escaped for a script element; only while the job is public. */
export function JobJsonLd({ job }: { job: Pick<JobView, "jsonLd" | "state"> }) {
  if (job.state !== "PUBLISHED") return null;
  const json = jobJsonLdScript(job.jsonLd);
  if (!json) return null;
  return (
    <script
      type="application/ld+json"
      dangerouslySetInnerHTML={{ __html: json }}
    />
  );
}

// Mantine's markup of the sharing buttons as plain elements (ADR 0064), made once.
const SHARE_ROW = group({ gap: "xs" });
const SHARE_BUTTON = button({ variant: "default", size: "xs" });

/** Spec 9: facebook, linkedin, email, twitter, whatsapp; each click sends job_share. */
export function ShareButtons({
  jobId,
  pageUrl,
  title,
}: {
  jobId: string;
  pageUrl: string;
  title: string;
}) {
  const intl = useIntl();
  return (
    <Stack gap="xs" component="section" aria-label={intl.formatMessage(messages.share)}>
      <Text size="sm" fw={600}>
        <FormattedMessage {...messages.share} />
      </Text>
      <div {...SHARE_ROW}>
        {SHARE_NETWORKS.map((network) => (
          <a
            key={network}
            href={shareUrl(network, pageUrl, title)}
            target={network === "email" ? undefined : "_blank"}
            rel="noopener noreferrer"
            {...SHARE_BUTTON}
            onClick={() => track("job_share", { entity_id: jobId, network })}
          >
            <span className={BUTTON_INNER}>
              <span className={BUTTON_LABEL}>
                <FormattedMessage {...SHARE_LABELS[network]} />
              </span>
            </span>
          </a>
        ))}
      </div>
    </Stack>
  );
}

/** What applying asks for; the apply button opens quick apply (or the employer's form). */
function HowToApply({ job }: { job: JobView }) {
  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      id="apply"
      component="section"
      aria-labelledby="apply-heading"
    >
      <Stack gap="sm">
        <Title order={2} size="h3" id="apply-heading">
          <FormattedMessage {...messages.howToApply} />
        </Title>
        {job.type === "JOB_PER_LINK" && job.linkUrl ? (
          <Text size="sm">
            <FormattedMessage {...messages.elsewhere} />
          </Text>
        ) : job.applicationWorkflow === "LINK" && job.applicationLink ? (
          <Text size="sm">
            <FormattedMessage
              {...messages.employerSite}
              values={{
                link: (
                  <Anchor href={job.applicationLink} target="_blank" rel="noopener">
                    {hostnameOf(job.applicationLink) ?? job.applicationLink}
                  </Anchor>
                ),
              }}
            />
          </Text>
        ) : (
          <Text size="sm">
            <FormattedMessage
              {...messages.onSite}
              values={{
                link: (chunks) => (
                  <Anchor component={Link} to={`/job/${job.slug}/apply/basic-info`}>
                    {chunks}
                  </Anchor>
                ),
              }}
            />
          </Text>
        )}
        {job.applicationRequireCv ||
        job.applicationRequireCoverLetter ||
        job.applicationQualifyingQuestions.length > 0 ? (
          <List size="sm" spacing={4}>
            {job.applicationRequireCv ? (
              <List.Item>
                <FormattedMessage {...messages.cvRequired} />
              </List.Item>
            ) : null}
            {job.applicationRequireCoverLetter ? (
              <List.Item>
                <FormattedMessage {...messages.letterRequired} />
              </List.Item>
            ) : null}
            {job.applicationQualifyingQuestions.map((question) => (
              <List.Item key={question.question}>{question.question}</List.Item>
            ))}
          </List>
        ) : null}
      </Stack>
    </Card>
  );
}

function ApplyActions({ job }: { job: JobView }) {
  if (job.type === "JOB_PER_LINK" && job.linkUrl) {
    const host = hostnameOf(job.linkUrl);
    return (
      <Stack gap={4}>
        <Button
          component="a"
          href={job.linkUrl}
          target="_blank"
          rel="noopener"
          fullWidth
          onClick={() =>
            track("view_original_ad_btn_click", { entity_id: job.id })
          }
        >
          <FormattedMessage {...messages.originalAd} />
        </Button>
        {host ? (
          <Text size="xs" className="text-muted" ta="center">
            <FormattedMessage {...messages.opens} values={{ host }} />
          </Text>
        ) : null}
      </Stack>
    );
  }
  if (job.applicationWorkflow === "LINK" && job.applicationLink) {
    return (
      <Button
        component="a"
        href={job.applicationLink}
        target="_blank"
        rel="noopener"
        fullWidth
        onClick={() =>
          track("view_original_ad_btn_click", { entity_id: job.id })
        }
      >
        <FormattedMessage {...messages.apply} />
      </Button>
    );
  }
  // ON_SITE and EMAIL: quick apply (an EMAIL job's applications are mailed to its addresses)
  return (
    <Button component={Link} to={`/job/${job.slug}/apply/basic-info`} fullWidth>
      <FormattedMessage {...messages.apply} />
    </Button>
  );
}

function OrganizationTeaser({ job }: { job: JobView }) {
  const intl = useIntl();
  const profile = job.organizationProfile;
  if (!profile) return null;
  const logo = profile.logo ?? jobLogo(job);
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      component="section"
      aria-label={intl.formatMessage(messages.employer)}
    >
      <Group wrap="nowrap">
        <Avatar
          src={logo?.url}
          alt={logo?.alt ?? ""}
          size={50}
          w={50}
          radius="sm"
        >
          {profile.name.slice(0, 1)}
        </Avatar>
        <Stack gap={2}>
          <Group gap={6} wrap="wrap">
            <Anchor
              component={Link}
              to={`/organization/${profile.slug}`}
              fw={600}
            >
              {profile.name}
            </Anchor>
            {profile.verified ? <VerifiedBadge size="xs" /> : null}
          </Group>
          <Text size="xs" className="text-muted">
            <FormattedMessage {...messages.employerProfile} />
          </Text>
        </Stack>
      </Group>
    </Card>
  );
}

/** Spec 9: an unpublished job's body fades out at 550 px. */
export function UnpublishedFade({ children }: { children: React.ReactNode }) {
  return (
    <Box
      data-testid="unpublished-fade"
      style={{
        maxHeight: UNPUBLISHED_FADE_HEIGHT,
        overflow: "hidden",
        maskImage: "linear-gradient(to bottom, black 60%, transparent 100%)",
        WebkitMaskImage:
          "linear-gradient(to bottom, black 60%, transparent 100%)",
      }}
    >
      {children}
    </Box>
  );
}

/**
 * /job/{slug}: the job, its employer, how to apply, sharing. A job that is not public (only its
 * organization and admins get it from the API) carries a banner with its state and is faded.
 */
export function JobPage({
  job,
  origin,
  bookmarked = false,
  signedIn = false,
  similarJobs = [],
  captcha = null,
  alertPrompt = null,
  appliedNotice = null,
}: {
  job: JobView;
  /** "You applied on …" (the applications feature's), composed in by the route when the caller did. */
  appliedNotice?: ReactNode;
  /** The job alert prompt the route composes in (the search feature's), under how to apply. */
  alertPrompt?: ReactNode;
  origin: string;
  /** The captcha widget for visitors' reports, when the web has one configured. */
  captcha?: { scriptUrl: string; siteKey: string } | null;
  /** Open jobs like this one (recommendedJobs), shown under it. */
  similarJobs?: readonly SimilarJobView[];
  /** The caller's bookmark (false for visitors). */
  bookmarked?: boolean;
  /** Signed in: the bookmark button toggles; visitors are told it needs an account. */
  signedIn?: boolean;
}) {
  const intl = useIntl();
  const published = job.state === "PUBLISHED";
  // Counted once the page was open 5 s (spec 9's minimum visit length), then heartbeats.
  useTrackedVisit(
    "job_visit",
    published ? job.id : null,
    dimensions({
      entity: { id: job.id, type: "job", bundle: job.type },
      organizationId: job.organization?.id,
    }),
  );
  const pageUrl = `${origin}${job.url.path}`;
  const body = <JobBody job={job} />;

  const crumbs: Crumb[] = [
    { label: intl.formatMessage(messages.jobsCrumb), path: "/jobs" },
    ...(job.organizationProfile
      ? [{ label: job.organizationProfile.name, path: `/organization/${job.organizationProfile.slug}` }]
      : []),
    { label: job.title, path: job.url.path },
  ];

  return (
    <Stack gap="xl" className="job-page">
      <JobJsonLd job={job} />
      <PageBreadcrumbs crumbs={crumbs} origin={origin} structuredData={published} />
      {!published ? (
        <Alert
          color="yellow"
          title={intl.formatMessage(messages.notPublic, { state: intl.formatMessage(STATE_LABELS[job.state]) })}
          role="status"
        >
          <Stack gap={6}>
            <Text size="sm">
              <FormattedMessage {...messages.onlyYou} />
            </Text>
            {job.refusal ? <Text size="sm">{job.refusal.message}</Text> : null}
            {job.canEdit && !job.isExternal ? (
              <Anchor
                component={Link}
                to={`/job/wizard?job=${encodeURIComponent(job.id)}`}
                size="sm"
              >
                <FormattedMessage {...messages.edit} />
              </Anchor>
            ) : null}
          </Stack>
        </Alert>
      ) : null}
      <Grid gutter={{ base: "xl", md: 48 }}>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="xl">
            {published ? body : <UnpublishedFade>{body}</UnpublishedFade>}
            <HowToApply job={job} />
            {published ? alertPrompt : null}
            {published ? <SimilarJobs jobs={similarJobs} /> : null}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack
            gap="lg"
            style={{ position: "sticky", top: "var(--mantine-spacing-md)" }}
          >
            <Box
              className="job-apply-bar"
              p={{ base: "sm", md: 0 }}
              style={{ zIndex: 5, background: "var(--mantine-color-body)" }}
            >
              <Stack gap="xs">
                {published ? appliedNotice : null}
                <ApplyActions job={job} />
                {published ? (
                  <BookmarkButton
                    jobId={job.id}
                    bookmarked={bookmarked}
                    signedIn={signedIn}
                    fullWidth
                  />
                ) : null}
              </Stack>
            </Box>
            <OrganizationTeaser job={job} />
            <ShareButtons jobId={job.id} pageUrl={pageUrl} title={job.title} />
            {published ? (
              <Group justify="flex-start">
                <ReportJob jobId={job.id} signedIn={signedIn} captcha={captcha} />
              </Group>
            ) : null}
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

/** An expired or archived job: 410, noindex, similar jobs through the search. */
export function GoneJobPage({
  title,
  organizationSlug,
  similarJobs = [],
}: {
  title: string;
  organizationSlug?: string | null;
  similarJobs?: readonly SimilarJobView[];
}) {
  return (
    <Stack gap="xl">
      <Stack gap="md" align="flex-start">
        <Title order={1}>
          <FormattedMessage {...messages.goneTitle} />
        </Title>
        <Text>
          <FormattedMessage {...messages.goneText} values={{ title }} />
        </Text>
        <Group>
          <Button component={Link} to="/jobs">
            <FormattedMessage {...messages.searchSimilar} />
          </Button>
          {organizationSlug ? (
            <Button
              component={Link}
              to={`/organization/${organizationSlug}`}
              variant="default"
            >
              <FormattedMessage {...messages.employerJobs} />
            </Button>
          ) : null}
        </Group>
      </Stack>
      <SimilarJobs jobs={similarJobs} />
    </Stack>
  );
}
