"""The short version of `make faults`' restore drill (tests/faults/restore_drill.py): every
service database backed up, restored into empty databases of the test's own, search rebuilt from
the owners' events into indices of its own, and the same searches answered the same (totals,
facet counts, first pages) as by the board it was taken from. The stack's own databases, indices
and processes are only read."""

from __future__ import annotations

from tests.faults.restore_drill import drill


async def test_the_board_restored_from_a_backup_answers_the_same_searches() -> None:
    counts = await drill()
    assert counts.failed == [], "\n".join(counts.lines)
