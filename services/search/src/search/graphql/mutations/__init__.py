"""The Mutation type: one mutation per module, their permissions declared here."""

from __future__ import annotations

import strawberry
from jobkit.permissions import AdminLike, RecruiterScope

from search.graphql import resume_alerts
from search.graphql.mutations import change_job_alert as change_alert
from search.graphql.mutations import create_job_alert as create_alert
from search.graphql.mutations import job_alert_links as alert_links
from search.graphql.mutations import update_landing_page as landing_page

# The alert mutations are open to visitors on purpose: a visitor's alert is created with the
# captcha and changed only with a signed link; an applicant's only by its owner (the domain
# answers NOT_FOUND to anyone else).
OWNER_OR_LINK = " (the signed-in owner, or anyone with the address's manage link)."


@strawberry.type
class Mutation:
    update_landing_page: landing_page.UpdateLandingPageResult = strawberry.mutation(
        resolver=landing_page.update_landing_page,
        description="New title, intro and meta description for a landing page (admin-like "
        "users only).",
        permission_classes=[AdminLike],
    )
    create_job_alert: create_alert.CreateJobAlertResult = strawberry.mutation(
        resolver=create_alert.create_job_alert,
        description="Anyone: save a search as a job alert (visitors give an address and pass "
        "the captcha, then confirm from the mailed link).",
    )
    update_job_alert: change_alert.JobAlertChangeResult = strawberry.mutation(
        resolver=change_alert.update_job_alert,
        description="Rename an alert, change its frequency or its search" + OWNER_OR_LINK,
    )
    pause_job_alert: change_alert.JobAlertChangeResult = strawberry.mutation(
        resolver=change_alert.pause_job_alert, description="Pause an alert" + OWNER_OR_LINK
    )
    resume_job_alert: change_alert.JobAlertChangeResult = strawberry.mutation(
        resolver=change_alert.resume_job_alert,
        description="Resume a paused alert; jobs published while it was paused are not "
        "mailed" + OWNER_OR_LINK,
    )
    delete_job_alert: change_alert.DeleteJobAlertResult = strawberry.mutation(
        resolver=change_alert.delete_job_alert, description="Delete an alert" + OWNER_OR_LINK
    )
    confirm_job_alert: change_alert.JobAlertChangeResult = strawberry.mutation(
        resolver=alert_links.confirm_job_alert,
        description="Anyone with the mailed confirmation link: the alert starts.",
    )
    unsubscribe_job_alert: alert_links.UnsubscribeJobAlertResult = strawberry.mutation(
        resolver=alert_links.unsubscribe_job_alert,
        description="Anyone with an alert mail's unsubscribe link: its alerts stop for good.",
    )
    create_resume_alert: resume_alerts.ResumeAlertResult = strawberry.mutation(
        resolver=resume_alerts.create_resume_alert,
        description="Recruiters (and administrators) on a site with saved resume searches: save "
        "a resume search with a notify interval; its mails go to the account's address.",
        permission_classes=[RecruiterScope],
    )
    update_resume_alert: resume_alerts.ResumeAlertResult = strawberry.mutation(
        resolver=resume_alerts.update_resume_alert,
        description="Rename one's own resume alert, change its interval or its search.",
        permission_classes=[RecruiterScope],
    )
    delete_resume_alert: resume_alerts.DeleteResumeAlertResult = strawberry.mutation(
        resolver=resume_alerts.delete_resume_alert,
        description="Delete one's own resume alert.",
        permission_classes=[RecruiterScope],
    )
