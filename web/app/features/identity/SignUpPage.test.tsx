import type { MockLink } from "@apollo/client/testing";
import { MockedProvider } from "@apollo/client/testing/react";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { renderWithMantine } from "../../../test/render";
import type * as analytics from "~/lib/analytics";
import { track } from "~/lib/analytics";
import { APP_CONFIG } from "~/lib/app-config";
import { REGISTRATION_CONSENT_INFOS } from "~/components/RegistrationConsents";
import type * as session from "./session";
import { rememberSignUpRole, signInWithProvider } from "./session";
import { SIGN_UP, SignUpPage } from "./SignUpPage";

vi.mock("~/lib/analytics", async (original) => ({
  ...(await original<typeof analytics>()),
  track: vi.fn(),
}));
vi.mock("./session", async (original) => ({
  ...(await original<typeof session>()),
  rememberSignUpRole: vi.fn(),
  signInWithProvider: vi.fn(() => new Promise(() => undefined)),
}));

const POLICY = "policy-1";
const context: MockLink.MockedResponse[] = [
  {
    request: { query: APP_CONFIG },
    result: { data: { getAppConfig: [] } },
    maxUsageCount: 10,
  },
  {
    request: { query: REGISTRATION_CONSENT_INFOS },
    result: {
      data: {
        getGdprConsentInfos: [
          {
            __typename: "GdprConsentInfo",
            id: POLICY,
            type: "PRIVACY_POLICY",
            optIn: true,
            text: "I agree with the terms and conditions.",
          },
        ],
      },
    },
    maxUsageCount: 10,
  },
];

const input = {
  firstName: "Ada",
  lastName: "Lovelace",
  email: "Ada@Example.org",
  password: "analytical engine",
  role: "APPLICANT",
  captchaToken: null,
  acceptedConsentInfoIds: [POLICY],
};

const DEMO_SSO = { id: "demo-sso", name: "Demo SSO" };
const OTHER = { id: "other-sso", name: "Other SSO" };

function renderPage(
  mocks: MockLink.MockedResponse[],
  props: Partial<Parameters<typeof SignUpPage>[0]> = {},
) {
  const Stub = createRoutesStub([
    {
      path: "/user/register",
      Component: () => (
        <SignUpPage providers={[]} initialRole="applicant" captcha={null} {...props} />
      ),
    },
  ]);
  return renderWithMantine(
    <MockedProvider mocks={[...context, ...mocks]}>
      <Stub initialEntries={["/user/register"]} />
    </MockedProvider>,
  );
}

async function fillIn(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/First name/), input.firstName);
  await user.type(screen.getByLabelText(/Last name/), input.lastName);
  await user.type(screen.getByLabelText(/Email address/), input.email);
  await user.type(screen.getByLabelText(/^Password/), input.password);
  await user.click(
    await screen.findByRole("checkbox", { name: /I agree with the terms and conditions/ }),
  );
  await user.click(screen.getByRole("button", { name: "Create the account" }));
}

// Typing a whole form takes a few seconds on a busy machine.
describe("SignUpPage", { timeout: 60_000 }, () => {
  beforeEach(() => vi.mocked(track).mockClear());

  it("answers every accepted sign-up with the same check-your-mailbox page, and tracks it", async () => {
    // The server answers a new and a taken address alike (ADR 0017): the page cannot tell them
    // apart either, and says nothing about an account existing.
    const user = userEvent.setup();
    renderPage([
      {
        request: { query: SIGN_UP, variables: { input } },
        result: { data: { signUp: { __typename: "SignUpSuccess", email: "ada@example.org" } } },
      },
    ]);
    await fillIn(user);
    expect(await screen.findByRole("heading", { name: "Check your mailbox" })).toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent(
      "One more stepWe sent a mail to ada@example.org. Follow its link to confirm your address, then log in.",
    );
    expect(screen.queryByText(/created/i)).not.toBeInTheDocument();
    expect(track).toHaveBeenCalledTimes(1);
    expect(track).toHaveBeenCalledWith("sign_up", { role: "applicant" });
  });

  it("keeps the form with the server's field errors, and tracks nothing", async () => {
    const user = userEvent.setup();
    renderPage([
      {
        request: { query: SIGN_UP, variables: { input } },
        result: {
          data: {
            signUp: {
              __typename: "AccountErrors",
              errors: [
                {
                  __typename: "AccountError",
                  field: "password",
                  code: "PASSWORD_TOO_SIMILAR",
                  message: "The password must not contain your email address.",
                },
              ],
            },
          },
        },
      },
    ]);
    await fillIn(user);
    expect(
      await screen.findByText("The password must not contain your email address."),
    ).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Create the account" })).toBeInTheDocument();
    expect(track).not.toHaveBeenCalled();
  });

  it("back from a provider whose new account needs consent: says why, and ticking the box continues with that provider", async () => {
    const user = userEvent.setup();
    renderPage([], { providers: [OTHER, DEMO_SSO], consentFor: DEMO_SSO, initialRole: "applicant" });
    const why = await screen.findByRole("status");
    expect(why).toHaveTextContent("One step before your account with Demo SSO");
    expect(why).toHaveTextContent("agree to the terms and conditions below, then continue with Demo SSO");
    // the consents say what is missing from the start, and the provider comes first
    expect(await screen.findByText("Please accept the terms and conditions")).toBeInTheDocument();
    // and only they: the email form's fields are not what this visitor is asked for
    expect(screen.queryByText("Enter your first name.")).toBeNull();
    expect(screen.queryByText("Enter a valid email address.")).toBeNull();
    const buttons = screen.getAllByRole("button", { name: /^Sign up with / });
    expect(buttons.map((button) => button.textContent)).toEqual([
      "Sign up with Demo SSO",
      "Sign up with Other SSO",
    ]);

    await user.click(screen.getByRole("button", { name: "Sign up with Demo SSO" }));
    expect(signInWithProvider).not.toHaveBeenCalled();
    await user.click(
      await screen.findByRole("checkbox", { name: /I agree with the terms and conditions/ }),
    );
    await user.click(screen.getByRole("button", { name: "Sign up with Demo SSO" }));
    expect(rememberSignUpRole).toHaveBeenCalledWith("applicant", [POLICY]);
    expect(signInWithProvider).toHaveBeenCalledWith("demo-sso", "/");
  });

  it("says nothing about providers on a plain visit", async () => {
    renderPage([], { providers: [DEMO_SSO] });
    expect(await screen.findByRole("button", { name: "Sign up with Demo SSO" })).toBeInTheDocument();
    expect(screen.queryByRole("status")).toBeNull();
    expect(screen.queryByText("Please accept the terms and conditions")).toBeNull();
  });
});
