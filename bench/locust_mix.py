"""The mixed load's Locust users and its phase runner, run by ``bench.loadtest`` in a process of
its own (Locust patches the standard library with gevent on import; the orchestrator stays on
asyncio, creates and removes the run's accounts, samples the stack's memory and prints).

    python -m bench.locust_mix PLAN.json RESULT.json

The plan names the targets, the searches, the pages, the run's accounts and jobs and the phases
to run; the result holds, for each phase (or each soak window), its wall-clock bounds and every
request kind's latencies and errors. Nothing here writes to the board but the applications and
job edits the plan's accounts make.

The mix (issue 28): visitors are closed-loop users without think time (the ladder) or paced to a
request rate (the soak) choosing, by weight, a server-rendered /jobs search page, a ``jobSearch``
through the gateway (the page's own searches after the first render), a job page or an
organization page. Beside them, whatever the number of visitors, one applicant signs in and
applies (quick apply) every ``apply_every`` seconds, and one recruiter signs in once and edits a
job every ``edit_every`` seconds.
"""

from __future__ import annotations

import itertools
import json
import random
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

import gevent
from locust import FastHttpUser, HttpUser, constant, constant_pacing, constant_throughput, task
from locust.env import Environment

from bench.load_mix import (
    APPLY,
    EDIT,
    JOB_PAGE,
    JOB_SEARCH,
    JOBS_PAGE,
    ORGANIZATION_PAGE,
    RAW_SEARCH,
    SIGN_IN,
    WEIGHTS,
)
from bench.scenarios._search import SEARCH

APPLY_MUTATION = """mutation LoadApply($input: ApplyToJobInput!) { applyToJob(input: $input) {
  __typename ... on ApplicationReceived { applicationId }
  ... on JobErrors { errors { code message } } } }"""
EDIT_MUTATION = """mutation LoadEdit($id: ID!, $input: JobInfoInput!) {
  updateJobInfo(id: $id, input: $input) { __typename ... on JobSaved { job { id } }
  ... on JobErrors { errors { code message } } } }"""

PLAN: dict[str, Any] = {}


class Recorder:
    """Every request's outcome, into the bucket (a phase, or a soak window) open at the time."""

    def __init__(self) -> None:
        self.bucket: dict[str, Any] | None = None
        self.buckets: list[dict[str, Any]] = []

    def open(self, name: str, **extra: Any) -> None:
        self.close()
        self.bucket = {
            "name": name,
            "started": time.time(),
            "latencies": defaultdict(list),
            "errors": defaultdict(Counter),
            **extra,
        }

    def close(self) -> None:
        if self.bucket is not None:
            self.bucket["ended"] = time.time()
            self.buckets.append(self.bucket)
            self.bucket = None

    def on_request(
        self,
        request_type: str,
        name: str,
        response_time: float,
        exception: Any,
        context: dict[str, Any] | None = None,
        **_: Any,
    ) -> None:
        if self.bucket is None or (context or {}).get("untimed"):
            return
        if exception is not None:
            text = str(exception)
            self.bucket["errors"][name][text[:160]] += 1
        else:
            self.bucket["latencies"][name].append(response_time)

    def result(self) -> list[dict[str, Any]]:
        self.close()
        return [
            {
                **bucket,
                "latencies": dict(bucket["latencies"]),
                "errors": {k: dict(v) for k, v in bucket["errors"].items()},
            }
            for bucket in self.buckets
        ]


RECORDER = Recorder()
ADDRESSES = itertools.count(1)


def benchmark_address(n: int) -> str:
    """An address of RFC 2544's benchmarking range (198.18.0.0/15) for the n-th simulated
    client: the stack, on loopback, believes X-Forwarded-For, so each simulated person counts
    against its own rate limits, as distinct people do."""
    return f"198.18.{(n >> 8) & 0xFF}.{n & 0xFF}"


def http_failure(response: Any) -> str:
    """An answer that is not 2xx: its status, or what happened instead of an answer (Locust's
    status 0: a reset, a timeout, a refused connection)."""
    if response.status_code == 0:
        error = getattr(response, "error", None)
        return f"no answer: {type(error).__name__}: {error}" if error else "no answer"
    return f"HTTP {response.status_code}"


def graphql_failure(response: Any, field: str, wanted: str) -> str | None:
    """Why a GraphQL answer counts as an error, or None."""
    if not 200 <= response.status_code < 300:
        return http_failure(response)
    try:
        body = response.json()
    except ValueError:
        return "answer is not JSON"
    if body.get("errors"):
        first = body["errors"][0]
        return (
            f"GraphQL errors: {first.get('message', first) if isinstance(first, dict) else first}"
        )
    answer = (body.get("data") or {}).get(field) or {}
    if answer.get("__typename") != wanted:
        return f"{field} answered {json.dumps(answer)[:120]}"
    return None


