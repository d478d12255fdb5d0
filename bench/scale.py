"""Issue 28's figures in one run, each beside its baseline measured in the same run, printed as
one table (``make bench``).

    .venv/bin/python -m bench.scale                         # every part, about 20 minutes
    .venv/bin/python -m bench.scale --quick                 # a smoke test, under 3 minutes
    .venv/bin/python -m bench.scale --skip load --json out.json

The parts run one after another against the running stack (``make up``), in this order:

``rest``
    The whole stack at rest: every process of the stack's services, workers and edge groups
    (``deploy/local/stack status``: the Python services, the alert mailer, the gateway, the web
    servers), user + system ticks with their children from ``/proc/<pid>/stat`` over a window
    in which the bench sends nothing, in % of one core. Baseline: PostgreSQL, Kafka and
    Elasticsearch at rest in the same window. Goal: under 5 %.
``search``
    Job, organization and resume search through web -> gateway -> search beside the same
    Elasticsearch requests sent straight to Elasticsearch (``job_search_direct``,
    ``organization_search_direct``, ``resume_search_direct``): p95 at concurrency 1 (every row
    in one interleaved phase; goal at most 1.5x raw) and throughput at concurrency 8 (each row
    alone; goal at least 0.5x raw). Job and organization searches twice: every search new to
    search's kept answers, and a few dozen searches repeated (visitors' first pages); resume
    searches are never kept.
``pages``
    The server render of the home page, /jobs and a job page beside the GraphQL calls each makes,
    through the gateway, all in one interleaved phase (``bench.pages_ab``): the render adds at
    most 30 ms at p50.
``lag``
    Publish -> searchable through the gateway (``bench.search_lag``) beside Elasticsearch alone
    (index, then poll until its refresh shows the document): p95 under 1 s.
``load``
    The mixed load at rising concurrency (``bench.loadtest``): the knee (the highest throughput
    of a step with p95 < 200 ms) beside raw search at the same number of users, and each
    process's largest resident memory through the load beside its memory at rest just before:
    under 256 MiB.

Nothing a part makes stays on the board: the search-lag probes are archived and forgotten, the
load's accounts, organization and jobs removed (the run says so, or what is left: exit 1).
Searches and pages are a visitor's, or the demo recruiter's (one sign-in and sign-out).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import subprocess
import sys
import time
from collections.abc import Callable, Coroutine, Sequence
from dataclasses import asdict, dataclass, field, replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Literal

from bench import cpu_account, loadtest, pages_ab, search_lag
from bench.harness import (
    RunSettings,
    Scenario,
    ScenarioResult,
    http_client,
    percentile,
    run_interleaved,
    run_scenario,
)
from bench.scenarios._organization_search import (
    OrganizationSearchDirect,
    OrganizationSearchThrough,
)
from bench.scenarios._resume_search import ResumeSearchDirect, ResumeSearchThrough
from bench.scenarios._search import ES_URL, INDEX, WEB_URL, SearchDirect, SearchThrough

PARTS = ("rest", "search", "pages", "lag", "load")
INFRA = ("kafka", "elasticsearch")  # with PostgreSQL: the baseline at rest
REST_AIM_PERCENT = 5.0
SEARCH_P95_AIM = 1.5
SEARCH_RATE_AIM = 0.5
PAGE_ADDED_AIM_MS = 30.0
LAG_AIM_MS = 1000.0


def log(message: str) -> None:
    print(f"bench.scale: {message}", file=sys.stderr, flush=True)


# --- figures and verdicts ---------------------------------------------------------------------


@dataclass(frozen=True)
class Goal:
    """What a figure should be: ``on`` the measured value, its ratio to the baseline or its
    difference from it, ``op`` ``limit``; ``text`` says it for people."""

    on: Literal["measured", "ratio", "difference"]
    op: Literal["<", "<=", ">", ">="]
    limit: float
    text: str

    def met(self, value: float) -> bool:
        if self.op == "<":
            return value < self.limit
        if self.op == "<=":
            return value <= self.limit
        if self.op == ">":
            return value > self.limit
        return value >= self.limit


@dataclass(frozen=True)
class Figure:
    """One row of the table: a measured value beside its baseline from the same run."""

    part: str
    name: str
    unit: str
    measured: float | None
    baseline: float | None
    baseline_name: str
    compare: Literal["ratio", "difference"]
    goal: Goal
    note: str = ""
    # no measured value is a miss (no knee), not a figure left unmeasured
    missing_is_miss: bool = False

    @property
    def ratio(self) -> float | None:
        if self.measured is None or not self.baseline:
            return None
        return self.measured / self.baseline

    @property
    def difference(self) -> float | None:
        if self.measured is None or self.baseline is None:
            return None
        return self.measured - self.baseline

    def met(self) -> bool | None:
        """Whether the goal is met; None when the figure it is judged on was not measured."""
        if self.measured is None:
            return False if self.missing_is_miss else None
        value = {"measured": self.measured, "ratio": self.ratio, "difference": self.difference}[
            self.goal.on
        ]
        return None if value is None else self.goal.met(value)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self) | {
            "ratio": self.ratio,
            "difference": self.difference,
            "met": self.met(),
        }


def amount(value: float | None, unit: str) -> str:
    """A value with its unit, as precise as it is worth reading."""
    if value is None:
        return "-"
    if unit == "%":
        return f"{value:.2f} %"
    if unit == "req/s":
        return f"{value:.1f} req/s"
    if unit == "ms" and abs(value) < 10:
        return f"{value:.1f} ms"
    return f"{value:.0f} {unit}"


def comparison(figure: Figure) -> str:
    if figure.compare == "ratio":
        ratio = figure.ratio
        if ratio is None:
            return "-"
        shown = f"{ratio:.2f}"
        # a ratio that rounds onto the other side of its goal is shown with the digit that decides
        if figure.goal.on == "ratio" and figure.goal.met(float(shown)) != figure.goal.met(ratio):
            shown = f"{ratio:.3f}"
        return f"{shown}x"
    difference = figure.difference
    if difference is None:
        return "-"
    return ("+" if difference >= 0 else "-") + amount(abs(difference), figure.unit)


def verdict(figure: Figure) -> str:
    met = figure.met()
    return "-" if met is None else ("yes" if met else "NO")


HEAD = ("figure", "measured", "baseline (same run)", "ratio or difference", "goal", "met?")


def table_rows(figures: Sequence[Figure]) -> list[tuple[str, ...]]:
    return [
        (
            f.name,
            amount(f.measured, f.unit),
            f"{amount(f.baseline, f.unit)} ({f.baseline_name})",
            comparison(f),
            f.goal.text,
            verdict(f),
        )
        for f in figures
    ]


def format_table(figures: Sequence[Figure]) -> str:
    """The figures as one Markdown table (readable as it is, and pasted into RESULTS.md)."""
    rows = table_rows(figures)
    widths = [max(len(h), *(len(r[i]) for r in rows)) for i, h in enumerate(HEAD)]

    def line(cells: Sequence[str]) -> str:
        return "| " + " | ".join(c.ljust(w) for c, w in zip(cells, widths, strict=True)) + " |"

    rule = "|" + "|".join("-" * (w + 2) for w in widths) + "|"
    return "\n".join([line(HEAD), rule, *(line(r) for r in rows)])


def summary_line(figures: Sequence[Figure]) -> str:
    verdicts = [f.met() for f in figures]
    met = sum(v is True for v in verdicts)
    missed = [f.name for f in figures if f.met() is False]
    unmeasured = sum(v is None for v in verdicts)
    parts = [f"{met} of {len(figures)} goals met"]
    if missed:
        parts.append(f"missed: {'; '.join(missed)}")
    if unmeasured:
        parts.append(f"{unmeasured} not measured")
    return ", ".join(parts)


def notes(figures: Sequence[Figure]) -> list[str]:
    return [f"- {f.name}: {f.note}" for f in figures if f.note]


# --- sizes ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Sizes:
    rest_seconds: float
    rest_settle: float
    warmup: int  # unrecorded requests per row before the search and page phases
    search_requests: int  # per row at concurrency 1
    search_requests_c8: int  # per row at concurrency 8
    page_requests: int  # per row
    publishes: int
    users: tuple[int, ...]
    step_seconds: float
    warmup_seconds: float
    raw_seconds: float


FULL = Sizes(
    rest_seconds=180,
    rest_settle=10,
    warmup=10,
    search_requests=200,
    search_requests_c8=400,
    page_requests=100,
    publishes=100,
    users=(1, 2, 4, 8, 16, 32),
    step_seconds=30,
    warmup_seconds=5,
    raw_seconds=10,
)
QUICK = Sizes(
    rest_seconds=10,
    rest_settle=2,
    warmup=1,
    search_requests=8,
    search_requests_c8=16,
    page_requests=4,
    publishes=2,
    users=(1, 2),
    step_seconds=5,
    warmup_seconds=2,
    raw_seconds=2,
)


# --- the parts --------------------------------------------------------------------------------


@dataclass
class Measured:
    figures: list[Figure]
    details: dict[str, Any] = field(default_factory=dict)
    clean: bool = True


def percent_of_core(ticks: int, seconds: float) -> float:
    return 100.0 * ticks / cpu_account.hertz() / seconds if seconds > 0 else 0.0


REST_FIGURE = Figure(
    part="rest",
    name="whole stack at rest, CPU of one core",
    unit="%",
    measured=None,
    baseline=None,
    baseline_name="PostgreSQL + Kafka + ES at rest",
    compare="ratio",
    goal=Goal("measured", "<", REST_AIM_PERCENT, f"< {REST_AIM_PERCENT:g} %"),
)


async def at_rest(sizes: Sizes) -> Measured:
    root = loadtest.stack_root()
    stack = loadtest.stack_processes(root)
    infra = {k: v for k, v in loadtest.stack_processes(root, ("infra",)).items() if k in INFRA}
    if (postgres := cpu_account.find_postmaster()) is not None:
        infra["postgres"] = postgres
    if not stack:
        raise RuntimeError(f"no running stack processes in {root} (deploy/local/stack status)")
    log(f"rest: {sizes.rest_settle:g} s settling, then {sizes.rest_seconds:g} s of nothing")
    await asyncio.sleep(sizes.rest_settle)
    roots = stack | infra
    load_before = os.getloadavg()[0]
    before, began = cpu_account.ticks_now(roots), time.monotonic()
    await asyncio.sleep(sizes.rest_seconds)
    after, elapsed = cpu_account.ticks_now(roots), time.monotonic() - began
    percent = {
        name: percent_of_core(after[name] - before[name], elapsed)
        for name in roots
        if name in before and name in after
    }
    whole = sum(percent[name] for name in stack if name in percent)
    base = sum(percent[name] for name in infra if name in percent)
    busiest = sorted(stack, key=lambda name: -percent.get(name, 0.0))[:4]
    note = (
        f"{len(stack)} processes over {elapsed:.0f} s, load average "
        f"{load_before:.2f} -> {os.getloadavg()[0]:.2f}; the most: "
        + ", ".join(f"{name} {percent.get(name, 0.0):.2f} %" for name in busiest)
        + "; baseline: "
        + ", ".join(f"{name} {percent.get(name, 0.0):.2f} %" for name in infra)
    )
    figure = replace(REST_FIGURE, measured=whole, baseline=base, note=note)
    return Measured([figure], {"seconds": elapsed, "percent": percent})


@dataclass(frozen=True)
class SearchRow:
    kind: str  # job, organization, resume
    label: str  # raw, or how the searches repeat
    subject: Any  # one of the scenarios' subjects (setup, request, teardown)

    @property
    def name(self) -> str:
        return f"{self.kind} {self.label}"

    def scenario(self) -> Scenario:
        s = self.subject
        return Scenario(name=self.name, request=s.request, setup=s.setup, teardown=s.teardown)


NEW = "every search new"
REPEATED = "searches repeated"


def search_rows() -> list[SearchRow]:
    return [
        SearchRow("job", "raw", SearchDirect()),
        SearchRow("job", NEW, SearchThrough(WEB_URL, unique=True)),
        SearchRow("job", REPEATED, SearchThrough(WEB_URL)),
        SearchRow("organization", "raw", OrganizationSearchDirect()),
        SearchRow("organization", NEW, OrganizationSearchThrough(WEB_URL, unique=True)),
        SearchRow("organization", REPEATED, OrganizationSearchThrough(WEB_URL)),
        SearchRow("resume", "raw", ResumeSearchDirect()),
        SearchRow("resume", "never kept", ResumeSearchThrough(WEB_URL, web=True)),
    ]


def errors_note(*results: ScenarioResult | None) -> str:
    counted = [(r.name, r.errors, next(iter(r.error_kinds), "")) for r in results if r and r.errors]
    return "; ".join(f"{name}: {n} errors ({kind})" for name, n, kind in counted)


def latency_figure(
    part: str,
    name: str,
    result: ScenarioResult | None,
    base: ScenarioResult | None,
    *,
    p: float,
    baseline_name: str,
    goal: Goal,
) -> Figure:
    """A row's p-th percentile beside its baseline row's, compared as its goal judges it."""
    return Figure(
        part=part,
        name=name,
        unit="ms",
        measured=result.percentile(p) if result else None,
        baseline=base.percentile(p) if base else None,
        baseline_name=baseline_name,
        compare="difference" if goal.on == "difference" else "ratio",
        goal=goal,
        note=errors_note(result, base),
    )


def search_figures(
    rows: Sequence[SearchRow],
    at_1: dict[str, ScenarioResult],
    at_8: dict[str, ScenarioResult],
) -> list[Figure]:
    """Per searched row, its c1 p95 and c8 throughput beside its kind's raw row."""
    figures = []
    for row in rows:
        if row.label == "raw":
            continue
        raw = f"{row.kind} raw"
        one, raw_one = at_1.get(row.name), at_1.get(raw)
        eight, raw_eight = at_8.get(row.name), at_8.get(raw)
        where = f"{row.kind} search via web ({row.label})"
        figures.append(
            latency_figure(
                "search",
                f"{where}, c1 p95",
                one,
                raw_one,
                p=95,
                baseline_name="the same to ES",
                goal=Goal("ratio", "<=", SEARCH_P95_AIM, f"<= {SEARCH_P95_AIM:g}x raw"),
            )
        )
        figures.append(
            Figure(
                part="search",
                name=f"{where}, c8 throughput",
                unit="req/s",
                measured=eight.throughput if eight else None,
                baseline=raw_eight.throughput if raw_eight else None,
                baseline_name="the same to ES",
                compare="ratio",
                goal=Goal("ratio", ">=", SEARCH_RATE_AIM, f">= {SEARCH_RATE_AIM:g}x raw"),
                note=errors_note(eight, raw_eight),
            )
        )
    return figures


