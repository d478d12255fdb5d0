import { useMutation, useQuery } from "@apollo/client/react";
import { Alert, Badge, Button, Card, Group, Modal, SegmentedControl, Stack, Text, Title } from "@mantine/core";
import { useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { useSearchParams } from "react-router";
import { DangerList } from "~/components/DangerList";
import type {
  ContactRequestStatus,
  MyContactRequestFieldsFragment,
} from "~/lib/graphql/generated/graphql";
import { PagePicker } from "~/components/Pagination";
import { defineMessages, type Message } from "~/lib/i18n/define-messages";
import {
  APPROVE_CONTACT_REQUEST,
  DECLINE_CONTACT_REQUEST,
  HIDE_RESUME_FROM_ORGANIZATION,
  MY_CONTACT_REQUESTS,
  REVOKE_CONTACT_REQUEST,
  UNHIDE_RESUME_FROM_ORGANIZATION,
} from "./documents";

const messages = defineMessages({
  title: { id: "resumes.contacts.title", defaultMessage: "Contact requests" },
  intro: {
    id: "resumes.contacts.intro",
    defaultMessage:
      "Organizations ask here to contact you about your resume. Until you approve, they see only its public details: never your name, phone number or home location.",
  },
  filter: { id: "resumes.contacts.filter", defaultMessage: "Show requests" },
  all: { id: "resumes.contacts.filter.all", defaultMessage: "All" },
  loading: { id: "resumes.contacts.loading", defaultMessage: "Loading your contact requests…" },
  failed: {
    id: "resumes.contacts.failed",
    defaultMessage: "We could not load your contact requests. Reload the page in a moment.",
  },
  none: { id: "resumes.contacts.none", defaultMessage: "No organization has asked to contact you yet." },
  noneWithStatus: { id: "resumes.contacts.noneWithStatus", defaultMessage: "There are no requests with this status." },
  list: { id: "resumes.contacts.list", defaultMessage: "Contact requests for your resume" },
  unnamed: { id: "resumes.contacts.unnamed", defaultMessage: "An organization" },
  asked: { id: "resumes.contacts.asked", defaultMessage: "Asked on {date}" },
  changed: { id: "resumes.contacts.changed", defaultMessage: "Last change on {date}" },
  hiddenBadge: { id: "resumes.contacts.hiddenBadge", defaultMessage: "Resume hidden from them" },
  approve: { id: "resumes.contacts.approve", defaultMessage: "Approve" },
  decline: { id: "resumes.contacts.decline", defaultMessage: "Decline" },
  revoke: { id: "resumes.contacts.revoke", defaultMessage: "Revoke" },
  hide: { id: "resumes.contacts.hide", defaultMessage: "Hide my resume from this organization" },
  unhide: { id: "resumes.contacts.unhide", defaultMessage: "Show my resume to this organization again" },
  cancel: { id: "resumes.contacts.cancel", defaultMessage: "Cancel" },
  undo: { id: "resumes.contacts.undo", defaultMessage: "Undo" },
  approveTitle: { id: "resumes.contacts.approve.title", defaultMessage: "Approve {organization}’s request?" },
  approveText: {
    id: "resumes.contacts.approve.text",
    defaultMessage:
      "{organization} will see your name, phone number and home location on your resume, so its recruiters can contact you. You can revoke this later; they will not see these details again after that.",
  },
  approveConfirm: { id: "resumes.contacts.approve.confirm", defaultMessage: "Approve and share my details" },
  declineTitle: { id: "resumes.contacts.decline.title", defaultMessage: "Decline {organization}’s request?" },
  declineText: {
    id: "resumes.contacts.decline.text",
    defaultMessage:
      "{organization} will see that you declined. Your name, phone number and home location stay hidden from them.",
  },
  declineConfirm: { id: "resumes.contacts.decline.confirm", defaultMessage: "Decline the request" },
  revokeTitle: { id: "resumes.contacts.revoke.title", defaultMessage: "Revoke {organization}’s access?" },
  revokeText: {
    id: "resumes.contacts.revoke.text",
    defaultMessage:
      "{organization} will no longer see your name, phone number and home location, and will see that you revoked the contact. Details they already noted are not taken back.",
  },
  revokeConfirm: { id: "resumes.contacts.revoke.confirm", defaultMessage: "Revoke access" },
  hideTitle: { id: "resumes.contacts.hide.title", defaultMessage: "Hide your resume from {organization}?" },
  hideText: {
    id: "resumes.contacts.hide.text",
    defaultMessage:
      "{organization}’s recruiters will no longer see your resume at all: not in their searches and not through their contact requests, even one you approved. You can show it to them again at any time.",
  },
  hideConfirm: { id: "resumes.contacts.hide.confirm", defaultMessage: "Hide my resume" },
  approved: { id: "resumes.contacts.done.approved", defaultMessage: "You approved {organization}’s request." },
  declined: { id: "resumes.contacts.done.declined", defaultMessage: "You declined {organization}’s request." },
  revoked: { id: "resumes.contacts.done.revoked", defaultMessage: "You revoked {organization}’s access." },
  hidden: { id: "resumes.contacts.done.hidden", defaultMessage: "Your resume is hidden from {organization}." },
  shown: { id: "resumes.contacts.done.shown", defaultMessage: "{organization} can see your resume again." },
  failedAction: {
    id: "resumes.contacts.failedAction",
    defaultMessage: "That did not work. Please try again in a moment.",
  },
});

/** The page's name, for its document title. */
export const CONTACT_REQUESTS_TITLE = messages.title;

export const PAGE_SIZE = 20;

/** The filter codes in the URL (spec 3: pending and approved; the applicant's own answers too). */
export const STATUS_FILTERS = {
  pending: "PENDING",
  approved: "APPROVED",
  declined: "DECLINED",
  revoked: "REVOKED",
} as const satisfies Record<string, ContactRequestStatus>;

type StatusFilter = keyof typeof STATUS_FILTERS;

function isStatusFilter(value: string | null): value is StatusFilter {
  return value !== null && Object.hasOwn(STATUS_FILTERS, value);
}

const STATUS_LABELS: Record<ContactRequestStatus, Message> = defineMessages({
  PENDING: { id: "resumes.contacts.status.pending", defaultMessage: "Waiting for your answer" },
  APPROVED: { id: "resumes.contacts.status.approved", defaultMessage: "Approved" },
  DECLINED: { id: "resumes.contacts.status.declined", defaultMessage: "Declined" },
  REVOKED: { id: "resumes.contacts.status.revoked", defaultMessage: "Revoked" },
  // the applicant never sees these two (billing has not granted the request)
  AWAITING_CREDIT: { id: "resumes.contacts.status.awaitingCredit", defaultMessage: "Not sent yet" },
  DENIED: { id: "resumes.contacts.status.denied", defaultMessage: "Not sent" },
});

const FILTER_LABELS: Record<StatusFilter, Message> = defineMessages({
  pending: { id: "resumes.contacts.filter.pending", defaultMessage: "Pending" },
  approved: { id: "resumes.contacts.filter.approved", defaultMessage: "Approved" },
  declined: { id: "resumes.contacts.filter.declined", defaultMessage: "Declined" },
  revoked: { id: "resumes.contacts.filter.revoked", defaultMessage: "Revoked" },
});

const STATUS_COLORS: Record<ContactRequestStatus, string> = {
  PENDING: "yellow",
  APPROVED: "green",
  DECLINED: "gray",
  REVOKED: "gray",
  AWAITING_CREDIT: "gray",
  DENIED: "gray",
};

type Action = "approve" | "decline" | "revoke" | "hide";

const CONFIRMATIONS: Record<Action, { title: Message; text: Message; confirm: Message; done: Message; color: string }> = {
  approve: {
    title: messages.approveTitle,
    text: messages.approveText,
    confirm: messages.approveConfirm,
    done: messages.approved,
    color: "teal",
  },
  decline: {
    title: messages.declineTitle,
    text: messages.declineText,
    confirm: messages.declineConfirm,
    done: messages.declined,
    color: "red",
  },
  revoke: {
    title: messages.revokeTitle,
    text: messages.revokeText,
    confirm: messages.revokeConfirm,
    done: messages.revoked,
    color: "red",
  },
  hide: {
    title: messages.hideTitle,
    text: messages.hideText,
    confirm: messages.hideConfirm,
    done: messages.hidden,
    color: "red",
  },
};

type Request = MyContactRequestFieldsFragment;

interface Notice {
  text: string;
  /** The organization whose hiding the notice can undo. */
  undoHide?: { organizationId: string; organization: string };
}

/** What a mutation answered: nothing when it worked, else the messages to show. */
type Outcome = string[] | null;

/** /resume/contact-requests: the applicant answers organizations' requests to contact them. */
export function ContactRequestsPage() {
  const intl = useIntl();
  const [searchParams, setSearchParams] = useSearchParams();
  const statusParam = searchParams.get("status");
  const filter: StatusFilter | null = isStatusFilter(statusParam) ? statusParam : null;
  const page = Math.max(1, Number.parseInt(searchParams.get("page") ?? "1", 10) || 1);
  const { data, loading, error, refetch } = useQuery(MY_CONTACT_REQUESTS, {
    variables: {
      statuses: filter ? [STATUS_FILTERS[filter]] : null,
      limit: PAGE_SIZE,
      offset: (page - 1) * PAGE_SIZE,
    },
    fetchPolicy: "cache-and-network",
  });
  const [approve] = useMutation(APPROVE_CONTACT_REQUEST);
  const [decline] = useMutation(DECLINE_CONTACT_REQUEST);
  const [revoke] = useMutation(REVOKE_CONTACT_REQUEST);
  const [hide] = useMutation(HIDE_RESUME_FROM_ORGANIZATION);
  const [unhide] = useMutation(UNHIDE_RESUME_FROM_ORGANIZATION);
  const [asking, setAsking] = useState<{ action: Action; request: Request } | null>(null);
  const [busy, setBusy] = useState(false);
  const [problems, setProblems] = useState<string[]>([]);
  const [notice, setNotice] = useState<Notice | null>(null);

  const answer = data?.myContactRequests;
  const hiddenFrom = new Set(data?.myResume?.hiddenFromOrganizationIds ?? []);
  const nameOf = (request: Request) => request.organizationName ?? intl.formatMessage(messages.unnamed);

  const setFilter = (value: string) => {
    const next = new URLSearchParams(searchParams);
    if (isStatusFilter(value)) next.set("status", value);
    else next.delete("status");
    next.delete("page");
    setSearchParams(next);
  };
  const setPage = (value: number) => {
    const next = new URLSearchParams(searchParams);
    if (value > 1) next.set("page", String(value));
    else next.delete("page");
    setSearchParams(next);
  };

  async function run(action: Action, request: Request): Promise<Outcome> {
    const failed = [intl.formatMessage(messages.failedAction)];
    try {
      if (action === "hide") {
        const result = await hide({ variables: { organizationId: request.organizationId } });
        const answered = result.data?.hideResumeFromOrganization;
        if (!answered) return failed;
        switch (answered.__typename) {
          case "ResumeSaved":
            return null;
          case "ResumeErrors":
            return answered.errors.map((item) => item.message);
        }
      }
      const answered =
        action === "approve"
          ? (await approve({ variables: { id: request.id } })).data?.approveContactRequest
          : action === "decline"
            ? (await decline({ variables: { id: request.id } })).data?.declineContactRequest
            : (await revoke({ variables: { id: request.id } })).data?.revokeContactRequest;
      if (!answered) return failed;
      switch (answered.__typename) {
        case "ContactRequestSaved":
          return null;
        case "ResumeErrors":
          return answered.errors.map((item) => item.message);
      }
    } catch {
      return failed;
    }
  }

  async function confirm() {
    if (!asking) return;
    const { action, request } = asking;
    setBusy(true);
    const outcome = await run(action, request);
    setBusy(false);
    if (outcome) {
      setProblems(outcome);
      return;
    }
    setAsking(null);
    setProblems([]);
    const organization = nameOf(request);
    setNotice({
      text: intl.formatMessage(CONFIRMATIONS[action].done, { organization }),
      ...(action === "hide" ? { undoHide: { organizationId: request.organizationId, organization } } : {}),
    });
    // the request may have left the filtered list
    if (action !== "hide") await refetch().catch(() => undefined);
  }

  async function showAgain(organizationId: string, organization: string) {
    setProblems([]);
    try {
      const result = await unhide({ variables: { organizationId } });
      const answered = result.data?.unhideResumeFromOrganization;
      if (answered?.__typename === "ResumeSaved") {
        setNotice({ text: intl.formatMessage(messages.shown, { organization }) });
        return;
      }
      setNotice(null);
      setProblems(
        answered?.__typename === "ResumeErrors"
          ? answered.errors.map((item) => item.message)
          : [intl.formatMessage(messages.failedAction)],
      );
    } catch {
      setProblems([intl.formatMessage(messages.failedAction)]);
    }
  }

  let body;
  if (error && !answer)
    body = (
      <Text role="alert">
        <FormattedMessage {...messages.failed} />
      </Text>
    );
  else if (!answer)
    body = <Text c="dimmed">{loading ? <FormattedMessage {...messages.loading} /> : null}</Text>;
  else if (answer.requests.length === 0)
    body = <Text>{filter ? <FormattedMessage {...messages.noneWithStatus} /> : <FormattedMessage {...messages.none} />}</Text>;
  else
    body = (
      <Stack component="ul" gap="sm" p={0} m={0} aria-label={intl.formatMessage(messages.list)} style={{ listStyle: "none" }}>
        {answer.requests.map((request) => {
          const organization = nameOf(request);
          const hidden = hiddenFrom.has(request.organizationId);
          const date = (value: unknown) =>
            typeof value === "string" ? intl.formatDate(new Date(value), { dateStyle: "medium" }) : "–";
          return (
            <Card component="li" key={request.id} withBorder padding="md" aria-label={organization}>
              <Stack gap="xs">
                <Group justify="space-between" wrap="wrap">
                  <Text fw={600}>{organization}</Text>
                  <Group gap="xs">
                    {hidden ? (
                      <Badge color="red" variant="light">
                        <FormattedMessage {...messages.hiddenBadge} />
                      </Badge>
                    ) : null}
                    <Badge color={STATUS_COLORS[request.status]} variant="light">
                      <FormattedMessage {...STATUS_LABELS[request.status]} />
                    </Badge>
                  </Group>
                </Group>
                <Text size="sm" c="dimmed">
                  <FormattedMessage {...messages.asked} values={{ date: date(request.createdAt) }} />
                  {request.status !== "PENDING" ? (
                    <>
                      {" · "}
                      <FormattedMessage {...messages.changed} values={{ date: date(request.updatedAt) }} />
                    </>
                  ) : null}
                </Text>
                <Group gap="xs" wrap="wrap">
                  {request.status === "PENDING" ? (
                    <>
                      <Button size="xs" color="teal" onClick={() => setAsking({ action: "approve", request })}>
                        <FormattedMessage {...messages.approve} />
                      </Button>
                      <Button size="xs" variant="default" onClick={() => setAsking({ action: "decline", request })}>
                        <FormattedMessage {...messages.decline} />
                      </Button>
                    </>
                  ) : null}
                  {request.status === "APPROVED" ? (
                    <Button size="xs" variant="default" onClick={() => setAsking({ action: "revoke", request })}>
                      <FormattedMessage {...messages.revoke} />
                    </Button>
                  ) : null}
                  {data?.myResume ? (
                    hidden ? (
                      <Button size="xs" variant="subtle" onClick={() => void showAgain(request.organizationId, organization)}>
                        <FormattedMessage {...messages.unhide} />
                      </Button>
                    ) : (
                      <Button size="xs" variant="subtle" color="red" onClick={() => setAsking({ action: "hide", request })}>
                        <FormattedMessage {...messages.hide} />
                      </Button>
                    )
                  ) : null}
                </Group>
              </Stack>
            </Card>
          );
        })}
      </Stack>
    );

  const pages = answer ? Math.ceil(answer.total / PAGE_SIZE) : 0;
  const confirmation = asking ? CONFIRMATIONS[asking.action] : null;
  const askedOrganization = asking ? nameOf(asking.request) : "";
  return (
    <Stack gap="md" maw={800}>
      <Title order={1}>
        <FormattedMessage {...messages.title} />
      </Title>
      <Text>
        <FormattedMessage {...messages.intro} />
      </Text>
      <SegmentedControl
        aria-label={intl.formatMessage(messages.filter)}
        value={filter ?? "all"}
        onChange={setFilter}
        data={[
          { value: "all", label: intl.formatMessage(messages.all) },
          ...(Object.keys(STATUS_FILTERS) as StatusFilter[]).map((value) => ({
            value,
            label: intl.formatMessage(FILTER_LABELS[value]),
          })),
        ]}
      />
      {notice ? (
        <Alert color="teal" role="status">
          <Group justify="space-between" wrap="wrap">
            <Text size="sm">{notice.text}</Text>
            {notice.undoHide ? (
              <Button
                size="xs"
                variant="default"
                onClick={() => {
                  const { organizationId, organization } = notice.undoHide ?? { organizationId: "", organization: "" };
                  void showAgain(organizationId, organization);
                }}
              >
                <FormattedMessage {...messages.undo} />
              </Button>
            ) : null}
          </Group>
        </Alert>
      ) : null}
      {!asking ? <DangerList messages={problems} /> : null}
      {body}
      <PagePicker pages={pages} page={page} onChange={setPage} />
      <Modal
        opened={asking !== null}
        onClose={() => {
          if (busy) return;
          setAsking(null);
          setProblems([]);
        }}
        title={confirmation ? intl.formatMessage(confirmation.title, { organization: askedOrganization }) : ""}
        centered
      >
        {confirmation ? (
          <Stack gap="md">
            <Text>{intl.formatMessage(confirmation.text, { organization: askedOrganization })}</Text>
            <DangerList messages={problems} />
            <Group justify="flex-end">
              <Button
                variant="default"
                disabled={busy}
                onClick={() => {
                  setAsking(null);
                  setProblems([]);
                }}
              >
                <FormattedMessage {...messages.cancel} />
              </Button>
              <Button color={confirmation.color} loading={busy} onClick={() => void confirm()}>
                <FormattedMessage {...confirmation.confirm} />
              </Button>
            </Group>
          </Stack>
        ) : null}
      </Modal>
    </Stack>
  );
}

