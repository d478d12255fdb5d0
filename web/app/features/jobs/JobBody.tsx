import { Anchor, Avatar, Box, Group, Stack, Text, Title, Typography } from "@mantine/core";
import { FormattedMessage, type IntlShape, useIntl } from "react-intl";
import { Link } from "~/components/Link";
import { BADGE_LABEL, badge, group, stack, text } from "~/components/mantine-markup";
import { ConsentedEmbed } from "~/components/ConsentedEmbed";
import { defineMessages } from "~/lib/i18n/define-messages";
import { SITE_INTL } from "~/lib/i18n/site-intl";
import { formatSalary } from "~/lib/salary";
import type { JobView } from "./documents";
import { locationLabel, useLocaleFormat } from "~/lib/format";

const messages = defineMessages({
  untitled: { id: "jobs.body.untitled", defaultMessage: "Untitled job" },
  forAssignment: { id: "jobs.body.forAssignment", defaultMessage: "{organization} for {assignment}" },
  keyFacts: { id: "jobs.body.keyFacts", defaultMessage: "Key facts" },
  location: { id: "jobs.body.location", defaultMessage: "Location" },
  remote: { id: "jobs.body.remote", defaultMessage: "Remote" },
  salary: { id: "jobs.body.salary", defaultMessage: "Salary" },
  employmentType: { id: "jobs.body.employmentType", defaultMessage: "Employment type" },
  experience: { id: "jobs.body.experience", defaultMessage: "Experience" },
  degree: { id: "jobs.body.degree", defaultMessage: "Degree" },
  posted: { id: "jobs.body.posted", defaultMessage: "Posted" },
  closingDate: { id: "jobs.body.closingDate", defaultMessage: "Closing date" },
  start: { id: "jobs.body.start", defaultMessage: "Start" },
  startRange: { id: "jobs.body.startRange", defaultMessage: "{start} – {end}" },
  pdfTitle: { id: "jobs.body.pdf.title", defaultMessage: "{title} (PDF)" },
  about: { id: "jobs.body.about", defaultMessage: "About the job" },
  openPdf: { id: "jobs.body.pdf.open", defaultMessage: "Open the PDF ({filename})" },
  video: { id: "jobs.body.video", defaultMessage: "Video: {title}" },
  occupationalFields: { id: "jobs.body.occupationalFields", defaultMessage: "Occupational fields" },
  fieldsOfStudy: { id: "jobs.body.fieldsOfStudy", defaultMessage: "Fields of study" },
  languages: { id: "jobs.body.languages", defaultMessage: "Languages" },
  skills: { id: "jobs.body.skills", defaultMessage: "Skills" },
});

type Term = { tid: number; label: string };

function labels(terms: readonly (Term | null | undefined)[]): string[] {
  return terms.filter((term): term is Term => Boolean(term)).map((term) => term.label);
}

// A job's facts and terms as Mantine's markup in plain elements (a dozen facts, dozens of terms
// per page: ADR 0064), made once.
const FACT = stack({ gap: 2 });
const FACT_LABEL = text("xs", "text-muted", { fontWeight: 600, textTransform: "uppercase" });
const FACT_VALUE = text("sm", undefined, { margin: 0 });
const TERMS = stack({ gap: 6 });
const TERMS_LABEL = text("sm", undefined, { fontWeight: 600 });
const TERMS_ROW = group({ gap: 6 });
const TERM = badge({ variant: "light", radius: "sm" }, { textTransform: "none" });
const SMALL = text("sm");

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div {...FACT}>
      <dt {...FACT_LABEL}>{label}</dt>
      <dd {...FACT_VALUE}>{children}</dd>
    </div>
  );
}

function TermGroup({ label, terms, free }: { label: string; terms: string[]; free?: string | null }) {
  if (terms.length === 0 && !free) return null;
  return (
    <div {...TERMS}>
      <p {...TERMS_LABEL}>{label}</p>
      <div {...TERMS_ROW}>
        {terms.map((term) => (
          <div key={term} {...TERM}>
            <span className={BADGE_LABEL}>{term}</span>
          </div>
        ))}
      </div>
      {free ? <p {...SMALL}>{free}</p> : null}
    </div>
  );
}

/** The logo a job shows: its own, else its organization profile's. */
export function jobLogo(job: Pick<JobView, "logo" | "organizationProfile">) {
  return job.logo ?? job.organizationProfile?.logo ?? null;
}

/** The salary line: the formatted range, else the free text. */
export function jobSalary(
  job: Pick<JobView, "salaryRange" | "salaryRangeFree">,
  intl: IntlShape = SITE_INTL,
): string | null {
  return formatSalary(job.salaryRange, intl) ?? (job.salaryRangeFree || null);
}

/**
 * What a job says, shared by the job page and the wizard's live preview: the header with the
 * organization, the key facts, the description (or the PDF, or the original ad's notice), the
 * video and the categorization.
 */
