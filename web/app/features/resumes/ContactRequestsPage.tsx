import { useQuery } from "@apollo/client/react";
import { Anchor, Badge, Group, NativeSelect, Skeleton, Stack, Table, Text } from "@mantine/core";
import { FormattedMessage, useIntl } from "react-intl";
import { useSearchParams } from "react-router";
import { EmptyState } from "~/components/EmptyState";
import { Link } from "~/components/Link";
import { PageHeader } from "~/components/PageHeader";
import { Pagination } from "~/components/Pagination";
import { useLocaleFormat } from "~/lib/format";
import type { ContactRequestStatus } from "~/lib/graphql/generated/graphql";
import { defineMessages } from "~/lib/i18n/define-messages";
import { parsePage } from "~/lib/search/search-url";
import { CONTACT_STATUS_COLORS, CONTACT_STATUS_LABELS } from "./contact-status";
import { ORGANIZATION_CONTACT_REQUESTS, RECRUITER_ORGANIZATIONS } from "./recruiter-documents";

/** Requests a page lists. */
export const CONTACT_REQUESTS_PAGE_SIZE = 20;
export const CONTACT_REQUESTS_PATH = "/dashboard/organization/contact-requests";

/** The filter's choices (spec 4: the applicant's answers), as the `status` query parameter says them. */
export const STATUS_FILTERS: Readonly<Record<string, ContactRequestStatus>> = {
  pending: "PENDING",
  approved: "APPROVED",
  declined: "DECLINED",
  revoked: "REVOKED",
};

const messages = defineMessages({
  title: { id: "resumes.contactRequests.title", defaultMessage: "Contact requests" },
  description: {
    id: "resumes.contactRequests.description",
    defaultMessage: "The resumes your organization asked to contact, and the applicants' answers.",
  },
  organization: { id: "resumes.contactRequests.organization", defaultMessage: "Organization" },
  status: { id: "resumes.contactRequests.status", defaultMessage: "Status" },
  all: { id: "resumes.contactRequests.all", defaultMessage: "All" },
  resume: { id: "resumes.contactRequests.resume", defaultMessage: "Resume" },
  requested: { id: "resumes.contactRequests.requested", defaultMessage: "Requested" },
  changed: { id: "resumes.contactRequests.changed", defaultMessage: "Last change" },
  removed: { id: "resumes.contactRequests.removed", defaultMessage: "Resume no longer available" },
  empty: {
    id: "resumes.contactRequests.empty",
    defaultMessage: "No contact requests here yet. Find applicants in the resume search and request contact.",
  },
  search: { id: "resumes.contactRequests.search", defaultMessage: "Search resumes" },
  failed: { id: "resumes.contactRequests.failed", defaultMessage: "The contact requests could not be loaded." },
  noOrganization: {
    id: "resumes.contactRequests.noOrganization",
    defaultMessage: "Join or create an organization first. <link>My organization</link>",
  },
  pages: { id: "resumes.contactRequests.pages", defaultMessage: "Contact request pages" },
});

function paramsWith(params: URLSearchParams, changes: Record<string, string | null>): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) next.delete(key);
    else next.set(key, value);
  }
  return next;
}

function hrefWith(params: URLSearchParams, changes: Record<string, string | null>): string {
  const query = paramsWith(params, changes).toString();
  return query ? `${CONTACT_REQUESTS_PATH}?${query}` : CONTACT_REQUESTS_PATH;
}

/**
 * /dashboard/organization/contact-requests: the organization's contact requests, newest change
 * first, filtered by status (pending, approved, declined, revoked), each linking to the resume.
 * The organization (for recruiters of several) and the filter live in the query.
 */
