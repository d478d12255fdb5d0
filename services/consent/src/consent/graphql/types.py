from __future__ import annotations

from datetime import datetime

import strawberry
from jobkit.graphql import Error, errors_summary, field_errors

from consent.domain import errors as domain_errors
from consent.domain.models import ConsentInfo as ConsentInfoModel
from consent.domain.models import ConsentInfoRevision as RevisionModel
from consent.domain.models import UserConsent as UserConsentModel
from consent.domain.service import InfoText, text_in

ConsentErrorCode = strawberry.enum(
    domain_errors.ConsentErrorCode, description="Why a consent operation was refused."
)


@strawberry.type(description="One refused input of a consent operation.")
class ConsentError(Error):
    code: ConsentErrorCode  # type: ignore[valid-type]

    @classmethod
    def list_from(cls, refused: domain_errors.ConsentErrors) -> list[ConsentError]:
        return field_errors(refused, ConsentError)


@strawberry.type(description="A consent operation was refused; each error names its field.")
class ConsentErrors:
    message: str
    errors: list[ConsentError]

    @classmethod
    def from_domain(cls, refused: domain_errors.ConsentErrors) -> ConsentErrors:
        errors = ConsentError.list_from(refused)
        return cls(message=errors_summary(len(errors)), errors=errors)


@strawberry.type(description="A GDPR consent text: the current revision of a consent info.")
class GdprConsentInfo:
    id: strawberry.ID
    type: str
    opt_in: bool = strawberry.field(
        description="True: the user must tick a box to agree; false: a notice to read."
    )
    text: str = strawberry.field(description="Sanitized HTML in the language asked for.")
    placement: str
    path: str | None
    language: str = strawberry.field(description="The language of text (English as fallback).")
    revision_id: strawberry.ID = strawberry.field(description="The current revision's id.")
    revision: int = strawberry.field(description="The current revision's number (1, 2, ...).")
    updated_at: datetime

    @classmethod
    def from_text(cls, found: InfoText) -> GdprConsentInfo:
        return cls.of(found.info, found.revision, found.language, found.text)

    @classmethod
    def of(
        cls, info: ConsentInfoModel, revision: RevisionModel, language: str, text: str
    ) -> GdprConsentInfo:
        return cls(
            id=strawberry.ID(str(info.id)),
            type=info.type,
            opt_in=info.opt_in,
            text=text,
            placement=info.placement,
            path=info.path,
            language=language,
            revision_id=strawberry.ID(str(revision.id)),
            revision=revision.number,
            updated_at=info.updated_at,
        )


@strawberry.type(description="A language's text of a revision.")
class GdprConsentText:
    language: str
    text: str


@strawberry.type(description="One published text of a consent info; never changed afterwards.")
class GdprConsentInfoRevision:
    id: strawberry.ID
    info_id: strawberry.ID
    number: int
    published_at: datetime
    texts: list[GdprConsentText]
    _texts: strawberry.Private[dict[str, str]]

    @strawberry.field(description="The text in a language (English, else any, as fallback).")
    def text(self, language: str | None = None) -> str:
        return text_in(self._texts, language)[1]

    @classmethod
    def from_model(cls, row: RevisionModel) -> GdprConsentInfoRevision:
        return cls(
            id=strawberry.ID(str(row.id)),
            info_id=strawberry.ID(str(row.info_id)),
            number=row.number,
            published_at=row.published_at,
            texts=[GdprConsentText(language=k, text=v) for k, v in sorted(row.texts.items())],
            _texts=dict(row.texts),
        )


@strawberry.type(description="A user's consent to one revision of a consent info.")
class GdprUserConsent:
    id: strawberry.ID
    mail: str
    info_id: strawberry.ID
    info_revision_id: strawberry.ID
    user_id: strawberry.ID
    site: str
    given_at: datetime

    @classmethod
    def from_model(cls, row: UserConsentModel) -> GdprUserConsent:
        return cls(
            id=strawberry.ID(str(row.id)),
            mail=row.mail,
            info_id=strawberry.ID(str(row.info_id)),
            info_revision_id=strawberry.ID(str(row.revision_id)),
            user_id=strawberry.ID(row.user_id),
            site=row.site,
            given_at=row.given_at,
        )
