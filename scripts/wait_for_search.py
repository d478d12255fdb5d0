"""Wait until search's indexer has caught up with the jobs, organizations and resumes databases
(after the seed sent snapshots again for a fresh index; see scripts/demo/search_sync.py). Exit
status 0 when it has, 1 after the timeout (seconds, default 900)."""

from __future__ import annotations

import asyncio
import sys

from demo.search_sync import wait_for_search


def main() -> int:
    timeout = float(sys.argv[1]) if len(sys.argv) > 1 else 900
    if asyncio.run(wait_for_search(timeout)):
        return 0
    print(f"search: the index has not caught up after {timeout:.0f}s", file=sys.stderr)  # noqa: T201
    return 1


if __name__ == "__main__":
    raise SystemExit(main())
