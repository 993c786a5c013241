"""The bots the explore runs add to the bots' specs (:data:`LOCAL_BOTS`), and the one
spec reader :func:`make_bot` that :mod:`.common` plays them with.

This module holds what any game's questions may use: the spec table, the greedy bot
that refuses some moves while another is legal, and the reader. A game's own
strategies live in its questions module, which adds them with :func:`add_local_bots`
when imported. A run's row function lives in its game's module, so a worker process
that plays the run imports that module, and so its bots, too.

>>> from tablegames.analysis.questions import fellowship  # adds commit:K
>>> type(make_bot("commit:5", "1")).__name__, type(make_bot("greedy", "1")).__name__
('CommitBot', 'GreedyBot')
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ...bots import Bot, GreedyBot
from ...bots import make_bot as named_bot
from ...core import State

#: Builds a bot from its spec's argument (after the colon) and a seed string.
BotMaker = Callable[[str, str], Bot]


class PatientGreedyBot(GreedyBot):
    """The greedy bot that never takes a move written as one of ``avoid`` while another
    move is legal (a greedy bot may, say, forfeit a round as soon as forfeiting scores
    as well as playing on)."""

    def __init__(self, seed: int | str = 0, avoid: Sequence[str] = ()) -> None:
        super().__init__(seed)
        self.avoid = frozenset(avoid)

    def choose(self, state: State) -> Any:
        scored = [(m, v) for m, v in self.scores(state) if str(m) not in self.avoid]
        if not scored:
            return super().choose(state)
        best = max(v for _, v in scored)
        top = [m for m, v in scored if v == best]
        return top[self.rng.randrange(len(top))]


#: Bots the runs name beyond :data:`tablegames.bots.BOTS`: spec name -> maker, added by
#: each game's questions module (:func:`add_local_bots`).
LOCAL_BOTS: dict[str, BotMaker] = {}


def add_local_bots(makers: Mapping[str, BotMaker]) -> None:
    """Add ``makers`` to :data:`LOCAL_BOTS`; ValueError for a name another module added
    (the same module imported again may add its names again)."""
    for name, maker in makers.items():
        had = LOCAL_BOTS.get(name)
        if had is not None and had.__module__ != maker.__module__:
            raise ValueError(f"the bot spec {name!r} is taken by {had.__module__}")
    LOCAL_BOTS.update(makers)


def make_bot(spec: str, seed: str) -> Bot:
    """The bot named ``spec``: one of :data:`LOCAL_BOTS`, else
    :func:`tablegames.bots.make_bot`'s (which names the bots it knows when it knows none)."""
    name, _, arg = spec.partition(":")
    if name in LOCAL_BOTS:
        return LOCAL_BOTS[name](arg, seed)
    return named_bot(spec, seed)
