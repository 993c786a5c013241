"""The conformance suite: does a registered game keep the engine contract?

``check_game(name)`` (or ``python -m tablegames check NAME``) plays seeded random games of
the game to their end (or its cap) and checks, after every move: legal moves deterministic
and named uniquely, each notation parsing back to its move, ``apply`` leaving the old
state unchanged, the JSON round trip (through the JSON text) giving an equal state, and
every seat's observation plain JSON with the seed hidden and, for a game with cards, no
card that seat may not see (``game.hidden_cards``: by default the others' hands and the
draw pile; as many masked places as ``game.hidden_places`` finds), cards matched by the
game's own codes (``card_deck``). In the first ``views`` states played, for every seat,
what the pages show (:mod:`tablegames.leaks`): the picture drawn for the seat
and the caption name no card hidden from it, and redealing what the seat cannot see (as
the MCTS bot samples it) changes neither its observation, nor its picture, nor the
caption. At each game's end: the game ended, ``returns()`` agree with the winners
(general payoffs allowed: each winner's above the others', summing to zero in a zero-sum
game), no move applies any more, and replaying (options, seed, moves in notation) gives
the same final state. Once per game: the options table (a name, a default and an
``allowed`` text per option; the defaults make a game; a bad value gives ValueError), bad
input refused with the library's errors: moves that are not moves with
:class:`~tablegames.IllegalMove`, bad or damaged state JSON with
:class:`~tablegames.InvalidState`, never a bare TypeError, KeyError or IndexError; and
short games of the bots (MCTS, which samples hidden cards, and greedy) to their end;
and every part the game declares (:mod:`tablegames.parts`): each part named by a
reference found where it says (a module and a function of those names), a board named
``"module:Class"``, puzzles that load, the values ``hidden_per_seat`` names held to the
truth in every observation, and on the first states of a random game the text board,
the caption, the action space (each legal move numbered once and read back) and the
puzzle goal and theme (:func:`check_declared`, :func:`check_parts`).

The card checks (``cards_in``, ``hidden_cards``, ``check_observations``) are shared
with ``benchmarks/soak.py``, which runs them over millions of moves.
"""

from __future__ import annotations

import copy
import functools
import json
import math
import random
import re
import time
import traceback
import zlib
from collections import Counter
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from .core import GAMES, Game, State, make
from .errors import IllegalMove, InvalidState
from .leaks import check_views, named
from .parts import PuzzleParts
from .record import Record, load_state, replay

#: The ``max_turns`` given to a game that has the option, unless the caller gives one, so
#: that random games end: Resistor plays extra pairs of rounds while the score is tied
#: and random players never score; Card Chess's units may wander for ever.
MAX_TURNS = 300
#: Decisions after which a random game that has not ended is a failure.
MAX_DECISIONS = 5000
#: The states (the first ones played) that get the view checks (tablegames.leaks),
#: unless told: a few of a long game's, dozens of a short game's, every seat of each.
VIEW_STATES = 150
#: Decisions of each bots' game in the check (MCTS at every seat, then greedy).
BOT_DECISIONS = 30
#: A JSON string that is a card code (ranks 2-9 T J Q K A, suits C D H S; jokers).
QUOTED_CARD = re.compile(r'"([2-9TJQKA][CDHS]|RJ|BJ)"')
#: A card code in a move's notation or an event.
CARD_TEXT = re.compile(r"(?<![A-Za-z0-9])(?:[2-9TJQKA][CDHS]|RJ|BJ)(?![A-Za-z0-9])")
#: Whole card codes shaped like ``JS`` (read fast by QUOTED_CARD).
_CODE = re.compile(r"[2-9TJQKA][CDHS]|RJ|BJ")


# ---- the card checks (shared with benchmarks/soak.py) -------------------------------------


def cards_in(d: Mapping[str, Any], deck: tuple[str, ...] | list[str] | None = None) -> list[str]:
    """Every card named as a whole JSON string in ``d`` outside the keys that are not
    places (events, options, roles, ...): read from the JSON text, several times faster
    than walking the value in Python. With a ``deck`` whose codes are not shaped like
    ``JS`` (Kuhn poker's ``K``), its cards are matched instead."""
    from .determinize import NOT_PLACES as places_not
    from .determinize import visible_cards

    places = {k: v for k, v in d.items() if k not in places_not}
    if deck is None or _shaped(tuple(deck)):
        return QUOTED_CARD.findall(json.dumps(places))
    return list(visible_cards(places, frozenset(deck)))


