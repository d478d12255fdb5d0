import type { ApplicationStatus } from "~/lib/graphql/generated/graphql";

/** The pipeline (jobs' domain rule, mirrored for the choices offered). */
export const STATUS_LABELS: Record<ApplicationStatus, string> = {
  NEW: "New",
  REVIEWED: "Reviewed",
  SHORTLISTED: "Shortlisted",
  REJECTED: "Rejected",
  HIRED: "Hired",
};

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

const DATE = new Intl.DateTimeFormat("en-US", {
  dateStyle: "medium",
  timeZone: "UTC",
});

export function formatDate(value: unknown): string {
  return typeof value === "string" && value
    ? DATE.format(new Date(value))
    : "–";
}
