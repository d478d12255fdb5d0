#!/usr/bin/env bash
# make backup: a backup of every service database and the uploads, then `verify` restores it into
# scratch databases and compares it with its manifest (docs/runbooks/backup-and-restore.md).
set -euo pipefail
cd "$(dirname "$0")/.."
set -a; . .local/env; set +a
target=".local/backups/$(date -u +%Y%m%dT%H%M%SZ)"
.venv/bin/python scripts/backup.py create --to "$target"
.venv/bin/python scripts/backup.py verify "$target"
