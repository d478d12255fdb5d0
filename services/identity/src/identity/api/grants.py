"""The answer every sign-in endpoint gives the web server: identity's token and whom it is for."""

from __future__ import annotations

from datetime import datetime

from fastapi.responses import JSONResponse

from identity.domain.models import User
from identity.domain.tokens import token_deadline
from identity.settings import IdentitySettings


def grant(
    user: User,
    *,
    token: str,
    settings: IdentitySettings,
    expires_at: datetime | None = None,
    **extra: object,
) -> JSONResponse:
    return JSONResponse(
        {
            "accessToken": token,
            "tokenType": "Bearer",
            # What the token says (identity's clock, whole seconds).
            "expiresAt": int(token_deadline(settings, expires_at).timestamp()),
            "user": {
                "id": str(user.id),
                "email": user.email,
                "name": user.display_name,
                "roles": list(user.roles),
                "emailVerified": user.email_verified,
            },
            **extra,
        }
    )
