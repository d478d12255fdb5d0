/**
 * Quick apply (spec 1): five pages, each tracked as its qa_* page view (spec 7). What the applicant
 * typed lives in local storage per job, so back, forward, a reload, another tab or leaving and
 * coming back days later keep it; it is cleared once the application is sent, and a draft left
 * untouched for DRAFT_TTL_MS, or when someone logs out, is forgotten (it holds personal details
 * on a possibly shared device: lib/personal-drafts).
 */

import type { IntlShape } from "react-intl";
import { defineMessages, type Message } from "~/lib/i18n/define-messages";
import { SITE_INTL } from "~/lib/i18n/site-intl";
import { QUICK_APPLY_DRAFT_PREFIX } from "~/lib/personal-drafts";
import { UPLOAD_MESSAGES } from "~/lib/uploads";

export const STEPS = [
  "basic-info",
  "questions",
  "file-upload",
  "review-info",
  "success",
] as const;
export type Step = (typeof STEPS)[number];

export const STEP_TITLES: Record<Step, Message> = defineMessages({
  "basic-info": { id: "applications.step.basicInfo", defaultMessage: "Basic info" },
  questions: { id: "applications.step.questions", defaultMessage: "Questions" },
  "file-upload": { id: "applications.step.fileUpload", defaultMessage: "File upload" },
  "review-info": { id: "applications.step.reviewInfo", defaultMessage: "Review info" },
  success: { id: "applications.step.success", defaultMessage: "Success" },
});

/** The steps the review page links back to when the server refused one of their fields. */
export type ChangeableStep = "basic-info" | "questions" | "file-upload";

export const STEP_CHANGE: Record<ChangeableStep, Message> = defineMessages({
  "basic-info": { id: "applications.step.change.basicInfo", defaultMessage: "Change basic info" },
  questions: { id: "applications.step.change.questions", defaultMessage: "Change questions" },
  "file-upload": { id: "applications.step.change.fileUpload", defaultMessage: "Change file upload" },
});

export function isChangeableStep(step: Step): step is ChangeableStep {
  return step in STEP_CHANGE;
}

const messages = defineMessages({
  fileType: { id: "applications.file.type", defaultMessage: "Choose a PDF, JPG, PNG or WebP file." },
  firstName: { id: "applications.basicInfo.firstName.missing", defaultMessage: "Enter your first name." },
  lastName: { id: "applications.basicInfo.lastName.missing", defaultMessage: "Enter your last name." },
  email: { id: "applications.basicInfo.email.invalid", defaultMessage: "Enter a valid email address." },
});

/** The analytics page event of each step: qa_basic_info, qa_questions, ... */
export function pageEvent(step: Step): `qa_${string}` {
  return `qa_${step.replace(/-/g, "_")}`;
}

export function isStep(value: string | undefined): value is Step {
  return (STEPS as readonly string[]).includes(value ?? "");
}

export function stepPath(slug: string, step: Step): string {
  return `/job/${encodeURIComponent(slug)}/apply/${step}`;
}

export function nextStep(step: Step): Step | null {
  const index = STEPS.indexOf(step);
  return index >= 0 && index < STEPS.length - 1
    ? (STEPS[index + 1] ?? null)
    : null;
}

export function previousStep(step: Step): Step | null {
  const index = STEPS.indexOf(step);
  return index > 0 ? (STEPS[index - 1] ?? null) : null;
}

export type AttachmentKind = "CV" | "COVER_LETTER" | "OTHER";

export interface DraftAttachment {
  uploadId: string;
  filename: string;
  kind: AttachmentKind;
  /** Where the applicant opens the uploaded file (jobs serves a private file to its uploader). */
  url?: string;
  /** The PDF rendered from the applicant's resume ("Use my resume", ADR 0033). */
  fromResume?: boolean;
}

export interface Draft {
  firstName: string;
  lastName: string;
  emailAddress: string;
  phone: string;
  coverLetter: string;
  answers: string[];
  attachments: DraftAttachment[];
  started: boolean;
}

export const EMPTY_DRAFT: Draft = {
  firstName: "",
  lastName: "",
  emailAddress: "",
  phone: "",
  coverLetter: "",
  answers: [],
  attachments: [],
  started: false,
};

const key = (slug: string) => `${QUICK_APPLY_DRAFT_PREFIX}${slug}`;

