"""Count the SQL statements a piece of work runs (N+1 tests: a list query stays bounded)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import event
from sqlalchemy.engine import Engine


@dataclass
class StatementLog:
    statements: list[str] = field(default_factory=list)

    @property
    def count(self) -> int:
        return len(self.statements)


@contextmanager
def count_statements(engine: Engine) -> Iterator[StatementLog]:
    """Every statement ``engine`` (a sync engine, e.g. ``async_engine.sync_engine``) executes."""
    log = StatementLog()

    def before(_conn: Any, _cursor: Any, statement: str, *_args: Any) -> None:
        log.statements.append(statement)

    event.listen(engine, "before_cursor_execute", before)
    try:
        yield log
    finally:
        event.remove(engine, "before_cursor_execute", before)
