import { InMemoryCache } from "@apollo/client";
import type { MockLink } from "@apollo/client/testing";
import { MockedProvider } from "@apollo/client/testing/react";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { renderWithMantine } from "../../../../test/render";
import { possibleTypes } from "~/lib/graphql/generated/possible-types";
import { CREATE_API_KEY, ORGANIZATION_API_KEYS, ORGANIZATION_API_KEYS_PAGE, REVOKE_API_KEY } from "./documents";
import { OrganizationApiKeysPage } from "./OrganizationApiKeysPage";

function renderPage(mocks: MockLink.MockedResponse[]) {
  const Stub = createRoutesStub([{ path: "/", Component: () => <OrganizationApiKeysPage id="p1" /> }]);
  return renderWithMantine(
    <MockedProvider mocks={mocks} cache={new InMemoryCache({ possibleTypes })}>
      <Stub initialEntries={["/"]} />
    </MockedProvider>,
  );
}

const page: MockLink.MockedResponse = {
  request: { query: ORGANIZATION_API_KEYS_PAGE, variables: { id: "p1" } },
  result: {
    data: {
      organizationProfile: {
        __typename: "OrganizationProfile",
        id: "p1",
        slug: "acme",
        name: "Acme",
        organization: { __typename: "Organization", id: "o1", name: "Acme" },
      },
    },
  },
};

interface KeyFields {
  id: string;
  name: string;
  prefix: string;
  scopes: string[];
  lastUsedAt?: string | null;
  revokedAt?: string | null;
}

const apiKey = ({ lastUsedAt = null, revokedAt = null, ...fields }: KeyFields) => ({
  __typename: "ApiKey",
  createdAt: "2026-11-20T10:00:00Z",
  createdByEmail: "rita@acme.test",
  lastUsedAt,
  revokedAt,
  ...fields,
});

const greenhouse = apiKey({ id: "k1", name: "Greenhouse", prefix: "jbk_abc123", scopes: ["JOBS", "APPLICATIONS"] });
const old = apiKey({
  id: "k0",
  name: "Old ATS",
  prefix: "jbk_zzz999",
  scopes: ["JOBS"],
  lastUsedAt: "2026-11-01T08:00:00Z",
  revokedAt: "2026-11-02T09:00:00Z",
});

const keys = (...list: ReturnType<typeof apiKey>[]): MockLink.MockedResponse => ({
  request: { query: ORGANIZATION_API_KEYS, variables: { organizationId: "o1" } },
  result: { data: { apiKeys: list } },
});

const SECRET = "jbk_abc123def456ghi789jkl012mno345pqr678stu901v";

