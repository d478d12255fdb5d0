"""The endpoints notifications go to; each sends one batch and says how each URL fared."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol


@dataclass(frozen=True)
class Notice:
    url: str
    action: str  # URL_UPDATED or URL_DELETED


class NotifyError(Exception):
    """The whole batch failed. ``answered``: the endpoint replied (the batch used quota)."""

    def __init__(self, message: str, *, answered: bool) -> None:
        super().__init__(message)
        self.answered = answered


class Notifier(Protocol):
    name: str

    async def notify(self, notices: Sequence[Notice]) -> list[str | None]:
        """Send one batch; per notice ``None`` when accepted, else the error. Raises
        :class:`NotifyError` when the batch as a whole failed."""
        ...
