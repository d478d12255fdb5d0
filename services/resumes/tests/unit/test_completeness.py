"""The completeness rule (no I/O): each missing item alone, and nulled fields never asked."""

import pytest
from resumes.domain.completeness import Missing, completeness, searchable

from services.resumes.tests.factories import resume


def test_a_full_resume_is_complete_and_searchable_once_findable() -> None:
    row = resume()
    assert completeness(row).percent == 100
    assert searchable(row)
    assert not searchable(resume(findable=False))


@pytest.mark.parametrize(
    ("change", "missing"),
    [
        ({"first_name": None}, Missing.FIRST_NAME),
        ({"last_name": ""}, Missing.LAST_NAME),
        ({"title": ""}, Missing.TITLE),
        ({"desired_occupation_tid": None}, Missing.DESIRED_OCCUPATION),
        ({"career_status": None}, Missing.CAREER_STATUS),
        ({"desired_location": None}, Missing.DESIRED_LOCATION),
        ({"work_experience": []}, Missing.EXPERIENCE_OR_EDUCATION),
        ({"languages": []}, Missing.LANGUAGES),
        ({"skill_tids": [], "skills_free": []}, Missing.SKILLS),
    ],
)
def test_each_rule(change: dict[str, object], missing: Missing) -> None:
    row = resume(**change)
    state = completeness(row)
    assert state.missing == [missing]
    assert state.percent == 89
    assert not searchable(row)