@functools.cache
def _shaped(deck: tuple[str, ...]) -> bool:
    return all(_CODE.fullmatch(c) for c in deck)


def hidden_cards(s: State, d: Mapping[str, Any], p: int) -> list[str]:
    """The cards ``p`` may not see: the game's own :meth:`~tablegames.Game.hidden_cards`
    (``d``, the state's JSON, is kept for callers that have it at hand)."""
    del d
    return s.game.hidden_cards(s, p)


class Seat:
    """What one seat has seen face up so far (cards it may later see named again)."""

    def __init__(self) -> None:
        self.seen: set[str] = set()


def check_observations(
    s: State, d: Mapping[str, Any], deck: list[str], seats: list[Seat], views: bool = False
) -> None:
    """Every seat's observation is plain JSON, hides the seed and, with a ``deck`` (sorted),
    hides exactly the cards that seat may not see: none of them anywhere in it (events and
    last move included) unless the seat saw it face up before, and as many masked places
    as ``game.hidden_places`` finds. With ``views``, also what the pages show each seat
    (:func:`tablegames.leaks.check_views`). AssertionError says which seat saw what."""
    game = s.game
    cards = tuple(deck)
    shaped = _shaped(cards)
    hidden_of: list[list[str]] = []
    for p, seat in enumerate(seats):
        obs = s.observation(p)
        assert json.loads(json.dumps(obs, allow_nan=False)) == obs, f"seat {p}: not plain JSON"
        assert obs.get("viewer", p) == p, f"seat {p}: observation of seat {obs.get('viewer')}"
        assert obs.get("seed") is None, f"seat {p} sees the seed"
        for key in game.parts.hidden_per_seat:  # values hidden per seat, not cards
            truth, seen = d[key], obs[key]
            assert len(seen) == len(truth) and all(
                v is None or v == truth[q] for q, v in enumerate(seen)
            ), f"seat {p} sees wrong {key} {seen}"
        if not deck:
            hidden_of.append([])
            continue
        hidden = hidden_cards(s, d, p)
        hidden_of.append(hidden)
        shown = cards_in(obs, cards)
        hidden_set = set(hidden)
        if sorted(shown + hidden) != deck or not hidden_set.isdisjoint(shown):
            leaked = hidden_set.intersection(shown)
            assert not leaked, f"seat {p} sees hidden card(s) {sorted(leaked)}"
            expected = Counter(deck)
            expected.subtract(hidden)
            raise AssertionError(
                f"seat {p}'s observation shows {sorted((Counter(shown) - expected).elements())} "
                f"too many and misses {sorted((expected - Counter(shown)).elements())}"
            )
        holes = len(game.hidden_places(obs))
        assert holes == len(hidden), f"seat {p}: {holes} masked places, {len(hidden)} hidden"
        # events and the last move may name cards: none hidden that this seat never saw,
        # except cards shown face up in this very step before a reshuffle took them back
        # (the move comes first, so its cards count as shown before the events)
        events = obs.get("events", [])

        def told_in(text: str) -> list[str]:
            return CARD_TEXT.findall(text) if shaped else sorted(named([text], cards))

        mentioned = told_in(f"{obs.get('last_move')} {json.dumps(events)}")
        if not hidden_set.isdisjoint(mentioned):
            mentioned = told_in(obs.get("last_move") or "")
            for e in events:
                if e.get("kind") in ("reshuffle", "shuffle"):
                    mentioned.clear()
                else:
                    mentioned += told_in(json.dumps(e))
            told = hidden_set.intersection(mentioned) - seat.seen
            assert not told, f"seat {p}'s events or last move name hidden card(s) {sorted(told)}"
        seat.seen.update(shown)
    if views:
        seed = zlib.crc32(json.dumps(d, sort_keys=True).encode())  # the same on every run
        check_views(s, hidden_of, [seat.seen for seat in seats], seed)


# ---- the report ---------------------------------------------------------------------------


