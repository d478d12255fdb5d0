import { screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { renderWithMantine } from "../../../test/render";
import { AppliedNotice } from "./AppliedNotice";

function renderNotice(status: "NEW" | "REVIEWED" | "SHORTLISTED" | "REJECTED" | "HIRED") {
  const Stub = createRoutesStub([
    { path: "/", Component: () => <AppliedNotice application={{ id: "a1", status, createdAt: "2026-11-20T08:00:00Z" }} /> },
  ]);
  renderWithMantine(<Stub initialEntries={["/"]} />);
}

describe("AppliedNotice", () => {
  it("says when the person applied, the status as My applications names it, and the way there", () => {
    renderNotice("REVIEWED");
    const notice = screen.getByRole("status");
    expect(notice).toHaveTextContent("You applied on Nov 20, 2026");
    expect(notice).toHaveTextContent("Status:Reviewed");
    expect(within(notice).getByRole("link", { name: "See your applications" })).toHaveAttribute("href", "/my-applications");
  });

  it("names every status", () => {
    renderNotice("HIRED");
    expect(screen.getByRole("status")).toHaveTextContent("Hired");
  });
});
