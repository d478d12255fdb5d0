"""bench.page_cpu's reading of a process's CPU, without the stack."""

from __future__ import annotations

import os
import time

from bench.page_cpu import cpu_ticks


def test_cpu_ticks_counts_this_process_cpu() -> None:
    before = cpu_ticks(os.getpid())
    deadline = time.process_time() + 0.2
    while time.process_time() < deadline:  # 200 ms of CPU: 20 ticks at 100 Hz
        pass
    spent = cpu_ticks(os.getpid()) - before
    assert spent >= 0.1 * os.sysconf("SC_CLK_TCK")