def signed_in_mutation(
    user: HttpUser,
    *,
    name: str,
    query: str,
    variables: dict[str, Any],
    token: str,
    address: str,
    answer: tuple[str, str],
) -> None:
    """One mutation through the gateway as a signed-in person from `address`; an error unless
    the field `answer[0]` answers the type `answer[1]`."""
    with user.client.post(
        f"{PLAN['gateway']}/graphql",
        name=name,
        json={"query": query, "variables": variables},
        headers={
            "X-Frontend": PLAN["frontend"],
            "X-Forwarded-For": address,
            "Authorization": f"Bearer {token}",
        },
        catch_response=True,
    ) as response:
        failure = graphql_failure(response, *answer)
        if failure:
            response.failure(failure)


class Visitor(FastHttpUser):
    """Searches and reads; paced in the soak, closed-loop (no think time) on the ladder."""

    weight = 1
    wait_time = constant(0)

    def on_start(self) -> None:
        self.address = benchmark_address(next(ADDRESSES))
        self.searches = itertools.cycle(random.sample(PLAN["searches"], len(PLAN["searches"])))
        self.jobs = itertools.cycle(random.sample(PLAN["job_slugs"], len(PLAN["job_slugs"])))
        self.organizations = itertools.cycle(PLAN["organization_slugs"])

    @task(WEIGHTS[JOB_SEARCH])
    def job_search(self) -> None:
        search = next(self.searches)
        with self.client.post(
            f"{PLAN['gateway']}/graphql",
            name=JOB_SEARCH,
            json={"query": SEARCH, "variables": {"input": search["input"]}},
            headers={"X-Frontend": PLAN["frontend"], "X-Forwarded-For": self.address},
            catch_response=True,
        ) as response:
            failure = graphql_failure(response, "jobSearch", "JobSearchResults")
            if failure:
                response.failure(failure)

    @task(WEIGHTS[JOBS_PAGE])
    def jobs_page(self) -> None:
        self._page(next(self.searches)["path"], JOBS_PAGE, "<html")

    @task(WEIGHTS[JOB_PAGE])
    def job_page(self) -> None:
        self._page(f"/job/{next(self.jobs)}", JOB_PAGE, '"JobPosting"')

    @task(WEIGHTS[ORGANIZATION_PAGE])
    def organization_page(self) -> None:
        self._page(f"/organization/{next(self.organizations)}", ORGANIZATION_PAGE, "ld+json")

    def _page(self, path: str, name: str, marker: str) -> None:
        with self.client.get(
            f"{PLAN['web']}{path}", name=name, catch_response=True, allow_redirects=False
        ) as response:
            if not 200 <= response.status_code < 300:
                response.failure(http_failure(response))
            elif marker not in (response.text or ""):
                response.failure(f"the page lacks {marker}")


class Applicants:
    """The run's applicant accounts, used in turn: each applies once to each of the run's jobs
    (one application per address and job is the rule), which is also the number an account may
    send per window (JOBS_APPLY_LIMIT_PER_EMAIL, 5 in 10 minutes)."""

    def __init__(self) -> None:
        self.accounts = iter(PLAN["applicants"])
        self.current: dict[str, Any] | None = None
        self.left: list[str] = []

    def next_job(self) -> tuple[dict[str, Any], str, bool] | None:
        """(account, job id, whether the account is new and must sign in), None when spent."""
        fresh = False
        if not self.left:
            self.current = next(self.accounts, None)
            if self.current is None:
                return None
            self.left = list(PLAN["run_jobs"])
            fresh = True
        assert self.current is not None
        return self.current, self.left.pop(), fresh


APPLICANTS: Applicants | None = None
SPENT = Counter[str]()


def sign_in(user: HttpUser, account: dict[str, Any]) -> str | None:
    """Identity's credentials sign-in (what the web server's credentials provider calls)."""
    with user.client.post(
        f"{PLAN['identity']}/auth/credentials",
        name=SIGN_IN,
        json={
            "email": account["email"],
            "password": account["password"],
            "client_address": account["address"],
        },
        catch_response=True,
    ) as response:
        token = None
        if response.status_code == 200:
            token = (response.json() or {}).get("accessToken")
        if not token:
            response.failure(f"HTTP {response.status_code}, no token")
        return token


