import type { IntlShape } from "react-intl";
import { defineMessages } from "~/lib/i18n/define-messages";
import { SITE_INTL } from "~/lib/i18n/site-intl";

/**
 * Uploads go beside GraphQL: multipart to the web server, which adds the session's bearer and
 * sends them to the service that owns the files (ADR 0007): `job_*` purposes to jobs, the rest
 * to organizations.
 */
export const UPLOAD_ENDPOINT = "/api/uploads/organizations/uploads";
export const JOB_UPLOAD_ENDPOINT = "/api/uploads/jobs/uploads";
export const MAX_UPLOAD_BYTES = 50 * 1024 * 1024;
export const IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;
export const PDF_TYPES = ["application/pdf"] as const;

export type UploadPurpose =
  | "organization_logo"
  | "organization_image"
  | "organization_document"
  | "job_file"
  | "job_logo";

export function uploadEndpoint(purpose: UploadPurpose): string {
  return purpose.startsWith("job_") ? JOB_UPLOAD_ENDPOINT : UPLOAD_ENDPOINT;
}

export interface UploadedFile {
  id: string;
  kind: string;
  mediaType: string;
  url: string;
  styles: Record<string, { url: string; width?: number | null; height?: number | null }>;
}

export type UploadResult = { ok: true; upload: UploadedFile } | { ok: false; message: string };

const messages = defineMessages({
  unavailable: { id: "uploads.unavailable", defaultMessage: "The file could not be uploaded. Try again in a moment." },
  choosePdf: { id: "uploads.choosePdf", defaultMessage: "Choose a PDF file." },
  chooseImage: { id: "uploads.chooseImage", defaultMessage: "Choose a JPEG, PNG or WebP image." },
  tooLarge: { id: "uploads.tooLarge", defaultMessage: "The file is larger than {size, number} MB." },
});

/** The refusals, for other uploaders (quick apply's attachments) that say the same. */
export const UPLOAD_MESSAGES = messages;

/** The client-side check of a picked file: its type, then its size. Null when it may go. */
export function checkFile(file: Blob, accept: readonly string[], intl: IntlShape = SITE_INTL): string | null {
  if (!accept.includes(file.type)) {
    return intl.formatMessage(accept.includes("application/pdf") ? messages.choosePdf : messages.chooseImage);
  }
  if (file.size > MAX_UPLOAD_BYTES) return intl.formatMessage(messages.tooLarge, { size: MAX_UPLOAD_BYTES / 1024 / 1024 });
  return null;
}

/** POSTs one file; a refusal (4xx `{error, message}`) comes back as its message. */
export async function uploadFile(
  file: Blob,
  purpose: UploadPurpose,
  filename = file instanceof File ? file.name : "upload",
  intl: IntlShape = SITE_INTL,
): Promise<UploadResult> {
  const unavailable = () => intl.formatMessage(messages.unavailable);
  const body = new FormData();
  body.append("file", file, filename);
  body.append("purpose", purpose);
  body.append("private", "false");
  let response: Response;
  try {
    response = await fetch(uploadEndpoint(purpose), { method: "POST", body, credentials: "same-origin" });
  } catch {
    return { ok: false, message: unavailable() };
  }
  const answer = (await response.json().catch(() => null)) as
    | (Partial<UploadedFile> & { error?: string; message?: string })
    | null;
  if (response.ok && answer?.id) return { ok: true, upload: answer as UploadedFile };
  return { ok: false, message: answer?.message || unavailable() };
}