async def search(sizes: Sizes) -> Measured:
    rows = search_rows()
    log(f"search: {len(rows)} rows in turn at concurrency 1, {sizes.search_requests} each")
    results = await run_interleaved(
        [row.scenario() for row in rows],
        RunSettings(
            requests=sizes.search_requests,
            concurrency=1,
            warmup=sizes.warmup,
            max_seconds=900,
            request_timeout=30,
        ),
    )
    at_1 = {r.name: r for r in results}
    at_8: dict[str, ScenarioResult] = {}
    for row in rows:
        log(f"search: {row.name} alone at concurrency 8, {sizes.search_requests_c8} requests")
        at_8[row.name] = await run_scenario(
            row.scenario(),
            RunSettings(
                requests=sizes.search_requests_c8,
                concurrency=8,
                warmup=sizes.warmup,
                max_seconds=300,
                request_timeout=30,
            ),
        )
    details = {
        "c1": [r.to_dict() for r in at_1.values()],
        "c8": [r.to_dict() for r in at_8.values()],
    }
    return Measured(search_figures(rows, at_1, at_8), details)


def page_figures(results: Sequence[ScenarioResult]) -> list[Figure]:
    by_name = {r.name: r for r in results}
    figures = []
    for page in pages_ab.PAGES:
        rendered, calls = by_name.get(f"{page} page current"), by_name.get(f"{page} calls")
        title = {"home": "home page", "jobs": "/jobs", "job": "a job page"}[page]
        figures.append(
            latency_figure(
                "pages",
                f"{title} server render, c1 p50",
                rendered,
                calls,
                p=50,
                baseline_name="its GraphQL calls",
                goal=Goal("difference", "<=", PAGE_ADDED_AIM_MS, f"<= +{PAGE_ADDED_AIM_MS:g} ms"),
            )
        )
    return figures


