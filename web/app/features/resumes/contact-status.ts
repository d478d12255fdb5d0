import type { ContactRequestStatus } from "~/lib/graphql/generated/graphql";
import { defineMessages, type Message } from "~/lib/i18n/define-messages";

/** A contact request's status, as a recruiter reads it (one word). */
export const CONTACT_STATUS_LABELS: Record<ContactRequestStatus, Message> = defineMessages({
  AWAITING_CREDIT: { id: "resumes.contact.status.awaitingCredit", defaultMessage: "Awaiting credit" },
  PENDING: { id: "resumes.contact.status.pending", defaultMessage: "Pending" },
  APPROVED: { id: "resumes.contact.status.approved", defaultMessage: "Approved" },
  DECLINED: { id: "resumes.contact.status.declined", defaultMessage: "Declined" },
  REVOKED: { id: "resumes.contact.status.revoked", defaultMessage: "Revoked" },
  DENIED: { id: "resumes.contact.status.denied", defaultMessage: "No credit" },
});

export const CONTACT_STATUS_COLORS: Record<ContactRequestStatus, string> = {
  AWAITING_CREDIT: "gray",
  PENDING: "yellow",
  APPROVED: "green",
  DECLINED: "red",
  REVOKED: "orange",
  DENIED: "red",
};

/** A request in one of these states may be made again (ADR 0027: denied asks again); others are live or final. */
export const MAY_REQUEST_AGAIN: ReadonlySet<ContactRequestStatus> = new Set(["DENIED"]);
