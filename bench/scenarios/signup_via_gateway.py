"""signUp through the gateway into identity (argon2id in a worker thread, outbox write)."""

from __future__ import annotations

import os

from bench.harness import Scenario
from bench.scenarios._signup import scenario


def build() -> Scenario:
    return scenario(
        "signup_via_gateway",
        "signUp mutation via the gateway (BENCH_GATEWAY_URL) -> identity",
        os.environ.get("BENCH_GATEWAY_URL", "http://127.0.0.1:4000"),
        "/graphql",
    )
