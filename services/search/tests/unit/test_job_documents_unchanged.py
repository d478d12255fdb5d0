"""The indexer's job documents are byte for byte those it made before ADR 0073 (stemming on ASCII
bytes, a profile's stemmed name used as the job's): the same job events, profiles and labels
give documents whose JSON, as the Elasticsearch client sends it, has the digests recorded here.
The digests were made by the code of main at ``f2ef2016`` (the composition its
``job_documents_for`` made in its thread) from :func:`inputs`."""

from __future__ import annotations

import hashlib
import json
import random
from datetime import UTC, datetime
from typing import Any

from search.engine.indexing.indexer import build_job_documents
from search.engine.indexing.payloads import JobPayload

NOW = datetime(2026, 11, 30, 12, 0, tzinfo=UTC)
TITLES = [
    "Registered Nurse (RN)",
    "Social Worker / Case Worker",
    "Chief Executive Officer",
    "Software Engineer, SWE II",
    "Développeur·se Fullstack à Zürich",
    "Program Manager",
    "HR & QA lead — 東京",
    "",
]
PIECES = [
    *"aZ09 _-./\t\n'\"(),;:!?",
    *"ÄäÖöÜüßÉéèçñÅøæœﬁ½",
    "registered nurse ",
    " RN ",
    "Case Worker ",
    "executive director ",
    "nursing ",
    "We are looking for a Program Manager to join us. ",
    "  \n\n  ",
]
PLACES = [
    {"locality": "Zürich", "country_code": "ch", "administrative_area": "ZH", "lat": 47.37},
    {"locality": "Paris", "country_code": "FR", "lat": 48.8566, "lon": 2.3522},
    {"locality": "São Paulo", "country_code": "BR", "administrative_area": "SP"},
    {"locality": "Portland", "country_code": "US", "administrative_area": "OR", "zip": "97201"},
]
ORGANIZATIONS = [f"00000000-0000-4000-8000-00000000000{n}" for n in range(4)]


def _text(chosen: random.Random, length: int) -> str:
    return "".join(chosen.choice(PIECES) for _ in range(length))


def inputs() -> tuple[list[tuple[dict[str, Any], str, str | None]], dict[str, Any], dict[int, str]]:
    """Job events (payload, type, changed_at), profile documents by organization id (one
    organization without), and term labels (one term without)."""
    chosen = random.Random(73)
    changes: list[tuple[dict[str, Any], str, str | None]] = []
    for number in range(40):
        description = _text(chosen, chosen.choice([0, 3, 40, 400]))
        if number == 7:
            description = _text(chosen, 2_500) + "x" * 500  # past the 20,000 searchable
        payload: dict[str, Any] = {
            "job_id": f"10000000-0000-4000-8000-{number:012d}",
            "site": "jobboard",
            "shared_sites": ["jobboard-us"] if number % 5 == 0 else [],
            "slug": f"job-{number}",
            "title": TITLES[number % len(TITLES)] + _text(chosen, number % 3),
            "description_text": description,
            "type": "job_per_link",
            "state": "published" if number % 4 else "draft",
            "version": 1 + number % 3,
            "organization_id": ORGANIZATIONS[number % len(ORGANIZATIONS)],
            "organization_number": number % len(ORGANIZATIONS),
            "organization_name": ["Harborlight Elder Care", "Café Zürich e.V.", "RN Network"][
                number % 3
            ],
            "logo_url": f"https://example.org/{number}.png" if number % 2 else None,
            "own_logo": number % 4 == 1,
            "employment_type_tids": [3000, 3001][: number % 3],
            "occupational_field_tids": [1021],
            "skill_tids": [10182, 10159, 99999][: 1 + number % 3],
            "remote_option_tids": [3300] if number % 2 else [],
            "years_of_experience_tid": 3103 if number % 3 else None,
            "locations": PLACES[: number % (len(PLACES) + 1)],
            "salary": (
                {"min_salary": 21.5, "currency_code": "usd", "salary_unit": "hour"}
                if number % 3 == 1
                else {"min_salary": 53000.0, "max_salary": 74000.0, "currency_code": "EUR"}
                if number % 3 == 2
                else None
            ),
            "published_at": "2026-11-29T10:00:00+00:00" if number % 4 else None,
            "expires_at": "2026-11-30T11:00:00" if number % 9 == 0 else "2027-01-30T00:00:00Z",
            "created_at": "2026-11-28T09:00:00.123456+00:00",
            "featured_until": "2026-12-10T00:00:00+00:00" if number % 6 == 0 else None,
            "video_url": "https://video.example/1" if number % 7 == 0 else None,
        }
        event_type = ["jobs.job.published", "jobs.job.created", "jobs.job.archived"][number % 3]
        changed_at = None if number % 5 == 4 else f"2026-11-29T10:{number:02d}:00+00:00"
        changes.append((payload, event_type, changed_at))
    profiles: dict[str, Any] = {
        ORGANIZATIONS[0]: None,
        ORGANIZATIONS[1]: {
            "name": "Harborlight Elder Care",  # the jobs' own copy, for some
            "slug": "harborlight",
            "industry_tid": 2001,
            "logo_url": "https://example.org/harborlight.png",
            "version": 4,
        },
        ORGANIZATIONS[2]: {"name": "Zürcher Pflege · RN", "slug": "zp", "version": 1},
        ORGANIZATIONS[3]: {"name": "", "industry_tid": 2002, "version": 2},
    }
    labels = {
        3000: "Full-time",
        3001: "Part-time",
        1021: "Social work",
        10182: "Case management",
        10159: "Nursing",
        3300: "Remote",
        3103: "3–5 years",  # noqa: RUF001 (a label folded to ASCII)
        2001: "Health care",
    }
    return changes, profiles, labels


