"""Resumes' rules. A resume is its applicant's: they and admin-like users see it, and recruiters
(who search resumes to contact applicants); visitors and other applicants never do."""

from jobkit.auth import Principal

from resumes.domain.models import Resume


def visible_to(resume: Resume, principal: Principal | None) -> bool:
    if principal is None:
        return False
    return principal.is_recruiter or principal.can_act_on(str(resume.owner_id))
