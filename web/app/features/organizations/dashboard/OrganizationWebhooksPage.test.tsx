import { InMemoryCache } from "@apollo/client";
import type { MockLink } from "@apollo/client/testing";
import { MockedProvider } from "@apollo/client/testing/react";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { renderWithMantine } from "../../../../test/render";
import { possibleTypes } from "~/lib/graphql/generated/possible-types";
import {
  CREATE_WEBHOOK_ENDPOINT,
  DELETE_WEBHOOK_ENDPOINT,
  ORGANIZATION_WEBHOOKS_PAGE,
  REPLAY_WEBHOOK_DELIVERIES,
  ROTATE_WEBHOOK_SECRET,
  WEBHOOK_DELIVERIES,
  WEBHOOK_ENDPOINTS,
  WEBHOOK_EVENT_TYPES,
} from "./documents";
import { OrganizationWebhooksPage } from "./OrganizationWebhooksPage";

function renderPage(mocks: MockLink.MockedResponse[]) {
  const Stub = createRoutesStub([{ path: "/", Component: () => <OrganizationWebhooksPage id="p1" /> }]);
  return renderWithMantine(
    <MockedProvider mocks={mocks} cache={new InMemoryCache({ possibleTypes })}>
      <Stub initialEntries={["/"]} />
    </MockedProvider>,
  );
}

