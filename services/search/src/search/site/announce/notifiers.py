"""The endpoints notifications go to; each sends one batch and says how each URL fared."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol


@dataclass(frozen=True)
class Notice:
    url: str
    action: str  # URL_UPDATED or URL_DELETED


class OverQuota(str):
    """A notice refused because the endpoint's daily quota is used up (Google's 429
    ``RESOURCE_EXHAUSTED``): not the notice's fault, so no attempt is counted; the sender waits
    for the next quota day."""

    __slots__ = ()


class NotifyError(Exception):
    """The whole batch failed. ``answered``: the endpoint replied (the batch used quota);
    ``over_quota``: it said the daily quota is used up."""

    def __init__(self, message: str, *, answered: bool, over_quota: bool = False) -> None:
        super().__init__(message)
        self.answered = answered
        self.over_quota = over_quota


class Notifier(Protocol):
    name: str

    async def notify(self, notices: Sequence[Notice]) -> list[str | None]:
        """Send one batch; per notice ``None`` when accepted, else the error (an
        :class:`OverQuota` when refused for the quota). Raises
        :class:`NotifyError` when the batch as a whole failed."""
        ...
