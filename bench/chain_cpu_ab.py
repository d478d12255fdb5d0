"""CPU a search of each process of two search chains (web -> gateway -> search service), the
baseline's and the candidate's runs alternating, every search new to the kept answers, at
concurrency 8 (issue 28). ``bench.hops_ab`` runs every hop's rows; this runs only the row that
enters where ``--entry`` says, more times, so a small difference in CPU a request shows above
a shared machine's noise.

    .venv/bin/python -m bench.chain_cpu_ab --rounds 6 --requests 500 --entry web \\
        --base 3203,4201,8208 --candidate 3202,4200,8207

``--base`` and ``--candidate`` are the ports of a chain's web server, gateway and search service
(each passing to the next: GATEWAY_URL, SUBGRAPH_SEARCH_URL); ``--entry`` is the hop the
searches are sent to (web, gateway or search). Each run's req/s and each process's user + system
ticks a request (``/proc/<pid>/stat``, over the warm-up and measured requests) are printed as
they come, then the medians. Only searches are sent: nothing on the board is written.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
from collections.abc import Sequence

from bench.harness import RunSettings, Scenario, ensure_loopback, run_scenario
from bench.memory import listening_pid
from bench.page_cpu import cpu_ticks
from bench.scenarios._search import SearchThrough

ROLES = ("web", "gateway", "search")
WARMUP = 10


def chain(text: str) -> dict[str, int]:
    ports = [int(port) for port in text.split(",")]
    if len(ports) != len(ROLES):
        raise argparse.ArgumentTypeError("three ports: web,gateway,search")
    return dict(zip(ROLES, ports, strict=True))


def behind(entry: str) -> tuple[str, ...]:
    """The roles a request sent to ``entry`` goes through."""
    return ROLES[ROLES.index(entry) :]


async def run(ports: dict[str, int], args: argparse.Namespace) -> tuple[float, dict[str, float]]:
    pids = {role: listening_pid(ports[role]) for role in behind(args.entry)}
    subject = SearchThrough(f"http://127.0.0.1:{ports[args.entry]}", unique=True)
    before = {role: cpu_ticks(pid) for role, pid in pids.items()}
    result = await run_scenario(
        Scenario(
            name=args.entry,
            request=subject.request,
            setup=subject.setup,
            teardown=subject.teardown,
        ),
        RunSettings(
            requests=args.requests,
            concurrency=8,
            warmup=WARMUP,
            max_seconds=600,
            request_timeout=30,
        ),
    )
    tick_ms = 1000 / os.sysconf("SC_CLK_TCK")
    sent = result.requests + WARMUP
    cpu = {role: (cpu_ticks(pid) - before[role]) * tick_ms / sent for role, pid in pids.items()}
    return result.throughput, cpu


def line(label: str, rate: float, cpu: dict[str, float]) -> str:
    spent = "  ".join(f"{role} {value:.2f}" for role, value in cpu.items())
    return f"{label:<22} {rate:6.1f} req/s  {spent}  all {sum(cpu.values()):.2f} ms"


async def measure(args: argparse.Namespace) -> list[str]:
    chains = {"base": args.base, "candidate": args.candidate}
    runs: dict[str, list[tuple[float, dict[str, float]]]] = {label: [] for label in chains}
    out: list[str] = []
    for round_ in range(args.rounds):
        order = list(chains) if round_ % 2 == 0 else list(reversed(chains))
        for label in order:
            rate, cpu = await run(chains[label], args)
            runs[label].append((rate, cpu))
            out.append(line(f"round {round_ + 1} {label}", rate, cpu))
            print(out[-1], flush=True)
    for label, figures in runs.items():
        rate = statistics.median(r for r, _ in figures)
        cpu = {role: statistics.median(c[role] for _, c in figures) for role in figures[0][1]}
        out.append(line(f"median {label}", rate, cpu))
    return out


def parse(argv: Sequence[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bench.chain_cpu_ab")
    parser.add_argument("--rounds", type=int, default=6)
    parser.add_argument("--requests", type=int, default=500, help="per run, at concurrency 8")
    parser.add_argument("--entry", choices=ROLES, default="web")
    parser.add_argument("--base", type=chain, required=True, help="web,gateway,search ports")
    parser.add_argument("--candidate", type=chain, required=True, help="web,gateway,search ports")
    args = parser.parse_args(argv)
    for ports in (args.base, args.candidate):
        ensure_loopback(f"http://127.0.0.1:{ports[args.entry]}")
    return args


def main(argv: Sequence[str] | None = None) -> None:
    lines = asyncio.run(measure(parse(argv)))
    print("\n".join(lines[-2:]))


if __name__ == "__main__":
    main()
