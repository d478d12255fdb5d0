import { screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { JOB_TEASER_LOGO_WIDTH } from "~/components/JobTeaser";
import { renderWithMantine } from "../../../test/render";
import { publishedJob } from "./job-fixture";
import { OpenPositions } from "./OpenPositions";

describe("OpenPositions", () => {
  it("shows each open job as a teaser linking to its page, with the 50 px logo", () => {
    const Stub = createRoutesStub([{ path: "/", Component: () => <OpenPositions jobs={[publishedJob]} /> }]);
    renderWithMantine(<Stub initialEntries={["/"]} />);
    expect(screen.getByRole("link", { name: publishedJob.title })).toHaveAttribute("href", "/job/gardener-berlin");
    expect(screen.getByText("€40,000 – €55,000 per year")).toBeInTheDocument();
    expect(screen.getByText("Berlin, DE")).toBeInTheDocument();
    expect(screen.getByText("Posted Nov 20, 2026")).toBeInTheDocument();
    expect(JOB_TEASER_LOGO_WIDTH).toBe(50);
  });
});
