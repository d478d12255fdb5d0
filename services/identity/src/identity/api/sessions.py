"""The web server's calls about a session it keeps (backend for frontend, ADR 0023).

``POST /auth/signout`` with the session's token: the session ends; every service refuses its
tokens once the event reached it. Answers 204, also when it had already ended; 401 without a
token identity signed.

``POST /auth/refresh`` with the session's token: a fresh token for the same session, with the
account's current roles and session version (after a role change the old token is outdated).
Answers 200 like the sign-in endpoints; 401 ``SessionEnded`` when the session was revoked, the
account blocked or deleted, or the token is a masquerade's (those are not renewed: the admin's
own token is kept to come back to).
"""

from __future__ import annotations

from fastapi import APIRouter, Request, Response
from fastapi.responses import JSONResponse
from jobkit.auth import SESSION_ENDED, AuthenticationError, Principal, bearer_token

from identity.api.grants import grant
from identity.domain.sessions import end_session, renew_session
from identity.domain.tokens import SigningKey, issue_token
from identity.settings import IdentitySettings

router = APIRouter()


async def _signed(request: Request) -> Principal | JSONResponse:
    """The token's principal when identity signed it, whether or not its session has ended."""
    try:
        token = bearer_token(request.headers.get("authorization"))
        if token is None:
            raise AuthenticationError("Sign in first.")
        principal: Principal = await request.app.state.runtime.verifier.verify_signature(token)
    except AuthenticationError as error:
        return JSONResponse({"error": "Unauthenticated", "message": str(error)}, status_code=401)
    if principal.session_id is None:
        return _ended()
    return principal


def _ended() -> JSONResponse:
    return JSONResponse({"error": "SessionEnded", "message": SESSION_ENDED}, status_code=401)


@router.post("/auth/signout", include_in_schema=False)
async def sign_out(request: Request) -> Response:
    principal = await _signed(request)
    if isinstance(principal, JSONResponse):
        return principal
    assert principal.session_id is not None
    runtime = request.app.state.runtime
    # A masquerade's token names the admin's session, which ends as the admin's sign-out.
    await end_session(
        sessions=runtime.sessions,
        settings=runtime.settings,
        user_id=principal.actor_id or principal.user_id,
        session_id=principal.session_id,
    )
    return Response(status_code=204)


@router.post("/auth/refresh", include_in_schema=False)
async def refresh(request: Request) -> Response:
    principal = await _signed(request)
    if isinstance(principal, JSONResponse):
        return principal
    if principal.masqueraded or principal.session_id is None:
        return _ended()
    runtime = request.app.state.runtime
    settings: IdentitySettings = runtime.settings
    renewed = await renew_session(
        sessions=runtime.sessions,
        settings=settings,
        user_id=principal.user_id,
        session_id=principal.session_id,
    )
    if renewed is None:
        return _ended()
    user, expires_at = renewed
    signing_key: SigningKey = request.app.state.signing_key
    token = issue_token(
        user,
        session_id=principal.session_id,
        key=signing_key,
        settings=settings,
        expires_at=expires_at,
    )
    return grant(user, token=token, settings=settings, expires_at=expires_at)
