"""The salary filter against the real Elasticsearch: a minimum a year in one currency, from the
yearly figures the documents keep (hourly, monthly... salaries made yearly)."""

from typing import Any

import pytest
from search.engine.indexing.indexer import index_job
from search.engine.indexing.store import SearchStore
from search.engine.job_search import run_job_search
from search.engine.request import Condition, ConditionGroup, JobSearchRequest
from search.errors import SearchErrors

from services.search.tests.factories import job_payload

pytestmark = pytest.mark.integration
WORD = "Saltmarsher"


def salary(minimum: float | None, maximum: float | None, currency: str, unit: str) -> Any:
    return {
        "min_salary": minimum,
        "max_salary": maximum,
        "currency_code": currency,
        "salary_unit": unit,
    }


def salary_groups(*conditions: Condition) -> list[ConditionGroup]:
    return [ConditionGroup([condition]) for condition in conditions]


async def titles(store: SearchStore, *conditions: Condition) -> set[str]:
    request = JobSearchRequest(fulltext=WORD, condition_groups=salary_groups(*conditions))
    _, answer = await run_job_search(store, request)
    return {str(hit["title"]).removeprefix(f"{WORD} ") for hit in answer.hits}


async def test_a_yearly_minimum_in_one_currency(
    store: SearchStore, committed_sessions: Any
) -> None:
    jobs = {
        "range reaching it": salary(45_000, 60_000, "EUR", "year"),
        "monthly below it": salary(3_000, 3_500, "EUR", "month"),  # 36,000-42,000 a year
        "hourly above it": salary(25, None, "EUR", "hour"),  # from 52,000 a year
        "minimum only below it": salary(40_000, None, "EUR", "year"),
        "dollars": salary(90_000, 100_000, "usd", "year"),
        "unpaid figure": None,
    }
    async with committed_sessions() as session:
        for name, pay in jobs.items():
            await index_job(
                store,
                session,
                job_payload(title=f"{WORD} {name}", salary=pay),
                "jobs.job.published",
            )
    await store.refresh("jobs")

    assert await titles(store) == set(jobs)
    eur = Condition("salaryCurrency", "eur")
    at_least = Condition("salaryYearly", "50000", ">=")
    assert await titles(store, eur, at_least) == {"range reaching it", "hourly above it"}
    assert await titles(store, eur) == set(jobs) - {"dollars", "unpaid figure"}
    assert await titles(store, Condition("salaryCurrency", "USD"), at_least) == {"dollars"}
    assert await titles(store, eur, Condition("salaryYearly", "0", ">=")) == await titles(
        store, eur
    )


@pytest.mark.parametrize(
    ("conditions", "field"),
    [
        ([Condition("salaryYearly", "50000", ">=")], "condition_groups.0.conditions.0.field"),
        (
            [Condition("salaryCurrency", "EUR"), Condition("salaryYearly", "50000", ">")],
            "condition_groups.1.conditions.0.operator",
        ),
        (
            [Condition("salaryCurrency", "EUR"), Condition("salaryYearly", "lots", ">=")],
            "condition_groups.1.conditions.0.value",
        ),
        (
            [Condition("salaryCurrency", "EUR"), Condition("salaryYearly", "-1", ">=")],
            "condition_groups.1.conditions.0.value",
        ),
        (
            [Condition("salaryCurrency", "EUR"), Condition("salaryYearly", "nan", ">=")],
            "condition_groups.1.conditions.0.value",
        ),
        ([Condition("salaryCurrency", "EURO")], "condition_groups.0.conditions.0.value"),
        (
            [Condition("salaryCurrency", "EUR"), Condition("salaryCurrency", "USD")],
            "condition_groups.1.conditions.0.value",
        ),
    ],
)
async def test_a_salary_filter_it_cannot_answer_is_refused_with_the_field(
    store: SearchStore, conditions: list[Condition], field: str
) -> None:
    with pytest.raises(SearchErrors) as refused:
        await run_job_search(store, JobSearchRequest(condition_groups=salary_groups(*conditions)))
    assert field in [error.field for error in refused.value.errors]


async def test_a_salary_condition_shares_no_group(store: SearchStore) -> None:
    group = ConditionGroup([Condition("salaryCurrency", "EUR"), Condition("industry", "2001")])
    with pytest.raises(SearchErrors) as refused:
        await run_job_search(store, JobSearchRequest(condition_groups=[group]))
    assert [error.field for error in refused.value.errors] == [
        "condition_groups.0.conditions.0.field"
    ]
