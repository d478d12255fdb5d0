"""The mixed load test (issue 28) and the soak (issue 30) against the running stack.

    .venv/bin/python -m bench.loadtest                         # the knee: 1, 2, 4, ... 32 users
    .venv/bin/python -m bench.loadtest --users 1 2 4 --seconds 20
    .venv/bin/python -m bench.loadtest --soak                  # 30 min at half the knee
    .venv/bin/python -m bench.loadtest --soak --minutes 5 --rate 6 --users 4

One command prints one report: the machine, the mix, then for every step of rising concurrency
the requests per second, p50/p95/p99 per request kind and overall, the errors, and beside the
searches the raw baseline measured at the same concurrency in the same run (the very
``_msearch`` the search service sends, straight to Elasticsearch); the knee (the highest
throughput of a step whose overall p95 is under 200 ms); the largest resident memory (RSS, its
children included) of every stack process against 256 MiB. The soak runs the same mix paced at
half the knee's throughput and reports each minute's p95 and memory, then a trend verdict.

The load itself runs in a process of its own (``bench.locust_mix``, Locust); this one makes and
removes the run's accounts, organization and jobs (``bench.load_fixture``, also when the run
fails), samples the stack's processes every second and prints. The stack's processes come from
``deploy/local/stack status`` of the checkout that runs the stack (``BENCH_STACK_ROOT``; by
default this checkout, else the main worktree of its repository).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import math
import os
import platform
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import psutil

from bench import load_fixture
from bench.harness import CAPTCHA_URL, check_graphql, ensure_loopback, http_client, percentile
from bench.load_mix import KINDS, RAW_SEARCH, WEIGHTS
from bench.scenarios._search import (
    ES_URL,
    GATEWAY_URL,
    HEADERS,
    INDEX,
    SITE,
    WEB_URL,
    asks,
    elasticsearch_body,
    graphql_input,
)
from bench.scenarios._signup import IDENTITY_URL
from bench.scenarios.jobs_page_via_web import jobs_path

ROOT = Path(__file__).resolve().parents[1]
P95_AIM_MS = 200.0
RSS_AIM_MIB = 256.0
GROUPS = ("services", "workers", "edge")  # the stack's own processes (not PostgreSQL, Kafka, ES)
JOBS_PER_RUN = 5  # = the applications an address may send per window (JOBS_APPLY_LIMIT_PER_EMAIL)
APPLY_EVERY = 10.0
EDIT_EVERY = 5.0
KNEE_FILE = ".local/bench/loadtest-knee.json"
TREND_RULE = (
    "flat when the least-squares line's rise over the run is at most twice the residuals' "
    "standard deviation or 5 % of the mean"
)


def log(message: str) -> None:
    print(f"loadtest: {message}", file=sys.stderr, flush=True)


# --- the machine and the stack's processes ---------------------------------------------------


def stack_root() -> Path:
    if os.environ.get("BENCH_STACK_ROOT"):
        return Path(os.environ["BENCH_STACK_ROOT"])
    if (ROOT / ".local/run/supervisor.sock").exists():
        return ROOT
    common = subprocess.run(
        ["git", "-C", str(ROOT), "rev-parse", "--path-format=absolute", "--git-common-dir"],
        capture_output=True,
        text=True,
        check=False,
    ).stdout.strip()
    return Path(common).parent if common else ROOT


def stack_processes(root: Path, groups: Sequence[str] = GROUPS) -> dict[str, int]:
    """name -> pid of the stack's running processes of ``groups`` (its services, workers and
    edge processes unless told)."""
    answer = subprocess.run(
        [str(root / "deploy/local/stack"), "status"],
        cwd=root,
        capture_output=True,
        text=True,
        check=False,
    ).stdout
    found = {}
    for line in answer.splitlines():
        cells = line.split()
        if len(cells) >= 4 and cells[1] in groups and cells[2] == "RUNNING" and cells[3].isdigit():
            found[cells[0]] = int(cells[3])
    return found


def machine() -> dict[str, Any]:
    model = ""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return {
        "cpus": os.cpu_count(),
        "cpu_model": model or platform.processor(),
        "memory_gib": round(psutil.virtual_memory().total / 2**30, 1),
        "kernel": platform.release(),
    }


def load_average() -> str:
    return " ".join(f"{v:.2f}" for v in os.getloadavg())


def rss_mib(pid: int) -> float | None:
    """Resident memory of a process and all its children, MiB; None when it is gone."""
    try:
        process = psutil.Process(pid)
        total = process.memory_info().rss
        for child in process.children(recursive=True):
            with contextlib.suppress(psutil.Error):
                total += child.memory_info().rss
    except psutil.Error:
        return None
    return float(total) / 2**20


@dataclass
class Sampler:
    """Every stack process's RSS once a second, with the time of each sample. A process that
    went away (restarted by someone else: the stack is shared) is looked up again in the stack's
    status and sampled under its new pid; ``restarts`` says which and when."""

    processes: dict[str, int]
    root: Path
    samples: list[tuple[float, dict[str, float | None]]] = field(default_factory=list)
    restarts: list[tuple[str, int, int, float]] = field(default_factory=list)

    async def run(self) -> None:
        while True:
            now = time.time()
            values = await asyncio.to_thread(
                lambda: {name: rss_mib(pid) for name, pid in self.processes.items()}
            )
            self.samples.append((now, values))
            if any(v is None for v in values.values()):
                await asyncio.to_thread(self.look_again, now)
            await asyncio.sleep(1.0)

    def look_again(self, now: float) -> None:
        running = stack_processes(self.root)
        for name, pid in self.processes.items():
            if name in running and running[name] != pid:
                self.restarts.append((name, pid, running[name], now))
                self.processes[name] = running[name]

    def peak(self, start: float = 0.0, end: float = math.inf) -> dict[str, float | None]:
        peaks: dict[str, float | None] = {}
        for name in self.processes:
            values = [v[name] for t, v in self.samples if start <= t <= end and v[name] is not None]
            peaks[name] = max(values) if values else None  # type: ignore[type-var]
        return peaks

    def restarted(self) -> str:
        """Which processes went away while sampled (restarted from elsewhere), and when."""
        first = self.samples[0][0] if self.samples else 0.0
        return ", ".join(
            f"{name} (pid {old} -> {new}, {at - first:.0f} s in)"
            for name, old, new, at in self.restarts
        )


# --- the plan the Locust process runs --------------------------------------------------------

DEMO_HITS = """query LoadDemoJobs($input: JobSearchInput!) { jobSearch(input: $input) {
  ... on JobSearchResults { hits { slug organizationSlug } } } }"""


async def plan_targets(fixture: load_fixture.Fixture) -> dict[str, Any]:
    searches = [
        {
            "input": graphql_input(ask),
            "path": jobs_path(ask),
            "msearch": elasticsearch_body(ask).decode(),
        }
        for ask in await asks()
    ]
    async with http_client(GATEWAY_URL) as client:
        hits = check_graphql(
            await client.post(
                "/graphql",
                json={"query": DEMO_HITS, "variables": {"input": {"page": 1}}},
                headers=HEADERS,
            )
        )["jobSearch"].get("hits", [])
    demo_jobs = [hit["slug"] for hit in hits][:20]
    organizations = list(
        dict.fromkeys(h["organizationSlug"] for h in hits if h["organizationSlug"])
    )
    if not demo_jobs or not organizations:
        raise SystemExit("loadtest: the board has no published jobs: run make up (demo data)")
    return {
        "web": WEB_URL,
        "gateway": GATEWAY_URL,
        "identity": IDENTITY_URL,
        "es": ES_URL,
        "index": INDEX,
        "frontend": f"{SITE}/en",
        "captcha": CAPTCHA_URL,
        "searches": searches,
        "job_slugs": demo_jobs + list(fixture.jobs.values()),
        "organization_slugs": organizations[:5],
        "apply_every": APPLY_EVERY,
        "edit_every": EDIT_EVERY,
    }


def run_locust(plan: dict[str, Any]) -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="loadtest-") as folder:
        plan_path, result_path = Path(folder, "plan.json"), Path(folder, "result.json")
        plan_path.write_text(json.dumps(plan), encoding="utf-8")
        done = subprocess.run(
            [sys.executable, "-m", "bench.locust_mix", str(plan_path), str(result_path)],
            cwd=ROOT,
            check=False,
        )
        if done.returncode != 0 or not result_path.exists():
            raise RuntimeError(f"the load process failed (exit {done.returncode})")
        result: dict[str, Any] = json.loads(result_path.read_text(encoding="utf-8"))
        return result


# --- figures ---------------------------------------------------------------------------------


@dataclass
class Figures:
    count: int
    errors: int
    seconds: float
    p50: float | None
    p95: float | None
    p99: float | None

    @property
    def rate(self) -> float:
        return self.count / self.seconds if self.seconds > 0 else 0.0


def figures(bucket: dict[str, Any], kinds: Sequence[str] | None = None) -> Figures:
    names = kinds or sorted(set(bucket["latencies"]) | set(bucket["errors"]))
    latencies = [ms for k in names for ms in bucket["latencies"].get(k, [])]
    errors = sum(sum(bucket["errors"].get(k, {}).values()) for k in names)
    return Figures(
        count=len(latencies) + errors,
        errors=errors,
        seconds=bucket["ended"] - bucket["started"],
        p50=percentile(latencies, 50),
        p95=percentile(latencies, 95),
        p99=percentile(latencies, 99),
    )


def ms(value: float | None) -> str:
    return "-" if value is None else f"{value:.0f}"


def kind_row(users: int, kind: str, f: Figures) -> list[str]:
    """One line of the per-kind table: users, kind, count, rate, errors, p50, p95, p99."""
    return [str(users), kind, str(f.count), f"{f.rate:.2f}", str(f.errors)] + [
        ms(value) for value in (f.p50, f.p95, f.p99)
    ]


def mib(value: float | None) -> str:
    return "gone" if value is None else f"{value:.0f}"


def table(header: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    widths = [
        max(len(h), *(len(r[i]) for r in rows)) if rows else len(h) for i, h in enumerate(header)
    ]
    lines = [
        "  ".join(
            (c.ljust(w) if i == 0 else c.rjust(w))
            for i, (c, w) in enumerate(zip(r, widths, strict=True))
        )
        for r in [header, ["-" * w for w in widths], *rows]
    ]
    return "\n".join(lines)


def describe_mix() -> str:
    total = sum(WEIGHTS.values())
    visitors = ", ".join(f"{kind} {weight}/{total}" for kind, weight in WEIGHTS.items())
    return (
        f"visitors choose by weight: {visitors} (searches cycle through 7 keywords x 6 cities, "
        f"with two facets and a 200 mi radius); beside them, whatever the step, 1 applicant "
        f"signs in and applies (quick apply) to one of the run's {JOBS_PER_RUN} jobs every "
        f"{APPLY_EVERY:.0f} s (the next account after {JOBS_PER_RUN}), and 1 recruiter edits a "
        f"job's description every {EDIT_EVERY:.0f} s"
    )


@dataclass
class Run:
    """What a report is made of: the options, the load process's buckets (phases or windows),
    the memory samples, the machine and its load average before and after."""

    args: argparse.Namespace
    buckets: list[dict[str, Any]]
    sampler: Sampler
    box: dict[str, Any]
    before: str
    after: str
    notes: dict[str, int]

    def summary(self) -> dict[str, Any]:
        return {
            "generated_at": datetime.now(UTC).isoformat(timespec="seconds"),
            "machine": self.box,
            "load_before": self.before,
            "load_after": self.after,
            "notes": self.notes,
        }


def header(run: Run) -> list[str]:
    box, before, after = run.box, run.before, run.after
    return [
        f"machine: {box['cpus']} CPUs ({box['cpu_model']}), {box['memory_gib']} GiB memory, "
        f"Linux {box['kernel']}; load average (1, 5, 15 min) before {before}, after {after}",
        f"mix: {describe_mix()}",
    ]


def error_kinds(buckets: list[dict[str, Any]]) -> dict[str, int]:
    """Every error's kind and request kind, the most frequent first."""
    errors: dict[str, int] = {}
    for bucket in buckets:
        for kind, kinds in bucket["errors"].items():
            for text, count in kinds.items():
                errors[f"{kind}: {text}"] = errors.get(f"{kind}: {text}", 0) + count
    return dict(sorted(errors.items(), key=lambda e: -e[1]))