@dataclass
class Report:
    """What :func:`check_game` found: one line per failed check (empty when the game
    conforms), and what was played."""

    game: str
    options: dict[str, Any]
    games: int = 0
    decisions: int = 0
    ended_by_cap: int = 0
    seconds: float = 0.0
    failures: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.failures

    def __str__(self) -> str:
        verdict = "OK" if self.ok else f"FAILED ({len(self.failures)} failure(s))"
        lines = [
            f"{self.game} {self.options or '(defaults)'}: {verdict}",
            f"  {self.games} random games, {self.decisions} decisions "
            f"({self.ended_by_cap} ended by a cap), {self.seconds:.1f} s",
        ]
        lines += [f"  FAIL {f}" for f in self.failures[:20]]
        if len(self.failures) > 20:
            lines.append(f"  ... and {len(self.failures) - 20} more")
        return "\n".join(lines)


class _Checker:
    """Runs the checks, turning each failure (any exception) into a line of the report."""

    def __init__(self, report: Report) -> None:
        self.report = report

    def run(self, what: str, check: Callable[[], Any]) -> bool:
        try:
            check()
        except Exception as exc:
            where = traceback.extract_tb(exc.__traceback__)[-1]
            self.report.failures.append(
                f"{what}: {type(exc).__name__}: {exc} [{where.name}, line {where.lineno}]"
            )
            return False
        return True


# ---- the checks ---------------------------------------------------------------------------


def check_options(name: str) -> None:
    """The options table: each option named, with a default and an ``allowed`` text; the
    defaults make a game equal to ``make(name)`` whose options JSON rebuilds it; a value
    no option can take and an unknown option give ValueError."""
    cls = GAMES[name]
    table = cls.option_table
    assert isinstance(table, tuple), "option_table must be a tuple of Option"
    names = [o.name for o in table]
    assert len(set(names)) == len(names), f"two options share a name: {names}"
    for o in table:
        assert isinstance(o.name, str) and o.name.isidentifier(), f"bad option name {o.name!r}"
        assert isinstance(o.allowed, str) and o.allowed.strip(), f"{o.name}: no allowed text"
        assert hasattr(o, "default"), f"{o.name}: no default"
    game = make(name)
    assert isinstance(game, Game) and game.name == name
    assert make(name, **{o.name: o.default for o in table}) == game, "defaults differ"
    assert make(name, **json.loads(json.dumps(game.options_json()))) == game
    for o in table:
        _raises(
            ValueError, functools.partial(make, name, **{o.name: object()}), f"{o.name}=object()"
        )
    _raises(ValueError, lambda: make(name, no_such_option=1), "an unknown option")


def _raises(kind: type[Exception], call: Callable[[], Any], what: str) -> None:
    """``call`` must raise ``kind``: AssertionError naming ``what`` otherwise."""
    try:
        call()
    except kind:
        return
    except Exception as exc:
        raise AssertionError(
            f"{what} raised {type(exc).__name__}: {exc} instead of {kind.__name__}"
        ) from None
    raise AssertionError(f"{what} was accepted; {kind.__name__} expected")


def check_bad_moves(state: State) -> None:
    """Moves that are not moves, and notation that is garbage, raise IllegalMove and leave
    the state unchanged."""
    before = state.to_json()
    moves = state.legal_moves()
    bad: list[Any] = [None, 42, object(), 1.5, [], {}]
    if moves:
        bad.append(str(moves[0]))  # the notation text, not the move object
    for move in bad:
        _raises(IllegalMove, functools.partial(state.apply, move), f"apply({move!r})")
    for text in ("", "???", "x" * 200, "\x00", "-1", "99 99", "None"):
        if text in {str(m) for m in moves}:
            continue
        _raises(IllegalMove, functools.partial(state.parse_move, text), f"parse_move({text!r})")
    assert state.to_json() == before, "a refused move changed the state"


def _damaged(d: Mapping[str, Any]) -> Iterator[tuple[str, dict[str, Any]]]:
    """Copies of state JSON ``d`` with one key dropped or given a value of a wrong type."""
    for key in d:
        out = copy.deepcopy(dict(d))
        del out[key]
        yield f"without {key!r}", out
        wrongs: tuple[Any, ...] = (None, "?", -1, [], {}, [[None]])
        for wrong in wrongs:
            out = copy.deepcopy(dict(d))
            out[key] = wrong
            yield f"{key}={wrong!r}", out


