import { screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { renderWithMantine } from "../../test/render";
import { AppShell } from "./AppShell";

function renderShellAt(path: string, logoTarget?: string, showResumes?: boolean, siteName?: string) {
  const Stub = createRoutesStub([
    {
      path: "/",
      Component: () => (
        <AppShell logoTarget={logoTarget} showResumes={showResumes} siteName={siteName}>
          Home content
        </AppShell>
      ),
    },
  ]);
  return renderWithMantine(<Stub initialEntries={[path]} />);
}

describe("AppShell", () => {
  it("links the logo to the site's target (/jobs on this site)", async () => {
    renderShellAt("/", "/jobs");
    const logo = await screen.findByTestId("site-logo");
    expect(logo).toHaveTextContent("Jobboard");
    expect(logo).toHaveAttribute("href", "/jobs");
  });

  it("shows the site's own name as the logo (several sites share the code)", async () => {
    renderShellAt("/", "/", false, "Jobboard US");
    expect(await screen.findByTestId("site-logo")).toHaveTextContent("Jobboard US");
  });

  it("links the logo to / when the site sets nothing", async () => {
    renderShellAt("/");
    expect(await screen.findByTestId("site-logo")).toHaveAttribute("href", "/");
  });

  it("shows the main navigation in order", async () => {
    renderShellAt("/", undefined, true);
    const nav = await screen.findByRole("navigation", { name: "Main" });
    const links = within(nav).getAllByRole("link");
    expect(links.map((link) => [link.textContent, link.getAttribute("href")])).toEqual([
      ["Jobs", "/jobs"],
      ["Organizations", "/organizations"],
      ["Resumes", "/resumes"],
      ["Log in", "/user/login"],
    ]);
  });

  it("leaves Resumes out for those who cannot search resumes (visitors, applicants, the feature off)", async () => {
    renderShellAt("/");
    const nav = await screen.findByRole("navigation", { name: "Main" });
    expect(within(nav).queryByRole("link", { name: "Resumes" })).not.toBeInTheDocument();
    expect(within(nav).getByRole("link", { name: "Jobs" })).toBeInTheDocument();
  });

  it("renders the page inside main, between header and footer", async () => {
    renderShellAt("/");
    expect(await screen.findByRole("main")).toHaveTextContent("Home content");
    expect(screen.getByRole("banner")).toBeInTheDocument();
    expect(screen.getByRole("contentinfo")).toBeInTheDocument();
  });
});
