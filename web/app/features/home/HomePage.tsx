import {
  Card,
  Group,
  Paper,
  rem,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
} from "@mantine/core";
import {
  IconArrowRight,
  IconBell,
  IconBriefcase,
  IconBuildingSkyscraper,
  IconFileCv,
  IconPackage,
  IconPlus,
} from "@tabler/icons-react";
import type { ReactNode } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { ButtonLink } from "~/components/ButtonLink";
import { JobTeaser } from "~/components/JobTeaser";
import { Link } from "~/components/Link";
import {
  anchor,
  BUTTON_INNER,
  BUTTON_LABEL,
  BUTTON_SECTION,
  button,
  group,
  text,
  title,
} from "~/components/mantine-markup";
import { OrganizationTeaser } from "~/components/OrganizationTeaser";
import { SearchBar } from "~/components/search/SearchBar";
import { useLocaleFormat } from "~/lib/format";
import { defineMessages } from "~/lib/i18n/define-messages";
import { type JobHitTeaserData, jobHitTeaserProps } from "~/lib/job-hit";
import { TrainingCarousel } from "./TrainingCarousel";
import { parseGeo, serializePlace } from "~/lib/search/geo";
import { cleanText, parseNumber, queryString } from "~/lib/search/search-url";
import { useSiteFeatures } from "~/lib/site-features";
import type { HomeData } from "./load-home";

const messages = defineMessages({
  title: { id: "home.title", defaultMessage: "Find your next job" },
  intro: {
    id: "home.hero.intro",
    defaultMessage:
      "Jobs with purpose from organizations that are hiring now. Search by keyword and place.",
  },
  searchForm: { id: "home.searchForm", defaultMessage: "Search jobs" },
  keywordsPlaceholder: {
    id: "home.keywordsPlaceholder",
    defaultMessage: "Job title, skill or organization",
  },
  counts: { id: "home.counts", defaultMessage: "The board in numbers" },
  jobCount: {
    id: "home.jobCount",
    defaultMessage:
      "{count, plural, one {<strong>#</strong> open job} other {<strong>#</strong> open jobs}}",
  },
  organizationCount: {
    id: "home.organizationCount",
    defaultMessage:
      "{count, plural, one {<strong>#</strong> organization} other {<strong>#</strong> organizations}}",
  },
  featuredJobs: { id: "home.featuredJobs", defaultMessage: "Featured jobs" },
  topJobs: { id: "home.topJobs", defaultMessage: "Most viewed this week" },
  videoJobs: { id: "home.videoJobs", defaultMessage: "Jobs with a video" },
  training: { id: "home.training", defaultMessage: "Organizations offering internships" },
  allInternships: { id: "home.allInternships", defaultMessage: "All internships" },
  latestJobs: { id: "home.latestJobs", defaultMessage: "Latest jobs" },
  allJobs: { id: "home.allJobs", defaultMessage: "Show all jobs" },
  noJobs: {
    id: "home.noJobs",
    defaultMessage:
      "No jobs are online right now. Create a job alert to hear about new ones.",
  },
  jobsUnavailable: {
    id: "home.jobsUnavailable",
    defaultMessage:
      "The latest jobs cannot be shown right now. Try the job search in a moment.",
  },
  categories: {
    id: "home.categories",
    defaultMessage: "Browse by occupational field",
  },
  categoryJobs: {
    id: "home.categoryJobs",
    defaultMessage: "{label}: {count, plural, one {# job} other {# jobs}}",
  },
  featuredOrganizations: {
    id: "home.featuredOrganizations",
    defaultMessage: "Featured organizations",
  },
  allOrganizations: {
    id: "home.allOrganizations",
    defaultMessage: "Show all organizations",
  },
  seekersTitle: {
    id: "home.seekers.title",
    defaultMessage: "Looking for a job?",
  },
  seekersText: {
    id: "home.seekers.text",
    defaultMessage:
      "Get new jobs that match your search by email, and let recruiters find you.",
  },
  createAlert: {
    id: "home.seekers.createAlert",
    defaultMessage: "Create a job alert",
  },
  buildResume: {
    id: "home.seekers.buildResume",
    defaultMessage: "Build your resume",
  },
  recruitersTitle: { id: "home.recruiters.title", defaultMessage: "Hiring?" },
  recruitersText: {
    id: "home.recruiters.text",
    defaultMessage:
      "Post a job in a few steps and reach people who want work with purpose.",
  },
  postJob: { id: "home.recruiters.postJob", defaultMessage: "Post a job" },
  products: {
    id: "home.recruiters.products",
    defaultMessage: "See products and prices",
  },
  documentTitle: {
    id: "home.documentTitle",
    defaultMessage: "Jobboard: find jobs, organizations and resumes",
  },
  description: {
    id: "home.description",
    defaultMessage: "Search jobs and organizations on Jobboard.",
  },
});

