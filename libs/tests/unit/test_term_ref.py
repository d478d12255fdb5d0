"""jobkit.vocabulary.TermRef: the Term stub another subgraph returns for search to resolve."""

import strawberry
from jobkit.schema import build_schema
from jobkit.vocabulary import TermRef, term_ref


@strawberry.type
class Query:
    @strawberry.field
    def industries(self) -> list[TermRef]:
        return [term_ref(2001), term_ref(2002)]


async def test_term_ref_is_an_unresolvable_term_key_stub() -> None:
    schema = build_schema(query=Query)
    sdl = schema.as_str()
    assert 'type Term @key(fields: "tid", resolvable: false) {\n  tid: Int!\n}' in sdl
    result = await schema.execute("{ industries { __typename tid } }")
    assert result.errors is None
    assert result.data == {
        "industries": [{"__typename": "Term", "tid": 2001}, {"__typename": "Term", "tid": 2002}]
    }
