import type { MockLink } from "@apollo/client/testing";
import { MockedProvider } from "@apollo/client/testing/react";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { renderWithMantine } from "../../../test/render";
import { AUDIT_LOG, AuditLogPage, parsePage } from "./AuditLogPage";

function renderPage(page: number, mocks: MockLink.MockedResponse[], onPageChange = vi.fn()) {
  const Stub = createRoutesStub([
    { path: "/", Component: () => <AuditLogPage page={page} onPageChange={onPageChange} /> },
  ]);
  return renderWithMantine(
    <MockedProvider mocks={mocks}>
      <Stub initialEntries={["/"]} />
    </MockedProvider>,
  );
}

const person = (id: string, name: string, email: string) => ({ __typename: "User", id, name, email });
const admin = person("a1", "Grace Admin", "grace@example.org");
const ada = person("u1", "Ada Lovelace", "ada@example.org");

const entry = (overrides: Record<string, unknown>) => ({
  __typename: "AuditEntry",
  admin,
  user: ada,
  site: "jobboard",
  operationName: null,
  fields: [],
  variables: [],
  errors: [],
  finishedAt: null,
  ...overrides,
});

const answer = (offset: number, total: number, entries: unknown[]): MockLink.MockedResponse => ({
  request: { query: AUDIT_LOG, variables: { limit: 20, offset, adminId: null, userId: null } },
  result: { data: { auditLog: { __typename: "AuditLog", total, entries } } },
});

describe("AuditLogPage", () => {
  it("lists the writes with their outcome and pages through them", async () => {
    const user = userEvent.setup();
    const onPageChange = vi.fn();
    renderPage(
      2,
      [
        answer(20, 22, [
          entry({
            writeId: "w1",
            service: "jobs",
            operationName: "PublishJob",
            fields: ["publishJob"],
            outcome: "succeeded",
            attemptedAt: "2025-03-04T10:15:00+00:00",
            finishedAt: "2025-03-04T10:15:01+00:00",
          }),
          entry({
            writeId: "w2",
            service: "identity",
            fields: ["updateProfile", "changeEmail"],
            outcome: "failed",
            errors: ["Your current password is not correct."],
            attemptedAt: "2025-03-04T09:00:00+00:00",
          }),
        ]),
      ],
      onPageChange,
    );
    const table = await screen.findByRole("table", { name: "Writes made while masquerading" });
    expect(within(table).getAllByRole("row")).toHaveLength(3);

    const cells = within(within(table).getByRole("row", { name: /PublishJob/ })).getAllByRole("cell");
    expect(cells[0]).toHaveTextContent("Mar 4, 2025, 10:15:00 AM");
    expect(cells[1]).toHaveTextContent("Grace Admin");
    expect(cells[2]).toHaveTextContent("Ada Lovelace");
    expect(cells[3]).toHaveTextContent("jobs");
    expect(cells[4]).toHaveTextContent("PublishJob");
    expect(cells[5]).toHaveTextContent("succeeded");

    const failed = within(within(table).getByRole("row", { name: /updateProfile/ })).getAllByRole("cell");
    expect(failed[4]).toHaveTextContent("updateProfile, changeEmail");
    expect(failed[4]).toHaveTextContent("Your current password is not correct.");
    expect(failed[5]).toHaveTextContent("failed");

    expect(screen.getByRole("button", { name: "Page 2, current page" })).toHaveAttribute("aria-current", "page");
    await user.click(screen.getByRole("button", { name: "Previous page" }));
    expect(onPageChange).toHaveBeenCalledWith(1);
  });

  it("says so when nobody wrote while masquerading", async () => {
    renderPage(1, [answer(0, 0, [])]);
    expect(await screen.findByText("No writes were made while masquerading.")).toBeInTheDocument();
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
    expect(screen.queryByRole("navigation")).not.toBeInTheDocument();
  });

  it("tells when the log cannot be loaded", async () => {
    renderPage(1, [
      {
        request: { query: AUDIT_LOG, variables: { limit: 20, offset: 0, adminId: null, userId: null } },
        error: new Error("gateway down"),
      },
    ]);
    expect(await screen.findByRole("alert")).toHaveTextContent("The audit log could not be loaded.");
  });
});

describe("parsePage", () => {
  it("reads a whole page number from 1, else the first page", () => {
    expect(parsePage("3")).toBe(3);
    expect(parsePage(null)).toBe(1);
    expect(parsePage("0")).toBe(1);
    expect(parsePage("2.5")).toBe(1);
    expect(parsePage("abc")).toBe(1);
  });
});