/** The home page's head: its title and description. */
export const HOME_META = {
  title: messages.documentTitle,
  description: messages.description,
};

/** Where the job seekers' call to action saves a search (spec 2: /jobs#save-search). */
export const CREATE_ALERT_PATH = "/jobs#save-search";

// Mantine's markup as plain elements where the page repeats it (ADR 0064), made once.
const SECTION_HEADER = group(
  { justify: "space-between", align: "baseline", gap: "sm" },
  { marginBottom: "var(--mantine-spacing-md)" },
);
const MORE_LINK = anchor("sm", undefined, { fontWeight: 500 });
const MORE_LINK_ROW = group({ gap: 4, wrap: "nowrap" });
const CATEGORY_ITEM = { maxWidth: "100%" };
const CATEGORY = button(
  { variant: "light", radius: "xl", withRightSection: true },
  { maxWidth: "100%", height: "auto", minHeight: rem(36) },
);
// a long category name wraps on a phone instead of widening the page
const CATEGORY_LABEL = { whiteSpace: "normal", textAlign: "start", paddingBlock: 6 } as const;
const CATEGORY_COUNT = text("xs", undefined, { fontWeight: 700 });
const PAGE_TITLE = title(1);
const SECTION_TITLE = title(2, "h3");
const INTRO = text("lg");
const COUNT_LINK = button({ variant: "default", radius: "xl", withLeftSection: true });
const PRIMARY_ACTION = button({ withLeftSection: true });
const SECONDARY_ACTION = button({ variant: "default", withLeftSection: true });
const EMPTY_ACTION = button({ variant: "light" });

const strong = (chunks: ReactNode[]) => <strong>{chunks}</strong>;

/**
 * The search bar's fields as the job search reads them (keywords, place, radius), defaults left
 * out: the same URL /jobs' own bar would make.
 */
export function homeSearchHref(params: URLSearchParams): string {
  const tidy = new URLSearchParams();
  const search = cleanText(params.get("search"));
  if (search) tidy.set("search", search);
  const radius = parseNumber(params.get("radius"));
  serializePlace(tidy, parseGeo(params), radius !== null && radius > 0 ? radius : null);
  return `/jobs${queryString(tidy)}`;
}

/** A live count as a way in: the number of open jobs or organizations, linking to their search. */
function CountLink({
  to,
  icon: Icon,
  message,
  count,
}: {
  to: string;
  icon: typeof IconBriefcase;
  message: typeof messages.jobCount;
  count: number;
}) {
  return (
    <li>
      <ButtonLink to={to} markup={COUNT_LINK} leftSection={<Icon size={18} aria-hidden stroke={1.75} />}>
        <span>
          <FormattedMessage {...message} values={{ count, strong }} />
        </span>
      </ButtonLink>
    </li>
  );
}

function Section({
  id,
  title,
  action,
  children,
}: {
  id: string;
  title: ReactNode;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id}>
      <div {...SECTION_HEADER}>
        <h2 id={id} {...SECTION_TITLE}>
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}

function MoreLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} {...MORE_LINK}>
      <span {...MORE_LINK_ROW}>
        {children}
        <IconArrowRight size={16} aria-hidden stroke={1.75} />
      </span>
    </Link>
  );
}

function JobList({
  hits,
  label,
}: {
  hits: readonly JobHitTeaserData[];
  label: string;
}) {
  const format = useLocaleFormat();
  return (
    <SimpleGrid
      component="ul"
      aria-label={label}
      cols={{ base: 1, md: 2 }}
      spacing="md"
      className="home-list"
    >
      {hits.map((hit) => (
        <li key={hit.slug}>
          <JobTeaser {...jobHitTeaserProps(hit, format)} />
        </li>
      ))}
    </SimpleGrid>
  );
}

