"""GET /organization/{slug}: the server-rendered profile page (loader + Apollo SSR)."""

from __future__ import annotations

import os

from bench.harness import Scenario
from bench.scenarios._organization import page_scenario


def build() -> Scenario:
    return page_scenario(
        "organization_page_via_web",
        "GET /organization/green-harbor-foundation on the web server (SSR, gateway, 2 subgraphs)",
        os.environ.get("BENCH_WEB_URL", "http://127.0.0.1:3002"),
    )
