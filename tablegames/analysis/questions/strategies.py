"""The bots the explore runs add to the bots' specs (:data:`LOCAL_BOTS`): variants of the
greedy bot that a question compares (patient, committing to red, avoiding a kind of move).

Kept apart from the runs that use them, so that :mod:`.common` resolves every spec
without importing a game's runs (which import it).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, cast

from ...bots import Bot, GreedyBot, MCTSBot
from ...bots import make_bot as named_bot
from ...core import State
from ...fellowship.state import FellowshipState
from ...resistor.board import amperes_on_board
from ...resistor.state import ResistorState
from ..rows import AvoidingBot


def _fellowship(state: State) -> FellowshipState:
    return cast(FellowshipState, state)


def _resistor(state: State) -> ResistorState:
    return cast(ResistorState, state)


# ---- Fellowship ----------------------------------------------------------------------------


class CommitBot(GreedyBot):
    """The greedy bot, except that when it has not drawn the Jack of Spades and at most
    ``pile`` cards are left to draw it plays for red: the move leaving the most red stacks
    over black ones (a capture's effect on the circle hides nothing, so it is read on
    the state itself)."""

    def __init__(self, seed: int | str = 0, pile: int = 5) -> None:
        super().__init__(seed)
        self.pile = pile

    def choose(self, state: State) -> Any:
        me = state.current_player
        black = _fellowship(state).roles[me] == "black"  # it drew the jack (and may have played it)
        if black or len(_fellowship(state).draw_pile) > self.pile:
            return super().choose(state)
        scored = []
        for m in state.legal_moves():
            counts = state.apply(m).counts()  # type: ignore[attr-defined]
            scored.append((m, counts["red"] - counts["black"]))
        best = max(v for _, v in scored)
        top = [m for m, v in scored if v == best]
        return top[self.rng.randrange(len(top))]


# ---- Resistor ------------------------------------------------------------------------------


Avoid = Callable[[State, State], bool]


def _recharges(before: State, after: State) -> bool:
    return any(e.kind == "recharge" for e in after.events)  # type: ignore[attr-defined]


def _overloads(before: State, after: State) -> bool:
    return any(e.kind == "overload" for e in after.events)  # type: ignore[attr-defined]


def _fourth(before: State, after: State) -> bool:
    """A move that brings a fourth (or later) ampere onto the board."""
    b, a = _resistor(before).board, _resistor(after).board
    return amperes_on_board(a) > max(3, amperes_on_board(b))


#: What each ampere-player variant of the greedy bot refuses while another move is
#: legal (besides forfeiting, which none of them does while it has another move).
AVOIDS: dict[str, Avoid | None] = {
    "patient": None,
    "norecharge": _recharges,
    "nooverload": _overloads,
    "light": _fourth,
}


class ChoosyGreedyBot(GreedyBot):
    """Greedy (best evaluation one move ahead), never forfeiting and never making a
    move that ``avoid(before, after)`` rejects, unless no other move is legal."""

    def __init__(self, seed: int | str = 0, avoid: Avoid | None = None) -> None:
        super().__init__(seed)
        self.avoid = avoid

    def choose(self, state: State) -> Any:
        me = state.current_player
        scored = []
        for m in state.legal_moves():
            if str(m) == "forfeit":
                continue
            after = state.apply(m)
            if self.avoid is not None and self.avoid(state, after):
                continue
            value = after.returns()[me] if after.is_terminal else state.game.evaluate(after)[me]
            scored.append((m, value))
        if not scored:
            return super().choose(state)
        best = max(v for _, v in scored)
        top = [m for m, v in scored if v == best]
        return top[self.rng.randrange(len(top))]


class ChoosyMCTSBot(MCTSBot):
    """MCTS (the game's evaluation at the leaves) that plays its most visited move
    other than a forfeit or a move ``avoid(before, after)`` rejects, unless no other
    move is legal: the search-rung counterpart of :class:`ChoosyGreedyBot` (plain MCTS
    forfeits a Resistor round once the evaluation prefers a banked lead to the board).
    The search itself still sees every move; only the move played is filtered."""

    def __init__(self, seed: int | str = 0, avoid: Avoid | None = None, iterations: int = 100):
        super().__init__(iterations=iterations, seed=seed)
        self.avoid = avoid

    def choose(self, state: State) -> Any:
        ranked = [m.move for m in self.analyse(state).moves]  # most visited first
        by_name = {str(m): m for m in state.legal_moves()}
        for name in ranked:
            if name == "forfeit":
                continue
            m = by_name[name]
            if self.avoid is None or not self.avoid(state, state.apply(m)):
                return m
        return by_name[ranked[0]]


def _choosy_mcts(arg: str, seed: str) -> Bot:
    """``mcts-choosy:AVOID:N``: :class:`ChoosyMCTSBot` refusing :data:`AVOIDS` ``[AVOID]``
    with ``N`` iterations a move."""
    avoid, _, n = arg.partition(":")
    return ChoosyMCTSBot(seed, AVOIDS[avoid], int(n or 100))


# ---- any game, and the specs -----------------------------------------------------------------


class PatientGreedyBot(GreedyBot):
    """The greedy bot that never takes a move written as one of ``avoid`` while another
    move is legal (Resistor's greedy bot forfeits a round as soon as forfeiting scores
    as well as playing on, which ends rounds after a single point)."""

    def __init__(self, seed: int | str = 0, avoid: Sequence[str] = ("forfeit",)) -> None:
        super().__init__(seed)
        self.avoid = frozenset(avoid)

    def choose(self, state: State) -> Any:
        scored = [(m, v) for m, v in self.scores(state) if str(m) not in self.avoid]
        if not scored:
            return super().choose(state)
        best = max(v for _, v in scored)
        top = [m for m, v in scored if v == best]
        return top[self.rng.randrange(len(top))]


#: Bots the runs name beyond :data:`tablegames.analysis.BOTS`: ``(argument, seed) -> bot``.
LOCAL_BOTS: dict[str, Callable[[str, str], Bot]] = {
    "patient": lambda arg, seed: AvoidingBot(seed, ["forfeit"]),
    "greedy-patient": lambda arg, seed: PatientGreedyBot(seed),
    "commit": lambda arg, seed: CommitBot(seed, int(arg)),
    "choosy": lambda arg, seed: ChoosyGreedyBot(seed, AVOIDS[arg]),
    "mcts-choosy": _choosy_mcts,
}


def make_bot(spec: str, seed: str) -> Bot:
    """The bot named ``spec``: one of :data:`LOCAL_BOTS`, else
    :func:`tablegames.analysis.make_bot`'s."""
    name, _, arg = spec.partition(":")
    if name in LOCAL_BOTS:
        return LOCAL_BOTS[name](arg, seed)
    return named_bot(spec, seed)
