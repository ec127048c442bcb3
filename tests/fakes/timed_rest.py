"""The stand-in of Discord's REST API on a plain socket server, each request stamped with the time its bytes
reached the machine (the kernel's receive timestamp, ``SO_TIMESTAMPNS``), not the time the stand-in got round
to reading it.

Why (``bench/burst.py --timed-rest``): on a machine where the bots and the benchmark share the cores, the
stand-in of Discord is one more busy process; an acknowledgement that reached it in time but waited for the
stand-in to be scheduled was counted late, and the stand-in's aiohttp server used about as much CPU per
interaction as both bots together. Discord is not on the bot's machine: the moment that counts is when the
acknowledgement arrives, which the kernel stamps whatever the stand-in is doing. A plain HTTP/1.1 reader
(Content-Length bodies, kept-alive connections, one request at a time as every client here sends them) also
costs a fraction of aiohttp's server, so the stand-in takes less of the machine from the bots.

Linux only (the stamp); elsewhere, or when the kernel gives none, each request is stamped when it is read. Requests with a chunked body are
refused (no client of the benchmark sends one).
"""

from __future__ import annotations

import asyncio
import contextlib
import socket
import struct
import time
from collections.abc import Callable
from dataclasses import dataclass
from urllib.parse import parse_qs

SO_TIMESTAMPNS = getattr(socket, "SO_TIMESTAMPNS", 35)  # Linux's value when the module doesn't name it
SCM_TIMESTAMPNS = SO_TIMESTAMPNS
READ = 256 * 1024
ANCILLARY = socket.CMSG_SPACE(16)
STAMP_WITHIN = 60.0  # seconds a kernel stamp may precede the reading of its request
REASONS = {200: "OK", 204: "No Content", 400: "Bad Request", 404: "Not Found", 429: "Too Many Requests"}


@dataclass(frozen=True)
class RestRequest:
    method: str
    path: str  # without the query
    query: dict[str, list[str]]
    content_type: str  # the media type, without parameters
    body: bytes
    peer: object
    arrived: float  # perf_counter time the request's bytes reached the machine (the kernel's stamp)
    read: float  # perf_counter time the stand-in read them


Answer = Callable[[RestRequest], tuple[int, dict[str, str], bytes]]


class _Connection:
    def __init__(self, server: TimedRest, sock: socket.socket) -> None:
        self.server = server
        self.sock = sock
        self.peer = sock.getpeername()
        self.buffer = bytearray()
        self.arrived = 0.0
        self.out = bytearray()

    def readable(self) -> None:
        try:
            data, ancillary, _flags, _addr = self.sock.recvmsg(READ, ANCILLARY)
        except (BlockingIOError, InterruptedError):
            return
        except OSError:
            self.close()
            return
        read = time.perf_counter()
        if not data:
            self.close()
            return
        self.arrived = read
        for level, kind, stamp in ancillary:
            if level == socket.SOL_SOCKET and kind == SCM_TIMESTAMPNS and len(stamp) >= 16:
                seconds, nanoseconds = struct.unpack("qq", stamp[:16])
                arrived = seconds + nanoseconds / 1e9 - self.server.offset
                if read - STAMP_WITHIN <= arrived <= read:  # else not a receive time: the reading time stands
                    self.arrived = arrived
                    self.server.stamped += 1
        self.buffer += data
        while self._one(read):
            pass

    def _one(self, read: float) -> bool:
        """Answer the first complete request of the buffer; False when there is none yet."""
        end = self.buffer.find(b"\r\n\r\n")
        if end < 0:
            return False
        lines = bytes(self.buffer[:end]).decode("latin-1").split("\r\n")
        method, target, _version = lines[0].split(" ", 2)
        headers = {}
        for line in lines[1:]:
            name, _, value = line.partition(":")
            headers[name.strip().lower()] = value.strip()
        if "chunked" in headers.get("transfer-encoding", "").lower():
            self.close()
            raise ValueError("a chunked request body (not spoken by this stand-in)")
        length = int(headers.get("content-length", "0") or 0)
        if len(self.buffer) < end + 4 + length:
            return False
        body = bytes(self.buffer[end + 4:end + 4 + length])
        del self.buffer[:end + 4 + length]
        path, _, query = target.partition("?")
        request = RestRequest(method, path, parse_qs(query, keep_blank_values=True),
                              headers.get("content-type", "").split(";")[0].strip().lower(), body, self.peer,
                              self.arrived, read)
        status, answer_headers, answer = self.server.answer(request)
        head = "".join(f"{k}: {v}\r\n" for k, v in answer_headers.items())
        self.send(f"HTTP/1.1 {status} {REASONS.get(status, 'Answer')}\r\n{head}"
                  f"Content-Length: {len(answer)}\r\n\r\n".encode("latin-1") + answer)
        return True

    def send(self, data: bytes) -> None:
        if self.out:
            self.out += data
            return
        try:
            sent = self.sock.send(data)
        except (BlockingIOError, InterruptedError):
            sent = 0
        except OSError:
            self.close()
            return
        if sent < len(data):
            self.out += data[sent:]
            self.server.loop.add_writer(self.sock, self.writable)

    def writable(self) -> None:
        try:
            sent = self.sock.send(self.out)
        except (BlockingIOError, InterruptedError):
            return
        except OSError:
            self.close()
            return
        del self.out[:sent]
        if not self.out:
            self.server.loop.remove_writer(self.sock)

    def close(self) -> None:
        loop = self.server.loop
        with contextlib.suppress(Exception):
            loop.remove_reader(self.sock)
            loop.remove_writer(self.sock)
        self.sock.close()
        self.server.connections.discard(self)


class TimedRest:
    """Listens on a free loopback port; ``answer`` decides every answer (synchronously)."""

    def __init__(self, answer: Answer) -> None:
        self.answer = answer
        self.loop = asyncio.get_running_loop()
        self.offset = time.time() - time.perf_counter()  # the kernel stamps in the wall clock
        self.connections: set[_Connection] = set()
        self.listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.listener.bind(("127.0.0.1", 0))
        self.listener.listen(1024)
        self.listener.setblocking(False)
        # Asked on the listener too (accepted sockets inherit it): the kernel switches its receive stamps on some
        # moments after the first socket asks (deferred work), and a request arriving before that has none.
        with contextlib.suppress(OSError):
            self.listener.setsockopt(socket.SOL_SOCKET, SO_TIMESTAMPNS, 1)
        self.stamped = 0  # requests stamped by the kernel (the others: when they were read)
        self.port: int = self.listener.getsockname()[1]
        self.loop.add_reader(self.listener, self._accept)

    def _accept(self) -> None:
        while True:
            try:
                sock, _addr = self.listener.accept()
            except (BlockingIOError, InterruptedError):
                return
            sock.setblocking(False)
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            with contextlib.suppress(OSError):
                sock.setsockopt(socket.SOL_SOCKET, SO_TIMESTAMPNS, 1)
            conn = _Connection(self, sock)
            self.connections.add(conn)
            self.loop.add_reader(sock, conn.readable)

    def close(self) -> None:
        for conn in list(self.connections):
            conn.close()
        self.loop.remove_reader(self.listener)
        self.listener.close()