def check_bad_json(game: Game, state: State) -> None:
    """Data that is no state, and the state's JSON damaged key by key, raise InvalidState
    (a damaged copy may also load, if it still describes a possible position)."""
    not_states: tuple[Any, ...] = (None, [], "state", 3, {}, {"no_such_key": 1})
    for bad in not_states:
        _raises(
            InvalidState, functools.partial(game.state_from_json, bad), f"state_from_json({bad!r})"
        )
    for what, data in _damaged(state.to_json()):
        try:
            game.state_from_json(data)
        except InvalidState:
            pass
        except Exception as exc:
            raise AssertionError(
                f"state_from_json of the JSON {what} raised {type(exc).__name__}: {exc} "
                f"instead of InvalidState"
            ) from None


def check_returns(state: State) -> None:
    """``returns()``: one finite float per player; at the end each winner's above every
    other player's, and summing to zero in a zero-sum game (payoffs may be chips)."""
    n = state.game.num_players
    r = state.returns()
    assert isinstance(r, tuple) and len(r) == n and all(isinstance(x, float) for x in r), r
    assert all(math.isfinite(x) for x in r), f"returns {r} are not finite"
    if not state.is_terminal:
        return
    won = state.winners
    if won and len(won) < n:
        low = min(r[p] for p in won)
        assert all(r[p] < low for p in range(n) if p not in won), (
            f"returns {r} do not rank the winners {sorted(won)} above the others"
        )
    if state.game.zero_sum:
        assert abs(sum(r)) <= 1e-9 * max(1.0, *map(abs, r)), f"returns {r} do not sum to 0"


def check_state(
    game: Game, state: State, deck: list[str], seats: list[Seat], views: bool = False
) -> None:
    """Every per-move check of one state (see the module docstring)."""
    n = game.num_players
    moves = state.legal_moves()
    assert isinstance(moves, list) and moves == state.legal_moves(), "legal_moves varies"
    texts = [str(m) for m in moves]
    assert len(set(texts)) == len(texts), "two legal moves share a notation"
    if state.is_terminal:
        assert moves == [] and state.current_player == -1, "a finished game offers moves"
    else:
        assert moves, "a state that is not terminal has no legal move"
        assert 0 <= state.current_player < n, f"current_player {state.current_player}"
        assert state.winners == frozenset(), "winners before the end"
    assert isinstance(state.winners, frozenset) and state.winners <= set(range(n))
    for m, text in zip(moves, texts, strict=True):
        assert text and state.parse_move(text) == m, f"{text!r} does not parse back"
    check_returns(state)
    d = state.to_json()
    data = json.loads(json.dumps(d, allow_nan=False))
    assert data == d, "to_json is not plain JSON"
    back = game.state_from_json(data)
    assert back == state and hash(back) == hash(state), "the JSON round trip differs"
    assert back.legal_moves() == moves, "move order depends on how the state was built"
    assert load_state(data) == state, "load_state differs"
    check_observations(state, d, deck, seats, views)


# ---- the declared parts (tablegames.parts) --------------------------------------------------

#: The states of the first game whose declared action space, text and puzzle goal are
#: checked (every state of the others goes through the JSON and observation checks).
PART_STATES = 60
#: A board's ``"module:Class"`` name.
_BOARD_NAME = re.compile(r"[A-Za-z_][\w.]*:[A-Za-z_]\w*")


def check_declared(game: Game) -> None:
    """The parts that need nothing but the declaration: every part named by reference
    loads (ImportError or TypeError naming the part otherwise), a board named
    ``"module:Class"``, a puzzle declaration that loads, and keys of ``hidden_per_seat``
    that the state's JSON has. (The JSON, the observations, the picture and the caption
    are checked on every state played, through the methods that call them.)"""
    parts = game.parts
    parts.load()
    if parts.board is not None:
        assert _BOARD_NAME.fullmatch(parts.board), f"board {parts.board!r} is not 'module:Class'"
    if parts.puzzles is not None:
        spec = parts.puzzles()
        assert isinstance(spec, PuzzleParts), f"parts.puzzles() gave {type(spec).__name__}"
        make(game.name, **{**game.options_json(), **spec.options})  # its options make a game
    d = game.initial_state(0).to_json()
    missing = [k for k in parts.hidden_per_seat if not isinstance(d.get(k), list)]
    assert not missing, f"hidden_per_seat names {missing}, not lists of the state's JSON"


