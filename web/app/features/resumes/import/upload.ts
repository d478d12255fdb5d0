/**
 * The CV goes beside GraphQL (ADR 0007): multipart to the web server, which adds the session's
 * bearer and sends it to the resumes service; importResume then reads it by id (ADR 0028).
 */
export const RESUME_UPLOAD_ENDPOINT = "/api/uploads/resumes/uploads";
export const RESUME_IMPORT_PURPOSE = "resume_import";
/** Spec 5: attachments up to 50 MB (the service checks it again, by content). */
export const MAX_IMPORT_BYTES = 50 * 1024 * 1024;
/** What the picker offers; the service decides by the bytes, never by the name. */
export const IMPORT_ACCEPT = ".pdf,.docx,.json,application/pdf,application/json,application/vnd.openxmlformats-officedocument.wordprocessingml.document";

const EXTENSIONS = [".pdf", ".docx", ".json"];
const TYPES = [
  "application/pdf",
  "application/json",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
];

export type FileRefusal = "type" | "size" | null;

/** The browser's check of a picked file: PDF, DOCX or JSON by name or type, then at most 50 MB. */
export function checkImportFile(file: File): FileRefusal {
  const name = file.name.toLowerCase();
  if (!EXTENSIONS.some((extension) => name.endsWith(extension)) && !TYPES.includes(file.type)) return "type";
  if (file.size > MAX_IMPORT_BYTES) return "size";
  return null;
}

export type UploadAnswer = { ok: true; id: string } | { ok: false; message: string | null };

/** POSTs the CV; a refusal (4xx `{error, message}`) comes back with the service's message. */
export async function uploadResumeFile(file: File): Promise<UploadAnswer> {
  const body = new FormData();
  body.append("file", file, file.name);
  body.append("purpose", RESUME_IMPORT_PURPOSE);
  try {
    const response = await fetch(RESUME_UPLOAD_ENDPOINT, { method: "POST", body, credentials: "same-origin" });
    const answer = (await response.json().catch(() => null)) as { id?: string; message?: string } | null;
    if (response.ok && answer?.id) return { ok: true, id: answer.id };
    return { ok: false, message: answer?.message ?? null };
  } catch {
    return { ok: false, message: null };
  }
}