describe("OrganizationApiKeysPage", () => {
  it("lists the keys, active ones first and revoked ones muted at the end, and links the API's documentation", async () => {
    // the API answers active first; the page keeps revoked keys last even if it did not
    renderPage([page, keys(old, greenhouse)]);
    expect(await screen.findByRole("heading", { level: 1, name: "API keys of Acme" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "the ATS API's interactive documentation" })).toHaveAttribute(
      "href",
      "/api/ats/v1/docs",
    );
    const table = await screen.findByRole("table", { name: "Keys" });
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows).toHaveLength(2);

    const [active, revoked] = rows as [HTMLElement, HTMLElement];
    expect(active).toHaveTextContent("Greenhouse");
    expect(active).toHaveTextContent("jbk_abc123…");
    expect(within(active).getByText("Jobs")).toBeInTheDocument();
    expect(within(active).getByText("Applications")).toBeInTheDocument();
    expect(active).toHaveTextContent("Nov 20, 2026");
    expect(active).toHaveTextContent("by rita@acme.test");
    expect(active).toHaveTextContent("Never");
    expect(within(active).getByText("Active")).toBeInTheDocument();
    expect(within(active).getByRole("button", { name: "Revoke Greenhouse" })).toBeInTheDocument();

    expect(revoked).toHaveTextContent("Old ATS");
    expect(revoked).toHaveAttribute("data-revoked");
    expect(revoked).toHaveTextContent("Nov 1, 2026");
    expect(within(revoked).getByText("Revoked on Nov 2, 2026")).toBeInTheDocument();
    // a revoked key cannot be revoked again, only removed from the list
    expect(within(revoked).queryByRole("button", { name: /^Revoke/ })).not.toBeInTheDocument();
    expect(within(revoked).getByRole("button", { name: "Remove Old ATS from the list" })).toBeInTheDocument();
  });

  it("creates a key with both scopes, shows its secret once, and lists it", async () => {
    const user = userEvent.setup();
    renderPage([
      page,
      keys(),
      {
        request: { query: CREATE_API_KEY, variables: { organizationId: "o1", name: "Greenhouse", scopes: ["JOBS", "APPLICATIONS"] } },
        result: { data: { createApiKey: { __typename: "ApiKeyCreated", key: greenhouse, secret: SECRET } } },
      },
      keys(greenhouse),
    ]);
    const list = await screen.findByRole("region", { name: "Keys" });
    expect(await within(list).findByText("No API keys yet.")).toBeInTheDocument();

    const form = screen.getByRole("region", { name: "Create a key" });
    expect(within(form).getByRole("checkbox", { name: /^Jobs/ })).toBeChecked();
    expect(within(form).getByRole("checkbox", { name: /^Applications/ })).toBeChecked();
    await user.type(within(form).getByRole("textbox", { name: /^Name/ }), "  Greenhouse ");
    await user.click(within(form).getByRole("button", { name: "Create key" }));

    const panel = await within(form).findByRole("status", { name: "Your new key Greenhouse" });
    expect(panel).toHaveTextContent("it will not be shown again");
    const secret = within(panel).getByRole("textbox", { name: "Secret key" });
    expect(secret).toHaveValue(SECRET);
    expect(secret).toHaveAttribute("readonly");
    expect(secret).toHaveFocus();
    expect(within(panel).getByRole("button", { name: "Copy key" })).toBeInTheDocument();
    expect(within(form).getByRole("textbox", { name: /^Name/ })).toHaveValue("");

    expect(await within(list).findByRole("button", { name: "Revoke Greenhouse" })).toBeInTheDocument();
    expect(within(list).queryByText("No API keys yet.")).not.toBeInTheDocument();

    await user.click(within(panel).getByRole("button", { name: "I have stored the key" }));
    expect(screen.queryByDisplayValue(SECRET)).not.toBeInTheDocument();
    expect(screen.queryByRole("status", { name: /Your new key/ })).not.toBeInTheDocument();
  });

  it("checks the form first, then shows the API's errors on their fields and the rest in the danger list", async () => {
    const user = userEvent.setup();
    renderPage([
      page,
      keys(),
      {
        request: { query: CREATE_API_KEY, variables: { organizationId: "o1", name: "Workday", scopes: ["APPLICATIONS"] } },
        result: {
          data: {
            createApiKey: {
              __typename: "JobErrors",
              message: "The input has 2 invalid fields.",
              errors: [
                {
                  __typename: "JobError",
                  field: "name",
                  code: "OUT_OF_RANGE",
                  message: "An organization has at most 20 keys; revoke one first.",
                },
                { __typename: "JobError", field: null, code: "FORBIDDEN", message: "Only recruiters of this organization manage its API keys." },
              ],
            },
          },
        },
      },
    ]);
    const form = await screen.findByRole("region", { name: "Create a key" });
    const name = within(form).getByRole("textbox", { name: /^Name/ });
    await user.click(within(form).getByRole("checkbox", { name: /^Jobs/ }));
    await user.click(within(form).getByRole("checkbox", { name: /^Applications/ }));
    await user.click(within(form).getByRole("button", { name: "Create key" }));
    expect(await within(form).findByText("Give the key a name.")).toBeInTheDocument();
    expect(within(form).getByText("Choose what the key may do.")).toBeInTheDocument();
    expect(name).toHaveAttribute("aria-invalid", "true");

    await user.type(name, "x".repeat(101));
    expect(await within(form).findByText("Keep the name to 100 characters or fewer.")).toBeInTheDocument();
    await user.clear(name);
    await user.type(name, "Workday");
    await user.click(within(form).getByRole("checkbox", { name: /^Applications/ }));
    await user.click(within(form).getByRole("button", { name: "Create key" }));

    expect(await within(form).findByText("An organization has at most 20 keys; revoke one first.")).toBeInTheDocument();
    expect(name).toHaveAttribute("aria-invalid", "true");
    expect(within(form).getByRole("alert")).toHaveTextContent("Only recruiters of this organization manage its API keys.");
    expect(name).toHaveValue("Workday");
    expect(within(form).queryByRole("status")).not.toBeInTheDocument();
  });

  it("revokes a key only after the confirmation, and then shows it revoked", async () => {
    const user = userEvent.setup();
    const revoked = { ...greenhouse, revokedAt: "2026-11-25T12:00:00Z" };
    renderPage([
      page,
      keys(greenhouse),
      {
        request: { query: REVOKE_API_KEY, variables: { id: "k1" } },
        result: { data: { revokeApiKey: { __typename: "ApiKeySaved", key: revoked } } },
      },
      keys(revoked),
    ]);
    const list = await screen.findByRole("region", { name: "Keys" });
    await user.click(await within(list).findByRole("button", { name: "Revoke Greenhouse" }));
    const dialog = await screen.findByRole("dialog", { name: "Revoke Greenhouse?" });
    expect(dialog).toHaveTextContent("jbk_abc123…");

    // Cancel leaves the key as it was
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(within(list).getByText("Active")).toBeInTheDocument();

    await user.click(within(list).getByRole("button", { name: "Revoke Greenhouse" }));
    const again = await screen.findByRole("dialog", { name: "Revoke Greenhouse?" });
    await user.click(within(again).getByRole("button", { name: "Revoke the key" }));
    expect(await within(list).findByText("Revoked on Nov 25, 2026")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(within(list).queryByRole("button", { name: "Revoke Greenhouse" })).not.toBeInTheDocument();
  });
});