def random_states(game: Game, seed: int, count: int = PART_STATES) -> list[State]:
    """The first ``count`` states of a seeded random game (fewer if it ends)."""
    rng = random.Random(f"parts:{seed}")
    state = game.initial_state(seed)
    out = [state]
    while not state.is_terminal and len(out) < count:
        moves = state.legal_moves()
        state = state.apply(moves[rng.randrange(len(moves))])
        out.append(state)
    return out


def check_parts(states: list[State]) -> None:
    """On ``states`` (a game played in order): the declared text board and description
    are non-empty text; the declared action space numbers every legal move once and reads
    each number back as its move; the declared puzzle goal answers True or False after
    every move, and where a move reaches it, the theme says so in words."""
    game = states[0].game
    parts = game.parts
    space = game.action_space() if parts.action_space is not None else None
    spec = parts.puzzles() if parts.puzzles is not None else None
    themed = False
    for k, state in enumerate(states):
        if parts.board_text is not None:
            assert isinstance(str(state), str) and str(state), "board_text gave no text"
        if parts.describe is not None:
            text = state.describe()
            assert isinstance(text, str) and text, "describe gave no sentence"
        moves = state.legal_moves()
        if space is not None:
            numbers = [space.index(state, m) for m in moves]
            assert len(set(numbers)) == len(numbers), "two legal moves share an action number"
            assert all(0 <= i < len(space) for i in numbers), "an action number out of range"
            for i, m in zip(numbers, moves, strict=True):
                assert space.move(state, i) == m, f"action {i} reads back as another move than {m}"
            assert space.legal(state) == dict(zip(numbers, moves, strict=True)), (
                "action_space.legal differs from the legal moves"
            )
        if spec is not None and k + 1 < len(states) and not state.is_terminal:
            player = state.current_player
            after = states[k + 1]
            reached = spec.goal(after, player)
            assert isinstance(reached, bool), f"the puzzle goal gave {reached!r}, not a bool"
            if reached and not themed:
                themed = True  # once: a theme may search (sample deals), which costs
                line = [str(after.last_move)] if hasattr(after, "last_move") else []
                if line and line[0] in {str(m) for m in moves}:
                    theme = spec.theme(state, line, player, "win")
                    assert isinstance(theme, str) and theme, "the puzzle theme gave no words"


class Budget:
    """How many more states get the view checks (shared by a check's games)."""

    def __init__(self, states: int) -> None:
        self.left = states

    def take(self) -> bool:
        """Whether this state gets them (and one fewer is left)."""
        self.left -= 1
        return self.left >= 0


def play_checked(
    game: Game, seed: int, rng: random.Random, views: Budget | None = None
) -> tuple[State, list[str]]:
    """One random game with every state checked (while ``views`` lasts, what the pages
    show each seat too); its final state and moves."""
    budget = views or Budget(0)
    deck = sorted(game.card_deck())
    seats = [Seat() for _ in range(game.num_players)]
    state = game.initial_state(seed)
    assert state == game.initial_state(seed), "the same seed gave another initial state"
    played: list[str] = []
    check_state(game, state, deck, seats, budget.take())
    while not state.is_terminal:
        assert len(played) < MAX_DECISIONS, f"no end after {MAX_DECISIONS} decisions"
        moves = state.legal_moves()
        move = moves[rng.randrange(len(moves))]
        before = state.to_json()
        after = state.apply(move)
        assert state.to_json() == before, f"apply({move}) changed the old state"
        assert after == state.apply(move), f"apply({move}) twice gave different states"
        played.append(str(move))
        state = after
        try:
            check_state(game, state, deck, seats, budget.take())
        except AssertionError as exc:
            raise AssertionError(f"after decision {len(played)} ({move}): {exc}") from None
    return state, played


