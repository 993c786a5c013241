"""The render gate (widgets/server/fairness.py): each client address renders a few pages at
once, the next ones wait their turn in order, past the queue they are refused, and kernel
starts come from a token bucket. The browser-level attack is
tests/browser/test_attack_fairness.py."""

from __future__ import annotations

import asyncio

import pytest
from tablegames_widgets.server.fairness import Busy, Fairness, RenderGate


def gate(renders: int = 2, queue: int = 3, wait: float = 30, burst: int = 100,
         refill: float = 100) -> RenderGate:  # fmt: skip
    return RenderGate(Fairness(renders, queue, wait, burst, refill))


def test_an_address_renders_a_few_at_once_and_the_rest_wait_in_order() -> None:
    async def run() -> None:
        g = gate()
        started: list[int] = []

        async def page(i: int) -> None:
            await g.enter("a")
            started.append(i)

        tasks = [asyncio.ensure_future(page(i)) for i in range(5)]
        await asyncio.sleep(0.05)
        assert started == [0, 1]
        assert g.load() == {"rendering": 2, "waiting": 3}
        await g.enter("b")  # another address is not held up
        g.leave("a")
        await asyncio.sleep(0.05)
        assert started == [0, 1, 2]
        g.leave("a")
        g.leave("a")
        await asyncio.gather(*tasks)
        assert started == [0, 1, 2, 3, 4]

    asyncio.run(run())


def test_past_its_queue_an_address_is_refused_and_others_are_not() -> None:
    async def run() -> None:
        g = gate(renders=1, queue=2)
        await g.enter("a")
        waiting = [asyncio.ensure_future(g.enter("a")) for _ in range(2)]
        await asyncio.sleep(0.01)
        with pytest.raises(Busy):
            await g.enter("a")
        await g.enter("b")
        for _ in range(3):
            g.leave("a")
            await asyncio.sleep(0.01)
        await asyncio.gather(*waiting)

    asyncio.run(run())


def test_a_turn_that_does_not_come_in_time_is_refused_and_frees_its_place() -> None:
    async def run() -> None:
        g = gate(renders=1, queue=1, wait=0.1)
        await g.enter("a")
        with pytest.raises(Busy):
            await g.enter("a")
        assert g.load() == {"rendering": 1, "waiting": 0}

    asyncio.run(run())


def test_a_request_cancelled_while_waiting_leaves_the_queue() -> None:
    async def run() -> None:
        g = gate(renders=1, queue=1)
        await g.enter("a")
        waiter = asyncio.ensure_future(g.enter("a"))
        await asyncio.sleep(0.01)
        waiter.cancel()
        await asyncio.sleep(0.01)
        assert g.load() == {"rendering": 1, "waiting": 0}
        g.leave("a")
        await asyncio.wait_for(g.enter("a"), 1)

    asyncio.run(run())


def test_the_bucket_passes_a_burst_then_holds_an_address_to_its_refill() -> None:
    async def run() -> None:
        g = gate(renders=100, queue=100, burst=30, refill=20)
        loop = asyncio.get_running_loop()
        start = loop.time()
        for _ in range(30):  # a class at once: no waiting
            await g.enter("a")
        assert loop.time() - start < 0.05
        await asyncio.wait_for(g.enter("a"), 1)  # the 31st waits for a token (1/20 s)
        assert loop.time() - start >= 0.03

    asyncio.run(run())


def test_leaving_more_often_than_entering_changes_nothing() -> None:
    async def run() -> None:
        g = gate(renders=1)
        g.leave("nobody")
        await g.enter("a")
        g.leave("a")
        g.leave("a")
        assert g.load() == {"rendering": 0, "waiting": 0}

    asyncio.run(run())
