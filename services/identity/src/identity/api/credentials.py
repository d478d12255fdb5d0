"""``POST /auth/credentials``: the web server's credentials sign-in (backend for frontend).

The web server (Auth.js credentials provider) posts the email and password a visitor typed, with
the visitor's address, and keeps the access token it gets back inside its httpOnly session; page
scripts never see it. Not routed through the gateway: only the web server calls it.
Answers: 200 with the token and the user; 401 ``CredentialsSignin`` for a wrong email or password
(the same answer whether the email exists); 429 ``Throttled`` with ``Retry-After``; 422 for a body
that is not the expected shape.
"""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse
from jobkit.app import client_ip
from jobkit.client_address import MAX_LENGTH, is_trusted
from pydantic import BaseModel, Field

from identity.api.grants import grant
from identity.domain.errors import AccountErrorCode, AccountErrors
from identity.domain.service import authenticate
from identity.domain.sessions import open_session
from identity.domain.tokens import SigningKey, issue_token
from identity.settings import IdentitySettings

router = APIRouter()


class Credentials(BaseModel):
    email: str = Field(min_length=1, max_length=254)
    password: str = Field(min_length=1, max_length=1024)
    client_address: str | None = Field(default=None, max_length=64)
    # The browser's, for the account's list of sessions (the web server signs in for it).
    user_agent: str | None = Field(default=None, max_length=1024)


@router.post("/auth/credentials", include_in_schema=False)
async def sign_in_with_credentials(credentials: Credentials, request: Request) -> JSONResponse:
    settings: IdentitySettings = request.app.state.runtime.settings
    signing_key: SigningKey = request.app.state.signing_key
    result = await authenticate(
        sessions=request.app.state.runtime.sessions,
        settings=settings,
        email=credentials.email,
        password=credentials.password,
        client_address=_client_address(credentials, request, settings),
    )
    if isinstance(result, AccountErrors):
        [error] = result.errors
        if error.code is AccountErrorCode.THROTTLED:
            return JSONResponse(
                {"error": "Throttled", "message": error.message},
                status_code=429,
                headers={"Retry-After": str(settings.login_throttle_window_seconds)},
            )
        return JSONResponse({"error": "CredentialsSignin", "message": error.message}, 401)
    session = await open_session(
        sessions=request.app.state.runtime.sessions,
        user_id=result.id,
        method="password",
        user_agent=credentials.user_agent or request.headers.get("user-agent"),
    )
    token = issue_token(result, session_id=str(session.id), key=signing_key, settings=settings)
    return grant(result, token=token, settings=settings)


def _client_address(
    credentials: Credentials, request: Request, settings: IdentitySettings
) -> str | None:
    """The visitor's address the web server vouches for, when the caller is one of the
    deployment's proxies; otherwise the caller's own address (X-Forwarded-For through trusted
    hops), so nobody else can pick the address the throttle counts (ADR 0024)."""
    peer = request.client.host if request.client else None
    if credentials.client_address and is_trusted(peer, settings.trusted_proxies):
        return credentials.client_address.strip()[:MAX_LENGTH]
    return client_ip(request, settings)
