import { useMutation, useQuery } from "@apollo/client/react";
import { Alert, Anchor, Badge, Button, Group, NativeSelect, Paper, Stack, Text, Title } from "@mantine/core";
import { useEffect, useState, type ReactNode } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { DangerList } from "~/components/DangerList";
import { Link } from "~/components/Link";
import type { ContactRequestStatus } from "~/lib/graphql/generated/graphql";
import { defineMessages, type Message } from "~/lib/i18n/define-messages";
import { CONTACT_STATUS_COLORS, CONTACT_STATUS_LABELS, MAY_REQUEST_AGAIN } from "./contact-status";
import {
  RECRUITER_ORGANIZATIONS,
  REQUEST_RESUME_CONTACT,
  RESUME_CONTACT_REQUEST,
  type ContactRequestView,
} from "./recruiter-documents";

/** While billing has not answered, the request is read again this often. */
export const AWAITING_POLL_MS = 1500;

const messages = defineMessages({
  heading: { id: "resumes.contact.heading", defaultMessage: "Contact the applicant" },
  intro: {
    id: "resumes.contact.intro",
    defaultMessage:
      "Requesting contact spends one resume contact of your organization. The applicant decides whether to share their contact details.",
  },
  organization: { id: "resumes.contact.organization", defaultMessage: "On behalf of" },
  request: { id: "resumes.contact.request", defaultMessage: "Request contact" },
  requestAgain: { id: "resumes.contact.requestAgain", defaultMessage: "Request contact again" },
  noOrganization: {
    id: "resumes.contact.noOrganization",
    defaultMessage: "Join or create an organization to request contact. <link>My organization</link>",
  },
  loadFailed: { id: "resumes.contact.loadFailed", defaultMessage: "Your organization's requests could not be loaded." },
  failed: { id: "resumes.contact.failed", defaultMessage: "The request could not be sent. Please try again in a moment." },
  status: { id: "resumes.contact.status", defaultMessage: "Status" },
  AWAITING_CREDIT: {
    id: "resumes.contact.state.awaitingCredit",
    defaultMessage: "Request sent. Spending one of {organization}'s resume contacts…",
  },
  PENDING: {
    id: "resumes.contact.state.pending",
    defaultMessage: "Contact requested for {organization}. The applicant has been told and decides whether to share their details.",
  },
  APPROVED: {
    id: "resumes.contact.state.approved",
    defaultMessage: "The applicant approved {organization}'s request: their contact details are shown on this page.",
  },
  DECLINED: { id: "resumes.contact.state.declined", defaultMessage: "The applicant declined {organization}'s request." },
  REVOKED: { id: "resumes.contact.state.revoked", defaultMessage: "The applicant withdrew the approval given to {organization}." },
  DENIED: {
    id: "resumes.contact.state.denied",
    defaultMessage:
      "{organization} has no resume contact left. <products>Get more resume contacts</products> or <contact>contact us</contact>, then ask again.",
  },
});

const STATE_MESSAGES: Record<ContactRequestStatus, Message> = {
  AWAITING_CREDIT: messages.AWAITING_CREDIT,
  PENDING: messages.PENDING,
  APPROVED: messages.APPROVED,
  DECLINED: messages.DECLINED,
  REVOKED: messages.REVOKED,
  DENIED: messages.DENIED,
};

const STATE_COLORS: Record<ContactRequestStatus, string> = {
  AWAITING_CREDIT: "blue",
  PENDING: "blue",
  APPROVED: "green",
  DECLINED: "gray",
  REVOKED: "gray",
  DENIED: "red",
};

function RequestState({ request }: { request: ContactRequestView }) {
  const intl = useIntl();
  const organization = request.organizationName ?? "";
  return (
    <Alert color={STATE_COLORS[request.status]} role="status" data-testid="contact-request-state">
      <Stack gap={6}>
        <Group gap="xs">
          <Text size="sm" fw={500}>
            <FormattedMessage {...messages.status} />:
          </Text>
          <Badge color={CONTACT_STATUS_COLORS[request.status]} variant="light">
            {intl.formatMessage(CONTACT_STATUS_LABELS[request.status])}
          </Badge>
        </Group>
        <Text size="sm">
          <FormattedMessage
            {...STATE_MESSAGES[request.status]}
            values={{
              organization,
              products: (chunks: ReactNode) => (
                <Anchor component={Link} to="/my-products">
                  {chunks}
                </Anchor>
              ),
              contact: (chunks: ReactNode) => <Anchor href="/contact">{chunks}</Anchor>,
            }}
          />
        </Text>
        {request.status === "DENIED" && request.refusal ? (
          <Text size="sm" className="text-muted">
            {request.refusal}
          </Text>
        ) : null}
      </Stack>
    </Alert>
  );
}

