"""bench.chain_cpu_ab's arguments and lines, without the stack."""

from __future__ import annotations

import pytest

from bench.chain_cpu_ab import behind, line, parse


def test_a_chain_is_three_ports_and_the_entry_says_which_processes_are_counted() -> None:
    args = parse(
        ["--base", "3203,4201,8208", "--candidate", "3202,4200,8207", "--entry", "gateway"]
    )
    assert args.base == {"web": 3203, "gateway": 4201, "search": 8208}
    assert behind(args.entry) == ("gateway", "search")
    assert behind("web") == ("web", "gateway", "search")
    with pytest.raises(SystemExit):
        parse(["--base", "3203,4201", "--candidate", "3202,4200,8207"])


def test_a_line_has_each_process_and_their_sum() -> None:
    text = line("round 1 base", 41.06, {"web": 1.5, "gateway": 3.25, "search": 4.5})
    assert "41.1 req/s" in text
    assert "web 1.50  gateway 3.25  search 4.50  all 9.25 ms" in text
