import type { MockLink } from "@apollo/client/testing";
import { MockedProvider } from "@apollo/client/testing/react";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { renderWithMantine } from "../../../test/render";
import { REPORT_JOB } from "./documents";
import { REPORT_DETAILS_MAX, ReportJob } from "./ReportJob";

const CAPTCHA = { scriptUrl: "https://captcha.example/api.js", siteKey: "site-key" };

function reported(input: Record<string, unknown>): MockLink.MockedResponse {
  return {
    request: { query: REPORT_JOB, variables: { input } },
    result: { data: { reportJob: { __typename: "JobReported", jobId: "job-1" } } },
  };
}

function render(mocks: MockLink.MockedResponse[], signedIn: boolean) {
  return renderWithMantine(
    <MockedProvider mocks={mocks}>
      <ReportJob jobId="job-1" signedIn={signedIn} captcha={CAPTCHA} />
    </MockedProvider>,
  );
}

async function open(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole("button", { name: "Report this job" }));
  return screen.findByRole("dialog");
}

/** The widget's script "loads" and the visitor solves it: its callback gets this token. */
async function solveCaptcha(token: string) {
  let answer: ((value: string) => void) | undefined;
  window.turnstile = {
    render: (_container, options) => {
      answer = options.callback;
    },
    remove: () => undefined,
  };
  const script = document.head.querySelector(`script[src="${CAPTCHA.scriptUrl}"]`);
  expect(script).not.toBeNull();
  await act(async () => {
    script?.dispatchEvent(new Event("load"));
    await Promise.resolve();
  });
  await waitFor(() => expect(answer).toBeDefined());
  act(() => answer?.(token));
}

afterEach(() => {
  delete window.turnstile;
});

describe("ReportJob", () => {
  it("sends a signed-in user's reason and details without a captcha, then thanks them", async () => {
    const user = userEvent.setup();
    render([reported({ jobId: "job-1", reason: "WRONG_INFORMATION", details: "The salary is per month.", captchaToken: null })], true);
    const dialog = await open(user);
    expect(within(dialog).queryByTestId("captcha")).toBeNull();
    await user.click(within(dialog).getByRole("radio", { name: "Its information is wrong" }));
    await user.type(within(dialog).getByRole("textbox", { name: /Details/ }), "  The salary is per month. ");
    await user.click(within(dialog).getByRole("button", { name: "Send the report" }));
    expect(await within(dialog).findByText(/Your report was sent/)).toBeInTheDocument();
  });

  it("asks for a reason and keeps the details within the limit before sending anything", async () => {
    const user = userEvent.setup();
    render([], true);
    const dialog = await open(user);
    await user.click(within(dialog).getByRole("button", { name: "Send the report" }));
    expect(within(dialog).getByText("Choose a reason.")).toBeInTheDocument();
    const details = within(dialog).getByRole("textbox", { name: /Details/ });
    await user.click(details);
    await user.paste("x".repeat(REPORT_DETAILS_MAX + 1));
    expect(within(dialog).getByText(`Keep the details under ${REPORT_DETAILS_MAX} characters.`)).toBeInTheDocument();
    await user.click(within(dialog).getByRole("radio", { name: "It looks like a scam" }));
    await user.click(within(dialog).getByRole("button", { name: "Send the report" }));
    // nothing was sent (no mock answers): the form stays, without the confirmation
    expect(within(dialog).queryByText(/Your report was sent/)).toBeNull();
  });

  it("makes a visitor answer the captcha and shows the service's refusal", async () => {
    const user = userEvent.setup();
    const input = { jobId: "job-1", reason: "SCAM", details: null, captchaToken: "solved-1" };
    render(
      [
        {
          request: { query: REPORT_JOB, variables: { input } },
          result: {
            data: {
              reportJob: {
                __typename: "JobErrors",
                message: "1 error",
                errors: [
                  {
                    __typename: "JobError",
                    field: "jobId",
                    code: "ALREADY_REPORTED",
                    message: "You have already reported this job. Thank you: we are looking into it.",
                  },
                ],
              },
            },
          },
        },
      ],
      false,
    );
    const dialog = await open(user);
    await user.click(within(dialog).getByRole("radio", { name: "It looks like a scam" }));
    await user.click(within(dialog).getByRole("button", { name: "Send the report" }));
    expect(within(dialog).getByText("Please confirm you are not a robot.")).toBeInTheDocument();

    await solveCaptcha("solved-1");
    await user.click(within(dialog).getByRole("button", { name: "Send the report" }));
    expect(await within(dialog).findByText(/You have already reported this job/)).toBeInTheDocument();
    expect(within(dialog).queryByText(/Your report was sent/)).toBeNull();
  });
});
