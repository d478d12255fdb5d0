import { describe, expect, it, vi } from "vitest";
import { checkFile, MAX_UPLOAD_BYTES, uploadFile } from "./uploads";

describe("uploads", () => {
  it("refuses other types and files over 50 MB before sending", () => {
    expect(checkFile(new File(["x"], "a.gif", { type: "image/gif" }), ["image/png"])).toBe(
      "Choose a JPEG, PNG or WebP image.",
    );
    const big = new File(["x"], "a.png", { type: "image/png" });
    Object.defineProperty(big, "size", { value: MAX_UPLOAD_BYTES + 1 });
    expect(checkFile(big, ["image/png"])).toBe("The file is larger than 50 MB.");
    expect(checkFile(new File(["x"], "a.pdf", { type: "application/pdf" }), ["application/pdf"])).toBeNull();
  });

  it("posts the file with its purpose and answers the refusal's message", async () => {
    const fetchMock = vi.fn(async () =>
      Response.json({ error: "too_small", message: "The image is too small." }, { status: 422 }),
    );
    vi.stubGlobal("fetch", fetchMock);
    const result = await uploadFile(new File(["x"], "logo.png", { type: "image/png" }), "organization_logo");
    expect(result).toEqual({ ok: false, message: "The image is too small." });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/api/uploads/organizations/uploads");
    const body = init.body as FormData;
    expect(body.get("purpose")).toBe("organization_logo");
    expect(body.get("private")).toBe("false");
    expect((body.get("file") as File).name).toBe("logo.png");
    vi.unstubAllGlobals();
  });
});
