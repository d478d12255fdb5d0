"""signUp straight to identity's /graphql: the baseline of signup_via_gateway."""

from __future__ import annotations

import os

from bench.harness import Scenario
from bench.scenarios._signup import scenario


def build() -> Scenario:
    return scenario(
        "signup_direct",
        "signUp mutation straight to identity (BENCH_IDENTITY_URL), no gateway",
        os.environ.get("BENCH_IDENTITY_URL", "http://127.0.0.1:8101"),
        "/graphql",
    )
