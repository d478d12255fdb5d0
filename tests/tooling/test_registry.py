"""Adding a service is one entry in deploy/services.json: everything else follows from it."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
REGISTRY = ROOT / "scripts" / "registry.py"


def _copy(tmp_path: Path, *paths: str) -> None:
    for relative in paths:
        source, target = ROOT / relative, tmp_path / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        if source.is_dir():
            shutil.copytree(source, target)
        else:
            shutil.copy2(source, target)


def _registry(tmp_path: Path, *args: str) -> str:
    result = subprocess.run(
        [sys.executable, str(tmp_path / "scripts" / "registry.py"), *args, "--root", str(tmp_path)],
        capture_output=True,
        text=True,
        check=True,
    )
    return result.stdout


def test_the_committed_files_match_the_registry() -> None:
    subprocess.run([sys.executable, str(REGISTRY), "check"], check=True)


def test_a_ninth_service_reaches_every_consumer_from_one_entry(tmp_path: Path) -> None:
    _copy(
        tmp_path,
        "deploy/services.json",
        "deploy/local/supervisord.conf",
        "deploy/local/lib.sh",
        "deploy/compose/postgres-init.sql",
        "deploy/k8s",
        "docker-compose.yml",
        "gateway/src/subgraphs.ts",
        "pyproject.toml",
        "docs/conventions.md",
        "scripts/registry.py",
    )
    registry = tmp_path / "deploy" / "services.json"
    data = json.loads(registry.read_text())
    data["services"].append(
        {"name": "payments", "port": 8109, "secrets": ["PAYMENTS_WEBHOOK_SIGNING_SECRET"]}
    )
    registry.write_text(json.dumps(data))

    _registry(tmp_path, "write")
    assert _registry(tmp_path, "check") == ""

    def text(path: str) -> str:
        return (tmp_path / path).read_text()

    assert "[program:payments]" in text("deploy/local/supervisord.conf")
    assert "run-service.sh payments 8109" in text("deploy/local/supervisord.conf")
    assert (
        "programs=identity,organizations,jobs,resumes,billing,consent,search,analytics,payments"
        in text("deploy/local/supervisord.conf")
    )
    compose = text("docker-compose.yml")
    assert "args: {SERVICE: payments}" in compose
    assert "SUBGRAPH_PAYMENTS_URL: http://payments:8000/graphql" in compose
    assert "payments: {condition: service_healthy}" in compose
    assert "CREATE DATABASE payments OWNER jobboard;" in text("deploy/compose/postgres-init.sql")
    k8s_config = text("deploy/k8s/base/config.yaml")
    assert "SUBGRAPH_PAYMENTS_URL: http://payments:8000/graphql" in k8s_config
    assert "  payments: payments-db-rw" in k8s_config
    assert "  - services/payments.yaml" in text("deploy/k8s/base/kustomization.yaml")
    manifest = text("deploy/k8s/base/services/payments.yaml")
    assert "image: jobboard/payments:dev" in manifest
    assert "name: payments-migrate" in manifest
    assert "name: payments-worker" in manifest
    assert "PAYMENTS_RUN_MIGRATIONS_ON_STARTUP" in manifest
    # its secret, from jobboard-secrets, in every container that runs its image: the API's and
    # the workers' (and their migration gates) and the migration Job's
    secret_ref = "{secretKeyRef: {name: jobboard-secrets, key: PAYMENTS_WEBHOOK_SIGNING_SECRET}}"
    assert manifest.count(secret_ref) == manifest.count("image: jobboard/payments:dev") == 5
    assert "PAYMENTS_WEBHOOK_SIGNING_SECRET: ${PAYMENTS_WEBHOOK_SIGNING_SECRET:?set" in compose
    assert _registry(tmp_path, "secrets").splitlines()[-1] == "PAYMENTS_WEBHOOK_SIGNING_SECRET"
    assert "name: payments-db\n" in text("deploy/k8s/components/operators/databases.yaml")
    assert "payments: 8109," in text("gateway/src/subgraphs.ts")
    assert '"jobboard-payments",' in text("pyproject.toml")
    assert "jobboard-payments = { workspace = true }" in text("pyproject.toml")
    assert "| payments | 127.0.0.1:8109 |" in text("docs/conventions.md")

    # the shell scripts (stack, postgres.sh, export-schemas.sh, up.sh) read the same list
    listed = subprocess.run(
        ["bash", "-c", f"source {tmp_path}/deploy/local/lib.sh && registry_services"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert listed.splitlines()[-1] == "payments 8109"


def test_a_duplicate_port_is_refused(tmp_path: Path) -> None:
    _copy(tmp_path, "deploy/services.json", "scripts/registry.py")
    registry = tmp_path / "deploy" / "services.json"
    data = json.loads(registry.read_text())
    data["services"].append({"name": "payments", "port": 8101})
    registry.write_text(json.dumps(data))
    result = subprocess.run(
        [
            sys.executable,
            str(tmp_path / "scripts" / "registry.py"),
            "list",
            "--root",
            str(tmp_path),
        ],
        capture_output=True,
        text=True,
    )
    assert result.returncode != 0
    assert "unique" in result.stderr
