"""scripts/seed.py is run again by multiprocessing in the child process of each upload it makes
(jobkit.uploads.processing checks and renders every file in a child of its own, and a child
runs its parent's main module first, as ``__mp_main__``). Run that way it must import nothing:
with the demo board's imports at its top, each of the seed's uploads paid about 4 s of CPU for
importing every service before its 0.3 s of rendering."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

PROBE = """
import runpy, sys
before = set(sys.modules)
runpy.run_path("scripts/seed.py", run_name="__mp_main__")
# runpy itself brings a few standard modules; nothing else may come
new = set(sys.modules) - before
print(" ".join(sorted(m for m in new if m.split(".")[0] not in sys.stdlib_module_names)))
"""


def test_the_seed_imports_nothing_when_a_child_process_runs_it_again() -> None:
    probe = subprocess.run(
        [sys.executable, "-c", PROBE], cwd=ROOT, capture_output=True, text=True, check=True
    )
    imported = probe.stdout.split()
    assert imported == [], f"scripts/seed.py imports {len(imported)} modules: {imported[:10]}"


def test_the_seed_runs_the_demo_board() -> None:
    """What it runs as a script: the board's main, which is importable from scripts/."""
    probe = subprocess.run(
        [sys.executable, "-c", "import demo.board; print(demo.board.main.__qualname__)"],
        cwd=ROOT / "scripts",
        capture_output=True,
        text=True,
        check=True,
    )
    assert probe.stdout.strip() == "main"
