"""Background loops that stop when they are told to, however their clients behave.

A loop that catches its clients' errors and tries again must not also swallow the request to
stop: on Python 3.11, ``asyncio.wait_for`` turns a cancellation that arrives as its inner call
fails into that call's error, and a client may catch ``CancelledError`` itself. A task asked to
stop keeps the request counted (``Task.cancelling()``) until someone un-cancels it, so a loop
asks :func:`stop_if_asked` before it tries again, and waits with ``asyncio.timeout`` (which
keeps an outer cancellation apart from its own) rather than ``asyncio.wait_for``.
"""

from __future__ import annotations

import asyncio


def stop_if_asked() -> None:
    """Raise ``CancelledError`` when the current task was cancelled and the cancellation got
    lost on the way (converted into another error or caught below us)."""
    task = asyncio.current_task()
    if task is not None and task.cancelling():
        raise asyncio.CancelledError
