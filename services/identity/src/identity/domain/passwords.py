"""Password hashing (argon2id). Hashing is CPU-bound on purpose, so it never runs on the event
loop: the async helpers hand it to a small dedicated thread pool (argon2 releases the GIL) that
leaves a core to the loop, so the service keeps answering (readiness, other requests) while
sign-ups and logins hash."""

import asyncio
import os
from concurrent.futures import ThreadPoolExecutor

from pwdlib import PasswordHash

_hasher = PasswordHash.recommended()  # argon2id
_HASH_WORKERS = max(1, (os.cpu_count() or 2) - 1)
_pool = ThreadPoolExecutor(max_workers=_HASH_WORKERS, thread_name_prefix="argon2")


def hash_password(password: str) -> str:
    return _hasher.hash(password)


def verify_password(password: str, password_hash: str) -> bool:
    return _hasher.verify(password, password_hash)


async def hash_password_off_loop(password: str) -> str:
    return await asyncio.get_running_loop().run_in_executor(_pool, hash_password, password)


async def verify_password_off_loop(password: str, password_hash: str) -> bool:
    return await asyncio.get_running_loop().run_in_executor(
        _pool, verify_password, password, password_hash
    )
