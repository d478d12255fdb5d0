import { describe, expect, it } from "vitest";
import {
  basicInfoErrors,
  checkAttachment,
  clearDraft,
  EMPTY_DRAFT,
  DRAFT_TTL_MS,
  loadDraft,
  nextStep,
  pageEvent,
  previousStep,
  saveDraft,
  splitName,
  stepOfField,
  STEPS,
} from "./quick-apply";

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
    removeItem: (k: string) => void items.delete(k),
  };
}

describe("quick apply", () => {
  it("has the spec's five pages, each with its qa_* event", () => {
    expect(STEPS.map(pageEvent)).toEqual([
      "qa_basic_info",
      "qa_questions",
      "qa_file_upload",
      "qa_review_info",
      "qa_success",
    ]);
    expect(nextStep("basic-info")).toBe("questions");
    expect(nextStep("success")).toBeNull();
    expect(previousStep("basic-info")).toBeNull();
  });

  it("keeps what was typed per job, prefills only a new draft, and clears it", () => {
    const storage = memoryStorage();
    const prefill = { firstName: "Ada", emailAddress: "ada@example.org" };
    expect(loadDraft(storage, "a", prefill).firstName).toBe("Ada");
    saveDraft(storage, "a", {
      ...EMPTY_DRAFT,
      firstName: "Grace",
      answers: ["Yes"],
    });
    expect(loadDraft(storage, "a", prefill)).toMatchObject({
      firstName: "Grace",
      answers: ["Yes"],
    });
    expect(loadDraft(storage, "b").firstName).toBe("");
    clearDraft(storage, "a");
    expect(loadDraft(storage, "a").firstName).toBe("");
  });

  it("keeps a draft for a week, then starts over from the prefill", () => {
    const storage = memoryStorage();
    const saved = Date.UTC(2026, 10, 1);
    saveDraft(storage, "a", { ...EMPTY_DRAFT, firstName: "Grace" }, saved);
    const prefill = { firstName: "Ada" };
    expect(
      loadDraft(storage, "a", prefill, saved + DRAFT_TTL_MS).firstName,
    ).toBe("Grace");
    expect(
      loadDraft(storage, "a", prefill, saved + DRAFT_TTL_MS + 1).firstName,
    ).toBe("Ada");
    // a draft of the former format (no date) is not trusted either
    storage.setItem(
      "jobboard.quick-apply.b",
      JSON.stringify({ ...EMPTY_DRAFT, firstName: "Old" }),
    );
    expect(loadDraft(storage, "b", prefill).firstName).toBe("Ada");
  });

  it("checks files and the basic info before the server does", () => {
    expect(
      checkAttachment({ type: "application/x-msdownload", size: 10 }),
    ).toMatch(/PDF/);
    expect(
      checkAttachment({ type: "application/pdf", size: 51 * 1024 * 1024 }),
    ).toMatch(/50 MB/);
    expect(checkAttachment({ type: "image/webp", size: 10 })).toBeNull();
    expect(Object.keys(basicInfoErrors(EMPTY_DRAFT))).toEqual([
      "firstName",
      "lastName",
      "emailAddress",
    ]);
    expect(splitName("Ada Lovelace King")).toEqual({
      firstName: "Ada",
      lastName: "Lovelace King",
    });
  });

  it("sends the applicant back to the page of a refused field", () => {
    expect(stepOfField("answers.0")).toBe("questions");
    expect(stepOfField("attachments.1.uploadId")).toBe("file-upload");
    expect(stepOfField("emailAddress")).toBe("basic-info");
    expect(stepOfField("captchaToken")).toBe("review-info");
  });
});