export function ContactRequestsPage() {
  const intl = useIntl();
  const format = useLocaleFormat();
  const [params, setParams] = useSearchParams();
  const organizations = useQuery(RECRUITER_ORGANIZATIONS);
  const user = organizations.data?.currentUser;
  const options = user?.organizations ?? [];
  const wanted = params.get("organization");
  const organizationId =
    options.find((organization) => organization.id === wanted)?.id ?? user?.activeOrganization?.id ?? options[0]?.id ?? null;
  const statusKey = params.get("status") ?? "";
  const status = STATUS_FILTERS[statusKey] ?? null;
  const page = parsePage(params.get("page"));
  const requests = useQuery(ORGANIZATION_CONTACT_REQUESTS, {
    variables: {
      organizationId: organizationId ?? "",
      statuses: status ? [status] : null,
      limit: CONTACT_REQUESTS_PAGE_SIZE,
      offset: (page - 1) * CONTACT_REQUESTS_PAGE_SIZE,
    },
    skip: organizationId === null,
    fetchPolicy: "network-only",
  });
  const answer = requests.data?.organizationContactRequests;

  return (
    <Stack gap="lg">
      <PageHeader title={intl.formatMessage(messages.title)} description={intl.formatMessage(messages.description)} />
      {organizations.data && options.length === 0 ? (
        <EmptyState>
          <FormattedMessage
            {...messages.noOrganization}
            values={{
              link: (chunks) => (
                <Anchor component={Link} to="/dashboard/organization">
                  {chunks}
                </Anchor>
              ),
            }}
          />
        </EmptyState>
      ) : null}
      {options.length > 0 ? (
        <Group gap="md" align="flex-end">
          {options.length > 1 ? (
            <NativeSelect
              label={intl.formatMessage(messages.organization)}
              data={options.map((organization) => ({ value: organization.id, label: organization.name }))}
              value={organizationId ?? ""}
              onChange={(event) => setParams(paramsWith(params, { organization: event.currentTarget.value, page: null }))}
            />
          ) : null}
          <NativeSelect
            label={intl.formatMessage(messages.status)}
            data={[
              { value: "", label: intl.formatMessage(messages.all) },
              ...Object.entries(STATUS_FILTERS).map(([key, value]) => ({
                value: key,
                label: intl.formatMessage(CONTACT_STATUS_LABELS[value]),
              })),
            ]}
            value={status ? statusKey : ""}
            onChange={(event) =>
              setParams(paramsWith(params, { status: event.currentTarget.value || null, page: null }))
            }
          />
        </Group>
      ) : null}
      {requests.error || organizations.error ? (
        <Text role="alert">
          <FormattedMessage {...messages.failed} />
        </Text>
      ) : null}
      {(organizations.loading || requests.loading) && !answer ? <Skeleton height={160} radius="md" /> : null}
      {answer && answer.requests.length === 0 ? (
        <EmptyState
          action={
            <Anchor component={Link} to="/resumes">
              <FormattedMessage {...messages.search} />
            </Anchor>
          }
        >
          <FormattedMessage {...messages.empty} />
        </EmptyState>
      ) : null}
      {answer && answer.requests.length > 0 ? (
        <>
          <Table.ScrollContainer minWidth={560}>
            <Table striped highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>
                    <FormattedMessage {...messages.resume} />
                  </Table.Th>
                  <Table.Th>
                    <FormattedMessage {...messages.status} />
                  </Table.Th>
                  <Table.Th>
                    <FormattedMessage {...messages.requested} />
                  </Table.Th>
                  <Table.Th>
                    <FormattedMessage {...messages.changed} />
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {answer.requests.map((request) => (
                  <Table.Tr key={request.id}>
                    <Table.Td>
                      {request.resume ? (
                        <Anchor component={Link} to={`/resume/${encodeURIComponent(request.resume.id)}`}>
                          {request.resume.title}
                        </Anchor>
                      ) : (
                        <Text size="sm" className="text-muted">
                          <FormattedMessage {...messages.removed} />
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Badge color={CONTACT_STATUS_COLORS[request.status]} variant="light">
                        {intl.formatMessage(CONTACT_STATUS_LABELS[request.status])}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{format.date(request.createdAt)}</Table.Td>
                    <Table.Td>{format.date(request.updatedAt)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Pagination
            page={page}
            pages={Math.max(1, Math.ceil(answer.total / CONTACT_REQUESTS_PAGE_SIZE))}
            href={(target) => hrefWith(params, { page: target > 1 ? String(target) : null })}
            label={intl.formatMessage(messages.pages)}
          />
        </>
      ) : null}
    </Stack>
  );
}

/** The page's name, for its document title. */
export const CONTACT_REQUESTS_TITLE = messages.title;