async def pages(sizes: Sizes) -> Measured:
    scenarios = pages_ab.rows(WEB_URL, None)
    log(f"pages: {len(scenarios)} rows in turn at concurrency 1, {sizes.page_requests} each")
    results = await run_interleaved(
        scenarios,
        RunSettings(
            requests=sizes.page_requests,
            concurrency=1,
            warmup=sizes.warmup,
            max_seconds=900,
            request_timeout=30,
        ),
    )
    return Measured(page_figures(results), {"c1": [r.to_dict() for r in results]})


def lag_figure(lags: Sequence[float], raw: Sequence[float]) -> Figure:
    def p95(values: Sequence[float]) -> float | None:
        return percentile([v * 1000 for v in values], 95)

    return Figure(
        part="lag",
        name=f"publish -> searchable via the gateway, p95 ({len(lags)} publishes)",
        unit="ms",
        measured=p95(lags),
        baseline=p95(raw),
        baseline_name="ES alone, its refresh",
        compare="difference",
        goal=Goal("measured", "<", LAG_AIM_MS, f"< {LAG_AIM_MS:g} ms"),
        note=(
            f"p50 {percentile([v * 1000 for v in lags], 50) or 0:.0f} ms, "
            f"max {max(lags, default=0) * 1000:.0f} ms"
        ),
    )


