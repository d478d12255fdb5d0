"""The seed vocabularies: stable, unique ids and aliases, the aliases URLs rely on, enough terms."""

import pytest
from search.taxonomy.seed import SeedTerm, check_terms, read_seed_terms

TERMS = read_seed_terms()
SMALL = {
    "occupational_fields",
    "industries",
    "employment_types",
    "years_of_experience",
    "degree_levels",
    "fields_of_study",
    "remote_options",
    "organization_sizes",
    "languages",
    "career_status",
    "benefits",
}


def of(vocabulary: str) -> list[SeedTerm]:
    return [term for term in TERMS if term.vocabulary == vocabulary]


def test_every_vocabulary_is_there_with_realistic_sizes() -> None:
    sizes = {vocabulary: len(of(vocabulary)) for vocabulary in SMALL | {"skills"}}
    assert sizes["skills"] >= 300
    assert sizes["occupational_fields"] >= 40
    assert sizes["industries"] >= 30
    assert sizes["fields_of_study"] >= 40
    assert sizes["languages"] >= 40
    assert sizes["benefits"] >= 25
    assert sizes["remote_options"] == 3
    assert sizes["organization_sizes"] == 6
    assert any(term.parent_tid for term in of("occupational_fields"))


def test_years_of_experience_has_the_aliases_urls_use() -> None:
    assert {term.aliases["en"] for term in of("years_of_experience")} >= {
        "no-work-experience-required",
        "1-2-years-experience",
        "3-5-years-experience",
        "6-10-years-experience",
        "more-10-years-experience",
    }


def test_small_vocabularies_have_english_and_german() -> None:
    for term in TERMS:
        if term.vocabulary in SMALL:
            assert set(term.labels) >= {"en", "de"}, term
            assert set(term.aliases) >= {"en", "de"}, term


def test_employment_types_and_organization_sizes() -> None:
    assert [term.aliases["en"] for term in of("employment_types")] == [
        "full-time",
        "part-time",
        "contract",
        "temporary",
        "internship",
        "volunteer",
        "freelance",
    ]


# Spec 2: the organization size segments (the old /companies/{size-segment}/... paths), smallest
# first. web/server/redirects.ts keeps the same list for those redirects.
SIZE_SEGMENTS = [
    "5-or-less-employees",
    "6-15-employees",
    "16-25-employees",
    "25-50-employees",
    "51-100-employees",
    "more-100",
]


def test_organization_sizes_are_the_spec_size_segments_in_order() -> None:
    sizes = sorted(of("organization_sizes"), key=lambda term: term.weight)
    assert [term.aliases["en"] for term in sizes] == SIZE_SEGMENTS
    assert [term.label for term in sizes] == [
        "5 or fewer employees",
        "6-15 employees",
        "16-25 employees",
        "25-50 employees",
        "51-100 employees",
        "More than 100 employees",
    ]
    assert len({term.weight for term in sizes}) == len(sizes)


def test_organization_sizes_keep_their_ids() -> None:
    """Profiles store these ids: the six segments took over 3400-3405 in order; 3406 (the old
    5000+ size) is gone and must never come back with another meaning."""
    by_alias = {term.aliases["en"]: term.tid for term in of("organization_sizes")}
    assert by_alias == dict(zip(SIZE_SEGMENTS, range(3400, 3406), strict=True))
    assert all(term.tid != 3406 for term in TERMS)


def test_check_refuses_duplicate_ids_aliases_and_missing_parents() -> None:
    term = of("industries")[0]
    with pytest.raises(ValueError, match="used twice"):
        check_terms([term, term])
    twin = term.model_copy(update={"tid": 99_999})
    with pytest.raises(ValueError, match="share the alias"):
        check_terms([term, twin])
    orphan = term.model_copy(update={"parent_tid": 123_456})
    with pytest.raises(ValueError, match="not in its vocabulary"):
        check_terms([orphan])
    with pytest.raises(ValueError, match="slug"):
        SeedTerm(tid=1, vocabulary="x", labels={"en": "X"}, aliases={"en": "Not A Slug"})
