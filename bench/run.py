"""Run latency scenarios against the local stack.

    python -m bench.run --list
    python -m bench.run [--scenario NAME ...] [--requests N] [--concurrency C] [--json out.json]

Exit status: 0 when every scenario ran (errors are reported, not fatal), 2 on bad usage or a
non-loopback target, 3 when a target is unreachable (nothing is run then), 4 when a scenario's
setup failed.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
from collections.abc import Sequence

from bench.harness import (
    RunSettings,
    Scenario,
    ScenarioResult,
    TargetRefused,
    TargetUnreachable,
    ensure_loopback,
    print_table,
    run_interleaved,
    run_scenario,
    write_json,
)
from bench.scenarios import load_scenarios

EXIT_USAGE = 2
EXIT_UNREACHABLE = 3
EXIT_SETUP = 4


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    defaults = RunSettings()
    parser = argparse.ArgumentParser(prog="python -m bench.run", description=__doc__.split("\n")[1])
    parser.add_argument("--list", action="store_true", help="list the scenarios and exit")
    parser.add_argument(
        "--scenario",
        action="append",
        metavar="NAME",
        help="scenario to run (repeatable; default: all)",
    )
    parser.add_argument("--requests", type=int, default=defaults.requests, metavar="N")
    parser.add_argument("--concurrency", type=int, default=defaults.concurrency, metavar="C")
    parser.add_argument(
        "--max-seconds",
        type=float,
        default=defaults.max_seconds,
        metavar="S",
        help="wall-time cap of the measured phase, per scenario (default %(default)s)",
    )
    parser.add_argument("--warmup", type=int, default=defaults.warmup, metavar="N")
    parser.add_argument(
        "--timeout",
        type=float,
        default=defaults.request_timeout,
        metavar="S",
        help="per-request timeout, counted as an error (default %(default)s)",
    )
    parser.add_argument(
        "--interleave",
        action="store_true",
        help="measure the scenarios together, their requests in turn (latencies comparable on "
        "a busy machine; req/s is each one's share)",
    )
    parser.add_argument("--json", metavar="PATH", help="also write the results to this file")
    return parser.parse_args(argv)


async def run(
    scenarios: Sequence[Scenario], settings: RunSettings, *, interleave: bool = False
) -> list[ScenarioResult]:
    unreachable: list[str] = []
    for scenario in scenarios:
        if scenario.probe is None:
            continue
        try:
            await scenario.probe()
        except TargetUnreachable as exc:
            unreachable.append(f"{scenario.name}: {exc}")
    if unreachable:
        for line in unreachable:
            print(f"bench: {line}", file=sys.stderr)
        raise SystemExit(EXIT_UNREACHABLE)

    if interleave:
        names = ", ".join(scenario.name for scenario in scenarios)
        print(f"bench: running {names} in turn ...", file=sys.stderr, flush=True)
        try:
            return await run_interleaved(scenarios, settings)
        except TargetUnreachable as exc:
            print(f"bench: {exc}", file=sys.stderr)
            raise SystemExit(EXIT_UNREACHABLE) from exc
        except Exception as exc:
            print(f"bench: setup failed: {exc}", file=sys.stderr)
            raise SystemExit(EXIT_SETUP) from exc
    results = []
    for scenario in scenarios:
        print(f"bench: running {scenario.name} ...", file=sys.stderr, flush=True)
        try:
            results.append(await run_scenario(scenario, settings))
        except TargetUnreachable as exc:
            print(f"bench: {scenario.name}: {exc}", file=sys.stderr)
            raise SystemExit(EXIT_UNREACHABLE) from exc
        except Exception as exc:
            print(f"bench: {scenario.name}: setup failed: {exc}", file=sys.stderr)
            raise SystemExit(EXIT_SETUP) from exc
    return results


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    # the scenarios' HTTP clients (bench.harness.http_client) wait as long as a request may take
    os.environ["BENCH_HTTP_TIMEOUT_S"] = str(args.timeout)
    available = load_scenarios()
    if args.list:
        width = max((len(n) for n in available), default=0)
        for name, scenario in available.items():
            print(f"{name.ljust(width)}  {scenario.description}")
        return 0

    names = args.scenario or list(available)
    unknown = [n for n in names if n not in available]
    if unknown:
        print(
            f"bench: unknown scenario(s) {', '.join(unknown)}; available: {', '.join(available)}",
            file=sys.stderr,
        )
        return EXIT_USAGE
    selected = [available[n] for n in dict.fromkeys(names)]

    try:
        settings = RunSettings(
            requests=args.requests,
            concurrency=args.concurrency,
            max_seconds=args.max_seconds,
            warmup=args.warmup,
            request_timeout=args.timeout,
        )
    except ValueError as exc:
        print(f"bench: {exc}", file=sys.stderr)
        return EXIT_USAGE

    try:
        for scenario in selected:
            for target in scenario.targets:
                ensure_loopback(target)
    except TargetRefused as exc:
        print(f"bench: refusing {exc}", file=sys.stderr)
        return EXIT_USAGE

    try:
        results = asyncio.run(run(selected, settings, interleave=args.interleave))
    except SystemExit as exc:
        return int(exc.code or 0)

    print_table(results, baselines={scenario.name: scenario.baseline for scenario in selected})
    if args.json:
        write_json(args.json, results, settings)
        print(f"bench: wrote {args.json}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