function Hero({
  jobCount,
  organizationCount,
}: Pick<HomeData, "jobCount" | "organizationCount">) {
  const intl = useIntl();
  return (
    <Paper radius="lg" p={{ base: "md", sm: "xl" }} className="home-hero">
      <Stack gap="lg">
        <Stack gap={6}>
          <h1 {...PAGE_TITLE}>
            <FormattedMessage {...messages.title} />
          </h1>
          <p {...INTRO}>
            <FormattedMessage {...messages.intro} />
          </p>
        </Stack>
        <SearchBar
          action="/jobs"
          label={intl.formatMessage(messages.searchForm)}
          keywordsPlaceholder={intl.formatMessage(messages.keywordsPlaceholder)}
          search=""
          geo={null}
          radius={null}
          hidden={[]}
          href={homeSearchHref}
        />
        {jobCount !== null || organizationCount !== null ? (
          <Group
            component="ul"
            gap="sm"
            aria-label={intl.formatMessage(messages.counts)}
            className="home-list"
          >
            {jobCount !== null ? (
              <CountLink
                to="/jobs"
                icon={IconBriefcase}
                message={messages.jobCount}
                count={jobCount}
              />
            ) : null}
            {organizationCount !== null ? (
              <CountLink
                to="/organizations"
                icon={IconBuildingSkyscraper}
                message={messages.organizationCount}
                count={organizationCount}
              />
            ) : null}
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}

function CallToAction({
  icon,
  title,
  text,
  children,
}: {
  icon: ReactNode;
  title: ReactNode;
  text: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card withBorder radius="md" padding="lg" component="section" h="100%">
      <Stack gap="sm" h="100%">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon size={40} radius="md" variant="light" aria-hidden>
            {icon}
          </ThemeIcon>
          <h2 {...SECTION_TITLE}>{title}</h2>
        </Group>
        <Text className="text-muted">{text}</Text>
        <Group gap="sm" mt="auto">
          {children}
        </Group>
      </Stack>
    </Card>
  );
}

/**
 * `/`: a live board at first sight (UI.md). The hero's search goes to /jobs with the same
 * parameters the job search reads; the counts, featured jobs (spec 9: positions 0-6), the
 * week's most viewed open jobs (top jobs, positions 0-6), the busiest categories, the newest jobs and the featured organizations (positions 0-4) come from
 * the loader; the calls to action follow the site's features (no resume CTA without resumes,
 * no recruiter CTA without recruiters).
 */
export function HomePage({ data }: { data: HomeData }) {
  const intl = useIntl();
  const features = useSiteFeatures();
  const icon = { size: 18, stroke: 1.75, "aria-hidden": true } as const;
  return (
    <Stack gap="xl">
      <Hero
        jobCount={data.jobCount}
        organizationCount={data.organizationCount}
      />

      {data.featuredJobs.length > 0 ? (
        <Section
          id="home-featured-jobs"
          title={<FormattedMessage {...messages.featuredJobs} />}
          action={
            <MoreLink to="/jobs">
              <FormattedMessage {...messages.allJobs} />
            </MoreLink>
          }
        >
          <JobList
            hits={data.featuredJobs}
            label={intl.formatMessage(messages.featuredJobs)}
          />
        </Section>
      ) : null}

      {data.topJobs.length > 0 ? (
        <Section id="home-top-jobs" title={<FormattedMessage {...messages.topJobs} />}>
          <JobList hits={data.topJobs} label={intl.formatMessage(messages.topJobs)} />
        </Section>
      ) : null}

      {data.videoJobs.length > 0 ? (
        <Section id="home-video-jobs" title={<FormattedMessage {...messages.videoJobs} />}>
          <JobList hits={data.videoJobs} label={intl.formatMessage(messages.videoJobs)} />
        </Section>
      ) : null}

      {data.categories.length > 0 ? (
        <Section
          id="home-categories"
          title={<FormattedMessage {...messages.categories} />}
        >
          <Group component="ul" gap="sm" className="home-list">
            {data.categories.map((category) => (
              <li key={category.href} style={CATEGORY_ITEM}>
                <Link
                  to={category.href}
                  {...CATEGORY}
                  aria-label={intl.formatMessage(messages.categoryJobs, {
                    label: category.label,
                    count: category.count,
                  })}
                >
                  <span className={BUTTON_INNER}>
                    <span className={BUTTON_LABEL} style={CATEGORY_LABEL}>
                      {category.label}
                    </span>
                    <span className={BUTTON_SECTION} data-position="right">
                      <span {...CATEGORY_COUNT} aria-hidden>
                        {intl.formatNumber(category.count)}
                      </span>
                    </span>
                  </span>
                </Link>
              </li>
            ))}
          </Group>
        </Section>
      ) : null}

      <Section
        id="home-latest-jobs"
        title={<FormattedMessage {...messages.latestJobs} />}
        action={
          data.latestJobs.length > 0 ? (
            <MoreLink to="/jobs?sorting=publish_date_desc">
              <FormattedMessage {...messages.allJobs} />
            </MoreLink>
          ) : undefined
        }
      >
        {data.latestJobs.length > 0 ? (
          <JobList
            hits={data.latestJobs}
            label={intl.formatMessage(messages.latestJobs)}
          />
        ) : (
          <Paper withBorder radius="md" p="lg">
            <Stack gap="sm" align="flex-start">
              <Text className="text-muted">
                <FormattedMessage
                  {...(data.jobsUnavailable
                    ? messages.jobsUnavailable
                    : messages.noJobs)}
                />
              </Text>
              <ButtonLink to={data.jobsUnavailable ? "/jobs" : CREATE_ALERT_PATH} markup={EMPTY_ACTION}>
                <FormattedMessage
                  {...(data.jobsUnavailable
                    ? messages.allJobs
                    : messages.createAlert)}
                />
              </ButtonLink>
            </Stack>
          </Paper>
        )}
      </Section>

      {data.featuredOrganizations.length > 0 ? (
        <Section
          id="home-featured-organizations"
          title={<FormattedMessage {...messages.featuredOrganizations} />}
          action={
            <MoreLink to="/organizations">
              <FormattedMessage {...messages.allOrganizations} />
            </MoreLink>
          }
        >
          <SimpleGrid
            component="ul"
            aria-label={intl.formatMessage(messages.featuredOrganizations)}
            cols={{ base: 1, sm: 2, lg: 3 }}
            spacing="md"
            className="home-list"
          >
            {data.featuredOrganizations.map((hit) => (
              <li key={hit.slug}>
                <OrganizationTeaser
                  name={hit.name}
                  href={`/organization/${encodeURIComponent(hit.slug)}`}
                  logoUrl={hit.logoUrl}
                  industry={hit.industry}
                  openJobs={hit.openJobs}
                  featured={hit.featured}
                  snippet={hit.snippet}
                />
              </li>
            ))}
          </SimpleGrid>
        </Section>
      ) : null}

      {data.trainingOrganizations.length > 0 ? (
        <Section
          id="home-training"
          title={<FormattedMessage {...messages.training} />}
          action={
            data.trainingJobsHref ? (
              <MoreLink to={data.trainingJobsHref}>
                <FormattedMessage {...messages.allInternships} />
              </MoreLink>
            ) : undefined
          }
        >
          <TrainingCarousel organizations={data.trainingOrganizations} label={intl.formatMessage(messages.training)} />
        </Section>
      ) : null}

      <SimpleGrid
        cols={{ base: 1, sm: features.recruiter ? 2 : 1 }}
        spacing="md"
      >
        <CallToAction
          icon={<IconBell size={24} stroke={1.75} />}
          title={<FormattedMessage {...messages.seekersTitle} />}
          text={<FormattedMessage {...messages.seekersText} />}
        >
          <ButtonLink to={CREATE_ALERT_PATH} markup={PRIMARY_ACTION} leftSection={<IconBell {...icon} />}>
            <FormattedMessage {...messages.createAlert} />
          </ButtonLink>
          {features.resume && features.applicant ? (
            <ButtonLink to="/resume/wizard" markup={SECONDARY_ACTION} leftSection={<IconFileCv {...icon} />}>
              <FormattedMessage {...messages.buildResume} />
            </ButtonLink>
          ) : null}
        </CallToAction>
        {features.recruiter ? (
          <CallToAction
            icon={<IconBriefcase size={24} stroke={1.75} />}
            title={<FormattedMessage {...messages.recruitersTitle} />}
            text={<FormattedMessage {...messages.recruitersText} />}
          >
            <ButtonLink to="/job/wizard" markup={PRIMARY_ACTION} leftSection={<IconPlus {...icon} />}>
              <FormattedMessage {...messages.postJob} />
            </ButtonLink>
            <ButtonLink to="/my-products" markup={SECONDARY_ACTION} leftSection={<IconPackage {...icon} />}>
              <FormattedMessage {...messages.products} />
            </ButtonLink>
          </CallToAction>
        ) : null}
      </SimpleGrid>
    </Stack>
  );
}