def check_end(game: Game, seed: int, final: State, played: list[str]) -> None:
    """A finished game refuses moves; replaying (options, seed, moves) gives ``final``."""
    first = game.initial_state(seed).legal_moves()[0]
    _raises(IllegalMove, lambda: final.apply(first), "a move after the end")
    record = Record.start(game, seed).to_json()
    record["moves"] = played
    again = replay(json.loads(json.dumps(record)))[-1]
    assert again == final, "replaying (options, seed, moves) gave another final state"


def check_bots(game: Game, seed: int) -> None:
    """A short game with an MCTS bot at every seat (on a game with hidden cards it samples
    them from its observation and reads each sample back with ``state_from_json``), then
    one of greedy bots: every move they choose is legal, :data:`BOT_DECISIONS` at most."""
    from .bots import GreedyBot, MCTSBot

    for label, bot in (("MCTS", MCTSBot(iterations=16, seed=seed)), ("greedy", GreedyBot())):
        state = game.initial_state(seed)
        for k in range(BOT_DECISIONS):
            if state.is_terminal:
                break
            try:
                move = bot.choose(state)
                state = state.apply(move)
            except Exception as exc:
                raise AssertionError(
                    f"the {label} bot failed at decision {k + 1}: {type(exc).__name__}: {exc}"
                ) from None


def _check_random_game(
    checker: _Checker, game: Game, seed: int, late_json: bool, views: Budget | None = None
) -> None:
    """Play and check the random game of ``seed``, then its end and replay; with
    ``late_json``, bad JSON refused in its final position too; while ``views`` lasts,
    what the pages show each seat."""
    report = checker.report
    result: list[Any] = []
    rng = random.Random(f"conformance:{seed}")
    report.games += 1
    play = functools.partial(play_checked, game, seed, rng, views)
    if not checker.run(f"seed {seed}", lambda: result.extend(play())):
        return
    final, played = result
    report.decisions += len(played)
    report.ended_by_cap += any(e.kind == "max_turns" for e in getattr(final, "events", ()))
    checker.run(f"seed {seed}, end", lambda: check_end(game, seed, final, played))
    if late_json:
        checker.run("bad JSON at the end", lambda: check_bad_json(game, final))


def check_game(
    name: str,
    games: int = 100,
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
    views: int = VIEW_STATES,
) -> Report:
    """Run the conformance suite on the registered game ``name``: ``games`` random games
    with seeds ``seed``, ``seed + 1``, ... and the one-off checks (see the module); the
    first ``views`` states played check what the pages show each seat.

    ``options`` are the game's options, on top of its defaults and ``max_turns`` =
    :data:`MAX_TURNS` (where the game has the option; ``max_turns=None`` lifts the cap).
    ValueError for an unknown game or bad options.
    """
    cls = GAMES.get(name)
    if cls is None:
        raise ValueError(f"unknown game {name!r}; the games are: {', '.join(GAMES)}")
    names = {o.name for o in cls.option_table}
    cap = {"max_turns": MAX_TURNS} if "max_turns" in names else {}
    options = {**cap, **(options or {})}
    game = make(name, **options)
    report = Report(name, dict(options))
    t0 = time.perf_counter()
    checker = _Checker(report)
    checker.run("options table", lambda: check_options(name))
    checker.run("declared parts", lambda: check_declared(game))  # first: it names what is missing
    start = game.initial_state(seed)
    checker.run("bad moves", lambda: check_bad_moves(start))
    checker.run("bad JSON", lambda: check_bad_json(game, start))
    checker.run("bots", lambda: check_bots(game, seed))
    checker.run("declared parts in play", lambda: check_parts(random_states(game, seed)))
    budget = Budget(views)
    for s in range(seed, seed + games):
        _check_random_game(checker, game, s, late_json=s == seed, views=budget)
    report.seconds = time.perf_counter() - t0
    return report


__all__ = [
    "MAX_TURNS",
    "VIEW_STATES",
    "Budget",
    "Report",
    "Seat",
    "cards_in",
    "check_bad_json",
    "check_bad_moves",
    "check_bots",
    "check_declared",
    "check_game",
    "check_observations",
    "check_options",
    "check_parts",
    "check_returns",
    "hidden_cards",
]
