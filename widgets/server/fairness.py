"""Fairness between client addresses for page renders: :class:`RenderGate`.

A page render costs the play server about 0.6 CPU-seconds (Voila renders on its one event
loop, and the page's kernel runs the notebook). The kernel caps (:mod:`.visitors`) bound
memory and file descriptors, not CPU: a flood of page loads from one address (8 at a time,
fresh cookie jars, never connecting) took the whole CPU, and an ordinary visitor from
elsewhere waited several times longer for their board. So each address (as
:func:`.visitors.client_address` counts it) gets a *lane*:

- at most ``renders`` of its page renders run at once; the next ones wait their turn in a
  FIFO queue of at most ``queue`` (waiting is an awaited future: the event loop goes on
  serving everyone else). Past the queue, or after ``wait`` seconds in it, the request
  gets the "server is full" page.
- each render it starts takes a token from a bucket of ``burst`` tokens, refilled at
  ``refill`` tokens a second: a class behind one NAT arriving at once passes in one
  burst, while a sustained flood is held to the refill rate (this also bounds a client
  that drops its connections mid-render to free its lane).

Lanes that are idle with a full bucket are forgotten, so the gate holds only the
addresses active in the last few minutes.
"""

from __future__ import annotations

import asyncio
import time
from collections import deque
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Fairness:
    """How much page rendering one client address may have."""

    renders: int  #: renders at once
    queue: int  #: renders waiting their turn, at most
    wait: float  #: seconds a render may wait its turn, at most
    burst: int  #: renders started at once after a quiet time (the bucket's size)
    refill: float  #: renders a second, sustained (the bucket's refill)


class Busy(Exception):
    """The address has too many page renders running and waiting: it is told to come
    back later."""


@dataclass(eq=False)
class _Lane:
    tokens: float
    stamp: float = field(default_factory=time.monotonic)
    running: int = 0
    waiting: deque[asyncio.Future[None]] = field(default_factory=deque)
    timer: asyncio.TimerHandle | None = None


class RenderGate:
    """The page renders of each client address: :meth:`enter` before one, :meth:`leave`
    after it (exactly once per entry that returned)."""

    def __init__(self, fairness: Fairness) -> None:
        self.fairness = fairness
        self._lanes: dict[str, _Lane] = {}
        self._swept = time.monotonic()

    def _lane(self, address: str) -> _Lane:
        lane = self._lanes.get(address)
        if lane is None:
            lane = self._lanes[address] = _Lane(float(self.fairness.burst))
        now = time.monotonic()
        lane.tokens = min(
            float(self.fairness.burst), lane.tokens + (now - lane.stamp) * self.fairness.refill
        )
        lane.stamp = now
        return lane

    async def enter(self, address: str) -> None:
        """Wait for ``address``'s turn to render a page; :class:`Busy` when its queue is
        full or its turn did not come within ``wait`` seconds."""
        self._sweep()
        lane = self._lane(address)
        if not lane.waiting and lane.running < self.fairness.renders and lane.tokens >= 1:
            lane.running += 1
            lane.tokens -= 1
            return
        if len(lane.waiting) >= self.fairness.queue:
            raise Busy(address)
        turn: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        lane.waiting.append(turn)
        self._pump(address)
        try:
            await asyncio.wait({turn}, timeout=self.fairness.wait)
        except asyncio.CancelledError:
            if turn.done() and not turn.cancelled():
                self.leave(address)  # given a turn it will not use
            else:
                self._drop(address, turn)
            raise
        if not turn.done():
            self._drop(address, turn)
            raise Busy(address)

    def leave(self, address: str) -> None:
        """A render of ``address`` has ended: the next one in its queue may start."""
        lane = self._lanes.get(address)
        if lane is None or lane.running == 0:
            return
        lane.running -= 1
        self._pump(address)

    def load(self) -> dict[str, int]:
        """Renders running and waiting, over every address."""
        lanes = self._lanes.values()
        return {
            "rendering": sum(lane.running for lane in lanes),
            "waiting": sum(len(lane.waiting) for lane in lanes),
        }

    def _drop(self, address: str, turn: asyncio.Future[None]) -> None:
        turn.cancel()
        lane = self._lanes.get(address)
        if lane is not None and turn in lane.waiting:
            lane.waiting.remove(turn)

    def _pump(self, address: str) -> None:
        """Start as many waiting renders of ``address`` as its lane and bucket allow;
        when only the bucket holds them back, look again once a token is in."""
        lane = self._lane(address)
        while lane.waiting and lane.running < self.fairness.renders and lane.tokens >= 1:
            turn = lane.waiting.popleft()
            if turn.done():
                continue
            turn.set_result(None)
            lane.running += 1
            lane.tokens -= 1
        if lane.waiting and lane.running < self.fairness.renders and lane.timer is None:
            delay = (1 - lane.tokens) / max(self.fairness.refill, 1e-6)

            def again() -> None:
                lane.timer = None
                self._pump(address)

            lane.timer = asyncio.get_running_loop().call_later(delay, again)

    def _sweep(self) -> None:
        """Forget the lanes with nothing running or waiting and a full bucket (once a
        minute: the gate must not grow with every address ever seen)."""
        now = time.monotonic()
        if now - self._swept < 60:
            return
        self._swept = now
        for address in list(self._lanes):
            lane = self._lane(address)
            if not lane.running and not lane.waiting and lane.tokens >= self.fairness.burst:
                del self._lanes[address]