def restarts(sampler: Sampler) -> list[str]:
    if not sampler.restarts:
        return []
    return [
        "restarted from outside during the run (the stack is shared; figures around it are "
        f"disturbed): {sampler.restarted()}"
    ]


def knee_of(steps: list[dict[str, Any]]) -> dict[str, Any] | None:
    under = [s for s in steps if s["p95"] is not None and s["p95"] < P95_AIM_MS]
    return max(under, key=lambda s: s["rate"]) if under else None


def ladder_report(run: Run) -> tuple[str, dict[str, Any]]:
    args, buckets, sampler, notes = run.args, run.buckets, run.sampler, run.notes
    mixed = [b for b in buckets if b["kind"] == "mixed"]
    raw = {b["users"]: b for b in buckets if b["kind"] == "raw"}
    lines = [
        f"Mixed load test, {datetime.now(UTC):%Y-%m-%d %H:%M} UTC",
        *header(run),
        f"steps: {args.seconds:g} s measured after {args.warmup:g} s of warm-up each; raw "
        f"baseline {args.raw_seconds:g} s at the same number of users; latencies in ms",
        "",
    ]
    steps, rows = [], []
    for bucket in mixed:
        overall = figures(bucket)
        search = figures(bucket, ["jobSearch (gateway)"])
        base = figures(raw[bucket["users"]]) if bucket["users"] in raw else None
        peak = sampler.peak(bucket["started"], bucket["ended"])
        steps.append(
            {
                "users": bucket["users"],
                "rate": overall.rate,
                "p50": overall.p50,
                "p95": overall.p95,
                "p99": overall.p99,
                "errors": overall.errors,
                "requests": overall.count,
                "raw_rate": base.rate if base else None,
                "raw_p95": base.p95 if base else None,
                "rss_mib": peak,
                "kinds": {
                    kind: {"requests": f.count, "errors": f.errors, "p95": f.p95}
                    for kind in KINDS
                    if (f := figures(bucket, [kind])).count
                },
            }
        )
        rows.append(
            [
                str(bucket["users"]),
                f"{overall.rate:.1f}",
                str(overall.errors),
                ms(overall.p50),
                ms(overall.p95),
                ms(overall.p99),
                ms(search.p95),
                f"{base.rate:.1f}" if base else "-",
                ms(base.p50) if base else "-",
                ms(base.p95) if base else "-",
                "yes" if overall.p95 is not None and overall.p95 < P95_AIM_MS else "no",
            ]
        )
    lines.append(
        table(
            [
                "users",
                "req/s",
                "errors",
                "p50",
                "p95",
                "p99",
                "jobSearch p95",
                "raw ES req/s",
                "raw p50",
                "raw p95",
                "p95<200",
            ],
            rows,
        )
    )
    knee = knee_of(steps)
    lines.append("")
    if knee:
        lines.append(
            f"knee: {knee['users']} users, {knee['rate']:.1f} req/s at overall p95 "
            f"{knee['p95']:.0f} ms (the highest req/s of a step whose overall p95 < "
            f"{P95_AIM_MS:.0f} ms)"
        )
    else:
        best = max(steps, key=lambda s: s["rate"])
        lines.append(
            f"knee: none - no step kept the overall p95 under {P95_AIM_MS:.0f} ms "
            f"(the highest throughput: {best['rate']:.1f} req/s at {best['users']} "
            f"users, p95 {ms(best['p95'])} ms)"
        )
    lines += ["", "per request kind (the raw baseline row: Elasticsearch alone, same users):"]
    kind_rows = []
    for bucket in mixed:
        for kind in [*KINDS, None]:
            f = figures(bucket, [kind] if kind else None)
            if f.count == 0:
                continue
            kind_rows.append(kind_row(bucket["users"], kind or "overall", f))
        if bucket["users"] in raw:
            kind_rows.append(kind_row(bucket["users"], RAW_SEARCH, figures(raw[bucket["users"]])))
    lines.append(
        table(["users", "kind", "requests", "req/s", "errors", "p50", "p95", "p99"], kind_rows)
    )
    errors = error_kinds(buckets)
    lines += [f"error: {count} x {text}" for text, count in list(errors.items())[:8]]
    for text, count in notes.items():
        lines.append(f"note: {count} x {text}")
    lines += ["", f"resident memory (RSS with children, MiB) against {RSS_AIM_MIB:.0f} MiB:"]
    peak = sampler.peak()
    at_knee = knee["rss_mib"] if knee else {}
    lines.append(
        table(
            ["process", "pid", "max (run)", "max (knee step)", "under 256"],
            [
                [
                    name,
                    str(pid),
                    mib(peak[name]),
                    mib(at_knee.get(name)) if knee else "-",
                    "yes" if (peak[name] or math.inf) < RSS_AIM_MIB else "NO",
                ]
                for name, pid in sampler.processes.items()
            ],
        )
    )
    lines += restarts(sampler)
    summary = {
        **run.summary(),
        "steps": steps,
        "knee": knee,
        "rss_max_mib": peak,
        "errors": errors,
    }
    return "\n".join(lines), summary


