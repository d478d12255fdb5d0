import { Anchor, Avatar, Badge, Box, Group, Stack, Text, Title, Typography } from "@mantine/core";
import { Link } from "~/components/Link";
import { ConsentedEmbed } from "~/components/ConsentedEmbed";
import { formatSalary } from "~/lib/salary";
import type { JobView } from "./documents";
import { formatDate, locationLabel } from "~/lib/format";

type Term = { tid: number; label: string };

function labels(terms: readonly (Term | null | undefined)[]): string[] {
  return terms.filter((term): term is Term => Boolean(term)).map((term) => term.label);
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap={2} component="div">
      <Text size="xs" className="text-muted" tt="uppercase" fw={600} component="dt">
        {label}
      </Text>
      <Text size="sm" component="dd" m={0}>
        {children}
      </Text>
    </Stack>
  );
}

function TermGroup({ label, terms, free }: { label: string; terms: string[]; free?: string | null }) {
  if (terms.length === 0 && !free) return null;
  return (
    <Stack gap={6}>
      <Text size="sm" fw={600}>
        {label}
      </Text>
      <Group gap={6}>
        {terms.map((term) => (
          <Badge key={term} variant="light" radius="sm" tt="none">
            {term}
          </Badge>
        ))}
      </Group>
      {free ? <Text size="sm">{free}</Text> : null}
    </Stack>
  );
}

/** The logo a job shows: its own, else its organization profile's. */
export function jobLogo(job: Pick<JobView, "logo" | "organizationProfile">) {
  return job.logo ?? job.organizationProfile?.logo ?? null;
}

/** The salary line: the formatted range, else the free text. */
export function jobSalary(job: Pick<JobView, "salaryRange" | "salaryRangeFree">): string | null {
  return formatSalary(job.salaryRange) ?? (job.salaryRangeFree || null);
}

/**
 * What a job says, shared by the job page and the wizard's live preview: the header with the
 * organization, the key facts, the description (or the PDF, or the original ad's notice), the
 * video and the categorization.
 */
export function JobBody({ job, headingLevel = 1 }: { job: JobView; headingLevel?: 1 | 2 }) {
  const logo = jobLogo(job);
  const organizationName = job.organizationProfile?.name ?? job.organizationName;
  const remote = labels(job.remoteOptions);
  const salary = jobSalary(job);
  const locations = job.locations.map((location) => locationLabel(location.address));
  const employment = labels(job.employmentType);
  return (
    <Stack gap="lg">
      <Group wrap="nowrap" align="flex-start" gap="md">
        <Avatar src={logo?.url} alt={logo?.alt ?? ""} size={64} radius="sm">
          {organizationName.slice(0, 1)}
        </Avatar>
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Title order={headingLevel} size="h2" style={{ overflowWrap: "anywhere" }}>
            {job.title || "Untitled job"}
          </Title>
          <Text size="sm">
            {job.organizationProfile ? (
              <Anchor component={Link} to={`/organization/${job.organizationProfile.slug}`}>
                {organizationName}
              </Anchor>
            ) : (
              organizationName
            )}
            {job.organizationAssignment ? ` for ${job.organizationAssignment}` : null}
          </Text>
        </Stack>
      </Group>

      <Box
        component="dl"
        m={0}
        style={{ display: "grid", gap: "var(--mantine-spacing-md)", gridTemplateColumns: "repeat(auto-fill, minmax(10rem, 1fr))" }}
        aria-label="Key facts"
      >
        {locations.length > 0 ? <Fact label="Location">{locations.join(" · ")}</Fact> : null}
        {remote.length > 0 ? <Fact label="Remote">{remote.join(", ")}</Fact> : null}
        {salary ? <Fact label="Salary">{salary}</Fact> : null}
        {employment.length > 0 ? <Fact label="Employment type">{employment.join(", ")}</Fact> : null}
        {job.yearsOfExperience ? <Fact label="Experience">{job.yearsOfExperience.label}</Fact> : null}
        {job.degreeLevel ? <Fact label="Degree">{job.degreeLevel.label}</Fact> : null}
        {job.publishedAt ? <Fact label="Posted">{formatDate(job.publishedAt)}</Fact> : null}
        {job.expiresAt ? <Fact label="Closing date">{formatDate(job.expiresAt)}</Fact> : null}
        {job.availabilityPeriod?.start ? (
          <Fact label="Start">
            {formatDate(job.availabilityPeriod.start)}
            {job.availabilityPeriod.end ? ` – ${formatDate(job.availabilityPeriod.end)}` : ""}
          </Fact>
        ) : null}
      </Box>

      {job.type === "JOB_PER_FILE" && job.file ? (
        <Box>
          <iframe
            src={job.file.url}
            title={`${job.title} (PDF)`}
            style={{ width: "100%", height: "80vh", minHeight: 480, border: "1px solid var(--mantine-color-default-border)", borderRadius: 8 }}
            data-testid="job-pdf"
          />
          <Anchor href={job.file.url} target="_blank" rel="noopener" size="sm">
            Open the PDF ({job.file.filename})
          </Anchor>
        </Box>
      ) : null}

      {job.description ? (
        <Typography>
          <div className="job-description" data-testid="job-description" dangerouslySetInnerHTML={{ __html: job.description }} />
        </Typography>
      ) : null}

      {job.videoEmbedUrl ? (
        <ConsentedEmbed
          src={job.videoEmbedUrl}
          title={`Video: ${job.title}`}
          provider={job.videoEmbedUrl.includes("vimeo") ? "Vimeo" : "YouTube"}
        />
      ) : null}

      <Stack gap="md">
        <TermGroup label="Occupational fields" terms={labels(job.occupationalField)} />
        <TermGroup label="Fields of study" terms={labels(job.fieldsOfStudy)} />
        <TermGroup label="Languages" terms={labels(job.languages)} free={job.languagesFree} />
        <TermGroup label="Skills" terms={labels(job.skills)} free={job.skillsFree} />
      </Stack>
    </Stack>
  );
}
