"""Monte Carlo tree search for any game, through the engine contract only.

On a game without hidden information (``game.info.hidden_information`` false) the bot
runs UCT on the state itself. On the others it runs single-observer information-set
MCTS: it reads ``state.observation(player)`` once and never touches the state again;
each iteration samples one full state consistent with that observation
(:class:`tablegames.determinize.InformationSet`), so hidden hands and the order of the
draw pile are guessed, never read. Tree nodes are keyed by move notation, and a
child's exploration term counts how often it was available (Cowling, Powley and
Whitehouse, "Information Set Monte Carlo Tree Search", 2012).

Playouts are random; a playout longer than ``rollout_depth`` decisions (by default the
game's ``playout_depth``) stops there and is scored by ``game.evaluate``. Rewards are
each player's ``returns()`` (1 win, -1 loss, 0 draw), so a move's value maps to a win
chance ``(value + 1) / 2``.

>>> import tablegames as tg
>>> state = tg.make("currents", players=2).initial_state(seed=2)
>>> bot = MCTSBot(iterations=200, seed=1)
>>> bot.choose(state) in state.legal_moves()
True
>>> analysis = bot.analyse(state)
>>> analysis.iterations, sum(m.visits for m in analysis.moves)
(200, 200)
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from ..builder import mypyc_attr
from ..core import State
from ..determinize import InformationSet
from ..nativebuilt import NativeBuiltState
from ..rng import randbelow, shuffle


@dataclass(frozen=True)
class MoveStat:
    """One candidate move as the search sees it."""

    move: str  #: the move's notation
    visits: int  #: how often the search tried it
    value: float  #: mean return for the player to move, -1 to 1

    @property
    def win_chance(self) -> float:
        """The value as a chance from 0 to 1 (a draw counts half)."""
        return (self.value + 1.0) / 2.0


@dataclass(frozen=True)
class Analysis:
    """What a search found: the candidate moves, most visited first."""

    player: int
    mode: str  #: "uct" or "ismcts"
    iterations: int
    seconds: float
    moves: tuple[MoveStat, ...]

    @property
    def best(self) -> MoveStat:
        return self.moves[0]

    def table(self) -> str:
        """The candidates as aligned text: move, visits, win chance."""
        lines = [f"{'move':<14}{'visits':>8}{'win %':>8}"]
        lines += [f"{m.move:<14}{m.visits:>8}{100 * m.win_chance:>8.1f}" for m in self.moves]
        return "\n".join(lines)


class _Node:
    """A tree node: statistics of the move leading here, for the player who made it."""

    __slots__ = ("avail", "children", "mean", "mover", "state", "total", "untried", "visits")

    def __init__(self, mover: int, state: State | None = None) -> None:
        self.mover = mover
        self.state = state  # UCT only: the position, so descents need no apply
        self.untried: list[Any] | None = None  # UCT only: moves not expanded yet
        self.children: dict[Any, _Node] = {}
        self.visits = 0
        self.avail = 0
        self.total = 0.0
        self.mean = 0.0  # total / visits, kept by _backup for _select


@mypyc_attr(allow_interpreted_subclasses=True)
class MCTSBot:
    """Monte Carlo tree search with a budget of ``iterations`` and/or ``seconds``.

    With only ``iterations`` the bot is reproducible: the same seed and state give the
    same move. ``exploration`` is the UCB constant and ``rollout_depth`` caps playouts
    (then ``game.evaluate`` scores the position); both default to the game's tuning,
    ``search_exploration`` and ``playout_depth`` (1.0 and 50 unless the game declares
    its own: depth 0 where its evaluation searches better than random playouts, a
    smaller constant where its evaluation's values are small).
    """

    def __init__(
        self,
        iterations: int | None = 1000,
        seconds: float | None = None,
        seed: int | str = 0,
        exploration: float | None = None,
        rollout_depth: int | None = None,
    ) -> None:
        if iterations is None and seconds is None:
            raise ValueError("give MCTSBot a budget: iterations, seconds or both")
        if iterations is not None and iterations < 1:
            raise ValueError(f"iterations must be 1 or more, not {iterations}")
        if seconds is not None and seconds <= 0:
            raise ValueError(f"seconds must be more than 0, not {seconds}")
        self.iterations = iterations
        self.seconds = seconds
        self.exploration = exploration
        self._c = 1.0  # the UCB constant of the search under way
        self.rollout_depth = rollout_depth
        self.seed = seed
        self.rng = random.Random(seed)
        self.last: Analysis | None = None
        # The search under way: move notations by id(move), and the moves named (see _name).
        self._names: dict[int, str] = {}
        self._keep: list[Any] = []

    def __repr__(self) -> str:
        return f"MCTSBot(iterations={self.iterations}, seconds={self.seconds})"

    def choose(self, state: State) -> Any:
        """The most visited move of a fresh search from ``state``."""
        analysis = self.analyse(state)
        best = analysis.best.move
        for m in state.legal_moves():
            if str(m) == best:
                return m
        raise AssertionError(f"search chose {best!r}, which is not legal")  # pragma: no cover

    def analyse(self, state: State) -> Analysis:
        """Search from ``state`` and report every candidate move (also kept in ``last``)."""
        if state.is_terminal:
            raise ValueError("the game is over: there is no move to search")
        player = state.current_player
        hidden = state.game.info.hidden_information
        self._c = state.game.search_exploration if self.exploration is None else self.exploration
        root = _Node(-1, None if hidden else state)
        start = time.perf_counter()
        infoset = InformationSet(state.game, state.observation(player)) if hidden else None
        done = 0
        self._names, self._keep = {}, []
        deadline = None if self.seconds is None else start + self.seconds
        while (self.iterations is None or done < self.iterations) and (
            deadline is None or done == 0 or time.perf_counter() < deadline
        ):
            if infoset is None:
                self._uct(root)
            else:
                self._ismcts(root, infoset.sample(self.rng))
            done += 1
        self._names, self._keep = {}, []
        stats = [MoveStat(str(k), c.visits, c.mean) for k, c in root.children.items()]
        stats.sort(key=lambda m: (-m.visits, -m.value))
        self.last = Analysis(
            player, "ismcts" if hidden else "uct", done, time.perf_counter() - start, tuple(stats)
        )
        return self.last

    # ---- one iteration ---------------------------------------------------------------

    def _expandable(self, state: State) -> list[Any]:
        """The moves the search expands from ``state``: every legal move (a subclass may
        leave out moves its player would never make)."""
        return state.legal_moves()

    def _uct(self, root: _Node) -> None:
        node, path = root, [root]
        state = root.state
        assert state is not None
        while not state.is_terminal:
            if node.untried is None:
                node.untried = self._expandable(state)
                shuffle(self.rng, node.untried)  # as self.rng.shuffle, faster
            if node.untried:
                move = node.untried.pop()
                child = _Node(state.current_player, state.apply(move))
                node.children[move] = child
                path.append(child)
                state = child.state
                assert state is not None
                break
            node = self._select(node, node.children.values(), node.visits)
            path.append(node)
            state = node.state
            assert state is not None
        self._backup(path, self._playout(state))

    def _ismcts(self, root: _Node, state: State) -> None:
        node, path = root, [root]
        rng = self.rng
        names = self._names
        while not state.is_terminal:
            moves = state.legal_moves()
            children = node.children
            fresh = []
            legal = []
            for m in moves:
                name = names.get(id(m))
                if name is None:
                    name = self._name(m)
                child = children.get(name)
                if child is None:
                    fresh.append(m)
                else:
                    child.avail += 1
                    legal.append((child, m))
            new = fresh[randbelow(rng, len(fresh))] if fresh else None
            below, state = self._descend(state, path, children, new, legal)
            if below is None:
                break
            node = below
        self._backup(path, self._playout(state))

    def _descend(
        self,
        state: State,
        path: list[_Node],
        children: dict[Any, _Node],
        new: Any,
        legal: list[tuple[_Node, Any]],
    ) -> tuple[_Node | None, State]:
        """One ISMCTS step down from the node holding ``children``, its node added to
        ``path``: with a move ``new`` (not None), a new child for it, which ends the descent
        (None and the state after it); else the available child of best UCB score among
        ``legal`` (that child and the state after its move)."""
        if new is not None:
            child = _Node(state.current_player)
            child.avail = 1
            children[self._names[id(new)]] = child
            path.append(child)
            return None, state.apply(new)
        chosen, move = self._select_available(legal)
        path.append(chosen)
        return chosen, state.apply(move)

    def _name(self, move: Any) -> str:
        """The notation of ``move`` (an ISMCTS tree key), remembered by the move's identity
        for the rest of the search: games hand out the same move objects again and again,
        and the move is kept alive with its name so that its ``id`` stays its own."""
        name = str(move)
        self._names[id(move)] = name
        self._keep.append(move)
        return name

    def _select(self, node: _Node, children: Iterable[_Node], parent_visits: int) -> _Node:
        """The child with the highest UCB score (the first of equals, as ``max`` would)."""
        log_n = math.log(float(parent_visits))
        c = self._c
        best: _Node | None = None
        top = -math.inf
        for ch in children:  # the mean kept by _backup: the float total / visits gives
            score = ch.mean + c * math.sqrt(log_n / ch.visits)
            if score > top:
                best, top = ch, score
        assert best is not None
        return best

    def _select_available(self, legal: list[tuple[_Node, Any]]) -> tuple[_Node, Any]:
        """The available child with the highest UCB score, its count of availabilities
        standing for the parent's visits (the first of equals, as ``max`` would)."""
        c = self._c
        best = legal[0]
        top = -math.inf
        for cm in legal:  # math.sqrt and math.log of a float, not local names: compiled, C calls
            ch = cm[0]
            score = ch.mean + c * math.sqrt(math.log(float(ch.avail)) / ch.visits)
            if score > top:
                best, top = cm, score
        return best

    def _playout(self, state: State) -> tuple[float, ...]:
        rng = self.rng
        depth = self.rollout_depth
        steps = state.game.playout_depth if depth is None else depth
        if isinstance(state, NativeBuiltState):  # the five games: direct calls, compiled
            state = _random_moves(state, rng, steps)
        else:
            for _ in range(steps):
                if state.is_terminal:
                    break
                moves = state.legal_moves()
                state = state.apply(moves[randbelow(rng, len(moves))])
        if state.is_terminal:
            return state.returns()
        return state.game.evaluate(state)

    @staticmethod
    def _backup(path: list[_Node], rewards: tuple[float, ...]) -> None:
        path[0].visits += 1
        for node in path[1:]:
            v = node.visits = node.visits + 1
            t = node.total = node.total + rewards[node.mover]
            node.mean = t / v


def _random_moves(state: NativeBuiltState, rng: random.Random, steps: int) -> Any:
    """``steps`` random moves from ``state`` (fewer when the game ends first): the
    playout's loop over a state of the compiled engine's base class, whose methods
    compiled code then calls directly (through ``State`` each call is looked up by name).
    The same loop as ``_playout``'s for other states, kept twice on purpose: with only the
    untyped one, Poohsticks 2p MCTS took 1,336,900 instructions an iteration, not 1,305,400
    (``benchmarks/mcts_instructions.py``, 2026-11-28)."""
    for _ in range(steps):
        if state.is_terminal:
            break
        moves = state.legal_moves()
        state = state.apply(moves[randbelow(rng, len(moves))])
    return state
