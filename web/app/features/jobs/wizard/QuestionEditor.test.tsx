import { fireEvent, screen, within } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { renderWithMantine } from "../../../../test/render";
import { QuestionEditor } from "./QuestionEditor";
import { emptyQuestion, type QuestionDraft } from "./steps";

function Editor({ start }: { start: QuestionDraft }) {
  const [question, setQuestion] = useState(start);
  return (
    <>
      <QuestionEditor
        question={question}
        index={0}
        errors={{
          "applicationQualifyingQuestions.0.options":
            "Give at least two options to choose from.",
        }}
        onChange={setQuestion}
        onRemove={() => undefined}
      />
      <output data-testid="value">{JSON.stringify(question)}</output>
    </>
  );
}

const value = () =>
  JSON.parse(screen.getByTestId("value").textContent ?? "{}") as QuestionDraft;

describe("QuestionEditor", () => {
  it("offers yes and no as knock-out answers of a yes/no question", () => {
    renderWithMantine(
      <Editor
        start={{ ...emptyQuestion(), question: "Licence?", type: "YES_NO" }}
      />,
    );
    const knockOuts = screen.getByRole("group", {
      name: /Knock-out answers of question 1/,
    });
    fireEvent.click(within(knockOuts).getByRole("checkbox", { name: "No" }));
    expect(value().knockOutAnswers).toEqual(["no"]);
    expect(
      screen.queryByRole("textbox", { name: /Options of question 1/ }),
    ).not.toBeInTheDocument();
  });

  it("shows a single choice's options with the server's error and its knock-outs checked", () => {
    renderWithMantine(
      <Editor
        start={{
          question: "Shift?",
          type: "SINGLE_CHOICE",
          options: ["Days", "Nights"],
          knockOutAnswers: ["Nights"],
        }}
      />,
    );
    expect(
      screen.getByText("Give at least two options to choose from."),
    ).toBeInTheDocument();
    expect(screen.getByRole("checkbox", { name: "Nights" })).toBeChecked();
    expect(screen.getByRole("checkbox", { name: "Days" })).not.toBeChecked();
  });
});