# --- the soak's trend ------------------------------------------------------------------------


def trend(values: Sequence[float]) -> tuple[float, float, bool]:
    """(rise over the run by a least-squares line, residuals' standard deviation, flat)."""
    n = len(values)
    if n < 3:
        return 0.0, 0.0, True
    xs = range(n)
    mean_x, mean_y = (n - 1) / 2, sum(values) / n
    sxx = sum((x - mean_x) ** 2 for x in xs)
    slope = sum((x - mean_x) * (y - mean_y) for x, y in zip(xs, values, strict=True)) / sxx
    residuals = [y - (mean_y + slope * (x - mean_x)) for x, y in zip(xs, values, strict=True)]
    sd = math.sqrt(sum(r * r for r in residuals) / (n - 2))
    rise = slope * (n - 1)
    return rise, sd, rise <= max(2 * sd, 0.05 * abs(mean_y))


def soak_report(run: Run) -> tuple[str, dict[str, Any]]:
    args, buckets, sampler, notes = run.args, run.buckets, run.sampler, run.notes
    windows = [b for b in buckets if b["kind"] == "soak"]
    names = list(sampler.processes)
    lines = [
        f"Soak, {datetime.now(UTC):%Y-%m-%d %H:%M} UTC: {len(windows)} windows of "
        f"{args.window:g} s at {args.rate:.1f} req/s asked ({args.users} visitors paced)",
        *header(run),
        "",
    ]
    rows, p95s, memory = [], [], {name: list[float]() for name in names}
    total_errors = 0
    for n, window in enumerate(windows, 1):
        f = figures(window)
        total_errors += f.errors
        peak = sampler.peak(window["started"], window["ended"])
        if f.p95 is not None:
            p95s.append(f.p95)
        for name in names:
            if (value := peak[name]) is not None:
                memory[name].append(value)
        rows.append(
            [
                str(n),
                f"{f.rate:.1f}",
                str(f.errors),
                ms(f.p50),
                ms(f.p95),
                ms(f.p99),
                *(mib(peak[name]) for name in names),
            ]
        )
    short = [
        name.replace("organizations", "orgs").replace("alert-mailer", "mailer") for name in names
    ]
    lines.append(table(["min", "req/s", "errors", "p50", "p95", "p99", *short], rows))
    lines += ["", f"trend ({TREND_RULE}):"]
    verdicts = []
    trend_rows = []
    for label, values, unit in [("p95", p95s, "ms"), *((n, memory[n], "MiB") for n in names)]:
        rise, sd, flat = trend(values)
        verdicts.append(flat)
        trend_rows.append(
            [
                label,
                f"{values[0]:.0f}" if values else "-",
                f"{values[-1]:.0f}" if values else "-",
                f"{rise:+.1f} {unit}",
                f"{sd:.1f} {unit}",
                "flat" if flat else "RISING",
            ]
        )
    lines.append(
        table(["series", "first", "last", "rise (fit)", "noise (sd)", "verdict"], trend_rows)
    )
    lines.append("")
    lines.append(
        f"errors: {total_errors} in total; verdict: "
        f"{'flat' if all(verdicts) else 'NOT flat'}, "
        f"{'zero errors' if total_errors == 0 else 'errors'}"
    )
    errors = error_kinds(windows)
    lines += [f"error: {count} x {text}" for text, count in list(errors.items())[:8]]
    for text, count in notes.items():
        lines.append(f"note: {count} x {text}")
    lines += restarts(sampler)
    summary = {
        "error_kinds": errors,
        **run.summary(),
        "rate": args.rate,
        "users": args.users,
        "windows": [
            {
                "rate": r[1],
                "errors": r[2],
                "p50": r[3],
                "p95": r[4],
                "p99": r[5],
                "rss_mib": dict(zip(names, r[6:], strict=True)),
            }
            for r in rows
        ],
        "errors": total_errors,
        "flat": all(verdicts),
    }
    return "\n".join(lines), summary


