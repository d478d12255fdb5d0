"""Batched loads for resumes' resolvers: one query per request per kind, whatever the list size."""

from resumes.domain.models import Resume as ResumeModel
from resumes.graphql.context import ResumeContext


async def resume_by_id(context: ResumeContext, id: object) -> ResumeModel | None:
    return await context.load(ResumeModel, id)