def documents_json() -> list[str]:
    """The documents as the Elasticsearch client serializes a ``_bulk``'s sources."""
    changes, profiles, labels = inputs()
    documents = build_job_documents(
        [
            (
                JobPayload.model_validate(payload),
                event_type,
                datetime.fromisoformat(changed_at) if changed_at else None,
            )
            for payload, event_type, changed_at in changes
        ],
        profiles=profiles,
        labels=labels,
        now=NOW,
    )
    return [
        json.dumps(document, ensure_ascii=False, separators=(",", ":")) for document in documents
    ]


EXPECTED_SHA256 = [
    "ffd5568a6b899cacd26b85dad3c4297e2ac8364e8857278fecf3dc67df76306d",
    "c8ed5e8e79fb0312e94c7430a2119d3b94af411940a6d58e32b47a74f478d957",
    "56a28efad37c5065437947029cfc6b294f36f2d03b4d24e209c3ad6ab3d224be",
    "4ae2786b37aad8b5412dbbdfbb9d0cb67e0c94cafdf9aa2d631749c24a74bd7b",
    "52215648de0e320997528544ddf2f644a7e06a6b64654516767c52bbf5949f55",
    "289ac1c2db5e72b549dac9b33f460468a06de88cafa0db9897bffc0e7b98e82e",
    "d6fdcc51e616bb8454bae904e6948e85339d75531d6265a83f7018b4c5339283",
    "cfc5fd2a0f18cba6caf3c3ac9e2b8099ceb17bad72143e9d1d5b20105a01657a",
    "02e27f1cf41af3dd17676c9458ba043596c7695c5fb7e374634efb000f6e94d4",
    "c7d8259c8f58eb3202668b27fd521f71cf20df855ebc4034e0684fe74179be97",
    "53797ec88e319446d706d72b550b114fb30929edc1be2425d5720e9eb151843f",
    "6b545260e7aa075de512a11467406ccc7eff7746478e3652ad70df20f3735ca6",
    "1c4dad59c975853e0d103d600a7a12931cffd3de82aeb802cd667df5b04899be",
    "f36bbdb12e9388d7c3fdada29f313e23daaf4ed3782d14c12e71fdcdd49ac457",
    "e2867940bf093db3c5e3e6b8e3fc5136d21f82d88b5c834ed1357d62e4933e47",
    "56fb9ce0e5ee753db36ffdb6f72f464675f708c5ba00316fe37601699cea9847",
    "204ff449c9a8362dc042cdc9ee58486a7056c88c263bd2588eb1148fb61904e5",
    "63482ce6412c404800ac30a539a36dbc92c5f08e6f1e65b7f45c45fd9b5d03a0",
    "ea8954ca404001a409a787b1bd883cf9c6247affe80a3294859cd75f607c257d",
    "622cce0f3cc08160ca5bd17f4602c9b7092399fe9f093b4a8cdca451976b8bf6",
    "94065bc6b4b72247791df3d0d45ace9834fa7402dbb09d61d8fbcb8e322d119f",
    "71d035c2ead41c8b32b0a067b2b69e1150517332eb43b672d396bf5f5759ca50",
    "f436a35f6c9d66bb836c9c0df31f6a614e5fd7795e01da5bd8590f078ac6796f",
    "122f2bc1a35bcad507b2ad515163003cd0e3577f5a4f94b7662ff30179906e28",
    "bfdf12e545b179e5851fb9d3236077a99707862c964022a5aa9200a54405783a",
    "f6b623186189c5d208148106e9fc8d190fdc6b4126a63fd45565b15ec71705d4",
    "a92d5038a6d643282452999f2d337e1ef58e9dc3ca4904dd7896f41fccab369e",
    "4a19b2cad225771bf522ca7659a245e162b71d6a78791d5a9bb90b38c7b9c3df",
    "f529866dc818a344ae990129204838605eac671772926e2cfd9c4d9c95ede3b0",
    "a144b27cbe91305a1dc895d3b97a5d6f05603f4e4d529e5a841b0b0c4d8a1b75",
    "5e8456a46b3ef0e571f13c970c5cf2da06bafb35181abe28e44bfffe3a3a931b",
    "f5ef514bb798175d34e14157ce97e99f7028adf34131b0ee3028c5f85fc8b5f0",
    "f69e9bf94c7c778d67d889f35e57c08b9a725afc24a48d8f3fe79fcf793bac81",
    "060ffed18e4ab0de68e3fba013931ddc746f0e4f4702ad6d796227b8c32dbcce",
    "0e2f073986bf002c4582fc709642f051310c59231b4e858b66fc1c3502857750",
    "ad64da23e7a6bc51af29f5b7c4c9e3bf470ca0cb9936619ff6868f1925b31f98",
    "35d015457107875cee394ef0c2befa16528324cd7090fecbf445072eb038563d",
    "43e0cbecae168862c5ebe92dc2ff021047fbb10f48eb12fa8eff6a26eb3d17f2",
    "283e53d3cb7f305ab240519bdcb76302f61b113ef81c77442ea13377ae728772",
    "245761018bffa6d3a1795cde7a1063b2f840e07fcf460f9b70f1f4915722b622",
]


def test_the_documents_are_those_made_before() -> None:
    digests = [hashlib.sha256(text.encode()).hexdigest() for text in documents_json()]
    assert len(digests) == len(EXPECTED_SHA256)
    changed = [
        index for index, (a, b) in enumerate(zip(digests, EXPECTED_SHA256, strict=True)) if a != b
    ]
    assert not changed, f"documents {changed} differ from those made before"
