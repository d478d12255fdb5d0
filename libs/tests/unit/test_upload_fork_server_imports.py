"""The upload fork server imports ``jobkit.uploads.processing`` (its preload) and forks every
child from there: that module, and the package above it, must not bring the service's web and
database stack into it (ADR 0059: it was 100 MiB of a service's memory, now about 30)."""

from __future__ import annotations

import subprocess
import sys

import pytest

# what a service process has and a fork server needs none of
HEAVY = ("fastapi", "starlette", "strawberry", "sqlalchemy", "aiokafka", "asyncpg", "httpx")


def imported_by(statement: str) -> set[str]:
    """The top-level packages a fresh interpreter holds after ``statement``."""
    listing = "print(' '.join(sorted({m.split('.')[0] for m in sys.modules})))"
    code = f"{statement}\nimport sys\n{listing}"
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    )
    return set(done.stdout.split())


def test_the_fork_server_preload_imports_pillow_and_not_the_service_stack() -> None:
    found = imported_by("import jobkit.uploads.processing")
    assert "PIL" in found
    assert found.isdisjoint(HEAVY), sorted(found & set(HEAVY))


def test_the_package_names_are_still_importable_from_the_package() -> None:
    found = imported_by(
        "from jobkit.uploads import MAX_UPLOAD_BYTES, STYLES, Storage, upload_router, uploads_table"
    )
    assert {"fastapi", "sqlalchemy"} <= found


def test_an_unknown_name_is_an_attribute_error() -> None:
    import jobkit.uploads

    with pytest.raises(AttributeError, match="no_such_name"):
        jobkit.uploads.no_such_name  # noqa: B018 - the attribute access is the test
