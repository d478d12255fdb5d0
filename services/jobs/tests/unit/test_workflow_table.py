"""The job workflow's table (jobs.domain.workflow.TRANSITIONS), row by row: every allowed move
and every refused one, what a refusal says, and that transition() refuses before it writes
anything (no I/O)."""

from __future__ import annotations

from typing import Any, cast

import pytest
from jobs.domain.errors import JobErrorCode
from jobs.domain.events import JobUpdated
from jobs.domain.workflow import (
    TRANSITIONS,
    Action,
    IllegalTransition,
    JobState,
    refusal,
    sources,
    target,
    transition,
)
from jobs.settings import JobsSettings
from sqlalchemy.ext.asyncio import AsyncSession

from services.jobs.tests.factories import job, organization

# Written out as plain strings, apart from the code: a changed, added or removed row fails here.
EXPECTED = {
    ("draft", "submit"): "awaiting_slot",
    ("archived", "resubmit"): "awaiting_slot",
    ("expired", "resubmit"): "awaiting_slot",
    ("awaiting_slot", "grant_for_review"): "needs_review",
    ("awaiting_slot", "grant_and_schedule"): "scheduled",
    ("awaiting_slot", "grant_and_publish"): "published",
    ("awaiting_slot", "deny"): "draft",
    ("needs_review", "approve_and_schedule"): "scheduled",
    ("needs_review", "approve_and_publish"): "published",
    ("needs_review", "reject"): "draft",
    ("scheduled", "publish_due"): "published",
    ("published", "expire"): "expired",
    ("draft", "archive"): "archived",
    ("awaiting_slot", "archive"): "archived",
    ("needs_review", "archive"): "archived",
    ("scheduled", "archive"): "archived",
    ("published", "archive"): "archived",
    ("published", "hide_reported"): "needs_review",
    ("needs_review", "restore"): "published",
}
STATES = [state.value for state in JobState]
ACTIONS = [action.value for action in Action]
MOVES = [(state, action) for state in STATES for action in ACTIONS]


def test_the_table_is_exactly_the_workflow() -> None:
    assert {(str(s), str(a)): str(to) for (s, a), to in TRANSITIONS.items()} == EXPECTED


def test_the_states_and_actions_are_the_stored_ones() -> None:
    assert set(STATES) == {
        "draft",
        "awaiting_slot",
        "needs_review",
        "scheduled",
        "published",
        "expired",
        "archived",
    }
    assert {a for _, a in EXPECTED} == set(ACTIONS)


@pytest.mark.parametrize(("state", "action"), MOVES)
def test_each_move_is_allowed_or_refused_as_the_table_says(state: str, action: str) -> None:
    row = job(organization(), state=state)
    answer = refusal(row, Action(action))
    assert target(state, action) == EXPECTED.get((state, action))
    if (state, action) in EXPECTED:
        assert answer is None
    else:
        assert answer is not None
        [error] = answer.errors
        assert error.code == JobErrorCode.INVALID_TRANSITION
        assert error.field == "state"
        assert error.message.startswith(f"A job in state {state.upper()} cannot be ")


@pytest.mark.parametrize(
    ("state", "action", "message"),
    [
        ("awaiting_slot", Action.SUBMIT, "A job in state AWAITING_SLOT cannot be published."),
        ("published", Action.RESUBMIT, "A job in state PUBLISHED cannot be republished."),
        ("expired", Action.ARCHIVE, "A job in state EXPIRED cannot be archived."),
        ("draft", Action.APPROVE_AND_PUBLISH, "A job in state DRAFT cannot be approved."),
        ("scheduled", Action.APPROVE_AND_SCHEDULE, "A job in state SCHEDULED cannot be approved."),
        ("published", Action.REJECT, "A job in state PUBLISHED cannot be rejected."),
    ],
)
def test_a_refusal_names_what_the_recruiter_asked_for(
    state: str, action: Action, message: str
) -> None:
    answer = refusal(job(organization(), state=state), action)
    assert answer is not None
    assert [e.message for e in answer.errors] == [message]


def test_the_scheduler_picks_its_jobs_by_the_table() -> None:
    assert sources(Action.PUBLISH_DUE) == {"scheduled"}
    assert sources(Action.EXPIRE) == {"published"}
    assert sources(Action.ARCHIVE) == {
        "draft",
        "awaiting_slot",
        "needs_review",
        "scheduled",
        "published",
    }


class _Untouchable:
    """A session that fails on any use: a refused move must not reach the database."""

    def __getattr__(self, name: str) -> Any:
        raise AssertionError(f"the session was used ({name}) for a refused move")


@pytest.mark.parametrize(("state", "action"), [m for m in MOVES if m not in EXPECTED][::7])
async def test_transition_refuses_a_move_off_the_table_before_writing(
    state: str, action: str
) -> None:
    row = job(organization(), state=state, version=3)
    session = cast(AsyncSession, _Untouchable())
    with pytest.raises(IllegalTransition):
        await transition(session, JobsSettings(), row, action, JobUpdated, actor="test")
    assert (row.state, row.version) == (state, 3)


async def test_transition_follows_another_table_when_given_one() -> None:
    """The demo seed's history moves by its own rows; production's table does not have them."""
    row = job(organization(), state="draft", version=1)
    session = cast(AsyncSession, _Untouchable())
    with pytest.raises(IllegalTransition):
        await transition(session, JobsSettings(), row, "publish_without_slot", actor="seed")
    await transition(
        session,
        JobsSettings(),
        row,
        "publish_without_slot",
        actor="seed",
        table={("draft", "publish_without_slot"): "published"},
    )
    assert (row.state, row.version) == ("published", 2)
