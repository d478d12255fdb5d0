import { IconBriefcase, IconHelp, IconInbox, IconPackage, IconSquarePlus } from "@tabler/icons-react";
import { fireEvent, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub, Link } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderWithMantine } from "../../test/render";
import {
  BottomMenu,
  type MenuItem,
  Sidebar,
  sidebarStorageKey,
} from "./Sidebar";

const ITEMS: MenuItem[] = [
  { label: "Job manager", to: "/job-manager", icon: IconBriefcase },
  { label: "Post a job", to: "internal:/job/wizard", icon: IconSquarePlus },
  { label: "Applications", to: "/recruiter/applications", icon: IconInbox },
  { label: "My products", to: "/my-products", icon: IconPackage },
  { label: "Help", to: "https://help.example.org/", icon: IconHelp },
];

let largeScreen = false;
const listeners = new Set<(event: MediaQueryListEvent) => void>();

beforeEach(() => {
  window.localStorage.clear();
  largeScreen = false;
  listeners.clear();
  vi.stubGlobal("matchMedia", (query: string) => ({
    get matches() {
      return largeScreen;
    },
    media: query,
    addEventListener: (
      _: string,
      listener: (event: MediaQueryListEvent) => void,
    ) => listeners.add(listener),
    removeEventListener: (
      _: string,
      listener: (event: MediaQueryListEvent) => void,
    ) => listeners.delete(listener),
  }));
});

afterEach(() => vi.unstubAllGlobals());

function renderAt(path: string, ui: React.ReactNode) {
  const Page = () => (
    <>
      {ui}
      <Link to="/my-products">Go to products</Link>
    </>
  );
  const Stub = createRoutesStub([{ path: "*", Component: Page }]);
  renderWithMantine(<Stub initialEntries={[path]} />);
}

describe("the sidebar", () => {
  it("is collapsed by default, marks the current item and keeps labels for screen readers", async () => {
    renderAt(
      "/job-manager/123",
      <Sidebar
        kind="organization"
        items={ITEMS}
        label="Dashboard"
        autoOnLargeScreens
      />,
    );
    const nav = await screen.findByRole("navigation", { name: "Dashboard" });
    expect(nav).toHaveAttribute("data-open", "false");
    expect(
      within(nav).getByRole("link", { name: "Job manager" }),
    ).toHaveAttribute("aria-current", "page");
    expect(
      within(nav).getByRole("link", { name: "Post a job" }),
    ).toHaveAttribute("href", "/job/wizard");
    expect(within(nav).getByRole("link", { name: "Help" })).not.toHaveAttribute(
      "aria-current",
    );
  });

  it("shows each item's icon, and its label as a tooltip while collapsed", async () => {
    const user = userEvent.setup();
    renderAt(
      "/",
      <Sidebar kind="organization" items={ITEMS} label="Dashboard" autoOnLargeScreens />,
    );
    const nav = await screen.findByRole("navigation", { name: "Dashboard" });
    const postJob = within(nav).getByRole("link", { name: "Post a job" });
    // a Tabler icon, hidden from screen readers; no symbol characters
    expect(postJob.querySelector("svg.tabler-icon-square-plus")).not.toBeNull();
    expect(postJob.querySelector("svg")?.closest("[aria-hidden='true']")).not.toBeNull();
    expect(nav.textContent).not.toMatch(/[\u2190-\u2BFF]/u);
    await user.hover(postJob);
    expect(await screen.findByRole("tooltip")).toHaveTextContent("Post a job");
    await user.unhover(postJob);
    const toggle = within(nav).getByRole("button", { name: "Expand menu" });
    expect(toggle.querySelector("svg.tabler-icon-chevrons-right")).not.toBeNull();
    await user.hover(toggle);
    expect(await screen.findByRole("tooltip", { name: "Expand menu" })).toBeInTheDocument();
  });

  it("shows no tooltips while open: the labels are visible", async () => {
    const user = userEvent.setup();
    window.localStorage.setItem(sidebarStorageKey("organization"), "open");
    renderAt(
      "/",
      <Sidebar kind="organization" items={ITEMS} label="Dashboard" autoOnLargeScreens />,
    );
    const nav = await screen.findByRole("navigation", { name: "Dashboard" });
    await user.hover(within(nav).getByRole("link", { name: "Post a job" }));
    expect(within(nav).getByRole("button", { name: "Collapse menu" }).querySelector("svg.tabler-icon-chevrons-left")).not.toBeNull();
    expect(screen.queryByRole("tooltip")).toBeNull();
  });

  it("remembers the choice per user kind", async () => {
    renderAt(
      "/",
      <Sidebar
        kind="jobseeker"
        items={ITEMS}
        label="Dashboard"
        autoOnLargeScreens
      />,
    );
    fireEvent.click(await screen.findByRole("button", { name: "Expand menu" }));
    expect(
      screen.getByRole("navigation", { name: "Dashboard" }),
    ).toHaveAttribute("data-open", "true");
    expect(window.localStorage.getItem(sidebarStorageKey("jobseeker"))).toBe(
      "open",
    );
    expect(
      window.localStorage.getItem(sidebarStorageKey("organization")),
    ).toBeNull();
  });

  it("opens on large screens for signed-in people until they choose, never for visitors", async () => {
    largeScreen = true;
    renderAt(
      "/",
      <Sidebar
        kind="organization"
        items={ITEMS}
        label="Dashboard"
        autoOnLargeScreens
      />,
    );
    expect(
      await screen.findByRole("navigation", { name: "Dashboard" }),
    ).toHaveAttribute("data-open", "true");
  });

  it("stays collapsed for visitors on large screens", async () => {
    largeScreen = true;
    renderAt(
      "/",
      <Sidebar
        kind="visitor"
        items={ITEMS}
        label="Dashboard"
        autoOnLargeScreens={false}
      />,
    );
    expect(
      await screen.findByRole("navigation", { name: "Dashboard" }),
    ).toHaveAttribute("data-open", "false");
  });
});

describe("the bottom menu", () => {
  it("shows three items and the rest under More, which closes when the path changes", async () => {
    renderAt("/job-manager", <BottomMenu items={ITEMS} label="Dashboard" />);
    const nav = await screen.findByRole("navigation", { name: "Dashboard" });
    expect(within(nav).getAllByRole("link")).toHaveLength(3);
    expect(within(nav).getByRole("link", { name: "Applications" }).querySelector("svg.tabler-icon-inbox")).not.toBeNull();
    expect(within(nav).getByRole("button", { name: "More" }).querySelector("svg.tabler-icon-dots")).not.toBeNull();
    fireEvent.click(within(nav).getByRole("button", { name: "More" }));
    expect(
      await screen.findByRole("menuitem", { name: "My products" }),
    ).toBeInTheDocument();
    fireEvent.click(screen.getByRole("link", { name: "Go to products" }));
    await vi.waitFor(() =>
      expect(
        screen.queryByRole("menuitem", { name: "My products" }),
      ).toBeNull(),
    );
  });
});
