"""Fault scenario: one subgraph down behind a gateway, and the site keeps answering.

Starts its own gateway and web server (never the stack's) on spare ports, with one subgraph
(``--down``, default organizations) pointed at a closed port and the others at the local
stack's services, then asks:

- the gateway: a query joining the dead subgraph and a live one answers the live part and one
  ``SUBGRAPH_UNAVAILABLE`` error naming the dead one, with no address in it; ``/readyz`` says
  ``degraded`` and names it;
- the web server: ``/readyz`` says ``degraded``; the home page, the job search, a job page and
  an organization page render (HTTP 200, the site's shell, no error page) with the
  unavailable notice when they needed the dead part;

and prints what it counted. Exit status 1 when a check failed.

    .venv/bin/python tests/faults/subgraph_down.py [--down organizations] [--down jobs] [--quick]

Needs the local stack up (``make up``), ``gateway/dist`` (``cd gateway && npm run build``) and
``web/build`` (``cd web && npm run build``). Runbook: docs/runbooks/subgraph-down.md.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
NOTICE = re.compile(r'data-unavailable="([^"]*)"')
SEARCH_JOINED = """{ jobSearch(input: {}) { __typename ... on JobSearchResults {
  total hits { title slug organizationSlug job { id bookmarked organization { id name } } } } } }"""
ERROR_PAGE = re.compile(r"Something went wrong|Unexpected Server Error|Internal server error", re.I)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def closed_port() -> int:
    """A port nothing listens on (bound, then released): connections are refused."""
    return free_port()


def fetch(url: str, body: Any | None = None, timeout: float = 20.0) -> tuple[int, str]:
    data = json.dumps(body).encode() if body is not None else None
    headers = {"content-type": "application/json"} if body is not None else {}
    request = urllib.request.Request(url, data=data, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=timeout) as answer:
            return answer.status, answer.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()


def wait_until_up(url: str, process: subprocess.Popen[bytes], timeout: float = 60.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"{url}: the process exited with {process.returncode}")
        try:
            if fetch(url, timeout=2)[0] < 500:
                return
        except OSError:
            pass
        time.sleep(0.2)
    raise RuntimeError(f"{url} did not answer within {timeout:.0f} s")


@contextmanager
def started(
    command: list[str], cwd: Path, env: dict[str, str], log: Path
) -> Iterator[subprocess.Popen[bytes]]:
    with log.open("wb") as out:
        process = subprocess.Popen(command, cwd=cwd, env=env, stdout=out, stderr=out)
        try:
            yield process
        finally:
            process.send_signal(signal.SIGTERM)
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()


@dataclass
class Counts:
    checks: int = 0
    failed: list[str] = field(default_factory=list)
    lines: list[str] = field(default_factory=list)

    def check(self, ok: bool, what: str) -> None:
        self.checks += 1
        self.lines.append(f"  {'ok  ' if ok else 'FAIL'} {what}")
        if not ok:
            self.failed.append(what)


def _subgraph_env(down: list[str], dead: int) -> dict[str, str]:
    return {f"SUBGRAPH_{name.upper()}_URL": f"http://127.0.0.1:{dead}/graphql" for name in down}


def run(down: list[str], *, quick: bool = False, logs: Path | None = None) -> Counts:
    counts = Counts()
    logs = logs or ROOT / ".local" / "logs"
    logs.mkdir(parents=True, exist_ok=True)
    gateway_port, web_port, dead = free_port(), free_port(), closed_port()
    env = {**os.environ, "APOLLO_TELEMETRY_DISABLED": "1"}
    gateway_env = {
        **env,
        "PORT": str(gateway_port),
        "LOG_LEVEL": "warn",
        **_subgraph_env(down, dead),
    }
    gateway = f"http://127.0.0.1:{gateway_port}"
    web = f"http://127.0.0.1:{web_port}"
    web_env = {**env, "PORT": str(web_port), "GATEWAY_URL": f"{gateway}/graphql"}
    started_at = time.monotonic()
    with started(
        ["node", "--import", "./dist/telemetry.js", "dist/server.js"],
        ROOT / "gateway",
        gateway_env,
        logs / "faults-gateway.log",
    ) as gateway_process:
        wait_until_up(f"{gateway}/healthz", gateway_process)
        with started(
            ["node", "build/server-app/server/main.js"],
            ROOT / "web",
            {**web_env, "NODE_ENV": "production"},
            logs / "faults-web.log",
        ) as web_process:
            wait_until_up(f"{web}/healthz", web_process)
            counts.lines.append(
                f"gateway {gateway} and web {web} up in {time.monotonic() - started_at:.1f} s, "
                f"{', '.join(down)} at a closed port"
            )
            answer = _check_gateway(counts, gateway, down)
            hits = ((answer.get("data") or {}).get("jobSearch") or {}).get("hits") or []
            _check_web(counts, web, down, hits, quick=quick)
    return counts


def _check_gateway(counts: Counts, gateway: str, down: list[str]) -> dict[str, Any]:
    """Checks the gateway; returns its answer to the joined search (the pages' slugs)."""
    status, text = fetch(f"{gateway}/readyz")
    ready = json.loads(text)
    counts.check(
        status == 200
        and ready.get("status") == "degraded"
        and set(down) <= set(ready.get("down", [])),
        f"gateway /readyz {status}: {text}",
    )
    # search's hits (live) joined with jobs' bookmark and organizations' name
    query = {"query": SEARCH_JOINED}
    status, text = fetch(f"{gateway}/graphql", query)
    answer: dict[str, Any] = json.loads(text)
    errors = answer.get("errors") or []
    codes = {e.get("extensions", {}).get("code") for e in errors}
    named = {e.get("extensions", {}).get("serviceName") for e in errors}
    clean = not re.search(r"127\.0\.0\.1|ECONNREFUSED|localhost", text)
    counts.check(
        status == 200
        and answer.get("data") is not None
        and clean
        and bool(errors)
        and codes == {"SUBGRAPH_UNAVAILABLE"}
        and named <= set(down),
        f"gateway partial answer {status}: data kept, errors {sorted(codes - {None})} "
        f"naming {sorted(n for n in named if n)}, no internal address: {clean}",
    )
    return answer


def _check_page(
    counts: Counts, web: str, path: str, *, expect_notice: bool, expect_status: int = 200
) -> str:
    """The page answers with the site's shell; with the notice when it needed the dead part;
    200 with its content, or 503 when its own content is the dead part (never a 404/500)."""
    started_at = time.monotonic()
    status, html = fetch(f"{web}{path}")
    notice = NOTICE.search(html)
    shell = 'id="main"' in html
    error_page = bool(ERROR_PAGE.search(html)) and expect_status == 200
    ok = (
        status == expect_status
        and shell
        and not error_page
        and (notice is not None or not expect_notice)
    )
    counts.check(
        ok,
        f"web {path}: {status}, {len(html) // 1024} KiB in {time.monotonic() - started_at:.2f} s, "
        f"shell {shell}, error page {error_page}, notice "
        f"{notice.group(1) if notice else 'none'}",
    )
    return html


def _check_web(
    counts: Counts, web: str, down: list[str], hits: list[dict[str, Any]], *, quick: bool
) -> None:
    status, text = fetch(f"{web}/readyz")
    ready = json.loads(text)
    counts.check(
        status == 200
        and ready.get("status") == "degraded"
        and set(down) <= set(ready.get("down", [])),
        f"web /readyz {status}: {text}",
    )
    _check_page(counts, web, "/", expect_notice=False)
    _check_page(counts, web, "/jobs", expect_notice="jobs" in down)
    if quick:
        return
    job = next((hit["slug"] for hit in hits if hit.get("slug")), None)
    if job and "jobs" not in down:
        # the job without its organization card when organizations is down
        _check_page(counts, web, f"/job/{job}", expect_notice="organizations" in down)
    elif job:
        # the page's own content is the dead part: 503 with the shell and the notice
        _check_page(counts, web, f"/job/{job}", expect_notice=True, expect_status=503)
    else:
        counts.lines.append("  (the search found no job: job page not asked)")
    organization = next(
        (hit["organizationSlug"] for hit in hits if hit.get("organizationSlug")), None
    )
    if organization:
        _check_page(
            counts,
            web,
            f"/organization/{organization}",
            expect_notice=True,
            expect_status=503 if "organizations" in down else 200,
        )
    else:
        counts.lines.append("  (no organization in the search: organization page not asked)")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawTextHelpFormatter
    )
    parser.add_argument("--down", action="append", help="a subgraph to point at a closed port")
    parser.add_argument(
        "--quick", action="store_true", help="gateway, health, home and search only"
    )
    args = parser.parse_args(argv)
    scenarios = [[name] for name in args.down] if args.down else [["organizations"], ["jobs"]]
    failed = 0
    for down in scenarios:
        counts = run(down, quick=args.quick)
        sys.stdout.write(f"subgraph down: {', '.join(down)}\n" + "\n".join(counts.lines) + "\n")
        sys.stdout.write(
            f"  {counts.checks} checks, {counts.checks - len(counts.failed)} passed, "
            f"{len(counts.failed)} failed\n"
        )
        failed += len(counts.failed)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
