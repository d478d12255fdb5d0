"""A small latency harness: scenarios, a bounded concurrent runner, percentiles and a table.

A scenario is one kind of request (``Scenario.request``, an async callable taking no
arguments) with optional async ``setup``/``teardown`` and an optional ``probe`` that checks the
target is up before anything is measured.  ``request`` signals a failed request by raising;
``check_http`` and ``check_graphql`` turn non-2xx answers and GraphQL ``errors`` into
``RequestFailed``.

``run_scenario`` does ``setup``, a warm-up phase (not recorded), then the measured phase:
``requests`` requests issued by ``concurrency`` workers, stopped early when ``max_seconds`` of
wall time have passed (requests still in flight then are cancelled and not counted), then
``teardown`` (always, even when ``setup`` failed part-way, so teardowns must tolerate that).
Latencies are measured with ``time.perf_counter``; percentiles are computed over the successful
requests only, so fast failures do not flatter the figures.
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import json
import math
import os
import time
from collections import Counter
from collections.abc import Awaitable, Callable, Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from datetime import UTC, datetime
from ipaddress import ip_address
from pathlib import Path
from typing import Any, Protocol, TextIO
from urllib.parse import urlsplit

import httpx

AsyncFn = Callable[[], Awaitable[None]]
Clock = Callable[[], float]

PERCENTILES: tuple[float, ...] = (50.0, 90.0, 95.0, 99.0)
START_THE_STACK = "start the stack with make up"


class RequestFailed(Exception):
    """One request got an answer that counts as an error (non-2xx, GraphQL ``errors``...)."""


class TargetUnreachable(Exception):
    """A target of a scenario does not answer; the message says which and what to do."""


class TargetRefused(Exception):
    """A target is not a loopback address; the harness only ever talks to this machine."""


@dataclass(frozen=True)
class Scenario:
    """One benchmark: ``request`` does exactly one request and raises if it failed.

    ``targets`` are the base URLs the scenario talks to; the runner refuses any that is not on
    a loopback address.  ``probe`` is awaited before ``setup`` and raises ``TargetUnreachable``
    when the target is down (``probe_http`` is the usual one).
    """

    name: str
    request: AsyncFn
    description: str = ""
    setup: AsyncFn | None = None
    teardown: AsyncFn | None = None
    probe: AsyncFn | None = None
    targets: tuple[str, ...] = ()
    # the scenario this one is read against (a page's server render against the GraphQL calls
    # it makes): when both ran, the table says what this one adds at p50 and p95
    baseline: str | None = None


@dataclass(frozen=True)
class RunSettings:
    requests: int = 200
    concurrency: int = 4
    max_seconds: float = 60.0
    warmup: int = 10
    warmup_max_seconds: float = 15.0
    request_timeout: float = 10.0

    def __post_init__(self) -> None:
        if self.requests < 1:
            raise ValueError("requests must be at least 1")
        if self.concurrency < 1:
            raise ValueError("concurrency must be at least 1")
        if self.warmup < 0:
            raise ValueError("warmup must not be negative")
        if self.max_seconds <= 0 or self.warmup_max_seconds <= 0 or self.request_timeout <= 0:
            raise ValueError("time limits must be positive")


@dataclass
class ScenarioResult:
    name: str
    requests: int
    errors: int
    elapsed_s: float
    latencies_ms: list[float] = field(repr=False)
    error_kinds: dict[str, int] = field(default_factory=dict)
    stopped_by_time: bool = False

    @property
    def ok(self) -> int:
        return self.requests - self.errors

    @property
    def throughput(self) -> float:
        return self.requests / self.elapsed_s if self.elapsed_s > 0 else 0.0

    def percentile(self, p: float) -> float | None:
        return percentile(self.latencies_ms, p)

    @property
    def max_ms(self) -> float | None:
        return max(self.latencies_ms) if self.latencies_ms else None

    def to_dict(self) -> dict[str, Any]:
        return {
            "scenario": self.name,
            "requests": self.requests,
            "ok": self.ok,
            "errors": self.errors,
            "error_kinds": dict(self.error_kinds),
            "elapsed_s": round(self.elapsed_s, 4),
            "throughput_rps": round(self.throughput, 2),
            "stopped_by_time": self.stopped_by_time,
            "latency_ms": {
                **{f"p{p:g}": _round(self.percentile(p)) for p in PERCENTILES},
                "min": _round(min(self.latencies_ms) if self.latencies_ms else None),
                "mean": _round(
                    sum(self.latencies_ms) / len(self.latencies_ms) if self.latencies_ms else None
                ),
                "max": _round(self.max_ms),
            },
        }


def _round(value: float | None) -> float | None:
    return None if value is None else round(value, 3)


def percentile(values: Iterable[float], p: float) -> float | None:
    """The p-th percentile by linear interpolation between closest ranks.

    Same definition as numpy's default and ``statistics.quantiles(method="inclusive")``: the
    value at rank ``p/100 * (n - 1)`` of the sorted values, interpolated.  ``None`` when empty.
    """
    if not 0.0 <= p <= 100.0:
        raise ValueError("p must be within [0, 100]")
    ordered = sorted(values)
    if not ordered:
        return None
    rank = p / 100.0 * (len(ordered) - 1)
    low = math.floor(rank)
    high = math.ceil(rank)
    return ordered[low] + (ordered[high] - ordered[low]) * (rank - low)


def describe_error(exc: BaseException) -> str:
    if isinstance(exc, RequestFailed):
        text = str(exc)
    elif isinstance(exc, TimeoutError):
        text = "timeout"
    else:
        detail = str(exc)
        text = f"{type(exc).__name__}: {detail}" if detail else type(exc).__name__
    return text if len(text) <= 160 else text[:157] + "..."


@dataclass
class _PhaseStats:
    latencies_ms: list[float]
    errors: Counter[str]
    elapsed_s: float
    stopped_by_time: bool

    @property
    def completed(self) -> int:
        return len(self.latencies_ms) + sum(self.errors.values())


async def _phase(
    request: AsyncFn,
    count: int,
    concurrency: int,
    max_seconds: float,
    request_timeout: float,
    clock: Clock,
) -> _PhaseStats:
    latencies: list[float] = []
    errors: Counter[str] = Counter()
    issued = 0
    stopping = False

    async def worker() -> None:
        nonlocal issued
        while issued < count and not stopping:
            issued += 1
            started = clock()
            try:
                async with asyncio.timeout(request_timeout):
                    await request()
            except Exception as exc:
                outcome: str | float = describe_error(exc)
            else:
                outcome = (clock() - started) * 1000.0
            if stopping:  # finished after the wall-time cap: not counted
                return
            if isinstance(outcome, str):
                errors[outcome] += 1
            else:
                latencies.append(outcome)

    if count <= 0:
        return _PhaseStats(latencies, errors, 0.0, stopped_by_time=False)
    started = clock()
    tasks = [asyncio.create_task(worker()) for _ in range(min(concurrency, count))]
    _, pending = await asyncio.wait(tasks, timeout=max_seconds)
    # The flag, not only the cancellation, ends the workers: a cancellation that races with a
    # request finishing can be swallowed, and the worker would then carry on to `count`.
    stopping = True
    for task in pending:
        task.cancel()
    await asyncio.gather(*pending, return_exceptions=True)
    return _PhaseStats(latencies, errors, clock() - started, stopped_by_time=bool(pending))


async def run_scenario(
    scenario: Scenario,
    settings: RunSettings | None = None,
    *,
    clock: Clock = time.perf_counter,
) -> ScenarioResult:
    """Set up, warm up, measure and tear down one scenario."""
    settings = settings or RunSettings()
    try:
        if scenario.setup is not None:
            await scenario.setup()
        await _phase(
            scenario.request,
            settings.warmup,
            settings.concurrency,
            settings.warmup_max_seconds,
            settings.request_timeout,
            clock,
        )
        stats = await _phase(
            scenario.request,
            settings.requests,
            settings.concurrency,
            settings.max_seconds,
            settings.request_timeout,
            clock,
        )
    finally:
        if scenario.teardown is not None:
            await scenario.teardown()
    return ScenarioResult(
        name=scenario.name,
        requests=stats.completed,
        errors=sum(stats.errors.values()),
        elapsed_s=stats.elapsed_s,
        latencies_ms=stats.latencies_ms,
        error_kinds=dict(stats.errors.most_common()),
        stopped_by_time=stats.stopped_by_time,
    )


async def run_interleaved(
    scenarios: Sequence[Scenario],
    settings: RunSettings | None = None,
    *,
    clock: Clock = time.perf_counter,
) -> list[ScenarioResult]:
    """Measure the scenarios in one phase, their requests taken in turn by the same workers.

    On a machine shared with other work the load changes from one minute to the next, so
    scenarios measured one after the other compare moments as much as paths. Taken in turn,
    every scenario sees the same moments: their latencies compare the paths. Each scenario still
    gets ``settings.requests`` requests; its req/s is its share of the shared phase (a
    throughput comparison wants the scenarios run one at a time). All are set up (and warmed
    up) first and torn down at the end.
    """
    settings = settings or RunSettings()
    latencies: dict[str, list[float]] = {s.name: [] for s in scenarios}
    errors: dict[str, Counter[str]] = {s.name: Counter() for s in scenarios}
    turn = itertools.count()

    async def in_turn() -> None:
        scenario = scenarios[next(turn) % len(scenarios)]
        started = clock()
        try:
            async with asyncio.timeout(settings.request_timeout):
                await scenario.request()
        except Exception as exc:
            errors[scenario.name][describe_error(exc)] += 1
        else:
            latencies[scenario.name].append((clock() - started) * 1000.0)

    set_up: list[Scenario] = []
    try:
        for scenario in scenarios:
            set_up.append(scenario)
            if scenario.setup is not None:
                await scenario.setup()
        for scenario in scenarios:
            await _phase(
                scenario.request,
                settings.warmup,
                settings.concurrency,
                settings.warmup_max_seconds,
                settings.request_timeout,
                clock,
            )
        # in_turn never raises (it records each outcome): the phase's own timeout is a backstop
        stats = await _phase(
            in_turn,
            settings.requests * len(scenarios),
            settings.concurrency,
            settings.max_seconds,
            settings.request_timeout * 2,
            clock,
        )
    finally:
        for scenario in reversed(set_up):
            if scenario.teardown is not None:
                await scenario.teardown()
    return [
        ScenarioResult(
            name=scenario.name,
            requests=len(latencies[scenario.name]) + sum(errors[scenario.name].values()),
            errors=sum(errors[scenario.name].values()),
            elapsed_s=stats.elapsed_s,
            latencies_ms=latencies[scenario.name],
            error_kinds=dict(errors[scenario.name].most_common()),
            stopped_by_time=stats.stopped_by_time,
        )
        for scenario in scenarios
    ]


class Subject(Protocol):
    """What a scenario module's class offers: its base URL and the four steps."""

    base_url: str

    async def probe(self) -> None: ...
    async def setup(self) -> None: ...
    async def request(self) -> None: ...
    async def teardown(self) -> None: ...