async def lag(sizes: Sizes) -> Measured:
    log(f"lag: {sizes.publishes} publishes, 4 in flight")
    lags = await search_lag.measure(sizes.publishes, min(4, sizes.publishes))
    figure = lag_figure(lags.gateway, lags.elasticsearch)
    if lags.left:
        figure = replace(figure, note=f"{figure.note}; LEFT: {lags.left}")
    details = {"lags_s": lags.gateway, "raw_s": lags.elasticsearch, "left": lags.left}
    return Measured([figure], details, clean=lags.left is None)


def load_figures(summary: dict[str, Any], at_rest_mib: dict[str, float | None]) -> list[Figure]:
    """The largest process's peak beside its memory at rest; the knee beside raw search."""
    peaks: dict[str, float | None] = summary["rss_max_mib"]
    measured = {name: peak for name, peak in peaks.items() if peak is not None}
    largest = max(measured, key=lambda name: measured[name]) if measured else None
    over = [name for name, peak in measured.items() if peak >= loadtest.RSS_AIM_MIB]
    memory = Figure(
        part="load",
        name=f"largest resident memory through the mixed load ({largest or '-'})",
        unit="MiB",
        measured=measured.get(largest) if largest else None,
        baseline=at_rest_mib.get(largest) if largest else None,
        baseline_name="it at rest, just before",
        compare="ratio",
        goal=Goal("measured", "<", loadtest.RSS_AIM_MIB, f"< {loadtest.RSS_AIM_MIB:g} MiB each"),
        note=(
            f"{len(over)} of {len(peaks)} processes at or over {loadtest.RSS_AIM_MIB:g} MiB"
            + (f" ({', '.join(over)})" if over else "")
            + "; peaks: "
            + ", ".join(f"{name} {loadtest.mib(peak)}" for name, peak in peaks.items())
        ),
    )
    steps = summary["steps"]
    knee = summary["knee"]
    step_list = ", ".join(
        f"{s['users']}: {s['rate']:.1f} req/s p95 {loadtest.ms(s['p95'])}" for s in steps
    )
    if knee:
        knee_note = f"at {knee['users']} users, p95 {knee['p95']:.0f} ms; steps {step_list}"
    else:
        knee_note = f"no step kept p95 under {loadtest.P95_AIM_MS:g} ms; steps {step_list}"
    knee_figure = Figure(
        part="load",
        name="mixed load knee (highest req/s with p95 < 200 ms)",
        unit="req/s",
        measured=knee["rate"] if knee else None,
        baseline=knee.get("raw_rate") if knee else None,
        baseline_name="raw ES search, same users",
        compare="ratio",
        goal=Goal("measured", ">", 0, "a step with p95 < 200 ms"),
        note=knee_note,
        missing_is_miss=True,
    )
    return [memory, knee_figure]


