"""Typed qualifying questions: the job form's rules per type, and answers checked and graded on
apply (no I/O)."""

from __future__ import annotations

from typing import Any

import pytest
from jobkit.errors import errors_from_validation
from jobs.domain.applications import answer_errors, graded_answers
from jobs.domain.errors import JobErrorCode
from jobs.domain.groups import JobApplicationOptions
from pydantic import ValidationError

from services.jobs.tests.factories import question


def _refused(*questions: dict[str, Any]) -> dict[str | None, str]:
    with pytest.raises(ValidationError) as caught:
        JobApplicationOptions.model_validate({"application_qualifying_questions": questions})
    return {e.field: e.message for e in errors_from_validation(caught.value, JobErrorCode)}


def test_each_type_keeps_its_own_options_and_knock_outs() -> None:
    options = JobApplicationOptions.model_validate(
        {
            "application_qualifying_questions": [
                {"question": "Licence?", "type": "yes_no", "knock_out_answers": ["No"]},
                {
                    "question": "Shift?",
                    "type": "single_choice",
                    "options": ["Mornings", "Nights", "Any"],
                    "knock_out_answers": ["nights"],
                },
                {"question": "Why us?"},
            ]
        }
    )
    yes_no, choice, free = options.application_qualifying_questions
    assert (yes_no.options, yes_no.knock_out_answers) == (["yes", "no"], ["no"])
    assert choice.knock_out_answers == ["Nights"]  # in the option's own spelling
    assert (free.type, free.options, free.knock_out_answers) == ("free_text", [], [])


def test_the_form_refuses_questions_that_cannot_be_answered_fairly() -> None:
    assert _refused(question("Shift?", "single_choice", options=["Only"])) == {
        "application_qualifying_questions.0.options": "Give at least two options to choose from."
    }
    assert _refused(question("Shift?", "single_choice", options=["A", "a"])) == {
        "application_qualifying_questions.0.options": "Each option must be different."
    }
    assert _refused(question("Why?", options=["A", "B"])) == {
        "application_qualifying_questions.0.options": "A free-text question has no options."
    }
    assert _refused(question("Why?", knock_out=["nothing"])) == {
        "application_qualifying_questions.0.knock_out_answers": "A free-text answer cannot "
        "knock out."
    }
    assert _refused(question("Licence?", "yes_no", knock_out=["maybe"])) == {
        "application_qualifying_questions.0.knock_out_answers": "A knock-out answer must be one "
        "of the options."
    }
    assert _refused(question("Licence?", "yes_no", knock_out=["yes", "no"])) == {
        "application_qualifying_questions.0.knock_out_answers": "At least one answer must not "
        "knock out."
    }
    assert _refused({"question": "", "type": "multiple"}) == {
        "application_qualifying_questions.0.question": "String should have at least 1 character",
        "application_qualifying_questions.0.type": "Input should be 'yes_no', 'single_choice' or "
        "'free_text'",
    }


QUESTIONS = [
    question("Licence?", "yes_no", options=["yes", "no"], knock_out=["no"]),
    question("Shift?", "single_choice", options=["Mornings", "Nights"], knock_out=["Nights"]),
    question("Why us?"),
]


def test_answers_are_checked_per_type() -> None:
    def codes(answers: list[str], required: bool = True) -> dict[str | None, str]:
        return {e.field: e.code for e in answer_errors(QUESTIONS, answers, required=required)}

    assert codes(["yes", "mornings", "Because."]) == {}
    assert codes(["maybe", "Evenings", "x"]) == {
        "answers.0": JobErrorCode.INVALID_CHOICE,
        "answers.1": JobErrorCode.INVALID_CHOICE,
    }
    assert codes(["", "Nights"]) == {
        "answers.0": JobErrorCode.REQUIRED,
        "answers.2": JobErrorCode.REQUIRED,
    }
    assert codes([], required=False) == {}
    assert codes(["yes", "Nights", "x", "extra"]) == {"answers": JobErrorCode.INVALID}


def test_knock_out_answers_are_flagged_in_the_options_spelling() -> None:
    graded = graded_answers(QUESTIONS, ["No", "nights", "Because."])
    assert graded == [
        {"question": "Licence?", "type": "yes_no", "answer": "no", "knocked_out": True},
        {"question": "Shift?", "type": "single_choice", "answer": "Nights", "knocked_out": True},
        {"question": "Why us?", "type": "free_text", "answer": "Because.", "knocked_out": False},
    ]
    passed = graded_answers(QUESTIONS, ["YES", "Mornings", "no"])  # free text never knocks out
    assert [a["knocked_out"] for a in passed] == [False, False, False]
