"""What runs in production, per subgraph (ADR 0045).

    python3 scripts/release.py record jobs [--version 2026.11.29.1]   after jobs' release went out
    python3 scripts/release.py record web [--version V]   after the web's release went out
    python3 scripts/release.py status             released version and schema state, per service

``record`` copies ``services/<name>/schema.graphql`` as committed at HEAD to
``deploy/releases/<name>.graphql`` and writes ``deploy/releases/<name>.json`` (the version, the
commit and the schema's digest). ``record web`` writes the web's GraphQL documents (those codegen
loads, printed by the gateway's ``release:check -- --web-documents``) to
``deploy/releases/web.graphql``: the operations the released web sends.
``make release-check SERVICE=<name>`` (the gateway's ``release:check``) composes a candidate
against these files and validates the web's operations, this commit's and the released web's;
``make check`` runs it for every subgraph whose current schema differs from its released one.
Standard library only.
"""

from __future__ import annotations

import argparse
import datetime as dt
import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RELEASES = Path("deploy/releases")
WEB_DOCUMENT_MAP = "web/app/lib/graphql/generated/gql.ts"


def services(root: Path) -> list[str]:
    registry = json.loads((root / "deploy/services.json").read_text())
    return [entry["name"] for entry in registry["services"]]


def git(root: Path, *args: str) -> str:
    # git from PATH with fixed arguments: the service name is checked against the registry
    return subprocess.run(  # noqa: S603
        ["git", *args],  # noqa: S607
        cwd=root,
        check=True,
        capture_output=True,
        text=True,
    ).stdout


def released_sdl(root: Path, name: str, commit: str) -> str | None:
    """What the release of ``name`` at ``commit`` serves or sends, from committed files only."""
    source = WEB_DOCUMENT_MAP if name == "web" else f"services/{name}/schema.graphql"
    if git(root, "status", "--porcelain", "--", source).strip():
        sys.stderr.write(
            f"release: {source} has uncommitted changes; record what was released (a commit)\n"
        )
        return None
    if name != "web":
        return git(root, "show", f"{commit}:{source}")
    # the gateway reads codegen's document map (the same reader as the release check)
    return subprocess.run(
        ["npm", "run", "--silent", "release:check", "--", "--web-documents"],  # noqa: S607
        cwd=root / "gateway",
        env={**os.environ, "WEB_DIR": str(root / "web")},
        check=True,
        capture_output=True,
        text=True,
    ).stdout


def record(root: Path, name: str, version: str | None) -> int:
    commit = git(root, "rev-parse", "HEAD").strip()
    sdl = released_sdl(root, name, commit)
    if sdl is None:
        return 1
    releases = root / RELEASES
    releases.mkdir(parents=True, exist_ok=True)
    (releases / f"{name}.graphql").write_text(sdl)
    manifest = {
        "service": name,
        "version": version or commit[:12],
        "commit": commit,
        "schema_sha256": hashlib.sha256(sdl.encode()).hexdigest(),
        "released_at": dt.datetime.now(dt.UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
    }
    (releases / f"{name}.json").write_text(json.dumps(manifest, indent=2) + "\n")
    sys.stdout.write(
        f"release: recorded {name} {manifest['version']} at {commit[:12]}; "
        f"commit {RELEASES}/{name}.*\n"
    )
    return 0


def status(root: Path) -> int:
    for name in services(root):
        released = root / RELEASES / f"{name}.graphql"
        manifest_file = root / RELEASES / f"{name}.json"
        schema = root / "services" / name / "schema.graphql"
        current = schema.read_text() if schema.exists() else None
        manifest = json.loads(manifest_file.read_text()) if manifest_file.exists() else {}
        if current is None:
            state = "no schema.graphql"
        elif not released.exists():
            state = "never released"
        elif released.read_text() == current:
            state = "schema as released"
        else:
            state = "schema changed since release"
        sys.stdout.write(f"{name:<14} {manifest.get('version', '-'):<20} {state}\n")
    web = root / RELEASES / "web.json"
    if web.exists():
        version = json.loads(web.read_text())["version"]
        sys.stdout.write(f"{'web':<14} {version:<20} its operations recorded (web.graphql)\n")
    else:
        sys.stdout.write(f"{'web':<14} {'-':<20} never released\n")
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawTextHelpFormatter
    )
    parser.add_argument("--root", type=Path, default=ROOT, help=argparse.SUPPRESS)
    commands = parser.add_subparsers(dest="command", required=True)
    record_parser = commands.add_parser("record", help="record a service's release")
    record_parser.add_argument("service", help="a service of deploy/services.json, or web")
    record_parser.add_argument("--version", help="the released version (default: the commit)")
    commands.add_parser("status", help="released version and schema state per service")
    args = parser.parse_args()
    if args.command == "record":
        if args.service not in [*services(args.root), "web"]:
            known = ", ".join([*services(args.root), "web"])
            parser.error(f"unknown service {args.service!r}; one of {known}")
        return record(args.root, args.service, args.version)
    return status(args.root)


if __name__ == "__main__":
    sys.exit(main())
