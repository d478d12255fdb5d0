"""Batched loads for search's resolvers: one query per request per kind."""

from collections.abc import Iterable

from strawberry.dataloader import DataLoader

from search.graphql.context import SearchContext
from search.site.models import LandingPage as LandingPageModel
from search.taxonomy.models import Term as TermModel
from search.taxonomy.vocabulary import terms_by_tid


async def landing_page_by_id(context: SearchContext, id: object) -> LandingPageModel | None:
    return await context.load(LandingPageModel, id)


def _terms_loader(context: SearchContext) -> DataLoader[int, TermModel | None]:
    async def load(tids: list[int]) -> list[TermModel | None]:
        async with context.sessions() as session:
            found = await terms_by_tid(session, tids)
        return [found.get(tid) for tid in tids]

    return DataLoader(load_fn=load)


def terms_loader(context: SearchContext) -> DataLoader[int, TermModel | None]:
    """This request's terms by tid: one ``SELECT ... WHERE tid IN (...)`` per batch."""
    return context.loader("terms", lambda: _terms_loader(context))


async def term_by_tid(context: SearchContext, tid: int) -> TermModel | None:
    return await terms_loader(context).load(tid)


def remember_terms(context: SearchContext, rows: Iterable[TermModel]) -> None:
    """Terms a list query read, so their parents' lookups batch and known ones are not re-read."""
    terms_loader(context).prime_many({row.tid: row for row in rows})
