"""An upload's child process runs its target from ``jobkit.uploads.processing`` and nothing of
the parent's ``__main__``: multiprocessing's stock launcher re-runs the parent's main module in
every child, which for the data set generator (a script importing every service) cost 2-5 s a
file. Here the parent's main module notes every import of itself that is not the run itself."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

SCRIPT = """
import asyncio
import io
import os

if __name__ != "__main__":  # imported again, as multiprocessing's children do ("__mp_main__")
    with open(os.environ["IMPORTED_AGAIN"], "a") as marks:
        marks.write(__name__ + "\\n")

if __name__ == "__main__":
    from PIL import Image

    from jobkit.uploads.processing import process

    buffer = io.BytesIO()
    Image.new("RGB", (64, 48), (20, 120, 90)).save(buffer, format="PNG")
    done = asyncio.run(process(buffer.getvalue()))
    print(done.kind.value, done.styles["original"].width)
"""


@pytest.mark.parametrize("how", ["path", "module"])
def test_the_child_does_not_import_the_parents_main_module(tmp_path: Path, how: str) -> None:
    (tmp_path / "uploader.py").write_text(SCRIPT)
    marks = tmp_path / "imported-again.txt"
    command = (
        [sys.executable, "uploader.py"] if how == "path" else [sys.executable, "-m", "uploader"]
    )
    done = subprocess.run(
        command,
        cwd=tmp_path,
        env={
            "PATH": "/usr/bin:/bin",
            "IMPORTED_AGAIN": str(marks),
            "PYTHONPATH": ":".join(sys.path),
        },
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.split() == ["image", "64"]
    assert not marks.exists(), marks.read_text()