async def load(sizes: Sizes, *, keep_knee: bool) -> Measured:
    root = loadtest.stack_root()
    processes = loadtest.stack_processes(root)
    if not processes:
        raise RuntimeError(f"no running stack processes in {root} (deploy/local/stack status)")
    at_rest_mib = {name: loadtest.rss_mib(pid) for name, pid in processes.items()}
    argv = [
        "--users",
        *map(str, sizes.users),
        "--seconds",
        str(sizes.step_seconds),
        "--warmup",
        str(sizes.warmup_seconds),
        "--raw-seconds",
        str(sizes.raw_seconds),
    ]
    args = loadtest.parse(argv + ([] if keep_knee else ["--no-knee-file"]))
    log(f"load: the mixed load at {', '.join(map(str, sizes.users))} users")
    outcome = await loadtest.measure(args, root, processes)
    await asyncio.to_thread(loadtest.write_files, args, outcome.summary)
    figures = load_figures(outcome.summary, at_rest_mib)
    details = {"report": outcome.text, "cleanup": outcome.cleanup, "summary": outcome.summary}
    return Measured(figures, details, clean=outcome.clean)


# --- the run ----------------------------------------------------------------------------------


def git_commit(root: Path) -> str:
    return subprocess.run(
        ["git", "-C", str(root), "rev-parse", "--short", "HEAD"],
        capture_output=True,
        text=True,
        check=False,
    ).stdout.strip()


