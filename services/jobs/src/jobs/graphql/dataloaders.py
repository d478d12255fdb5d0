"""Batched loads for jobs' resolvers: one query per request per kind, whatever the list size."""

from jobkit.graphql import parse_uuid

from jobs.domain.models import Job as JobModel
from jobs.graphql.context import JobContext


async def job_by_id(context: JobContext, id: object) -> JobModel | None:
    if parse_uuid(id) is None:
        return None
    row: JobModel | None = await context.load(JobModel, id)
    return row