/**
 * Spec 6: a recruiter asks to contact the applicant for one of their organizations (a choice
 * when they have several; the active one first). Shows the organization's request for this
 * resume if there is one; a new request waits for billing (AWAITING_CREDIT) and is read again
 * until it is PENDING, or DENIED with the way to more contacts (spec 2: /my-products, /contact).
 */
export function RequestContact({ resumeId }: { resumeId: string }) {
  const intl = useIntl();
  const organizations = useQuery(RECRUITER_ORGANIZATIONS);
  const user = organizations.data?.currentUser;
  const options = user?.organizations ?? [];
  const [chosen, setChosen] = useState<string | null>(null);
  const organizationId = chosen ?? user?.activeOrganization?.id ?? options[0]?.id ?? null;
  const requests = useQuery(RESUME_CONTACT_REQUEST, {
    variables: { organizationId: organizationId ?? "", resumeId },
    skip: organizationId === null,
    fetchPolicy: "network-only",
  });
  const existing: ContactRequestView | null = requests.data?.organizationContactRequests.requests[0] ?? null;
  const [sent, setSent] = useState<ContactRequestView | null>(null);
  // The newest word on it: what the list says once it has the request, else the mutation's answer.
  const current = sent && (!existing || existing.id !== sent.id) ? sent : existing;
  const awaiting = current?.status === "AWAITING_CREDIT";
  const { startPolling, stopPolling } = requests;
  useEffect(() => {
    if (!awaiting) return;
    startPolling(AWAITING_POLL_MS);
    return () => stopPolling();
  }, [awaiting, startPolling, stopPolling]);
  const [request, { loading: sending }] = useMutation(REQUEST_RESUME_CONTACT);
  const [errors, setErrors] = useState<string[]>([]);

  if (organizations.loading && !organizations.data) return null;
  if (!user) return null;

  const submit = async () => {
    if (!organizationId) return;
    setErrors([]);
    try {
      const { data } = await request({ variables: { resumeId, organizationId } });
      const answer = data?.requestResumeContact;
      if (answer?.__typename === "ContactRequestSaved") {
        setSent(answer.request);
        void requests.refetch();
      } else if (answer?.__typename === "ResumeErrors") {
        setErrors(answer.errors.length > 0 ? answer.errors.map((error) => error.message) : [answer.message]);
      } else {
        setErrors([intl.formatMessage(messages.failed)]);
      }
    } catch {
      setErrors([intl.formatMessage(messages.failed)]);
    }
  };

  const mayRequest = !current || MAY_REQUEST_AGAIN.has(current.status);
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="request-contact-heading">
      <Stack gap="sm">
        <Title order={2} size="h4" id="request-contact-heading">
          <FormattedMessage {...messages.heading} />
        </Title>
        {options.length === 0 ? (
          <Text size="sm">
            <FormattedMessage
              {...messages.noOrganization}
              values={{
                link: (chunks: ReactNode) => (
                  <Anchor component={Link} to="/dashboard/organization">
                    {chunks}
                  </Anchor>
                ),
              }}
            />
          </Text>
        ) : (
          <>
            {options.length > 1 ? (
              <NativeSelect
                label={intl.formatMessage(messages.organization)}
                data={options.map((organization) => ({ value: organization.id, label: organization.name }))}
                value={organizationId ?? ""}
                onChange={(event) => {
                  setChosen(event.currentTarget.value);
                  setSent(null);
                  setErrors([]);
                }}
              />
            ) : null}
            {requests.error ? (
              <Text size="sm" role="alert">
                <FormattedMessage {...messages.loadFailed} />
              </Text>
            ) : null}
            {current ? <RequestState request={current} /> : null}
            <DangerList messages={errors} />
            {mayRequest && (requests.data || requests.error) ? (
              <>
                {!current ? (
                  <Text size="sm" className="text-muted">
                    <FormattedMessage {...messages.intro} />
                  </Text>
                ) : null}
                <Button onClick={() => void submit()} loading={sending} w="fit-content">
                  <FormattedMessage {...(current ? messages.requestAgain : messages.request)} />
                </Button>
              </>
            ) : null}
          </>
        )}
      </Stack>
    </Paper>
  );
}