const page: MockLink.MockedResponse = {
  request: { query: ORGANIZATION_WEBHOOKS_PAGE, variables: { id: "p1" } },
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

const eventTypes: MockLink.MockedResponse = {
  request: { query: WEBHOOK_EVENT_TYPES, variables: {} },
  result: {
    data: {
      webhookEventTypes: [
        { __typename: "WebhookEventType", name: "job.published", description: "A job of the organization went live (or live again)." },
        { __typename: "WebhookEventType", name: "job.archived", description: "A job was closed (archived)." },
        { __typename: "WebhookEventType", name: "application.received", description: "Someone applied." },
      ],
    },
  },
};

const SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw2/L5sC4bsm8=";
const NEW_SECRET = "whsec_c2VjcmV0LXR3by1vZi10aGUtcm90YXRpb24tMTIzNA==";

interface EndpointFields {
  id: string;
  url: string;
  description?: string | null;
  eventTypes: string[];
  enabled?: boolean;
  disabledReason?: string | null;
  secret?: string;
  previousSecretUntil?: string | null;
}

const endpoint = ({
  description = null,
  enabled = true,
  disabledReason = null,
  secret = SECRET,
  previousSecretUntil = null,
  ...fields
}: EndpointFields) => ({
  __typename: "WebhookEndpoint",
  organizationId: "o1",
  createdAt: "2026-11-20T10:00:00Z",
  description,
  enabled,
  disabledReason,
  secret,
  previousSecretUntil,
  ...fields,
});

const receiver = endpoint({
  id: "e1",
  url: "https://ats.acme.example/hooks/jobboard",
  description: "Our ATS (production)",
  eventTypes: ["job.published", "job.archived"],
});
const broken = endpoint({
  id: "e2",
  url: "https://old.acme.example/hooks",
  eventTypes: ["application.received"],
  enabled: false,
  disabledReason: "The endpoint answered 500 nine times in a row.",
});

const endpoints = (...list: ReturnType<typeof endpoint>[]): MockLink.MockedResponse => ({
  request: { query: WEBHOOK_ENDPOINTS, variables: { organizationId: "o1" } },
  result: { data: { webhookEndpoints: list } },
});

const delivery = (fields: Record<string, unknown>) => ({
  __typename: "WebhookDelivery",
  eventType: "job.published",
  status: "SENT",
  attempts: 1,
  nextAttemptAt: null,
  lastStatusCode: 200,
  lastError: null,
  createdAt: "2026-11-26T12:00:00Z",
  deliveredAt: "2026-11-26T12:00:05Z",
  payload: { type: "job.published", timestamp: "2026-11-26T12:00:00+00:00", data: { job_id: "j1", title: "River steward" } },
  ...fields,
});

const sent = delivery({ id: "msg_sent1" });
const failed = delivery({
  id: "msg_failed2",
  eventType: "job.archived",
  status: "FAILED",
  attempts: 9,
  lastStatusCode: 500,
  lastError: "The endpoint answered 500.",
  deliveredAt: null,
});

const deliveries = (...list: ReturnType<typeof delivery>[]): MockLink.MockedResponse => ({
  request: { query: WEBHOOK_DELIVERIES, variables: { endpointId: "e1", limit: 50 } },
  result: { data: { webhookDeliveries: list } },
});

describe("OrganizationWebhooksPage", () => {
  it("lists the endpoints with their events, state, date and a masked secret that can be shown", async () => {
    const user = userEvent.setup();
    renderPage([page, endpoints(receiver, broken), eventTypes]);
    expect(await screen.findByRole("heading", { level: 1, name: "Webhooks of Acme" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Standard Webhooks libraries" })).toHaveAttribute(
      "href",
      "https://www.standardwebhooks.com/",
    );
    expect(screen.getByRole("link", { name: "API keys" })).toHaveAttribute("href", "/dashboard/organization/p1/api-keys");

    const list = screen.getByRole("region", { name: "Endpoints" });
    const cards = await within(list).findAllByRole("article");
    expect(cards).toHaveLength(2);
    const [first, second] = cards as [HTMLElement, HTMLElement];

    expect(first).toHaveAccessibleName("https://ats.acme.example/hooks/jobboard");
    expect(first).toHaveTextContent("Our ATS (production)");
    const events = within(first).getByRole("list", { name: "Events" });
    expect(within(events).getAllByRole("listitem").map((item) => item.textContent)).toEqual(["job.published", "job.archived"]);
    expect(within(first).getByText("Enabled")).toBeInTheDocument();
    expect(first).toHaveTextContent("Added on Nov 20, 2026");
    // the secret is masked until shown
    expect(first).not.toHaveTextContent(SECRET);
    expect(first).toHaveTextContent("whsec_••••");
    await user.click(within(first).getByRole("button", { name: "Show the signing secret" }));
    expect(first).toHaveTextContent(SECRET);
    await user.click(within(first).getByRole("button", { name: "Hide the signing secret" }));
    expect(first).not.toHaveTextContent(SECRET);
    expect(within(first).getByRole("button", { name: "Copy the signing secret" })).toBeInTheDocument();

    expect(second).toHaveAccessibleName("https://old.acme.example/hooks");
    expect(within(second).getByText("Disabled")).toBeInTheDocument();
    expect(second).toHaveTextContent("The endpoint answered 500 nine times in a row.");
    expect(within(second).getByRole("button", { name: "Enable again" })).toBeInTheDocument();
  });

  it("says what webhooks are for when there is no endpoint yet", async () => {
    renderPage([page, endpoints(), eventTypes]);
    const list = await screen.findByRole("region", { name: "Endpoints" });
    expect(await within(list).findByText("No endpoints yet.")).toBeInTheDocument();
    expect(list).toHaveTextContent("Add one below");
    expect(screen.getByText(/Webhooks tell your own systems at once when something happens at Acme/)).toBeInTheDocument();
  });

  it("says so when the endpoints cannot be loaded, and when the organization is not the user's", async () => {
    const { unmount } = renderPage([
      page,
      { request: { query: WEBHOOK_ENDPOINTS, variables: { organizationId: "o1" } }, error: new Error("down") },
      eventTypes,
    ]);
    const list = await screen.findByRole("region", { name: "Endpoints" });
    expect(await within(list).findByRole("alert")).toHaveTextContent("The endpoints could not be loaded.");
    expect(within(list).queryByText("No endpoints yet.")).not.toBeInTheDocument();
    unmount();

    renderPage([
      {
        request: { query: ORGANIZATION_WEBHOOKS_PAGE, variables: { id: "p1" } },
        result: { data: { organizationProfile: null } },
      },
    ]);
    expect(await screen.findByRole("alert")).toHaveTextContent("This organization does not exist or is not yours.");
    expect(screen.queryByRole("region", { name: "Endpoints" })).not.toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Add an endpoint" })).not.toBeInTheDocument();
  });

  it("checks the form, adds an endpoint, shows its secret once and lists it", async () => {
    const user = userEvent.setup();
    const created = endpoint({ id: "e3", url: "https://hooks.acme.example/in", description: "Staging", eventTypes: ["job.published"] });
    renderPage([
      page,
      endpoints(),
      eventTypes,
      {
        request: {
          query: CREATE_WEBHOOK_ENDPOINT,
          variables: { organizationId: "o1", url: "https://hooks.acme.example/in", eventTypes: ["job.published"], description: "Staging" },
        },
        result: { data: { createWebhookEndpoint: { __typename: "WebhookEndpointSaved", endpoint: created } } },
      },
      endpoints(created),
    ]);
    const form = await screen.findByRole("region", { name: "Add an endpoint" });
    const url = within(form).getByRole("textbox", { name: /^Endpoint URL/ });
    await user.click(within(form).getByRole("button", { name: "Add endpoint" }));
    expect(await within(form).findByText("Enter the endpoint's address.")).toBeInTheDocument();
    expect(within(form).getByText("Choose at least one event.")).toBeInTheDocument();
    await user.type(url, "ftp://x");
    expect(within(form).getByText("Enter a full address starting with https://.")).toBeInTheDocument();

    await user.clear(url);
    await user.type(url, " https://hooks.acme.example/in ");
    await user.type(within(form).getByRole("textbox", { name: /^Description/ }), "  Staging ");
    const published = await within(form).findByRole("checkbox", { name: "job.published" });
    // the events explained in the page's language, not in the API's words
    expect(form).toHaveTextContent("A job went live (or live again).");
    await user.click(published);
    await user.click(within(form).getByRole("button", { name: "Add endpoint" }));

    const panel = await within(form).findByRole("status", { name: "Endpoint added: its signing secret" });
    const secret = within(panel).getByRole("textbox", { name: "Signing secret" });
    expect(secret).toHaveValue(SECRET);
    expect(secret).toHaveAttribute("readonly");
    expect(secret).toHaveFocus();
    expect(within(panel).getByRole("button", { name: "Copy the signing secret" })).toBeInTheDocument();
    expect(url).toHaveValue("");

    const list = screen.getByRole("region", { name: "Endpoints" });
    expect(await within(list).findByRole("article", { name: "https://hooks.acme.example/in" })).toBeInTheDocument();
    expect(within(list).queryByText("No endpoints yet.")).not.toBeInTheDocument();

    await user.click(within(panel).getByRole("button", { name: "I have stored the secret" }));
    expect(screen.queryByDisplayValue(SECRET)).not.toBeInTheDocument();
    expect(screen.queryByRole("status", { name: /Endpoint added/ })).not.toBeInTheDocument();
  });

  it("shows the API's refusal on the field it is about", async () => {
    const user = userEvent.setup();
    renderPage([
      page,
      endpoints(),
      eventTypes,
      {
        request: {
          query: CREATE_WEBHOOK_ENDPOINT,
          variables: { organizationId: "o1", url: "http://10.0.0.5/hook", eventTypes: ["job.archived"], description: null },
        },
        result: {
          data: {
            createWebhookEndpoint: {
              __typename: "WebhookErrors",
              errors: [
                {
                  __typename: "WebhookError",
                  field: "url",
                  code: "INVALID",
                  message: "Webhooks go to public addresses only, not to private or local networks.",
                },
              ],
            },
          },
        },
      },
    ]);
    const form = await screen.findByRole("region", { name: "Add an endpoint" });
    await user.type(within(form).getByRole("textbox", { name: /^Endpoint URL/ }), "http://10.0.0.5/hook");
    await user.click(await within(form).findByRole("checkbox", { name: "job.archived" }));
    await user.click(within(form).getByRole("button", { name: "Add endpoint" }));
    expect(await within(form).findByText("Webhooks go to public addresses only, not to private or local networks.")).toBeInTheDocument();
    expect(within(form).getByRole("textbox", { name: /^Endpoint URL/ })).toHaveAttribute("aria-invalid", "true");
    expect(within(form).queryByRole("status")).not.toBeInTheDocument();
  });

  it("shows the delivery log with coloured states and the payload, and replays one delivery and the last hours", async () => {
    const user = userEvent.setup();
    const replayOne = vi.fn(() => ({ data: { replayWebhookDeliveries: { __typename: "WebhookReplayed", count: 1 } } }));
    const replayHours = vi.fn(() => ({ data: { replayWebhookDeliveries: { __typename: "WebhookReplayed", count: 2 } } }));
    renderPage([
      page,
      endpoints(receiver),
      eventTypes,
      deliveries(sent, failed),
      {
        request: { query: REPLAY_WEBHOOK_DELIVERIES, variables: { id: "e1", deliveryId: "msg_failed2", hours: 24 } },
        result: replayOne,
      },
      deliveries(sent, { ...failed, status: "SENT", attempts: 1, lastStatusCode: 200, lastError: null }),
      {
        request: { query: REPLAY_WEBHOOK_DELIVERIES, variables: { id: "e1", deliveryId: null, hours: 6 } },
        result: replayHours,
      },
      deliveries(sent, { ...failed, status: "SENT", attempts: 1, lastStatusCode: 200, lastError: null }),
    ]);
    const card = await screen.findByRole("article", { name: "https://ats.acme.example/hooks/jobboard" });
    await user.click(within(card).getByRole("button", { name: "Show the delivery log" }));
    const log = await within(card).findByRole("region", { name: "Delivery log" });
    const table = await within(log).findByRole("table", { name: "Deliveries" });
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows).toHaveLength(2);
    const [ok, bad] = rows as [HTMLElement, HTMLElement];
    expect(ok).toHaveTextContent("job.published");
    expect(ok).toHaveTextContent("msg_sent1");
    expect(within(ok).getByText("Sent")).toBeInTheDocument();
    expect(ok).toHaveTextContent("HTTP 200");
    expect(ok).toHaveTextContent("Nov 26, 2026, 12:00 PM UTC");
    expect(bad).toHaveTextContent("job.archived");
    expect(within(bad).getByText("Failed")).toBeInTheDocument();
    expect(bad).toHaveTextContent("9");
    expect(bad).toHaveTextContent("HTTP 500");
    expect(bad).toHaveTextContent("The endpoint answered 500.");

    // the payload, as JSON
    await user.click(within(ok).getByRole("button", { name: "Show the payload of msg_sent1" }));
    const payload = await screen.findByRole("dialog", { name: "Payload of msg_sent1" });
    expect(within(payload).getByRole("region", { name: "JSON payload" })).toHaveTextContent('"title": "River steward"');
    expect(within(payload).getByRole("button", { name: "Copy the payload" })).toBeInTheDocument();
    await user.click(within(payload).getByRole("button", { name: "Close" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());

    // one delivery again, then the log shows it sent
    await user.click(within(bad).getByRole("button", { name: "Replay msg_failed2" }));
    expect(await within(log).findByText("1 delivery is being sent again.")).toBeInTheDocument();
    expect(replayOne).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(within(table).queryByText("Failed")).not.toBeInTheDocument());

    // every delivery of the last hours
    const hours = within(log).getByRole("textbox", { name: "Hours" });
    await user.clear(hours);
    await user.type(hours, "6");
    await user.click(within(log).getByRole("button", { name: "Replay the last 6 hours" }));
    expect(await within(log).findByText("2 deliveries are being sent again.")).toBeInTheDocument();
    expect(replayHours).toHaveBeenCalledTimes(1);
  });

  it("says when a pending delivery is tried next, and why the last try failed", async () => {
    const user = userEvent.setup();
    const pending = delivery({
      id: "msg_pending3",
      status: "PENDING",
      attempts: 2,
      lastStatusCode: null,
      lastError: "ConnectError: All connection attempts failed",
      deliveredAt: null,
      nextAttemptAt: "2026-11-26T12:05:00Z",
    });
    renderPage([page, endpoints(receiver), eventTypes, deliveries(pending)]);
    const card = await screen.findByRole("article", { name: "https://ats.acme.example/hooks/jobboard" });
    await user.click(within(card).getByRole("button", { name: "Show the delivery log" }));
    const table = await within(card).findByRole("table", { name: "Deliveries" });
    const row = within(table).getAllByRole("row")[1] as HTMLElement;
    expect(within(row).getByText("Pending")).toBeInTheDocument();
    expect(row).toHaveTextContent("ConnectError: All connection attempts failed");
    expect(row).toHaveTextContent("Next try Nov 26, 2026, 12:05 PM UTC");
    expect(within(card).getByRole("button", { name: "Hide the delivery log" })).toHaveAttribute("aria-expanded", "true");
  });

  it("rotates the secret only after the confirmation, and says until when the old one signs", async () => {
    const user = userEvent.setup();
    const rotated = { ...receiver, secret: NEW_SECRET, previousSecretUntil: "2099-11-27T09:30:00Z" };
    const rotate = vi.fn(() => ({ data: { rotateWebhookSecret: { __typename: "WebhookEndpointSaved", endpoint: rotated } } }));
    renderPage([page, endpoints(receiver), eventTypes, { request: { query: ROTATE_WEBHOOK_SECRET, variables: { id: "e1" } }, result: rotate }]);
    const card = await screen.findByRole("article", { name: "https://ats.acme.example/hooks/jobboard" });
    await user.click(within(card).getByRole("button", { name: "Rotate the secret" }));
    const dialog = await screen.findByRole("dialog", { name: "Rotate the signing secret?" });
    expect(dialog).toHaveTextContent("The old one keeps signing beside it for 24 hours");
    // the dialog's own close button is named too
    await user.click(within(dialog).getByRole("button", { name: "Close" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    await user.click(within(card).getByRole("button", { name: "Rotate the secret" }));
    await user.click(within(await screen.findByRole("dialog", { name: "Rotate the signing secret?" })).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(rotate).not.toHaveBeenCalled();

    await user.click(within(card).getByRole("button", { name: "Rotate the secret" }));
    const again = await screen.findByRole("dialog", { name: "Rotate the signing secret?" });
    await user.click(within(again).getByRole("button", { name: "Rotate the secret" }));
    const done = await screen.findByRole("dialog", { name: "The new signing secret" });
    expect(rotate).toHaveBeenCalledTimes(1);
    expect(done).toHaveTextContent("The old secret keeps signing beside the new one until Nov 27, 2099, 9:30 AM UTC.");
    expect(within(done).getByRole("textbox", { name: "New signing secret" })).toHaveValue(NEW_SECRET);
    await user.click(within(done).getByRole("button", { name: "Done" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());

    // the list has the new secret, and says the old one still signs
    await user.click(within(card).getByRole("button", { name: "Show the signing secret" }));
    expect(card).toHaveTextContent(NEW_SECRET);
    expect(card).toHaveTextContent("The previous secret keeps signing beside this one until Nov 27, 2099, 9:30 AM UTC.");
  });

  it("deletes an endpoint only after the confirmation", async () => {
    const user = userEvent.setup();
    const remove = vi.fn(() => ({ data: { deleteWebhookEndpoint: { __typename: "WebhookEndpointDeleted", id: "e1" } } }));
    renderPage([
      page,
      endpoints(receiver),
      eventTypes,
      { request: { query: DELETE_WEBHOOK_ENDPOINT, variables: { id: "e1" } }, result: remove },
      endpoints(),
    ]);
    const list = await screen.findByRole("region", { name: "Endpoints" });
    const card = await within(list).findByRole("article", { name: "https://ats.acme.example/hooks/jobboard" });
    await user.click(within(card).getByRole("button", { name: "Delete" }));
    const dialog = await screen.findByRole("dialog", { name: "Delete this endpoint?" });
    expect(dialog).toHaveTextContent("No more events are sent to https://ats.acme.example/hooks/jobboard");
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(remove).not.toHaveBeenCalled();
    expect(within(list).getByRole("article")).toBeInTheDocument();

    await user.click(within(card).getByRole("button", { name: "Delete" }));
    const again = await screen.findByRole("dialog", { name: "Delete this endpoint?" });
    await user.click(within(again).getByRole("button", { name: "Delete the endpoint" }));
    expect(await within(list).findByText("No endpoints yet.")).toBeInTheDocument();
    expect(remove).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });
});