# --- the run ---------------------------------------------------------------------------------


def applicants_needed(seconds: float) -> int:
    applications = math.ceil(seconds / APPLY_EVERY) + 2
    return math.ceil(applications / JOBS_PER_RUN) + 1


def phases(args: argparse.Namespace) -> list[dict[str, Any]]:
    if args.soak:
        visitors_rate = max(args.rate - 1 / APPLY_EVERY - 1 / EDIT_EVERY, 0.1)
        return [
            {
                "name": "soak",
                "kind": "soak",
                "users": args.users,
                "warmup": args.warmup,
                "seconds": args.minutes * 60,
                "window": args.window,
                "rate_per_user": visitors_rate / args.users,
            }
        ]
    planned = []
    for users in args.users:
        planned.append(
            {
                "name": f"{users} users",
                "kind": "mixed",
                "users": users,
                "warmup": args.warmup,
                "seconds": args.seconds,
            }
        )
        if args.raw_seconds > 0:
            planned.append(
                {
                    "name": f"raw {users}",
                    "kind": "raw",
                    "users": users,
                    "warmup": min(args.warmup, 3.0),
                    "seconds": args.raw_seconds,
                }
            )
    return planned


def soak_defaults(args: argparse.Namespace) -> None:
    """Half the knee's throughput, with the knee's number of visitors, unless given."""
    if args.rate is not None and isinstance(args.users, int):
        return
    path = ROOT / KNEE_FILE
    if not path.exists():
        raise SystemExit(
            f"loadtest: no knee measured yet ({KNEE_FILE}): run make loadtest "
            "first, or give --rate and --users"
        )
    knee = json.loads(path.read_text(encoding="utf-8"))
    if args.rate is None:
        args.rate = knee["rate"] / 2
    if not isinstance(args.users, int):
        args.users = max(1, int(knee["users"]))


