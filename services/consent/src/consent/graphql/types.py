from __future__ import annotations

import strawberry

from consent.domain.models import ConsentInfo as ConsentInfoModel


@strawberry.type(description="A GDPR consent text.")
class GdprConsentInfo:
    id: strawberry.ID
    type: str
    opt_in: bool
    text: str

    @classmethod
    def from_model(cls, row: ConsentInfoModel) -> GdprConsentInfo:
        return cls(id=strawberry.ID(str(row.id)), type=row.type, opt_in=row.opt_in, text=row.text)
