import type { IntlShape } from "react-intl";
import { defineMessages, type Message } from "~/lib/i18n/define-messages";
import { groupErrors, type GroupAnswer } from "./form-kit";

const messages = defineMessages({
  jobPublished: { id: "organizations.webhooks.event.jobPublished", defaultMessage: "A job went live (or live again)." },
  jobExpired: { id: "organizations.webhooks.event.jobExpired", defaultMessage: "A job reached its expiry date and left the site." },
  jobArchived: {
    id: "organizations.webhooks.event.jobArchived",
    defaultMessage: "A job was closed (archived) by a recruiter, the ATS API or an administrator.",
  },
  applicationReceived: {
    id: "organizations.webhooks.event.applicationReceived",
    defaultMessage: "Someone applied to one of the organization's jobs.",
  },
  applicationStatusChanged: {
    id: "organizations.webhooks.event.applicationStatusChanged",
    defaultMessage: "An application moved along the pipeline.",
  },
  pending: { id: "organizations.webhooks.status.pending", defaultMessage: "Pending" },
  sent: { id: "organizations.webhooks.status.sent", defaultMessage: "Sent" },
  failed: { id: "organizations.webhooks.status.failed", defaultMessage: "Failed" },
});

/** What each event of the API's catalogue says (analytics domain/webhooks.py EVENT_TYPES), in the page's language. */
const EVENT_TEXTS: Record<string, Message> = {
  "job.published": messages.jobPublished,
  "job.expired": messages.jobExpired,
  "job.archived": messages.jobArchived,
  "application.received": messages.applicationReceived,
  "application.status_changed": messages.applicationStatusChanged,
};

/** An event type's explanation: ours when we know the type, else the API's own (English) text. */
export function eventText(intl: IntlShape, name: string, fallback: string): string {
  const text = EVENT_TEXTS[name];
  return text ? intl.formatMessage(text) : fallback;
}

/** A delivery's status (PENDING, SENT or FAILED) as a badge shows it. */
export const DELIVERY_STATUS: Record<string, { label: Message; color: string }> = {
  PENDING: { label: messages.pending, color: "yellow" },
  SENT: { label: messages.sent, color: "green" },
  FAILED: { label: messages.failed, color: "red" },
};

/**
 * A date and time in UTC, said to be UTC ("Nov 20, 2026, 10:00 AM UTC"): the same on the server's
 * render and in the browser, whatever their time zones.
 */
export function dateTime(intl: IntlShape, value: unknown): string {
  if (typeof value !== "string" || !value) return "";
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return "";
  return intl.formatDate(date, {
    year: "numeric",
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZone: "UTC",
    timeZoneName: "short",
  });
}

/** WebhookErrors have the shape of the editor's OrganizationErrors: form-kit sorts them onto the fields shown. */
export function webhookErrors(answer: GroupAnswer | undefined, fields: readonly string[]) {
  const errors = answer?.__typename === "WebhookErrors" ? { ...answer, __typename: "OrganizationErrors" } : undefined;
  return groupErrors(errors, fields);
}

/** The limits the API checks too (analytics domain/webhooks.py). */
export const MAX_URL = 2000;
export const MAX_DESCRIPTION = 200;
/** How far back "replay the last hours" may reach (replayWebhookDeliveries' `hours`). */
export const MAX_REPLAY_HOURS = 720;
/** The deliveries a log shows, newest first. */
export const LOG_LIMIT = 50;

export type UrlProblem = "required" | "tooLong" | "invalid";

/** Why an address cannot be a webhook endpoint's, before asking the API (which checks the rest). */
export function urlProblem(url: string): UrlProblem | undefined {
  if (!url) return "required";
  if (url.length > MAX_URL) return "tooLong";
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return "invalid";
  }
  return ["https:", "http:"].includes(parsed.protocol) && parsed.hostname ? undefined : "invalid";
}

/** The description as the API keeps it: runs of white space as one space. */
export function cleanDescription(value: string): string {
  return value.split(/\s+/).filter(Boolean).join(" ");
}
