"""A fault-injecting TCP proxy, the way Toxiproxy is used: a process under test talks to a server
(PostgreSQL, Elasticsearch) through it, and the scenario cuts the line when it likes.

``outage()`` closes every open connection and refuses new ones (the listening socket is closed,
so a connect is refused at once) until ``restore()`` listens again on the same port. To the
client a PostgreSQL behind it has restarted, an Elasticsearch behind it is down. Only the
proxy's own connections are touched: the server and its other clients never notice.

    async with FaultProxy(upstream=("127.0.0.1", 5432)) as proxy:
        ...  # point the service at proxy.port
        await proxy.outage()
        ...
        await proxy.restore()
"""

from __future__ import annotations

import asyncio
import contextlib
import socket
import struct
from types import TracebackType

CHUNK = 64 * 1024
# SO_LINGER on with a zero timeout: close() sends a reset, not a polite end of stream
RESET_ON_CLOSE = struct.pack("ii", 1, 0)


class FaultProxy:
    def __init__(self, *, upstream: tuple[str, int], port: int | None = None) -> None:
        self.upstream = upstream
        self.port = port or _free_port()
        self.connections_total = 0
        self.connections_cut = 0
        self.refusing = False
        self._server: asyncio.Server | None = None
        self._pipes: set[asyncio.Task[None]] = set()
        self._writers: set[asyncio.StreamWriter] = set()

    @property
    def address(self) -> str:
        return f"127.0.0.1:{self.port}"

    async def start(self) -> None:
        self._server = await asyncio.start_server(
            self._accept, "127.0.0.1", self.port, reuse_address=True
        )
        self.refusing = False

    async def outage(self) -> int:
        """Stop listening (new connections are refused) and cut every open connection; how many
        were cut."""
        self.refusing = True
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()
            self._server = None
        cut = len(self._writers)
        for writer in list(self._writers):
            with contextlib.suppress(Exception):
                # a reset, as when the server's process goes away
                sock = writer.get_extra_info("socket")
                if sock is not None:
                    sock.setsockopt(
                        socket.SOL_SOCKET, socket.SO_LINGER, b"\x01\x00\x00\x00\x00\x00\x00\x00"
                    )
                writer.close()
        for task in list(self._pipes):
            task.cancel()
        await asyncio.gather(*self._pipes, return_exceptions=True)
        self.connections_cut += cut
        return cut

    async def restore(self) -> None:
        """Accept connections again, on the same port."""
        if self._server is None:
            await self.start()

    async def close(self) -> None:
        await self.outage()

    async def __aenter__(self) -> FaultProxy:
        await self.start()
        return self

    async def __aexit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        await self.close()

    async def _accept(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        if self.refusing:
            writer.close()
            return
        try:
            upstream_reader, upstream_writer = await asyncio.open_connection(*self.upstream)
        except OSError:
            writer.close()
            return
        self.connections_total += 1
        self._writers.update((writer, upstream_writer))
        pipes = (
            asyncio.create_task(_pipe(reader, upstream_writer)),
            asyncio.create_task(_pipe(upstream_reader, writer)),
        )
        self._pipes.update(pipes)
        try:
            await asyncio.wait(pipes, return_when=asyncio.FIRST_COMPLETED)
        finally:
            for task in pipes:
                task.cancel()
            await asyncio.gather(*pipes, return_exceptions=True)
            self._pipes.difference_update(pipes)
            for end in (writer, upstream_writer):
                self._writers.discard(end)
                with contextlib.suppress(Exception):
                    end.close()


async def _pipe(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
    with contextlib.suppress(ConnectionError, OSError):
        while chunk := await reader.read(CHUNK):
            writer.write(chunk)
            await writer.drain()


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])