async def data_counts() -> dict[str, int | None]:
    """Documents in each search alias: the data the figures were taken on."""
    prefix = INDEX.removesuffix("-jobs")
    counts: dict[str, int | None] = {}
    async with http_client(ES_URL) as client:
        for kind in ("jobs", "organizations", "resumes"):
            try:
                answer = await client.post(
                    f"/{prefix}-{kind}/_count", json={"query": {"term": {"findable": True}}}
                )
                counts[kind] = int(answer.json()["count"]) if answer.is_success else None
            except Exception:  # the count only describes the run; a failure is not one
                counts[kind] = None
    return counts


def describe_machine(box: dict[str, Any]) -> str:
    return (
        f"{box['cpus']} CPUs ({box['cpu_model']}), {box['memory_gib']} GiB memory, "
        f"Linux {box['kernel']}"
    )


def write_json(path: str, document: dict[str, Any]) -> None:
    Path(path).write_text(json.dumps(document, indent=2, default=str) + "\n", encoding="utf-8")


def unmeasured(part: str, why: str) -> list[Figure]:
    """A failed part's rows, every one without figures (its verdict "-"), so that the table
    still lists every figure."""
    shapes: dict[str, list[Figure]] = {
        "rest": [replace(REST_FIGURE, measured=None, baseline=None)],
        "search": search_figures(search_rows(), {}, {}),
        "pages": page_figures([]),
        "lag": [replace(lag_figure([], []), measured=None, baseline=None)],
        "load": load_figures({"rss_max_mib": {}, "steps": [], "knee": None}, {}),
    }
    return [replace(f, note=f"not measured: {why}", missing_is_miss=False) for f in shapes[part]]


PartRun = Callable[[Sizes], Coroutine[Any, Any, Measured]]


