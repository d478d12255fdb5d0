"""The page rows' baselines: the web's own operations, printed from its generated documents, are
valid against the supergraph with the variables the bench sends, and a page's row is printed
with what it adds over its calls' row (no network)."""

from __future__ import annotations

from pathlib import Path

import pytest
from graphql import build_schema, parse, validate

from bench.harness import ScenarioResult, format_over_baselines
from bench.scenarios import load_scenarios
from bench.scenarios._pages import web_operation

SUPERGRAPH_API = Path(__file__).resolve().parents[2] / "gateway" / "supergraph-api.graphql"
OPERATIONS = (
    "AppConfig",
    "HomeJobs",
    "HomeOrganizations",
    "HomeTopJobs",
    "HomeVideoJobs",
    "HomeEmploymentTypes",
    "HomeTraining",
    "JobSearch",
    "JobPage",
    "SimilarJobs",
)


@pytest.mark.parametrize("name", OPERATIONS)
def test_the_pages_operations_are_the_webs_and_valid(name: str) -> None:
    document = parse(web_operation(name))
    schema = build_schema(SUPERGRAPH_API.read_text(encoding="utf-8"))
    assert validate(schema, document) == []
    assert document.definitions[0].name.value == name  # type: ignore[attr-defined]


def test_each_page_row_names_its_calls_row() -> None:
    scenarios = load_scenarios()
    for page, calls in (
        ("home_page_via_web", "home_page_calls"),
        ("jobs_page_via_web", "jobs_page_calls"),
        ("job_page_via_web", "job_page_calls"),
    ):
        assert scenarios[page].baseline == calls
        assert calls in scenarios


def test_a_row_is_printed_over_its_baseline() -> None:
    page = ScenarioResult("page", 3, 0, 1.0, [50.0, 60.0, 70.0])
    calls = ScenarioResult("calls", 3, 0, 1.0, [20.0, 25.0, 30.0])
    lonely = ScenarioResult("lonely", 1, 0, 1.0, [5.0])
    lines = format_over_baselines(
        [calls, page, lonely], {"page": "calls", "lonely": "absent", "calls": None}
    )
    assert lines == ["page over calls: p50 60.00 - 25.00 = 35.00; p95 69.00 - 29.50 = 39.50 ms"]
