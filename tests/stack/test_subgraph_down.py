"""The short version of `make faults`' subgraph scenario (tests/faults/subgraph_down.py): a
gateway and a web server of the test's own, with organizations at a closed port and the other
subgraphs the stack's, answer the rest with a clear error and render the home page and the job
search with their shell, no error page; both /readyz say degraded. The stack's own processes
are never touched."""

from __future__ import annotations

import shutil

import pytest

from tests.faults.subgraph_down import ROOT, run


def test_a_dead_subgraph_leaves_the_site_answering_what_it_can() -> None:
    if not (ROOT / "gateway" / "dist" / "server.js").exists() or not shutil.which("node"):
        pytest.skip("needs gateway/dist (cd gateway && npm run build) and node")
    if not (ROOT / "web" / "build" / "server-app" / "server" / "main.js").exists():
        pytest.skip("needs web/build (cd web && npm run build)")
    counts = run(["organizations"], quick=True)
    assert counts.failed == [], "\n".join(counts.lines)