async def run(args: argparse.Namespace) -> int:
    sizes: Sizes = args.sizes
    began = datetime.now(UTC)
    box, load_before = loadtest.machine(), loadtest.load_average()
    stack_root = loadtest.stack_root()
    counts = await data_counts()
    parts: dict[str, PartRun] = {
        "rest": at_rest,
        "search": search,
        "pages": pages,
        "lag": lag,
        "load": lambda s: load(s, keep_knee=not args.quick),
    }
    figures: list[Figure] = []
    details: dict[str, Any] = {}
    failed: list[str] = []
    clean = True
    for name in PARTS:
        if name in args.skip:
            continue
        started = time.monotonic()
        try:
            measured = await parts[name](sizes)
        except Exception as exc:
            log(f"{name}: failed: {type(exc).__name__}: {exc}")
            failed.append(f"{name}: {type(exc).__name__}: {exc}")
            figures += unmeasured(name, f"{type(exc).__name__}: {exc}")
            continue
        log(f"{name}: done in {time.monotonic() - started:.0f} s")
        figures += measured.figures
        details[name] = measured.details
        clean = clean and measured.clean
    ended = datetime.now(UTC)
    header = [
        f"Issue 28's figures, {began:%Y-%m-%d %H:%M}-{ended:%H:%M} UTC"
        + (" (--quick: a smoke test, not figures)" if args.quick else ""),
        f"machine: {describe_machine(box)}; load average (1, 5, 15 min) before {load_before}, "
        f"after {loadtest.load_average()}",
        f"stack: {stack_root} at {git_commit(stack_root)}; bench at {git_commit(loadtest.ROOT)}; "
        "data: "
        + ", ".join(f"{n if n is not None else '?'} findable {kind}" for kind, n in counts.items()),
    ]
    if "load" not in args.skip:
        header.append(f"mix: {loadtest.describe_mix()}")
    print("\n".join(header))
    print()
    print(format_table(figures))
    print()
    print(summary_line(figures))
    lines = notes(figures)
    if lines:
        print("\n".join(["", "notes:", *lines]))
    for problem in failed:
        print(f"part failed: {problem}")
    if "load" in details:
        print(details["load"]["cleanup"])
    if args.json:
        document = {
            "generated_at": began.isoformat(timespec="seconds"),
            "ended_at": ended.isoformat(timespec="seconds"),
            "machine": box,
            "load_before": load_before,
            "stack_root": str(stack_root),
            "data": counts,
            "sizes": asdict(sizes),
            "skipped": sorted(args.skip),
            "figures": [f.to_dict() for f in figures],
            "failed": failed,
            "details": details,
        }
        await asyncio.to_thread(write_json, args.json, document)
        log(f"wrote {args.json}")
    return 1 if failed or not clean else 0


def parse(argv: Sequence[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m bench.scale",
        description=(__doc__ or "").split("\n\n")[0],
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "--quick", action="store_true", help="sizes for a smoke test (under 3 minutes)"
    )
    parser.add_argument(
        "--skip",
        action="append",
        default=[],
        choices=PARTS,
        metavar="PART",
        help=f"a part to leave out, one of {', '.join(PARTS)} (repeat)",
    )
    parser.add_argument("--json", metavar="PATH", help="also write every figure as JSON")
    size = parser.add_argument_group("sizes (defaults: the full run's, or --quick's)")
    size.add_argument(
        "--rest-seconds", type=float, help=f"the window at rest ({FULL.rest_seconds:g})"
    )
    size.add_argument(
        "--search-requests", type=int, help=f"per row at concurrency 1 ({FULL.search_requests})"
    )
    size.add_argument(
        "--search-requests-c8",
        type=int,
        help=f"per row at concurrency 8 ({FULL.search_requests_c8})",
    )
    size.add_argument("--page-requests", type=int, help=f"per row ({FULL.page_requests})")
    size.add_argument("--publishes", type=int, help=f"search lag probes ({FULL.publishes})")
    size.add_argument(
        "--users",
        type=int,
        nargs="+",
        help=f"the load's steps ({' '.join(map(str, FULL.users))})",
    )
    size.add_argument(
        "--step-seconds", type=float, help=f"measured per load step ({FULL.step_seconds:g})"
    )
    size.add_argument(
        "--raw-seconds", type=float, help=f"raw search per load step ({FULL.raw_seconds:g})"
    )
    args = parser.parse_args(argv)
    base = QUICK if args.quick else FULL
    given = {
        "rest_seconds": args.rest_seconds,
        "search_requests": args.search_requests,
        "search_requests_c8": args.search_requests_c8,
        "page_requests": args.page_requests,
        "publishes": args.publishes,
        "users": tuple(args.users) if args.users else None,
        "step_seconds": args.step_seconds,
        "raw_seconds": args.raw_seconds,
    }
    args.sizes = Sizes(**{**asdict(base), **{k: v for k, v in given.items() if v is not None}})
    if args.sizes.publishes < 1 or args.sizes.search_requests < 1 or args.sizes.page_requests < 1:
        parser.error("at least one request, page and publish")
    args.skip = set(args.skip)
    return args


def main(argv: Sequence[str] | None = None) -> int:
    return asyncio.run(run(parse(argv)))


if __name__ == "__main__":
    sys.exit(main())
