"""Password hashing (argon2id). Hashing is CPU-bound: callers on the event loop use the async
helpers, which run it in a worker thread so the loop keeps serving other requests."""

import asyncio

from pwdlib import PasswordHash

_hasher = PasswordHash.recommended()  # argon2id


def hash_password(password: str) -> str:
    return _hasher.hash(password)


def verify_password(password: str, password_hash: str) -> bool:
    return _hasher.verify(password, password_hash)


async def hash_password_off_loop(password: str) -> str:
    return await asyncio.to_thread(hash_password, password)


async def verify_password_off_loop(password: str, password_hash: str) -> bool:
    return await asyncio.to_thread(verify_password, password, password_hash)