class Applicant(HttpUser):
    """Signs in as the next of the run's applicants when the last one has applied everywhere,
    and applies (quick apply: name, address, a cover letter) to one of the run's jobs."""

    fixed_count = 1
    wait_time = constant_pacing(10)

    def on_start(self) -> None:
        self.token: str | None = None
        self.account: dict[str, Any] | None = None

    @task
    def apply(self) -> None:
        assert APPLICANTS is not None
        picked = APPLICANTS.next_job()
        if picked is None:
            SPENT["applications skipped: every account has applied everywhere"] += 1
            return
        account, job_id, fresh = picked
        if fresh or self.token is None or account is not self.account:
            self.account, self.token = account, sign_in(self, account)
            if self.token is None:
                return
        # the site asks applicants for a captcha: the widget's answer, from the local captcha
        # (a browser gets it from the captcha's own servers: not a request to the stack, untimed)
        captcha = self.client.post(
            f"{PLAN['captcha']}/turnstile/v0/token", context={"untimed": True}
        ).json()["token"]
        signed_in_mutation(
            self,
            name=APPLY,
            query=APPLY_MUTATION,
            variables={
                "input": {
                    "jobId": job_id,
                    "firstName": "Load",
                    "lastName": "Test",
                    "emailAddress": account["email"],
                    "coverLetter": "Applied by the load test; erased at its end.",
                    "captchaToken": captcha,
                }
            },
            token=self.token,
            address=account["address"],
            answer=("applyToJob", "ApplicationReceived"),
        )


class Recruiter(HttpUser):
    """The run's recruiter: signs in once, then rewrites a job's description in turn."""

    fixed_count = 1
    wait_time = constant_pacing(5)

    def on_start(self) -> None:
        account = PLAN["recruiter"]
        self.token = sign_in(self, account)
        self.jobs = itertools.cycle(PLAN["run_jobs"])
        self.edits = itertools.count(1)

    @task
    def edit(self) -> None:
        if self.token is None:
            self.token = sign_in(self, PLAN["recruiter"])
            return
        edit = next(self.edits)
        signed_in_mutation(
            self,
            name=EDIT,
            query=EDIT_MUTATION,
            variables={
                "id": next(self.jobs),
                "input": {
                    "description": f"<p>A job of the load test (edit {edit}); it is removed "
                    "at the end of the run.</p>"
                },
            },
            token=self.token,
            address=PLAN["recruiter"]["address"],
            answer=("updateJobInfo", "JobSaved"),
        )


class RawSearch(FastHttpUser):
    """The search path's raw baseline: the very ``_msearch`` search sends Elasticsearch for the
    visitors' searches, straight to the jobs alias."""

    wait_time = constant(0)

    def on_start(self) -> None:
        self.bodies = itertools.cycle(random.sample(PLAN["searches"], len(PLAN["searches"])))

    @task
    def search(self) -> None:
        with self.client.post(
            f"{PLAN['es']}/{PLAN['index']}/_msearch",
            name=RAW_SEARCH,
            data=next(self.bodies)["msearch"],
            headers={"Content-Type": "application/x-ndjson"},
            catch_response=True,
        ) as response:
            if response.status_code != 200:
                response.failure(f"HTTP {response.status_code}")
            elif any("error" in part for part in response.json()["responses"]):
                response.failure("a search of the _msearch failed")


def pace(rate_per_user: float | None) -> None:
    """Visitors closed-loop (None) or each at `rate_per_user` requests a second."""
    Visitor.wait_time = constant(0) if rate_per_user is None else constant_throughput(rate_per_user)


def run_phase(phase: dict[str, Any]) -> None:
    """One phase: its users spawned at once, `warmup` seconds unrecorded, then `seconds`
    recorded (in windows of `window` seconds when given), then stopped."""
    raw = phase["kind"] == "raw"
    pace(phase.get("rate_per_user"))
    classes: list[type[Any]] = [RawSearch] if raw else [Visitor, Applicant, Recruiter]
    if not raw:
        Applicant.wait_time = constant_pacing(PLAN["apply_every"])
        Recruiter.wait_time = constant_pacing(PLAN["edit_every"])
    env = Environment(user_classes=classes, host=PLAN["web"])
    env.events.request.add_listener(RECORDER.on_request)
    runner = env.create_local_runner()
    users = phase["users"] + (0 if raw else 2)
    runner.start(users, spawn_rate=max(users, 1))
    gevent.sleep(phase["warmup"])
    window = phase.get("window") or phase["seconds"]
    ends = time.monotonic() + phase["seconds"]
    index = 0
    while time.monotonic() < ends - 0.5:
        RECORDER.open(phase["name"], kind=phase["kind"], users=phase["users"], window=index)
        gevent.sleep(min(window, ends - time.monotonic()))
        index += 1
    RECORDER.close()
    runner.quit()
    env.events.request.remove_listener(RECORDER.on_request)


def main(argv: list[str]) -> int:
    global APPLICANTS
    plan_path, result_path = Path(argv[0]), Path(argv[1])
    PLAN.update(json.loads(plan_path.read_text(encoding="utf-8")))
    APPLICANTS = Applicants()
    for phase in PLAN["phases"]:
        print(
            f"loadtest: {phase['name']} ({phase['users']} users, {phase['seconds']} s) ...",
            file=sys.stderr,
            flush=True,
        )
        run_phase(phase)
    result = {"buckets": RECORDER.result(), "notes": dict(SPENT)}
    result_path.write_text(json.dumps(result), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
