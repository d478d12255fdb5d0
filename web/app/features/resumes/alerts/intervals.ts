import { defineMessages, type Message } from "~/lib/i18n/define-messages";

/** Spec 9's resume alert intervals in seconds, in the order the forms offer them; -1 saves the
 * search without mails. */
export const RESUME_ALERT_INTERVALS = [86400, 604800, 2628000, -1] as const;
export type ResumeAlertInterval = (typeof RESUME_ALERT_INTERVALS)[number];

const messages = defineMessages({
  daily: { id: "resumes.alert.interval.daily", defaultMessage: "Daily" },
  weekly: { id: "resumes.alert.interval.weekly", defaultMessage: "Weekly" },
  monthly: { id: "resumes.alert.interval.monthly", defaultMessage: "Monthly" },
  none: { id: "resumes.alert.interval.none", defaultMessage: "No alerts" },
});

export const INTERVAL_LABELS: Record<ResumeAlertInterval, Message> = {
  86400: messages.daily,
  604800: messages.weekly,
  2628000: messages.monthly,
  [-1]: messages.none,
};

export function isResumeAlertInterval(value: number): value is ResumeAlertInterval {
  return (RESUME_ALERT_INTERVALS as readonly number[]).includes(value);
}

/** The edit page of a resume alert (spec 2). */
export function resumeAlertEditPath(id: string): string {
  return `/resume-alert/edit/${encodeURIComponent(id)}`;
}

/** The resume search page for an alert's search, marked so that it can save the search back. */
export function resumeAlertSearchPath(path: string, id: string): string {
  return `${path}${path.includes("?") ? "&" : "?"}alert=${encodeURIComponent(id)}`;
}
