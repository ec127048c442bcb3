"""The event loop's CPU per interaction answer: discord.py's webhook adapter over aiohttp's client session (as
discord.py sends them) against the same adapter over the answer pipe (bot/discord/answer_pipe.py).

N deferrals (``POST /interactions/{id}/{token}/callback``, answered 204 as Discord does) with ``--connections``
of them in flight, to a plain HTTP server in another process; reported: this process's CPU time per answer
(``time.process_time``: the cost the bot's loop pays, whatever else the machine is doing) and the wall time.

Run: .venv/bin/python bench/answer_pipe.py [--n 5000] [--connections 45] [--rounds 3]
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import aiohttp  # noqa: E402
from discord.http import Route  # noqa: E402
from discord.webhook.async_ import AsyncWebhookAdapter  # noqa: E402

from bot.discord.answer_pipe import AnswerPipe, PipedAdapter  # noqa: E402

NO_CONTENT = b"HTTP/1.1 204 No Content\r\nContent-Length: 0\r\n\r\n"


def _serve(port: multiprocessing.connection.Connection) -> None:
    async def answer(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            while True:
                head = await reader.readuntil(b"\r\n\r\n")
                length = next((int(line.split(b":")[1]) for line in head.split(b"\r\n")
                               if line.lower().startswith(b"content-length:")), 0)
                await reader.readexactly(length)
                writer.write(NO_CONTENT)
        except (asyncio.IncompleteReadError, ConnectionError):
            writer.close()

    async def main() -> None:
        server = await asyncio.start_server(answer, "127.0.0.1", 0)
        port.send(server.sockets[0].getsockname()[1])
        await server.serve_forever()

    asyncio.run(main())


async def _send(adapter: AsyncWebhookAdapter, session: object, n: int, connections: int) -> tuple[float, float]:
    queue = iter(range(n))

    async def sender() -> None:
        for i in queue:
            route = Route("POST", "/interactions/{webhook_id}/{webhook_token}/callback",
                          webhook_id=900_000 + i, webhook_token=f"tok-{i}")
            await adapter.request(route, session=session, payload={"type": 5, "data": {"flags": 64}})  # type: ignore[arg-type]

    cpu, wall = time.process_time(), time.perf_counter()
    await asyncio.gather(*(sender() for _ in range(connections)))
    return time.process_time() - cpu, time.perf_counter() - wall


async def _send_raw(pipe: AnswerPipe, n: int, connections: int) -> tuple[float, float]:
    """The exchange alone, without the adapter (no route, lock or JSON): the floor of an answer's cost."""
    queue = iter(range(n))
    body = b'{"type": 5, "data": {"flags": 64}}'
    headers = {"Content-Type": "application/json"}

    async def sender() -> None:
        for i in queue:
            await pipe.exchange("POST", f"{Route.BASE}/interactions/{900_000 + i}/tok-{i}/callback", body, headers)

    cpu, wall = time.process_time(), time.perf_counter()
    await asyncio.gather(*(sender() for _ in range(connections)))
    return time.process_time() - cpu, time.perf_counter() - wall


async def measure(port: int, n: int, connections: int) -> dict[str, tuple[float, float]]:
    Route.BASE = f"http://127.0.0.1:{port}/api/v10"
    results = {}
    async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=connections)) as session:
        await _send(AsyncWebhookAdapter(), session, 200, connections)  # connections opened, code warm
        results["aiohttp session"] = await _send(AsyncWebhookAdapter(), session, n, connections)
    pipe = AnswerPipe("DiscordBot (bench, 1)", connections)
    adapter = PipedAdapter(pipe)
    await _send(adapter, None, 200, connections)
    results["answer pipe"] = await _send(adapter, None, n, connections)
    results["pipe alone"] = await _send_raw(pipe, n, connections)
    await pipe.close()
    return results


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--n", type=int, default=5000)
    parser.add_argument("--connections", type=int, default=45)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    ours, theirs = multiprocessing.Pipe()
    server = multiprocessing.Process(target=_serve, args=(theirs,), daemon=True)
    server.start()
    try:
        port = ours.recv()
        print(f"{args.n} deferrals, {args.connections} in flight; CPU of this process per answer (wall in all)")
        print("| round | adapter over aiohttp | adapter over the pipe | the pipe alone |\n|---|---|---|---|")
        for r in range(args.rounds):
            res = asyncio.run(measure(port, args.n, args.connections))
            cells = [f"{cpu / args.n * 1e6:.0f} µs ({wall:.2f} s)" for cpu, wall in res.values()]
            print(f"| {r + 1} | {' | '.join(cells)} |", flush=True)
    finally:
        server.kill()


if __name__ == "__main__":
    main()
