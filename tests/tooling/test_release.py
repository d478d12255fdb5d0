"""scripts/release.py records what was released, from a commit, for the release check (ADR 0045)."""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _git(repo: Path, *args: str) -> None:
    subprocess.run(
        ["git", "-c", "user.name=t", "-c", "user.email=t@example.org", *args],
        cwd=repo,
        check=True,
        capture_output=True,
    )


def _release(repo: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "release.py"), "--root", str(repo), *args],
        capture_output=True,
        text=True,
    )


def _repository(tmp_path: Path) -> Path:
    repo = tmp_path / "repo"
    (repo / "deploy").mkdir(parents=True)
    shutil.copy2(ROOT / "deploy" / "services.json", repo / "deploy" / "services.json")
    for name in ("jobs", "search", "billing"):
        (repo / "services" / name).mkdir(parents=True)
        (repo / "services" / name / "schema.graphql").write_text(f"type Query {{ {name}: Int }}\n")
    _git(repo, "init", "-q")
    _git(repo, "add", ".")
    _git(repo, "commit", "-qm", "schemas")
    return repo


def test_record_writes_the_committed_schema_and_its_manifest(tmp_path: Path) -> None:
    repo = _repository(tmp_path)
    result = _release(repo, "record", "jobs", "--version", "2026.11.29.1")
    assert result.returncode == 0, result.stderr

    sdl = (repo / "deploy" / "releases" / "jobs.graphql").read_text()
    assert sdl == "type Query { jobs: Int }\n"
    manifest = json.loads((repo / "deploy" / "releases" / "jobs.json").read_text())
    assert manifest["service"] == "jobs"
    assert manifest["version"] == "2026.11.29.1"
    assert len(manifest["commit"]) == 40
    assert manifest["schema_sha256"] == hashlib.sha256(sdl.encode()).hexdigest()
    assert not (repo / "deploy" / "releases" / "search.graphql").exists()


def test_record_refuses_an_uncommitted_schema(tmp_path: Path) -> None:
    repo = _repository(tmp_path)
    (repo / "services" / "jobs" / "schema.graphql").write_text("type Query { jobs: String }\n")
    result = _release(repo, "record", "jobs")
    assert result.returncode == 1
    assert "uncommitted changes" in result.stderr
    assert not (repo / "deploy" / "releases" / "jobs.graphql").exists()


def test_record_refuses_an_unknown_service(tmp_path: Path) -> None:
    result = _release(_repository(tmp_path), "record", "payroll")
    assert result.returncode == 2
    assert "unknown service 'payroll'" in result.stderr


def test_status_says_which_schemas_changed_since_their_release(tmp_path: Path) -> None:
    repo = _repository(tmp_path)
    assert _release(repo, "record", "jobs").returncode == 0
    assert _release(repo, "record", "search", "--version", "7").returncode == 0
    (repo / "services" / "search" / "schema.graphql").write_text("type Query { search: String }\n")

    lines = {line.split()[0]: line for line in _release(repo, "status").stdout.splitlines()}
    assert lines["jobs"].endswith("schema as released")
    assert "7" in lines["search"].split()
    assert lines["search"].endswith("schema changed since release")
    assert lines["billing"].endswith("never released")
    assert lines["identity"].endswith("no schema.graphql")
