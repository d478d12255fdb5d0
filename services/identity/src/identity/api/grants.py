"""The answer every sign-in endpoint gives the web server: identity's token and whom it is for."""

from __future__ import annotations

from datetime import UTC, datetime

from fastapi.responses import JSONResponse

from identity.domain.models import User
from identity.settings import IdentitySettings


def grant(user: User, *, token: str, settings: IdentitySettings, **extra: object) -> JSONResponse:
    return JSONResponse(
        {
            "accessToken": token,
            "tokenType": "Bearer",
            "expiresAt": int(datetime.now(UTC).timestamp()) + settings.token_lifetime_seconds,
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
