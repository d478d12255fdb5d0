"""Jobs' rules. Who sees a job: a published job is public; any other state only to its owner,
admin-like users and (with the organizations issue) members of its organization."""

from jobkit.auth import Principal

from jobs.domain.models import Job

PUBLIC_STATES = frozenset({"published"})


def visible_to(job: Job, principal: Principal | None) -> bool:
    if job.status in PUBLIC_STATES:
        return True
    return principal is not None and principal.can_act_on(str(job.owner_id))
