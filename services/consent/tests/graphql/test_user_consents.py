"""Revisions, own consents and errors as data through GraphQL (the spec's documents)."""

import uuid
from typing import Any

import pytest
from jobkit.testing.graphql import GraphQLClient
from jobkit.testing.tokens import TokenIssuer

pytestmark = pytest.mark.integration

CREATE_INFO = """mutation($input: CreateGdprConsentInfoInput!) {
  createGdprConsentInfo(input: $input) {
    __typename
    ... on GdprConsentInfoSaved { info { id type optIn text revisionId revision } }
    ... on ConsentErrors { errors { field code message } }
  }
}"""
PUBLISH = """mutation($infoId: ID!, $texts: [ConsentTextInput!]!) {
  publishGdprConsentInfoRevision(infoId: $infoId, texts: $texts) {
    __typename
    ... on GdprConsentInfoSaved { info { id text revisionId revision } revision { id number } }
    ... on ConsentErrors { errors { field code message } }
  }
}"""
REVISIONS = """query($infoId: ID!) {
  getGdprConsentInfoRevisions(infoId: $infoId) { id number text(language: "en") }
}"""
# The spec's documents (section 7), arguments exactly as named there.
CREATE_CONSENT = """mutation createGdprUserConsent($mail: String!, $infoId: ID!) {
  createGdprUserConsent(mail: $mail, infoId: $infoId) {
    errors { field code message }
    consent { id mail infoId infoRevisionId }
  }
}"""
CREATE_FOR_REVISION = """mutation($mail: String!, $infoId: ID!, $infoRevisionId: ID) {
  createGdprUserConsent(mail: $mail, infoId: $infoId, infoRevisionId: $infoRevisionId) {
    errors { field code } consent { id infoRevisionId }
  }
}"""
LATEST = """query hasTheLatestConsent($type: String!, $placement: String!) {
  hasTheLatestConsent(type: $type, placement: $placement) { infoRevisionId infoId id mail }
}"""
USER_CONSENTS = """query($placement: String, $type: String, $userId: ID) {
  getGdprUserConsents(placement: $placement, type: $type, userId: $userId) {
    id mail infoId infoRevisionId userId
  }
}"""


def _admin(graphql: GraphQLClient, tokens: TokenIssuer) -> GraphQLClient:
    return graphql.as_user(tokens.token(roles=["administrator"], email="admin@example.org"))


async def _new_info(admin: GraphQLClient, kind: str, text: str = "<p>Version 1</p>") -> Any:
    answer = await admin.data(
        CREATE_INFO,
        input={
            "type": "PRIVACY_POLICY",
            "placement": kind,
            "optIn": True,
            "texts": [{"language": "en", "text": text}],
        },
    )
    saved = answer["createGdprConsentInfo"]
    assert saved["__typename"] == "GdprConsentInfoSaved", saved
    return saved["info"]


def _user(graphql: GraphQLClient, tokens: TokenIssuer) -> tuple[GraphQLClient, str, str]:
    user_id = str(uuid.uuid4())
    mail = f"{user_id[:8]}@example.org"
    return graphql.as_user(tokens.token(user_id, ["applicant"], email=mail)), user_id, mail


# Each test uses its own placement name, so they share the database without seeing each other.
def _placement() -> str:
    return "JOB_APPLICATION"


async def test_publishing_makes_a_revision_and_the_latest_check_flips(
    graphql: GraphQLClient, tokens: TokenIssuer
) -> None:
    admin = _admin(graphql, tokens)
    placement = "NEWSLETTER"
    info = await _new_info(admin, placement, '<p>Version 1</p><script>alert("x")</script>')
    assert info["text"] == "<p>Version 1</p>"  # sanitized when saved
    assert info["revision"] == 1
    user, user_id, mail = _user(graphql, tokens)
    before = await user.data(LATEST, type="PRIVACY_POLICY", placement=placement)
    assert before["hasTheLatestConsent"] is None

    given = (await user.data(CREATE_CONSENT, mail=mail.upper(), infoId=info["id"]))[
        "createGdprUserConsent"
    ]
    assert given["errors"] == []
    assert given["consent"]["infoRevisionId"] == info["revisionId"]
    assert given["consent"]["mail"] == mail
    after = await user.data(LATEST, type="PRIVACY_POLICY", placement=placement)
    assert after["hasTheLatestConsent"] == {
        "infoRevisionId": info["revisionId"],
        "infoId": info["id"],
        "id": given["consent"]["id"],
        "mail": mail,
    }
    again = await user.data(CREATE_CONSENT, mail=mail, infoId=info["id"])
    assert again["createGdprUserConsent"]["consent"]["id"] == given["consent"]["id"]

    published = (
        await admin.data(
            PUBLISH, infoId=info["id"], texts=[{"language": "en", "text": "<p>Version 2</p>"}]
        )
    )["publishGdprConsentInfoRevision"]
    assert published["info"]["revision"] == 2
    assert published["info"]["revisionId"] != info["revisionId"]
    stale = await user.data(LATEST, type="PRIVACY_POLICY", placement=placement)
    assert stale["hasTheLatestConsent"] is None
    history = await graphql.data(REVISIONS, infoId=info["id"])
    assert [(r["number"], r["text"]) for r in history["getGdprConsentInfoRevisions"]] == [
        (2, "<p>Version 2</p>"),
        (1, "<p>Version 1</p>"),
    ]

    # The old revision is no longer the one to agree to: a clear error, no consent.
    old = await user.data(
        CREATE_FOR_REVISION, mail=mail, infoId=info["id"], infoRevisionId=info["revisionId"]
    )
    assert old["createGdprUserConsent"] == {
        "errors": [{"field": "infoRevisionId", "code": "NOT_LATEST_REVISION"}],
        "consent": None,
    }
    latest = published["revision"]["id"]
    renewed = await user.data(
        CREATE_FOR_REVISION, mail=mail, infoId=info["id"], infoRevisionId=latest
    )
    assert renewed["createGdprUserConsent"]["consent"]["infoRevisionId"] == latest
    flipped = await user.data(LATEST, type="PRIVACY_POLICY", placement=placement)
    assert flipped["hasTheLatestConsent"]["infoRevisionId"] == latest

    mine = await user.data(USER_CONSENTS, placement=placement, type="PRIVACY_POLICY")
    assert {c["infoRevisionId"] for c in mine["getGdprUserConsents"]} == {
        info["revisionId"],
        latest,
    }
    anyone = await admin.data(USER_CONSENTS, userId=user_id, placement=placement)
    assert len(anyone["getGdprUserConsents"]) == 2


