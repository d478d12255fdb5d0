import type { MockLink } from "@apollo/client/testing";
import { MockedProvider } from "@apollo/client/testing/react";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { renderWithMantine } from "../../../test/render";
import { ERASURE_REQUESTS, ErasureRequestsPage, LIFT_LEGAL_HOLD } from "./ErasureRequestsPage";

function renderPage(
  mocks: MockLink.MockedResponse[],
  { pendingOnly = false, onPendingOnlyChange = vi.fn() }: { pendingOnly?: boolean; onPendingOnlyChange?: (value: boolean) => void } = {},
) {
  const Stub = createRoutesStub([
    {
      path: "/",
      Component: () => (
        <ErasureRequestsPage page={1} pendingOnly={pendingOnly} onPageChange={vi.fn()} onPendingOnlyChange={onPendingOnlyChange} />
      ),
    },
  ]);
  return renderWithMantine(
    <MockedProvider mocks={mocks}>
      <Stub initialEntries={["/"]} />
    </MockedProvider>,
  );
}

const count = (kind: string, n: number) => ({ __typename: "ErasureCount", kind, count: n });
const progress = (service: string, state: "PENDING" | "CONFIRMED", erased: unknown[] = [], anonymized: unknown[] = []) => ({
  __typename: "ErasureServiceProgress",
  service,
  state,
  confirmedAt: state === "CONFIRMED" ? "2026-11-20T08:01:00+00:00" : null,
  erased,
  anonymized,
});

const answer = (pendingOnly: boolean, total: number, requests: unknown[]): MockLink.MockedResponse => ({
  request: { query: ERASURE_REQUESTS, variables: { pendingOnly, limit: 20, offset: 0 } },
  result: { data: { erasureRequests: { __typename: "ErasureRequests", total, requests } } },
});

const pending = {
  __typename: "ErasureRequest",
  userId: "7f0c1d2e-0000-4000-8000-000000000001",
  requestedBy: "7f0c1d2e-0000-4000-8000-000000000001",
  requestedAt: "2026-11-20T08:00:00+00:00",
  lastAskedAt: "2026-11-20T08:30:00+00:00",
  attempts: 3,
  completedAt: null,
  heldReason: null,
  services: [
    progress("jobs", "CONFIRMED", [count("bookmarks", 2)], [count("applications", 1)]),
    progress("search", "PENDING"),
  ],
};
const complete = {
  ...pending,
  userId: "7f0c1d2e-0000-4000-8000-000000000002",
  requestedBy: "admin-1",
  attempts: 1,
  completedAt: "2026-11-19T10:05:00+00:00",
  services: [progress("jobs", "CONFIRMED"), progress("search", "CONFIRMED", [count("job alerts", 1)])],
};

describe("ErasureRequestsPage", () => {
  it("shows each erasure's progress per service, what was erased and what was kept anonymized", async () => {
    renderPage([answer(false, 2, [pending, complete])]);
    const table = await screen.findByRole("table", { name: "Erasure requests" });
    const waiting = within(table).getByRole("row", { name: /000000000001/ });
    expect(waiting).toHaveTextContent("the person");
    expect(waiting).toHaveTextContent("1 of 2 confirmed · asked 3 times");
    expect(waiting).toHaveTextContent("jobs: confirmed");
    expect(waiting).toHaveTextContent("erased 2 bookmarks");
    expect(waiting).toHaveTextContent("kept anonymized 1 applications");
    expect(waiting).toHaveTextContent("search: waiting");
    const done = within(table).getByRole("row", { name: /000000000002/ });
    expect(done).toHaveTextContent("an administrator (admin-1)");
    expect(done).toHaveTextContent("Complete Nov 19, 2026, 10:05 AM");
  });

  it("shows a held erasure with its reason and lifts the hold", async () => {
    const user = userEvent.setup();
    const held = { ...pending, attempts: 0, heldReason: "Court order 12/2026", services: [progress("jobs", "PENDING")] };
    renderPage([
      answer(false, 1, [held]),
      {
        request: { query: LIFT_LEGAL_HOLD, variables: { userId: held.userId } },
        result: { data: { liftLegalHold: { __typename: "LegalHoldChanged", userId: held.userId, reason: null } } },
      },
      answer(false, 1, [{ ...held, attempts: 1, heldReason: null }]),
    ]);
    const table = await screen.findByRole("table", { name: "Erasure requests" });
    const row = within(table).getByRole("row", { name: /000000000001/ });
    expect(row).toHaveTextContent("On legal hold: Court order 12/2026");
    expect(row).toHaveTextContent("No service is asked to erase until the hold is lifted.");
    await user.click(within(row).getByRole("button", { name: "Lift the hold" }));
    expect(await within(table).findByText("0 of 1 confirmed · asked once")).toBeInTheDocument();
    expect(within(table).queryByText(/On legal hold/)).toBeNull();
  });

  it("filters to the requests not complete yet, and says when there is none", async () => {
    const user = userEvent.setup();
    const onPendingOnlyChange = vi.fn();
    renderPage([answer(true, 0, [])], { pendingOnly: true, onPendingOnlyChange });
    expect(await screen.findByText("Every erasure is complete.")).toBeInTheDocument();
    await user.click(screen.getByText("All"));
    expect(onPendingOnlyChange).toHaveBeenCalledWith(false);
  });

  it("says so when the requests cannot be loaded", async () => {
    renderPage([{ request: { query: ERASURE_REQUESTS, variables: { pendingOnly: false, limit: 20, offset: 0 } }, error: new Error("down") }]);
    expect(await screen.findByRole("alert")).toHaveTextContent("could not be loaded");
  });
});