def subject_scenario(
    name: str, description: str, subject: Subject, *targets: str, baseline: str | None = None
) -> Scenario:
    """The scenario of a subject; ``targets``: base URLs it talks to besides its own."""
    return Scenario(
        name=name,
        description=description,
        request=subject.request,
        setup=subject.setup,
        teardown=subject.teardown,
        probe=subject.probe,
        targets=(subject.base_url, *targets),
        baseline=baseline,
    )


# --- checks scenarios use -------------------------------------------------------------------


def check_http(response: httpx.Response) -> None:
    if not 200 <= response.status_code < 300:
        raise RequestFailed(f"HTTP {response.status_code}")


def check_graphql(response: httpx.Response) -> dict[str, Any]:
    """Raise ``RequestFailed`` on a non-2xx answer or a GraphQL ``errors`` list; return data."""
    check_http(response)
    try:
        body = response.json()
    except ValueError as exc:
        raise RequestFailed("answer is not JSON") from exc
    if not isinstance(body, dict):
        raise RequestFailed("answer is not a JSON object")
    errors = body.get("errors")
    if errors:
        first = errors[0] if isinstance(errors, list) else errors
        message = first.get("message", first) if isinstance(first, dict) else first
        raise RequestFailed(f"GraphQL errors: {message}")
    data = body.get("data")
    if not isinstance(data, dict):
        raise RequestFailed("GraphQL answer without data")
    return data