@dataclass
class Outcome:
    """A run's report, its figures and what its clean-up left."""

    text: str
    summary: dict[str, Any]
    cleanup: str
    clean: bool


async def measure(args: argparse.Namespace, root: Path, processes: dict[str, int]) -> Outcome:
    """Make the run's data, run the load while sampling ``processes``, remove the data (also
    when the run fails) and report."""
    if args.soak:
        soak_defaults(args)
    plan_phases = phases(args)
    seconds = sum(p["seconds"] + p["warmup"] for p in plan_phases if p["kind"] != "raw")
    fixture = load_fixture.Fixture()
    sampler = Sampler(processes, root)
    box, before = machine(), load_average()
    result: dict[str, Any] | None = None
    try:
        applicants = args.applicants or applicants_needed(seconds)
        await load_fixture.create(fixture, applicants=applicants, jobs=JOBS_PER_RUN, log=log)
        plan = await plan_targets(fixture) | load_fixture.plan_accounts(fixture)
        plan["phases"] = plan_phases
        sampling = asyncio.create_task(sampler.run())
        try:
            result = await asyncio.to_thread(run_locust, plan)
        finally:
            sampling.cancel()
    finally:
        # whatever happened above: the run's accounts, jobs and organization go
        problems = await load_fixture.remove(fixture, log=log)
        left = await load_fixture.leftovers(fixture)
        if result is None:  # the run failed: say what the clean-up did before the error
            print(cleanup_report(left, problems), file=sys.stderr)
    assert result is not None
    after = load_average()
    report = soak_report if args.soak else ladder_report
    run = Run(args, result["buckets"], sampler, box, before, after, result["notes"])
    text, summary = report(run)
    summary |= {
        "leftovers": left.board,
        "kept_by_design": left.kept,
        "cleanup_problems": problems,
        "run": fixture.run,
        "restarts": sampler.restarted(),
    }
    return Outcome(
        text, summary, cleanup_report(left, problems), clean=not left.board and not problems
    )