/** How long an untouched draft is kept: a week. */
export const DRAFT_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * The stored draft, or the prefill (a signed-in applicant's name and address) for a new one, or
 * when the stored one is damaged or older than DRAFT_TTL_MS.
 */
export function loadDraft(
  storage: Pick<Storage, "getItem"> | undefined,
  slug: string,
  prefill: Partial<Draft> = {},
  now: number = Date.now(),
): Draft {
  const raw = storage?.getItem(key(slug));
  if (raw) {
    try {
      const { savedAt, ...parsed } = JSON.parse(raw) as Partial<Draft> & {
        savedAt?: number;
      };
      if (typeof savedAt === "number" && now - savedAt <= DRAFT_TTL_MS) {
        return { ...EMPTY_DRAFT, ...parsed };
      }
    } catch {
      // a damaged draft starts over
    }
  }
  return { ...EMPTY_DRAFT, ...prefill };
}

export function saveDraft(
  storage: Pick<Storage, "setItem"> | undefined,
  slug: string,
  draft: Draft,
  now: number = Date.now(),
): void {
  storage?.setItem(key(slug), JSON.stringify({ ...draft, savedAt: now }));
}

export function clearDraft(
  storage: Pick<Storage, "removeItem"> | undefined,
  slug: string,
): void {
  storage?.removeItem(key(slug));
}

/** Splits "Ada Okafor" into first and last name for the prefill. */
export function splitName(name: string | null | undefined): {
  firstName: string;
  lastName: string;
} {
  const parts = (name ?? "").trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return { firstName: "", lastName: "" };
  return { firstName: parts[0] ?? "", lastName: parts.slice(1).join(" ") };
}

/** The basic info a resume holds (its name and phone; the email is the account's): only what
 * it has, so an empty field keeps the account's value. */
export function prefillFromResume(resume: {
  firstName?: string | null;
  lastName?: string | null;
  phone?: string | null;
}): Partial<Draft> {
  const prefill: Partial<Draft> = {};
  if (resume.firstName?.trim()) prefill.firstName = resume.firstName.trim();
  if (resume.lastName?.trim()) prefill.lastName = resume.lastName.trim();
  if (resume.phone?.trim()) prefill.phone = resume.phone.trim();
  return prefill;
}

/** The bytes of a base64 text as a file to upload (the resume PDF myResumePdf answers). */
export function fileFromBase64(content: string, fileName: string, mediaType: string): File {
  const binary = atob(content);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return new File([bytes], fileName, { type: mediaType });
}

export const MAX_ATTACHMENT_BYTES = 50 * 1024 * 1024;
export const ATTACHMENT_TYPES = [
  "application/pdf",
  "image/jpeg",
  "image/png",
  "image/webp",
];

/** The client-side check of a picked file (the server checks the content again). */
export function checkAttachment(
  file: {
    type: string;
    size: number;
  },
  intl: IntlShape = SITE_INTL,
): string | null {
  if (!ATTACHMENT_TYPES.includes(file.type)) return intl.formatMessage(messages.fileType);
  if (file.size > MAX_ATTACHMENT_BYTES)
    return intl.formatMessage(UPLOAD_MESSAGES.tooLarge, { size: MAX_ATTACHMENT_BYTES / 1024 / 1024 });
  return null;
}

/** What the basic info page must have before going on (the server checks again). */
export function basicInfoErrors(
  draft: Draft,
  intl: IntlShape = SITE_INTL,
): Partial<Record<"firstName" | "lastName" | "emailAddress", string>> {
  const errors: Partial<
    Record<"firstName" | "lastName" | "emailAddress", string>
  > = {};
  if (!draft.firstName.trim()) errors.firstName = intl.formatMessage(messages.firstName);
  if (!draft.lastName.trim()) errors.lastName = intl.formatMessage(messages.lastName);
  if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(draft.emailAddress.trim())) {
    errors.emailAddress = intl.formatMessage(messages.email);
  }
  return errors;
}

/** The step a server error's field belongs to, to send the applicant back there. */
export function stepOfField(field: string | null | undefined): Step {
  if (!field) return "review-info";
  if (field.startsWith("answers")) return "questions";
  if (field.startsWith("attachments") || field === "coverLetter")
    return "file-upload";
  if (["firstName", "lastName", "emailAddress", "phone"].includes(field))
    return "basic-info";
  return "review-info";
}

/**
 * The drafts as an external store for useSyncExternalStore: the server (and the first render)
 * sees the prefill, the browser the stored draft; writers notify the pages.
 */
const listeners = new Set<() => void>();
const snapshots = new Map<
  string,
  { raw: string | null; prefill: string; draft: Draft }
>();

function storage(): Storage | undefined {
  return typeof window === "undefined" ? undefined : window.localStorage;
}

export function subscribeDrafts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The stored draft, the same object while nothing changed (as the store contract asks): neither
 * the stored text nor the prefill (another account signed in, a resume saved meanwhile).
 */
export function draftSnapshot(slug: string, prefill: Partial<Draft>): Draft {
  const raw = storage()?.getItem(key(slug)) ?? null;
  const wanted = JSON.stringify(prefill);
  const cached = snapshots.get(slug);
  if (cached && cached.raw === raw && cached.prefill === wanted) return cached.draft;
  const draft = loadDraft(storage(), slug, prefill);
  snapshots.set(slug, { raw, prefill: wanted, draft });
  return draft;
}

export function writeDraft(slug: string, draft: Draft): void {
  saveDraft(storage(), slug, draft);
  listeners.forEach((listener) => listener());
}

export function forgetDraft(slug: string): void {
  clearDraft(storage(), slug);
  snapshots.delete(slug);
  listeners.forEach((listener) => listener());
}