# --- targets ----------------------------------------------------------------------------------


def ensure_loopback(url: str) -> None:
    """Raise ``TargetRefused`` unless ``url`` is http(s) on a loopback address."""
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https"):
        raise TargetRefused(f"{url!r}: only http and https targets are supported")
    host = parts.hostname or ""
    if host == "localhost":
        return
    try:
        loopback = ip_address(host).is_loopback
    except ValueError:
        loopback = False
    if not loopback:
        raise TargetRefused(
            f"{url!r}: the bench only targets loopback addresses (127.0.0.0/8, ::1, localhost)"
        )


def http_client(base_url: str, timeout: float | None = None) -> httpx.AsyncClient:
    """An async client for a loopback target; ignores proxy settings from the environment. Its
    own time-out is ``BENCH_HTTP_TIMEOUT_S`` (10; ``bench.run --timeout`` sets it), so that a
    longer ``--timeout`` is not cut at 10 s by the client."""
    ensure_loopback(base_url)
    if timeout is None:
        timeout = float(os.environ.get("BENCH_HTTP_TIMEOUT_S", "10"))
    return httpx.AsyncClient(
        base_url=base_url,
        timeout=timeout,
        trust_env=False,
        limits=httpx.Limits(max_connections=256, max_keepalive_connections=256),
    )


