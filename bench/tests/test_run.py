"""CLI and scenario-module tests; nothing leaves the machine (port 1 on loopback is closed)."""

from __future__ import annotations

import pytest

from bench import run
from bench.scenarios import load_scenarios
from bench.scenarios.elasticsearch_direct import generate_documents, search_body


def test_both_scenarios_are_registered() -> None:
    assert {"graphql_via_web", "elasticsearch_direct"} <= set(load_scenarios())


def test_documents_are_deterministic() -> None:
    first = generate_documents(50)
    assert first == generate_documents(50)
    assert first != generate_documents(50, seed=1)
    assert set(first[0]) == {"title", "description", "city", "category", "published_at"}


def test_search_body_is_a_job_search() -> None:
    body = search_body("python developer")
    assert body["size"] == 10
    assert body["query"]["multi_match"]["fields"] == ["title^3", "description"]
    assert body["aggs"]["categories"]["terms"]["field"] == "category"


def test_list(capsys: pytest.CaptureFixture[str]) -> None:
    assert run.main(["--list"]) == 0
    assert "elasticsearch_direct" in capsys.readouterr().out


def test_unknown_scenario(capsys: pytest.CaptureFixture[str]) -> None:
    assert run.main(["--scenario", "nope"]) == run.EXIT_USAGE
    assert "unknown scenario" in capsys.readouterr().err


def test_non_loopback_target_is_refused(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("BENCH_ES_URL", "http://192.0.2.10:9200")
    assert run.main(["--scenario", "elasticsearch_direct"]) == run.EXIT_USAGE
    assert "loopback" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("scenario", "variable"),
    [("elasticsearch_direct", "BENCH_ES_URL"), ("graphql_via_web", "BENCH_WEB_URL")],
)
def test_unreachable_target_exits_with_a_clear_message(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    scenario: str,
    variable: str,
) -> None:
    monkeypatch.setenv(variable, "http://127.0.0.1:1")
    assert run.main(["--scenario", scenario, "--requests", "1"]) == run.EXIT_UNREACHABLE
    err = capsys.readouterr().err
    assert "unreachable" in err
    assert "start the stack with make up" in err
