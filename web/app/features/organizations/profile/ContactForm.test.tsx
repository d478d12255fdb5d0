import type { MockLink } from "@apollo/client/testing";
import { MockedProvider } from "@apollo/client/testing/react";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { renderWithMantine } from "../../../../test/render";
import { FlashMessage } from "~/components/FlashMessage";
import { APP_CONFIG } from "~/lib/app-config";
import {
  contactErrors,
  ContactOrganization,
  SEND_CONTACT_MESSAGE,
} from "./ContactForm";

const config: MockLink.MockedResponse = {
  request: { query: APP_CONFIG },
  result: { data: { getAppConfig: [] } },
  maxUsageCount: 5,
};

const input = {
  organizationId: "org-1",
  name: "Sam Rivera",
  email: "sam@example.org",
  subject: "Volunteering",
  body: "Do you take volunteers?",
  copy: true,
  attachments: [],
  captchaToken: null,
};

function render(mocks: MockLink.MockedResponse[]) {
  const Stub = createRoutesStub([
    {
      path: "/organization/green-harbor",
      Component: () => (
        <ContactOrganization
          organizationId="org-1"
          organizationName="Green Harbor"
          captcha={null}
          prefill={{ name: "Sam Rivera" }}
          afterSent="/dashboard"
        />
      ),
    },
    {
      path: "/dashboard",
      Component: () => (
        <>
          <h1>Dashboard</h1>
          <FlashMessage />
        </>
      ),
    },
  ]);
  return renderWithMantine(
    <MockedProvider mocks={[config, ...mocks]}>
      <Stub initialEntries={["/organization/green-harbor"]} />
    </MockedProvider>,
  );
}

async function open(user: ReturnType<typeof userEvent.setup>) {
  await user.click(
    screen.getByRole("button", { name: "Contact Green Harbor" }),
  );
  return screen.findByRole("dialog");
}

async function fill(
  user: ReturnType<typeof userEvent.setup>,
  dialog: HTMLElement,
) {
  const box = (name: RegExp) => within(dialog).getByRole("textbox", { name });
  await user.type(box(/Your email address/), input.email);
  await user.type(box(/Subject/), input.subject);
  await user.type(box(/Message/), input.body);
  await user.click(
    within(dialog).getByRole("checkbox", { name: "Send me a copy" }),
  );
}

describe("contactErrors", () => {
  it("asks for every field and a valid address", () => {
    expect(
      contactErrors({
        name: " ",
        email: "x",
        subject: "",
        body: "",
        copy: false,
      }),
    ).toEqual({
      name: "Enter your name.",
      email: "Enter a valid email address.",
      subject: "Enter a subject.",
      body: "Write your message.",
    });
  });
});

describe("ContactOrganization", () => {
  it(
    "validates inline, keeps what was typed, and shows the success state",
    { timeout: 20_000 },
    async () => {
      const user = userEvent.setup();
      render([
        {
          request: { query: SEND_CONTACT_MESSAGE, variables: { input } },
          result: {
            data: {
              sendContactMessage: {
                __typename: "ContactMessageSent",
                id: "m1",
              },
            },
          },
        },
      ]);
      const dialog = await open(user);
      expect(
        within(dialog).getByRole("textbox", { name: /Your name/ }),
      ).toHaveValue("Sam Rivera");
      await user.click(
        within(dialog).getByRole("button", { name: "Send message" }),
      );
      expect(
        await within(dialog).findByText("Write your message."),
      ).toBeInTheDocument();
      expect(
        within(dialog).getByText("Enter a valid email address."),
      ).toBeInTheDocument();
      await fill(user, dialog);
      expect(
        within(dialog).queryByText("Write your message."),
      ).not.toBeInTheDocument();
      await user.click(
        within(dialog).getByRole("button", { name: "Send message" }),
      );
      // spec 2: a signed-in sender lands on /dashboard, with the confirmation
      expect(
        await screen.findByRole("heading", { name: "Dashboard" }),
      ).toBeInTheDocument();
      expect(screen.getByRole("status")).toHaveTextContent(
        "Your message was sent",
      );
      expect(screen.getByRole("status")).toHaveTextContent(
        "Green Harbor will answer you by email.",
      );
    },
  );

  it(
    "shows the server's errors in the danger list and keeps the form",
    { timeout: 20_000 },
    async () => {
      const user = userEvent.setup();
      const refusal =
        "Too many messages from you in a short time. Try again in a few minutes.";
      render([
        {
          request: { query: SEND_CONTACT_MESSAGE, variables: { input } },
          result: {
            data: {
              sendContactMessage: {
                __typename: "OrganizationErrors",
                message: "1 error",
                errors: [
                  {
                    __typename: "OrganizationError",
                    field: null,
                    code: "RATE_LIMITED",
                    message: refusal,
                  },
                ],
              },
            },
          },
        },
      ]);
      const dialog = await open(user);
      await fill(user, dialog);
      await user.click(
        within(dialog).getByRole("button", { name: "Send message" }),
      );
      expect(await within(dialog).findByText(refusal)).toBeInTheDocument();
      expect(
        within(dialog).getByRole("textbox", { name: /Subject/ }),
      ).toHaveValue("Volunteering");
    },
  );
});
