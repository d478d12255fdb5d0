import type { MockLink } from "@apollo/client/testing";
import { MockedProvider } from "@apollo/client/testing/react";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderWithMantine } from "../../../test/render";
import {
  CREATE_GDPR_USER_CONSENT,
  GDPR_CONSENT_INFOS,
  HAS_THE_LATEST_CONSENT,
} from "./documents";
import {
  RECONSENT_CHECKBOX,
  RECONSENT_LOAD_ERROR,
  RECONSENT_REQUIRED,
  RECONSENT_SAVED,
  RECONSENT_TITLE,
  ReconsentModal,
} from "./ReconsentModal";

const MAIL = "ada@example.org";
const variables = { type: "PRIVACY_POLICY", placement: "REGISTRATION" };
const consent = {
  __typename: "GdprUserConsent",
  id: "c1",
  mail: MAIL,
  infoId: "i1",
  infoRevisionId: "r2",
};
const latest = (answer: typeof consent | null): MockLink.MockedResponse => ({
  request: { query: HAS_THE_LATEST_CONSENT, variables },
  result: { data: { hasTheLatestConsent: answer } },
});
const infos = (count = 1): MockLink.MockedResponse => ({
  request: { query: GDPR_CONSENT_INFOS, variables: { ...variables, limit: 1 } },
  result: {
    data: {
      getGdprConsentInfos: Array.from({ length: count }, () => ({
        __typename: "GdprConsentInfo",
        id: "i1",
        type: "PRIVACY_POLICY",
        optIn: true,
        text: "<p>We changed how we keep your data.</p>",
      })),
    },
  },
});
const created: MockLink.MockedResponse = {
  request: {
    query: CREATE_GDPR_USER_CONSENT,
    variables: { mail: MAIL, infoId: "i1" },
  },
  result: {
    data: {
      createGdprUserConsent: {
        __typename: "CreateGdprUserConsentPayload",
        errors: [],
        consent,
      },
    },
  },
};

function show(
  mocks: MockLink.MockedResponse[],
  props: { active?: boolean; mail?: string | null } = {},
) {
  return renderWithMantine(
    <MockedProvider mocks={mocks}>
      <ReconsentModal
        active={props.active ?? true}
        mail={props.mail === undefined ? MAIL : props.mail}
      />
    </MockedProvider>,
  );
}

describe("ReconsentModal", () => {
  it("asks a user without the latest consent; Confirm waits for the box; saving shows the flag", async () => {
    const user = userEvent.setup();
    show([latest(null), infos(), created, latest(consent)]);
    expect(await screen.findByText(RECONSENT_TITLE)).toBeInTheDocument();
    expect(
      screen.getByRole("link", { name: /privacy policy/i }),
    ).toHaveAttribute("href", "/privacy-policy");
    const confirm = screen.getByRole("button", { name: "Confirm" });
    expect(confirm).toBeDisabled();
    const box = screen.getByRole("checkbox", { name: RECONSENT_CHECKBOX });
    await user.click(box);
    expect(confirm).toBeEnabled();
    await user.click(box); // validated on change
    expect(screen.getByText(RECONSENT_REQUIRED)).toBeInTheDocument();
    expect(confirm).toBeDisabled();
    await user.click(box);
    await user.click(confirm);
    expect(await screen.findByText(RECONSENT_SAVED)).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByText(RECONSENT_TITLE)).not.toBeInTheDocument(),
    );
  });

  it("closes when dismissed", async () => {
    const user = userEvent.setup();
    show([latest(null), infos()]);
    await screen.findByText(RECONSENT_TITLE);
    await user.click(screen.getByRole("button", { name: "Not now" }));
    await waitFor(() =>
      expect(screen.queryByText(RECONSENT_TITLE)).not.toBeInTheDocument(),
    );
    expect(screen.queryByText(RECONSENT_SAVED)).not.toBeInTheDocument();
  });

  it("closes from its named close button as well", async () => {
    const user = userEvent.setup();
    show([latest(null), infos()]);
    await screen.findByText(RECONSENT_TITLE);
    await user.click(screen.getByRole("button", { name: "Close" }));
    await waitFor(() =>
      expect(screen.queryByText(RECONSENT_TITLE)).not.toBeInTheDocument(),
    );
  });

  it("is not shown with the latest consent, without infos, for visitors, or when inactive", async () => {
    const { unmount } = show([latest(consent), infos()]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText(RECONSENT_TITLE)).not.toBeInTheDocument();
    unmount();
    const second = show([latest(null), infos(0)]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText(RECONSENT_TITLE)).not.toBeInTheDocument();
    second.unmount();
    show([latest(null), infos()], { mail: null });
    show([latest(null), infos()], { active: false });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText(RECONSENT_TITLE)).not.toBeInTheDocument();
  });

  it("shows only the danger flag when the consent cannot be loaded", async () => {
    show([
      {
        request: { query: HAS_THE_LATEST_CONSENT, variables },
        error: new Error("consent is down"),
      },
      infos(),
    ]);
    expect(await screen.findByText(RECONSENT_LOAD_ERROR)).toBeInTheDocument();
    expect(screen.queryByText(RECONSENT_TITLE)).not.toBeInTheDocument();
    expect(screen.queryByRole("checkbox")).not.toBeInTheDocument();
  });
});
