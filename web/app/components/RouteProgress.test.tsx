import { act, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub, Link, Outlet } from "react-router";
import { describe, expect, it } from "vitest";
import { renderWithMantine } from "../../test/render";
import { NavigationRouteProgress, RouteProgress, ROUTE_PROGRESS_TEST_ID } from "./RouteProgress";

const bar = () => screen.getByTestId(ROUTE_PROGRESS_TEST_ID);

describe("RouteProgress", () => {
  it("shows while active and hides once inactive", async () => {
    const { rerender } = renderWithMantine(<RouteProgress active />);
    expect(bar()).toHaveAttribute("data-mounted");
    expect(bar()).toHaveAttribute("aria-hidden", "false");

    rerender(<RouteProgress active={false} />);
    await waitFor(() => expect(bar()).not.toHaveAttribute("data-mounted"));
    expect(bar()).toHaveAttribute("aria-hidden", "true");
  });

  it("stays hidden when no navigation has happened", () => {
    renderWithMantine(<RouteProgress active={false} />);
    expect(bar()).not.toHaveAttribute("data-mounted");
  });
});

describe("NavigationRouteProgress", () => {
  it("follows the router: shown while a route loads, hidden when navigation is idle", async () => {
    let finishLoading: (value: null) => void = () => undefined;
    const slowData = new Promise<null>((resolve) => {
      finishLoading = resolve;
    });

    const Stub = createRoutesStub([
      {
        path: "/",
        Component: () => (
          <>
            <NavigationRouteProgress />
            <Link to="/slow">Go slow</Link>
            <Outlet />
          </>
        ),
        children: [
          { index: true, Component: () => <p>Start page</p> },
          { path: "slow", loader: () => slowData, Component: () => <h1>Slow page</h1> },
        ],
      },
    ]);
    renderWithMantine(<Stub initialEntries={["/"]} />);
    await screen.findByText("Start page");
    expect(bar()).not.toHaveAttribute("data-mounted");

    await userEvent.click(screen.getByRole("link", { name: "Go slow" }));
    await waitFor(() => expect(bar()).toHaveAttribute("data-mounted"));
    expect(screen.queryByRole("heading", { name: "Slow page" })).not.toBeInTheDocument();

    await act(async () => finishLoading(null));
    await screen.findByRole("heading", { name: "Slow page" });
    await waitFor(() => expect(bar()).not.toHaveAttribute("data-mounted"));
  });
});
