"""What each service's image holds, built the way services/Dockerfile's build stage builds it,
without a container engine: the files the Dockerfile copies, ``uv sync --frozen --no-dev
--package jobboard-<service>`` into the image's environment, then every module of the service
imported with that environment's Python (a dependency the service uses but does not declare
fails here, not at the first start in a cluster).

    .venv/bin/python scripts/service_images.py check [SERVICE ...]    build and import, each
    .venv/bin/python scripts/service_images.py sizes [SERVICE ...]    the /app layer's size, each

``sizes`` builds as the Dockerfile does (files copied, bytecode compiled) and prints the size of
/app per service: what the image adds to its base (python:3.11-slim). ``check`` links files from
uv's cache instead of copying them, which is faster and imports the same modules.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

# imports every module of the service's package, as the image's Python would
IMPORT_ALL = """
import importlib, pkgutil, sys
package = importlib.import_module(sys.argv[1])
failed = []
for module in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
    try:
        importlib.import_module(module.name)
    except Exception as error:
        failed.append(f"{module.name}: {type(error).__name__}: {error}")
getattr(importlib.import_module(sys.argv[1] + ".main"), "create_app")
print("\\n".join(failed))
sys.exit(1 if failed else 0)
"""


class ImageError(Exception):
    """The build stage or an import failed; the message says where."""


def services() -> list[str]:
    registry = json.loads((ROOT / "deploy" / "services.json").read_text())
    return [entry["name"] for entry in registry["services"]]


def _run(
    command: list[str], cwd: Path, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    """Run a command built here (git, uv, the image environment's Python), outside any venv."""
    if env is not None:
        env = {key: value for key, value in env.items() if key != "VIRTUAL_ENV"}
    return subprocess.run(  # noqa: S603 - the commands are this script's own
        command, cwd=cwd, env=env, capture_output=True, text=True, check=False
    )


def _tracked(paths: Sequence[str]) -> list[str]:
    listed = _run(["git", "ls-files", "--", *paths], ROOT)
    if listed.returncode != 0:
        raise ImageError(f"git ls-files failed: {listed.stderr.strip()}")
    return listed.stdout.splitlines()


def copy_context(service: str, app: Path) -> None:
    """What the Dockerfile copies into /app: the workspace's manifests and lock, the shared
    kit and the service (tracked files only, as a build context from a clean checkout)."""
    files = ["pyproject.toml", "uv.lock", "libs/pyproject.toml"]
    files += _tracked(["libs/src", f"services/{service}"])
    for name in files:
        target = app / name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / name, target)


def build(service: str, app: Path, *, as_image: bool) -> None:
    copy_context(service, app)
    env = {
        **os.environ,
        "UV_LINK_MODE": "copy" if as_image else "hardlink",
        "UV_COMPILE_BYTECODE": "1" if as_image else "0",
        "UV_PYTHON_DOWNLOADS": "never",
        "UV_PROJECT_ENVIRONMENT": str(app / ".venv"),
    }
    command = ["uv", "sync", "--frozen", "--no-dev", "--package", f"jobboard-{service}"]
    synced = _run(command, app, env)
    if synced.returncode != 0:
        raise ImageError(f"{service}: uv sync failed: {synced.stderr.strip()}")


def import_all(service: str, app: Path) -> None:
    env = {key: value for key, value in os.environ.items() if not key.startswith("PYTHON")}
    python = str(app / ".venv" / "bin" / "python")
    imported = _run([python, "-c", IMPORT_ALL, service], app / "services" / service, env)
    if imported.returncode != 0:
        detail = imported.stdout.strip() or imported.stderr.strip().splitlines()[-1]
        raise ImageError(f"{service}: its image cannot import every module:\n{detail}")


def size(path: Path) -> int:
    return sum(entry.stat().st_size for entry in path.rglob("*") if entry.is_file())


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("command", choices=["check", "sizes"])
    parser.add_argument("service", nargs="*")
    args = parser.parse_args(argv)
    chosen = args.service or services()
    failed = 0
    for service in chosen:
        with tempfile.TemporaryDirectory(prefix=f"image-{service}-") as scratch:
            app = Path(scratch) / "app"
            try:
                build(service, app, as_image=args.command == "sizes")
                import_all(service, app)
            except ImageError as error:
                sys.stderr.write(f"{error}\n")
                failed += 1
                continue
            if args.command == "sizes":
                sys.stdout.write(f"{service}\t{size(app) / 1_000_000:.0f} MB\n")
            else:
                sys.stdout.write(f"{service}: builds and imports every module\n")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
