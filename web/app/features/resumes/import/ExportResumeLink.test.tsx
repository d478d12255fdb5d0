import type { MockLink } from "@apollo/client/testing";
import { MockedProvider } from "@apollo/client/testing/react";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithMantine } from "../../../../test/render";
import { MY_RESUME_JSON_RESUME } from "./documents";
import { ExportResumeLink } from "./ExportResumeLink";

const answering = (answer: unknown): MockLink.MockedResponse => ({
  request: { query: MY_RESUME_JSON_RESUME },
  result: { data: { myResumeJsonResume: answer } },
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe("ExportResumeLink", () => {
  it("downloads the resume as a JSON Resume file under its name", async () => {
    const document = JSON.stringify({ basics: { name: "Grace Hopper" }, meta: { version: "v1.0.0" } });
    const blobs: Blob[] = [];
    vi.stubGlobal("URL", Object.assign(URL, {
      createObjectURL: vi.fn((blob: Blob) => {
        blobs.push(blob);
        return "blob:resume";
      }),
      revokeObjectURL: vi.fn(),
    }));
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      names.push(`${this.download} ${this.getAttribute("href")}`);
    });
    const user = userEvent.setup();
    renderWithMantine(
      <MockedProvider mocks={[answering({ __typename: "ResumeJsonResume", document, fileName: "Grace-Hopper.json" })]}>
        <ExportResumeLink />
      </MockedProvider>,
    );
    await user.click(screen.getByRole("button", { name: "Export as JSON Resume" }));
    await vi.waitFor(() => expect(names).toEqual(["Grace-Hopper.json blob:resume"]));
    expect(blobs[0]?.type).toBe("application/json");
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(blobs[0] as Blob);
    });
    expect(text).toBe(document);
  });

  it("says why when the export is refused", async () => {
    const user = userEvent.setup();
    renderWithMantine(
      <MockedProvider
        mocks={[
          answering({
            __typename: "ResumeImportError",
            code: "NO_RESUME",
            message: "You have no resume yet: start with your personal info.",
          }),
        ]}
      >
        <ExportResumeLink />
      </MockedProvider>,
    );
    await user.click(screen.getByRole("button", { name: "Export as JSON Resume" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("You have no resume yet");
  });
});
