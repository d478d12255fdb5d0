"""A bounded schema fuzz run through the gateway: no input makes the platform answer a server
error or leak an internal message (schemathesis generates queries and mutations from the schema).
"""

from __future__ import annotations

import json
import os
from typing import Any

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from schemathesis.graphql import nodes

pytestmark = pytest.mark.integration

GATEWAY_URL = os.environ.get("JOBBOARD_GATEWAY_URL", "http://127.0.0.1:4000/graphql")
EXAMPLES = int(os.environ.get("JOBBOARD_FUZZ_EXAMPLES", "40"))
INTERNAL_MARKERS = ("Traceback", "SELECT ", "INSERT ", "asyncpg", "sqlalchemy", "psycopg")

# JSON values (site settings): strings, numbers, booleans, null and lists of strings.
schemathesis.graphql.scalar(
    "JSON",
    st.one_of(
        st.text(max_size=20).map(nodes.String),
        st.integers(min_value=-(2**31), max_value=2**31 - 1).map(nodes.Int),
        st.booleans().map(nodes.Boolean),
        st.just(nodes.Null),
        st.lists(st.text(max_size=10).map(nodes.String), max_size=3).map(nodes.List),
    ),
)
schema = schemathesis.graphql.from_url(GATEWAY_URL)


def _problems(status: int, body: Any) -> list[str]:
    problems = []
    if status >= 500:
        problems.append(f"HTTP {status}")
    text = json.dumps(body)
    problems += [f"leaks {marker!r}" for marker in INTERNAL_MARKERS if marker in text]
    for error in body.get("errors") or [] if isinstance(body, dict) else []:
        if (error.get("extensions") or {}).get("code") == "INTERNAL_SERVER_ERROR":
            problems.append(f"internal error: {error}")
    return problems


@schema.parametrize()
@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck))
def test_no_input_makes_a_server_error(case: schemathesis.Case) -> None:
    response = case.call(headers={"X-Frontend": "jobboard/en"})
    try:
        body = response.json()
    except ValueError:
        body = {"raw": response.text}
    assert _problems(response.status_code, body) == [], (case.body, response.text[:2000])
