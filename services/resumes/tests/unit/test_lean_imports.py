"""What the service's processes import at start (ADR 0059): fpdf2 waits for the first PDF
export, and the CV reader's fork server does not take the service's web and database stack."""

from __future__ import annotations

import subprocess
import sys


def imported_by(statement: str) -> set[str]:
    """The top-level packages a fresh interpreter holds after ``statement``."""
    listing = "print(' '.join(sorted({m.split('.')[0] for m in sys.modules})))"
    done = subprocess.run(
        [sys.executable, "-c", f"{statement}\nimport sys\n{listing}"],
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    return set(done.stdout.split())


def test_the_app_starts_without_fpdf() -> None:
    found = imported_by("import resumes.main")
    assert "fastapi" in found
    assert "fpdf" not in found
    assert "fontTools" not in found


def test_the_reader_fork_server_preload_is_lean() -> None:
    found = imported_by("import jobkit.uploads.processing, resumes.importing.reader")
    assert found.isdisjoint({"fastapi", "strawberry", "sqlalchemy", "aiokafka", "fpdf"})