async def probe_http(url: str, what: str, *, timeout: float | None = None) -> None:
    """Raise ``TargetUnreachable`` unless something answers HTTP at ``url`` (any status), within
    ``timeout`` seconds (``BENCH_PROBE_TIMEOUT_S``, 3: a first server render of a page on a
    loaded machine may take longer)."""
    ensure_loopback(url)
    if timeout is None:
        timeout = float(os.environ.get("BENCH_PROBE_TIMEOUT_S", "3"))
    try:
        async with httpx.AsyncClient(timeout=timeout, trust_env=False) as client:
            await client.get(url)
    except httpx.HTTPError as exc:
        raise TargetUnreachable(
            f"{what} is unreachable at {url} ({type(exc).__name__}); {START_THE_STACK}"
        ) from exc


# --- output -----------------------------------------------------------------------------------

_COLUMNS = ("scenario", "requests", "errors", "req/s", "p50", "p90", "p95", "p99", "max")


def _ms(value: float | None) -> str:
    return "-" if value is None else f"{value:.2f}"


def aligned(head: Sequence[str], rows: Sequence[Sequence[str]]) -> list[str]:
    """A table's lines: the head, a rule, the rows; the first column to the left, the others to
    the right, each as wide as its widest cell."""
    widths = [max(len(c), *(len(row[i]) for row in rows)) for i, c in enumerate(head)]

    def line(cells: Sequence[str]) -> str:
        first = cells[0].ljust(widths[0])
        rest = (cell.rjust(width) for cell, width in zip(cells[1:], widths[1:], strict=True))
        return "  ".join((first, *rest))

    return [line(head), "  ".join("-" * w for w in widths), *(line(row) for row in rows)]


