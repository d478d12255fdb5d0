import { screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import type { JobState } from "~/lib/graphql/generated/graphql";
import { renderWithMantine } from "../../../../test/render";
import type { JobView } from "../documents";
import { draftJob } from "../job-fixture";
import { PublishPanel, type PublishPhase } from "./PublishPanel";

function render(job: JobView, phase: PublishPhase = "idle", errors: string[] = []) {
  const Stub = createRoutesStub([
    { path: "/", Component: () => <PublishPanel job={job} phase={phase} errors={errors} onPublish={() => undefined} /> },
  ]);
  return renderWithMantine(<Stub initialEntries={["/"]} />);
}

describe("PublishPanel", () => {
  it.each<JobState>(["NEEDS_REVIEW", "PUBLISHED", "ARCHIVED", "SCHEDULED"])("hides publishing when the job is %s", (state) => {
    render({ ...draftJob, state });
    expect(screen.queryByRole("button", { name: "Publish the job" })).toBeNull();
  });

  it("offers publishing for a draft", () => {
    render(draftJob);
    expect(screen.getByRole("button", { name: "Publish the job" })).toBeEnabled();
  });

  it("lists what Google requires and recommends that the job lacks", () => {
    render(draftJob);
    const check = screen.getByRole("region", { name: "Search engine check" });
    expect(within(check).getByText("Google requires")).toBeInTheDocument();
    expect(within(check).getByText("Google recommends")).toBeInTheDocument();
    expect(within(check).getByText("Add a location or remote eligibility.")).toBeInTheDocument();
    expect(within(check).getByText("Add a numeric salary range.")).toBeInTheDocument();
  });

  it("says what Google requires blocks publishing, and shows the refusal publishJob answers", () => {
    // the jobs service's rule set: its message, both as the hint and as publishJob's error
    const message =
      "A remote job needs the country its applicants must live in: add a location in that country (a town is enough).";
    render(
      {
        ...draftJob,
        structuredDataHints: [{ property: "applicantLocationRequirements", level: "required", message }],
      },
      "idle",
      [message],
    );
    const check = screen.getByRole("region", { name: "Search engine check" });
    expect(within(check).getByText("Google requires")).toBeInTheDocument();
    expect(within(check).getByText("The job can be published once these are done.")).toBeInTheDocument();
    expect(within(check).getByText(message)).toBeInTheDocument();
    expect(within(check).queryByText("Google recommends")).toBeNull();
    const alert = screen.getByRole("alert");
    expect(within(alert).getByText("Please check the following")).toBeInTheDocument();
    expect(within(alert).getByText(message)).toBeInTheDocument();
  });

  it("shows a refused draft's reason in a danger alert with links to /my-products and /contact", () => {
    render({
      ...draftJob,
      refusal: { reason: "no_slots_left", message: "Your organization has no job slots left.", at: "2026-11-23T10:00:00Z" },
    });
    const alert = screen.getByRole("alert");
    expect(within(alert).getByText("Your organization has no job slots left.")).toBeInTheDocument();
    expect(within(alert).getByRole("link", { name: "My products" })).toHaveAttribute("href", "/my-products");
    expect(within(alert).getByRole("link", { name: "contact us" })).toHaveAttribute("href", "/contact");
  });

  it("says it waits for a slot while the job is AWAITING_SLOT", () => {
    render({ ...draftJob, state: "AWAITING_SLOT" }, "waiting");
    expect(screen.getByText("Waiting for a job slot")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Publish the job" })).toBeNull();
  });
});