async def main(args: argparse.Namespace) -> int:
    for url in (GATEWAY_URL, WEB_URL, ES_URL, IDENTITY_URL):
        ensure_loopback(url)
    root = stack_root()
    processes = stack_processes(root)
    if not processes:
        log(f"no running stack processes in {root} (deploy/local/stack status): make up")
        return 3
    outcome = await measure(args, root, processes)
    print(outcome.text)
    print(outcome.cleanup)
    await asyncio.to_thread(write_files, args, outcome.summary)
    return 0 if outcome.clean else 1


def cleanup_report(left: load_fixture.Leftovers, problems: list[str]) -> str:
    clean = not left.board and not problems
    lines = [f"clean-up: {'nothing the run made is left on the board' if clean else 'LEFT BEHIND'}"]
    lines += [f"  {where}: {count}" for where, count in left.board.items()]
    lines += [f"  {problem}" for problem in problems]
    if left.kept:
        lines.append("kept by the product on purpose (shown nowhere):")
        lines += [
            f"  {where}: {count} ({load_fixture.KEPT[where.split('.')[1]]})"
            for where, count in left.kept.items()
        ]
    return "\n".join(lines)


def write_files(args: argparse.Namespace, summary: dict[str, Any]) -> None:
    if args.json:
        Path(args.json).write_text(json.dumps(summary, indent=2) + "\n", encoding="utf-8")
    if not args.soak and not args.no_knee_file:
        # the soak's default pace: the knee, else the best step when none met the aim
        basis = summary["knee"] or max(summary["steps"], key=lambda s: s["rate"])
        path = ROOT / KNEE_FILE
        path.parent.mkdir(parents=True, exist_ok=True)
        record = {k: basis[k] for k in ("users", "rate", "p95")} | {"knee": bool(summary["knee"])}
        path.write_text(json.dumps(record, indent=2) + "\n", encoding="utf-8")


