import type { JobState } from "~/lib/graphql/generated/graphql";
import { defineMessages, type Message } from "~/lib/i18n/define-messages";
import { jsonForScript } from "~/lib/json-script";

/** Spec 4: the publish option is hidden in these workflow states. */
export const PUBLISH_HIDDEN_STATES: readonly JobState[] = ["NEEDS_REVIEW", "PUBLISHED", "ARCHIVED", "SCHEDULED"];

export function canPublish(state: JobState): boolean {
  return !PUBLISH_HIDDEN_STATES.includes(state) && state !== "AWAITING_SLOT" && state !== "EXPIRED";
}

/** An expired or archived job is gone: 410, noindex, no JSON-LD. */
export function isGone(state: JobState): boolean {
  return state === "EXPIRED" || state === "ARCHIVED";
}

export const STATE_LABELS: Record<JobState, Message> = defineMessages({
  DRAFT: { id: "jobs.state.draft", defaultMessage: "Draft" },
  AWAITING_SLOT: { id: "jobs.state.awaitingSlot", defaultMessage: "Waiting for a job slot" },
  NEEDS_REVIEW: { id: "jobs.state.needsReview", defaultMessage: "Needs review" },
  SCHEDULED: { id: "jobs.state.scheduled", defaultMessage: "Scheduled" },
  PUBLISHED: { id: "jobs.state.published", defaultMessage: "Published" },
  ARCHIVED: { id: "jobs.state.archived", defaultMessage: "Archived" },
  EXPIRED: { id: "jobs.state.expired", defaultMessage: "Expired" },
});

export const STATE_COLORS: Record<JobState, string> = {
  DRAFT: "gray",
  AWAITING_SLOT: "yellow",
  NEEDS_REVIEW: "orange",
  SCHEDULED: "blue",
  PUBLISHED: "green",
  ARCHIVED: "dark",
  EXPIRED: "red",
};

/** Spec 9: the unpublished job's body is faded out at this height. */
export const UNPUBLISHED_FADE_HEIGHT = 550;

export type ShareNetwork = "facebook" | "linkedin" | "email" | "twitter" | "whatsapp";

/** Spec 9: the sharing buttons of this site, in order. */
export const SHARE_NETWORKS: readonly ShareNetwork[] = ["facebook", "linkedin", "email", "twitter", "whatsapp"];

export const SHARE_LABELS: Record<ShareNetwork, Message> = defineMessages({
  facebook: { id: "jobs.share.facebook", defaultMessage: "Facebook" },
  linkedin: { id: "jobs.share.linkedin", defaultMessage: "LinkedIn" },
  email: { id: "jobs.share.email", defaultMessage: "Email" },
  twitter: { id: "jobs.share.twitter", defaultMessage: "X (Twitter)" },
  whatsapp: { id: "jobs.share.whatsapp", defaultMessage: "WhatsApp" },
});

/** The networks' own share addresses for an absolute page URL. */
export function shareUrl(network: ShareNetwork, pageUrl: string, title: string): string {
  const url = encodeURIComponent(pageUrl);
  const text = encodeURIComponent(title);
  switch (network) {
    case "facebook":
      return `https://www.facebook.com/sharer/sharer.php?u=${url}`;
    case "linkedin":
      return `https://www.linkedin.com/sharing/share-offsite/?url=${url}`;
    case "email":
      return `mailto:?subject=${text}&body=${encodeURIComponent(`${title}\n${pageUrl}`)}`;
    case "twitter":
      return `https://twitter.com/intent/tweet?url=${url}&text=${text}`;
    case "whatsapp":
      return `https://wa.me/?text=${encodeURIComponent(`${title} ${pageUrl}`)}`;
  }
}

/**
 * The API's JSON-LD string made safe inside a script element: parsed and serialized again with
 * every `<` escaped, so a `</script>` in a title or description cannot end the element. Null
 * when there is none or it does not parse.
 */
export function jobJsonLdScript(jsonLd: string | null | undefined): string | null {
  if (!jsonLd) return null;
  try {
    return jsonForScript(JSON.parse(jsonLd) as unknown);
  } catch {
    return null;
  }
}

/** The hostname a link job's apply button goes to, for "Opens example.com". */
export function hostnameOf(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url).hostname.replace(/^www\./, "");
  } catch {
    return null;
  }
}

/** A Date/DateTime scalar (typed unknown by codegen) as its string, "" for none. */
export function scalarString(value: unknown): string {
  return typeof value === "string" ? value : "";
}
