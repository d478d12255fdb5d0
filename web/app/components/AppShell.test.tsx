import { screen, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { renderWithMantine } from "../../test/render";
import { AppShell } from "./AppShell";

function renderShellAt(path: string, logoTarget?: string, showResumes?: boolean, siteName?: string, notice?: ReactNode) {
  const Stub = createRoutesStub([
    {
      path: "/",
      Component: () => (
        <AppShell logoTarget={logoTarget} showResumes={showResumes} siteName={siteName} notice={notice}>
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

  it("puts the notice (the cookie banner) right after the skip link, before the header and the page", async () => {
    const notice = (
      <section aria-label="Cookies">
        <button type="button">Accept all</button>
      </section>
    );
    const { container } = renderShellAt("/", undefined, undefined, undefined, notice);
    await screen.findByRole("main");
    // the keyboard's order: the skip link first, then the notice's controls, then the header's
    const focusable = [...container.querySelectorAll("a[href], button")].map((element) => element.textContent);
    expect(focusable.slice(0, 3)).toEqual(["Skip to content", "Accept all", "Jobboard"]);
    const region = screen.getByRole("region", { name: "Cookies" });
    const follows = (a: Element, b: Element) => Boolean(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);
    expect(follows(region, screen.getByRole("banner"))).toBe(true);
    expect(follows(region, screen.getByRole("main"))).toBe(true);
  });
});
