#!/usr/bin/env bash
# The fast static checks (`make check`, and the first step of `make test`): lint, strict types,
# import rules, models against migrations, subgraph SDL drift, event contracts, supergraph
# composition, subgraphs releasable alone (ADR 0045), the web's types.
# Needs the local PostgreSQL (alembic check runs on a temporary database); nothing else.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
step() { printf '\n\033[1m==> %s\033[0m\n' "$*"; }
[ -f .local/env ] && { set -a; . .local/env; set +a; }

step "lint (ruff)"
.venv/bin/ruff check libs services tests scripts bench

step "generated files match the service registry (deploy/services.json)"
python3 scripts/registry.py check

step "types (mypy --strict on libs/src and services/*/src)"
.venv/bin/mypy

step "import rules (lint-imports: the contracts in .importlinter, ADR 0021)"
.venv/bin/lint-imports --no-logo --no-cache

step "models and migrations agree (alembic check per service)"
.venv/bin/python scripts/migrations.py check

step "subgraph schemas match the code"
scripts/export-schemas.sh --check

step "event contracts: published schemas and docs/events.md match the code, every consumer's view fits its publisher"
.venv/bin/python scripts/event_contracts.py check

step "gateway: supergraph composes and matches the committed files; gateway types"
(cd gateway && npm run --silent compose:check && npm run --silent lint)

step "releases: each subgraph changed since its release composes with the released others and keeps the web's operations valid (ADR 0045)"
(cd gateway && npm run --silent release:check)

step "web: lint, types, generated GraphQL types match the supergraph, the message catalogue matches the code"
(cd web && npm run --silent lint && npm run --silent typecheck && npm run --silent codegen:check && npm run --silent i18n:check)