export function JobBody({ job, headingLevel = 1 }: { job: JobView; headingLevel?: 1 | 2 }) {
  const intl = useIntl();
  const { date } = useLocaleFormat();
  const logo = jobLogo(job);
  const organizationName = job.organizationProfile?.name ?? job.organizationName;
  const remote = labels(job.remoteOptions);
  const salary = jobSalary(job, intl);
  const locations = job.locations.map((location) => locationLabel(location.address));
  const employment = labels(job.employmentType);
  const organizationLink = job.organizationProfile ? (
    <Anchor component={Link} to={`/organization/${job.organizationProfile.slug}`}>
      {organizationName}
    </Anchor>
  ) : (
    organizationName
  );
  const fact = (label: keyof typeof messages) => intl.formatMessage(messages[label]);
  return (
    <Stack gap="lg">
      <Group wrap="nowrap" align="flex-start" gap="md">
        <Avatar src={logo?.url} alt={logo?.alt ?? ""} size={64} radius="sm">
          {organizationName.slice(0, 1)}
        </Avatar>
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Title order={headingLevel} size="h2" style={{ overflowWrap: "anywhere" }}>
            {job.title || intl.formatMessage(messages.untitled)}
          </Title>
          <Text size="sm">
            {job.organizationAssignment ? (
              <FormattedMessage
                {...messages.forAssignment}
                values={{ organization: organizationLink, assignment: job.organizationAssignment }}
              />
            ) : (
              organizationLink
            )}
          </Text>
        </Stack>
      </Group>

      <Box
        component="dl"
        m={0}
        style={{ display: "grid", gap: "var(--mantine-spacing-md)", gridTemplateColumns: "repeat(auto-fill, minmax(10rem, 1fr))" }}
        aria-label={fact("keyFacts")}
      >
        {locations.length > 0 ? <Fact label={fact("location")}>{locations.join(" · ")}</Fact> : null}
        {remote.length > 0 ? <Fact label={fact("remote")}>{intl.formatList(remote, { type: "unit" })}</Fact> : null}
        {salary ? <Fact label={fact("salary")}>{salary}</Fact> : null}
        {employment.length > 0 ? (
          <Fact label={fact("employmentType")}>{intl.formatList(employment, { type: "unit" })}</Fact>
        ) : null}
        {job.yearsOfExperience ? <Fact label={fact("experience")}>{job.yearsOfExperience.label}</Fact> : null}
        {job.degreeLevel ? <Fact label={fact("degree")}>{job.degreeLevel.label}</Fact> : null}
        {job.publishedAt ? <Fact label={fact("posted")}>{date(job.publishedAt)}</Fact> : null}
        {job.expiresAt ? <Fact label={fact("closingDate")}>{date(job.expiresAt)}</Fact> : null}
        {job.availabilityPeriod?.start ? (
          <Fact label={fact("start")}>
            {job.availabilityPeriod.end
              ? intl.formatMessage(messages.startRange, {
                  start: date(job.availabilityPeriod.start),
                  end: date(job.availabilityPeriod.end),
                })
              : date(job.availabilityPeriod.start)}
          </Fact>
        ) : null}
      </Box>

      {job.type === "JOB_PER_FILE" && job.file ? (
        <Box>
          <iframe
            src={job.file.url}
            title={intl.formatMessage(messages.pdfTitle, { title: job.title })}
            style={{ width: "100%", height: "80vh", minHeight: 480, border: "1px solid var(--mantine-color-default-border)", borderRadius: 8 }}
            data-testid="job-pdf"
          />
          <Anchor href={job.file.url} target="_blank" rel="noopener" size="sm">
            <FormattedMessage {...messages.openPdf} values={{ filename: job.file.filename }} />
          </Anchor>
        </Box>
      ) : null}

      {job.description ? (
        <Stack gap="xs">
          {/* the description's own headings (h3 in the editor) then follow in order */}
          <Title order={headingLevel === 1 ? 2 : 3} size="h4">
            <FormattedMessage {...messages.about} />
          </Title>
          <Typography>
            <div className="job-description" data-testid="job-description" dangerouslySetInnerHTML={{ __html: job.description }} />
          </Typography>
        </Stack>
      ) : null}

      {job.videoEmbedUrl ? (
        <ConsentedEmbed
          src={job.videoEmbedUrl}
          title={intl.formatMessage(messages.video, { title: job.title })}
          provider={job.videoEmbedUrl.includes("vimeo") ? "Vimeo" : "YouTube"}
        />
      ) : null}

      <Stack gap="md">
        <TermGroup label={fact("occupationalFields")} terms={labels(job.occupationalField)} />
        <TermGroup label={fact("fieldsOfStudy")} terms={labels(job.fieldsOfStudy)} />
        <TermGroup label={fact("languages")} terms={labels(job.languages)} free={job.languagesFree} />
        <TermGroup label={fact("skills")} terms={labels(job.skills)} free={job.skillsFree} />
      </Stack>
    </Stack>
  );
}
