import type { IntlShape } from "react-intl";
import type { ApplicationStatus } from "~/lib/graphql/generated/graphql";
import { defineMessages, type Message } from "~/lib/i18n/define-messages";

/** The pipeline (jobs' domain rule, mirrored for the choices offered). */
export const STATUS_LABELS: Record<ApplicationStatus, Message> = defineMessages({
  NEW: { id: "applications.status.new", defaultMessage: "New" },
  REVIEWED: { id: "applications.status.reviewed", defaultMessage: "Reviewed" },
  SHORTLISTED: { id: "applications.status.shortlisted", defaultMessage: "Shortlisted" },
  REJECTED: { id: "applications.status.rejected", defaultMessage: "Rejected" },
  HIRED: { id: "applications.status.hired", defaultMessage: "Hired" },
});

/** How yes/no answers read (the API's values are "yes" and "no"); other answers as given. */
const ANSWER_LABELS: Record<string, Message> = defineMessages({
  yes: { id: "applications.answer.yes", defaultMessage: "Yes" },
  no: { id: "applications.answer.no", defaultMessage: "No" },
});

export function answerLabel(answer: string, intl: IntlShape): string {
  const label = ANSWER_LABELS[answer];
  return label ? intl.formatMessage(label) : answer;
}

export const STATUS_COLORS: Record<ApplicationStatus, string> = {
  NEW: "blue",
  REVIEWED: "grape",
  SHORTLISTED: "teal",
  REJECTED: "gray",
  HIRED: "green",
};

export const NEXT_STATUSES: Record<ApplicationStatus, ApplicationStatus[]> = {
  NEW: ["REVIEWED", "SHORTLISTED", "REJECTED"],
  REVIEWED: ["SHORTLISTED", "REJECTED"],
  SHORTLISTED: ["HIRED", "REJECTED"],
  REJECTED: [],
  HIRED: [],
};

/** "Mar 4, 2025" (en), "04.03.2025" (de); a dash without a date. */
export function formatDate(value: unknown, intl: IntlShape): string {
  return typeof value === "string" && value
    ? intl.formatDate(new Date(value), { dateStyle: "medium", timeZone: "UTC" })
    : "–";
}