def format_table(results: Sequence[ScenarioResult]) -> str:
    rows = [
        (
            r.name + (" *" if r.stopped_by_time else ""),
            str(r.requests),
            str(r.errors),
            f"{r.throughput:.1f}",
            *(_ms(r.percentile(p)) for p in PERCENTILES),
            _ms(r.max_ms),
        )
        for r in results
    ]
    out = aligned(_COLUMNS, rows)
    out.append("latencies in ms over successful requests")
    if any(r.stopped_by_time for r in results):
        out.append("* stopped by the wall-time cap before all requests were issued")
    for r in results:
        for kind, count in list(r.error_kinds.items())[:5]:
            out.append(f"{r.name}: {count} x {kind}")
    return "\n".join(out)


def format_over_baselines(
    results: Sequence[ScenarioResult], baselines: Mapping[str, str | None]
) -> list[str]:
    """For each result whose baseline ran too: what it adds over it at p50 and at p95."""
    ran = {r.name: r for r in results}
    lines = []
    for r in results:
        base = ran.get(baselines.get(r.name) or "")
        if base is None:
            continue
        parts = []
        for p in (50, 95):
            own, under = r.percentile(p), base.percentile(p)
            added = None if own is None or under is None else own - under
            parts.append(f"p{p} {_ms(own)} - {_ms(under)} = {_ms(added)}")
        lines.append(f"{r.name} over {base.name}: {'; '.join(parts)} ms")
    return lines


def print_table(
    results: Sequence[ScenarioResult],
    stream: TextIO | None = None,
    baselines: Mapping[str, str | None] | None = None,
) -> None:
    print(format_table(results), file=stream)
    for line in format_over_baselines(results, baselines or {}):
        print(line, file=stream)


def write_json(path: str | Path, results: Sequence[ScenarioResult], settings: RunSettings) -> None:
    document = {
        "generated_at": datetime.now(UTC).isoformat(timespec="seconds"),
        "settings": asdict(settings),
        "results": [r.to_dict() for r in results],
    }
    Path(path).write_text(json.dumps(document, indent=2) + "\n", encoding="utf-8")


CAPTCHA_URL = os.environ.get("BENCH_CAPTCHA_URL", "http://127.0.0.1:3006")


async def captcha_token(client: httpx.AsyncClient) -> str:
    """A fresh answer from the local captcha (this site asks for one on sign-up), as a person's
    browser gets from the widget; each is good once."""
    response = await client.post(f"{CAPTCHA_URL}/turnstile/v0/token")
    check_http(response)
    token: str = response.json()["token"]
    return token


def batch_bench_arguments(
    argv: Sequence[str] | None,
    *,
    prog: str,
    doc: str | None,
    jobs_help: str,
    topic: str,
    before: tuple[str, str],
    more: Callable[[argparse.ArgumentParser], None] | None = None,
) -> argparse.Namespace:
    """The arguments of the in-process batch benches (bench.slot_saga, bench.slot_answers,
    bench.indexer): the data set's jobs and organizations, the partitions of the topic the group
    reads, and the flag that runs the batch as before its run handlers (``before``: the flag and
    what it means); ``more`` adds a bench's own."""
    parser = argparse.ArgumentParser(
        prog=prog,
        description=doc.split("\n\n")[0] if doc else None,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--jobs", type=int, default=2_000, help=f"{jobs_help} (2000)")
    parser.add_argument("--organizations", type=int, default=20, help="(20)")
    parser.add_argument(
        "--partitions", type=int, default=3, help=f"of {topic} (3, jobkit.topics' default)"
    )
    flag, meaning = before
    parser.add_argument(flag, action="store_true", help=meaning)
    if more is not None:
        more(parser)
    args = parser.parse_args(argv)
    if not 1 <= args.organizations <= args.jobs:
        parser.error("at least one organization, and one job for each")
    if args.partitions < 1:
        parser.error("at least one partition")
    return args