def parse(argv: Sequence[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m bench.loadtest", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument("--soak", action="store_true", help="the soak instead of the ladder")
    parser.add_argument(
        "--users",
        type=int,
        nargs="+",
        default=None,
        help="ladder: the steps' visitors (1 2 4 8 16 32); soak: visitors (the knee's)",
    )
    parser.add_argument("--seconds", type=float, default=30.0, help="measured per step (30)")
    parser.add_argument("--warmup", type=float, default=5.0, help="unrecorded first (5)")
    parser.add_argument(
        "--raw-seconds",
        type=float,
        default=10.0,
        help="the raw search baseline per step (10; 0: none)",
    )
    parser.add_argument("--minutes", type=float, default=30.0, help="soak: duration (30)")
    parser.add_argument("--window", type=float, default=60.0, help="soak: window seconds (60)")
    parser.add_argument(
        "--rate", type=float, default=None, help="soak: requests a second asked (half the knee's)"
    )
    parser.add_argument(
        "--applicants",
        type=int,
        default=0,
        help="accounts to make (enough for the run's applications)",
    )
    parser.add_argument("--json", metavar="PATH", help="also write the figures as JSON")
    parser.add_argument(
        "--no-knee-file", action="store_true", help=f"do not record the knee in {KNEE_FILE} (tests)"
    )
    args = parser.parse_args(argv)
    if args.soak:
        if args.users is not None:
            args.users = args.users[0]
    else:
        args.users = args.users or [1, 2, 4, 8, 16, 32]
    return args


if __name__ == "__main__":
    sys.exit(asyncio.run(main(parse())))