@pytest.mark.parametrize(
    ("mail", "info_id", "field", "code"),
    [
        ("", None, "mail", "REQUIRED"),
        ("   ", None, "mail", "REQUIRED"),
        ("someone.else@example.org", None, "mail", "NOT_OWN_MAIL"),
        (None, str(uuid.uuid4()), "infoId", "NOT_FOUND"),
        (None, "not-an-id", "infoId", "NOT_FOUND"),
    ],
)
async def test_refusals_are_errors_as_data(
    graphql: GraphQLClient,
    tokens: TokenIssuer,
    mail: str | None,
    info_id: str | None,
    field: str,
    code: str,
) -> None:
    info = await _new_info(_admin(graphql, tokens), "RESUME")
    user, _, own_mail = _user(graphql, tokens)
    answer = await user.execute(
        CREATE_CONSENT, mail=own_mail if mail is None else mail, infoId=info_id or info["id"]
    )
    assert "errors" not in answer
    assert answer["data"]["createGdprUserConsent"]["consent"] is None
    [error] = answer["data"]["createGdprUserConsent"]["errors"]
    assert (error["field"], error["code"]) == (field, code)
    assert error["message"]


async def test_a_user_reads_only_their_own_consents(
    graphql: GraphQLClient, tokens: TokenIssuer
) -> None:
    info = await _new_info(_admin(graphql, tokens), "JOB_ALERT")
    owner, owner_id, owner_mail = _user(graphql, tokens)
    await owner.data(CREATE_CONSENT, mail=owner_mail, infoId=info["id"])
    other, other_id, _ = _user(graphql, tokens)
    refused = await other.execute(USER_CONSENTS, userId=owner_id)
    assert refused["errors"][0]["extensions"]["code"] == "FORBIDDEN"
    own = await other.data(USER_CONSENTS, userId=other_id)
    assert own["getGdprUserConsents"] == []
    # Admin-like users cannot agree in someone else's name either.
    admin = _admin(graphql, tokens)
    answer = await admin.data(CREATE_CONSENT, mail=owner_mail, infoId=info["id"])
    assert answer["createGdprUserConsent"]["errors"][0]["code"] == "NOT_OWN_MAIL"


async def test_visitors_and_non_admins_are_refused(
    graphql: GraphQLClient, tokens: TokenIssuer
) -> None:
    visitor = await graphql.execute(LATEST, type="PRIVACY_POLICY", placement="REGISTRATION")
    assert visitor["errors"][0]["extensions"]["code"] == "UNAUTHENTICATED"
    create = await graphql.execute(CREATE_CONSENT, mail="a@example.org", infoId=str(uuid.uuid4()))
    assert create["errors"][0]["extensions"]["code"] == "UNAUTHENTICATED"
    user, _, _ = _user(graphql, tokens)
    refused = await user.execute(
        CREATE_INFO,
        input={
            "type": "PRIVACY_POLICY",
            "placement": "REGISTRATION",
            "texts": [{"language": "en", "text": "x"}],
        },
    )
    assert refused["errors"][0]["extensions"]["code"] == "FORBIDDEN"


async def test_invalid_infos_are_errors_as_data(
    graphql: GraphQLClient, tokens: TokenIssuer
) -> None:
    admin = _admin(graphql, tokens)
    answer = await admin.data(
        CREATE_INFO,
        input={
            "type": "HOROSCOPE",
            "placement": "REGISTRATION",
            "texts": [{"language": "en", "text": "<script>only code</script>"}],
        },
    )
    errors = answer["createGdprConsentInfo"]["errors"]
    assert {(e["field"], e["code"]) for e in errors} == {
        ("type", "INVALID_CHOICE"),
        ("texts", "INVALID"),
    }
    unknown = await admin.data(
        PUBLISH, infoId=str(uuid.uuid4()), texts=[{"language": "en", "text": "<p>x</p>"}]
    )
    assert unknown["publishGdprConsentInfoRevision"]["errors"][0]["code"] == "NOT_FOUND"
