"""Batched loads for jobs' resolvers: one query per request per kind, whatever the list size."""

from jobs.domain.models import Job as JobModel
from jobs.graphql.context import JobContext


async def job_by_id(context: JobContext, id: object) -> JobModel | None:
    return await context.load(JobModel, id)
