"""How long the idle alert mailer waits between rounds (ADR 0054): until the next work due,
at most ``alert_idle_poll_seconds``; work already due (a failed round, mails a relay did not
take) again at the polling pace, never at once; the polling pace where nothing is heard."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from jobkit.wakeup import Wakeup
from search.messaging import alert_mailer
from search.settings import SearchSettings

SETTINGS = SearchSettings(alert_poll_seconds=5.0, alert_idle_poll_seconds=60.0)
HOUR = 3600.0


def _listening() -> Wakeup:
    wakeup = Wakeup("channel")
    wakeup.listening = True
    return wakeup


async def _wait(
    monkeypatch: pytest.MonkeyPatch, due: datetime | None, *, retention_in: float = HOUR
) -> float:
    async def next_work(_: Any) -> datetime | None:
        return due

    monkeypatch.setattr(alert_mailer, "next_work", next_work)
    runtime: Any = type("Runtime", (), {"sessions": None})()
    return await alert_mailer._idle_seconds(runtime, SETTINGS, _listening(), retention_in)


async def test_nothing_due_waits_the_idle_poll(monkeypatch: pytest.MonkeyPatch) -> None:
    assert await _wait(monkeypatch, None) == 60.0


async def test_work_due_soon_is_waited_for(monkeypatch: pytest.MonkeyPatch) -> None:
    waited = await _wait(monkeypatch, datetime.now(UTC) + timedelta(seconds=2))
    assert 1.0 < waited <= 2.0


async def test_work_already_due_comes_round_at_the_polling_pace(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    assert await _wait(monkeypatch, datetime.now(UTC) - timedelta(days=1)) == 5.0
    # the retention rules overdue (the round failed before them): not a busy loop either
    assert await _wait(monkeypatch, None, retention_in=-30.0) == 5.0


async def test_where_nothing_is_heard_it_polls(monkeypatch: pytest.MonkeyPatch) -> None:
    runtime: Any = type("Runtime", (), {"sessions": None})()
    assert await alert_mailer._idle_seconds(runtime, SETTINGS, Wakeup("channel"), HOUR) == 5.0
