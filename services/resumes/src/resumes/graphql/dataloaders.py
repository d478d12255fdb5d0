"""Batched loads for resumes' resolvers: one query per request per kind, whatever the list size."""

from jobkit.graphql import parse_uuid

from resumes.domain.models import Resume as ResumeModel
from resumes.graphql.context import ResumeContext


async def resume_by_id(context: ResumeContext, id: object) -> ResumeModel | None:
    if parse_uuid(id) is None:
        return None
    row: ResumeModel | None = await context.load(ResumeModel, id)
    return row
