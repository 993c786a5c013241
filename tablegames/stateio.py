"""Reading and writing states as JSON: the parts every game shares.

Each game's ``serialize`` module keeps its own format (``KEYS``, ``to_json`` and the
game-specific checks of ``from_json``); this module holds what is the same for all of
them: the ``invalid <Game> state: `` errors, the opening checks of ``from_json``
(a JSON object, known keys, a full state rather than an observation, the game's name,
the saved options), reading integers, hands, winners, events and the last move, and
the masking that turns a full dump into one player's observation.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from . import rng
from .cards import ALL_CARDS, duplicates, shuffled, sort_cards
from .core import Game, State, check_player
from .errors import IllegalMove, InvalidState
from .events import Event
from .words import plural

S = TypeVar("S", bound=State)
M = TypeVar("M")


#: The keys every game's JSON starts and ends with; a game's own keys stand between.
HEAD_KEYS = ("game", "options", "phase", "current_player")
TAIL_KEYS = ("winners", "events", "last_move")


def keys(*own: str) -> tuple[str, ...]:
    """All the keys of a game's JSON: the common ones around the game's ``own``."""
    return (*HEAD_KEYS, *own, *TAIL_KEYS)


def dump(s: Any, own: dict[str, Any]) -> dict[str, Any]:
    """A game's JSON: the game, its options, the phase and the current player, then the
    game's ``own`` keys in order, then the winners, the events and the last move."""
    return {
        "game": s.game.name,
        "options": s.game.options_json(),
        "phase": s.phase,
        "current_player": s.player,
        **own,
        "winners": sorted(s.winners),
        "events": [e.to_json() for e in s.events],
        "last_move": str(s.last_move) if s.last_move is not None else None,
    }


def observe(s: S, player: int, to_json: Callable[[S], dict[str, Any]]) -> dict[str, Any]:
    """``to_json(s)`` as ``player`` sees it: other hands, the draw pile and the seed hidden.

    Hidden cards become ``None`` (so counts stay visible); cards others drew are masked
    in the events too. ``viewer`` names the player. Games hide more on top of this.
    """
    check_player(s.game, player)
    d = to_json(s)
    d["viewer"] = player
    d["hands"] = [h if p == player else [None] * len(h) for p, h in enumerate(d["hands"])]
    d["draw_pile"] = [None] * len(d["draw_pile"])
    d["seed"] = None
    for e in d["events"]:
        if e["kind"] == "draw" and e.get("player") != player:
            e["cards"] = [None] * len(e["cards"])
    return d


class Reader:
    """The shared reading helpers of one game's ``from_json``.

    ``name`` is the game's name in the JSON (``"currents"``), ``title`` the one in error
    messages (``"Currents"``) and ``keys`` the keys a full dump may have.
    """

    def __init__(self, name: str, title: str, keys: tuple[str, ...]) -> None:
        self.name = name
        self.title = title
        self.keys = keys

    def fail(self, msg: str) -> InvalidState:
        """The error to raise: ``invalid <Game> state: <msg>``."""
        return InvalidState(f"invalid {self.title} state: {msg}")

    def integer(self, d: Mapping[str, Any], key: str, default: int) -> int:
        """``d[key]`` (``default`` if absent), which must be an integer (not a bool)."""
        v = d.get(key, default)
        if isinstance(v, bool) or not isinstance(v, int):
            raise self.fail(f"{key} must be an integer, not {v!r}")
        return v

    def check_options(self, game: Game, options: Any) -> None:
        """The saved options must be this game's (defaults may be left out, types must match)."""
        try:
            if json.dumps(options, sort_keys=True) == game._key:
                return
        except (TypeError, ValueError):
            pass
        same = False
        if isinstance(options, Mapping):
            try:
                same = type(game)(**options) == game
            except (TypeError, ValueError):
                same = False
        if not same:
            raise self.fail(
                f"the state was saved with options {options!r} but this game has "
                f"{game.options_json()!r}; use tablegames.load_state(data) to take its options"
            )

    def open(self, game: Game, d: Any) -> None:
        """The opening checks: a JSON object with known keys, a full state (not an
        observation), this game's name and options."""
        if not isinstance(d, Mapping):
            raise self.fail(f"expected a JSON object (dict), not {type(d).__name__}")
        unknown = [k for k in d if k not in self.keys and k != "viewer"]
        if unknown:
            raise self.fail(
                f"unknown {plural(len(unknown), 'key')} {', '.join(map(repr, unknown))}; "
                f"the keys are {', '.join(self.keys)}"
            )
        if "viewer" in d:
            raise self.fail("this is an observation (hidden cards masked), not a full state")
        if d.get("game", self.name) != self.name:
            raise self.fail(f"game is {d.get('game')!r}, expected {self.name!r}")
        if "options" in d:
            self.check_options(game, d["options"])

    def phase_player(
        self, d: Mapping[str, Any], phases: tuple[str, ...], n: int, player: int | None = None
    ) -> tuple[str, int]:
        """``phase`` (default "play") and ``current_player``: a player index while the game
        goes on, -1 once it is over. ``player`` is the default current player (by
        default 0, or -1 once over)."""
        phase = d.get("phase", "play")
        if phase not in phases:
            raise self.fail(f"phase must be one of {', '.join(phases)}, not {phase!r}")
        over = phase == "over"
        default = (-1 if over else 0) if player is None else player
        current = self.integer(d, "current_player", default)
        if (over and current != -1) or (not over and not 0 <= current < n):
            allowed = "-1 once the game is over" if over else f"0 to {n - 1} for {n} players"
            raise self.fail(f"current_player must be {allowed}, not {current}")
        return phase, current

    def turn(self, d: Mapping[str, Any], default: int, max_turns: int | None, over: bool) -> int:
        """``turn``: the turns completed, 0 or more and at most the ``max_turns`` cap, which
        only a finished game reaches."""
        turn = self.integer(d, "turn", default)
        if turn < 0:
            raise self.fail(f"turn must be 0 or more, not {turn}")
        if max_turns is not None and turn > max_turns:
            raise self.fail(
                f"turn {turn} is beyond max_turns={max_turns}: the game stops once "
                f"{max_turns} turns are played"
            )
        if not over and max_turns is not None and turn >= max_turns:
            raise self.fail(
                f"turn {turn} reaches max_turns={max_turns}, so the phase must be 'over'"
            )
        return turn

    def piles(
        self,
        d: Mapping[str, Any],
        deck: tuple[str, ...],
        known: list[str],
        seed: int,
        cards: Callable[[Any, str], tuple[str, ...]],
        foreign: Callable[[list[str]], str],
        discard_pile: bool = True,
    ) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """The draw and discard piles (read by ``cards``; a game without a discard pile
        says ``discard_pile=False``) such that, with the cards ``known`` elsewhere, every
        card of ``deck`` is in play exactly once: cards not in the deck are refused
        (``foreign(cards)`` says why), so are cards twice, and the missing ones are placed
        as :meth:`missing` says."""
        draw_given = "draw_pile" in d
        discard_given = "discard_pile" in d or not discard_pile
        draw = cards(d["draw_pile"], "draw_pile") if draw_given else ()
        discard = cards(d["discard_pile"], "discard_pile") if "discard_pile" in d else ()
        every = [*known, *draw, *discard]
        seen = set(every)
        strange = sorted(seen.difference(deck), key=ALL_CARDS.index)
        if strange:
            raise self.fail(foreign(strange))
        if len(seen) != len(every):
            twice = duplicates(every)
            raise self.fail(
                f"{plural(len(twice), 'card')} {', '.join(twice)} "
                f"{plural(len(twice), 'appears', 'appear')} more than once"
            )
        return self.missing(deck, seen, seed, draw, discard, draw_given, discard_given)

    def hands(
        self,
        d: Mapping[str, Any],
        n: int,
        hand_size: int,
        cards: Callable[[Any, str], tuple[str, ...]],
    ) -> tuple[tuple[str, ...], ...]:
        """``hands``: ``n`` hands of at most ``hand_size`` cards each (read by ``cards``,
        then sorted)."""
        hands_d = d.get("hands")
        if not isinstance(hands_d, list) or len(hands_d) != n:
            raise self.fail(f"hands must be a list of {n} hands (one per player), not {hands_d!r}")
        hands = tuple(sort_cards(cards(h, f"hands[{p}]")) for p, h in enumerate(hands_d))
        for p, h in enumerate(hands):
            if len(h) > hand_size:
                raise self.fail(
                    f"player {p} holds {len(h)} cards; a hand holds at most {hand_size}"
                )
        return hands

    def winners(self, d: Mapping[str, Any], n: int, over: bool) -> list[int]:
        """``winners``: player indices, given only once the game is over."""
        winners_d = d.get("winners", [])
        if not isinstance(winners_d, list) or not all(
            isinstance(w, int) and not isinstance(w, bool) and 0 <= w < n for w in winners_d
        ):
            raise self.fail(f"winners must be a list of player indices, not {winners_d!r}")
        if winners_d and not over:
            raise self.fail("winners are set only once the game is over")
        return winners_d

    def missing(
        self,
        deck: tuple[str, ...],
        known: set[str],
        seed: int,
        draw: tuple[str, ...],
        discard: tuple[str, ...],
        draw_given: bool,
        discard_given: bool,
    ) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """The draw and discard piles once the cards of ``deck`` not ``known`` are placed:
        shuffled by ``seed`` into the draw pile if it was not given, else into the
        discard pile if that was not given; an error if both were given."""
        missing = [c for c in deck if c not in known]
        if missing:
            if not draw_given:
                draw = shuffled(missing, rng.generator(seed))
            elif not discard_given:
                discard = tuple(missing)
            else:
                raise self.fail(
                    f"{plural(len(missing), 'card')} {', '.join(missing)} "
                    f"{plural(len(missing), 'is', 'are')} missing: every card must be somewhere"
                )
        return draw, discard

    def events(self, d: Mapping[str, Any]) -> tuple[Event, ...]:
        """``events``: a list of events."""
        events_d = d.get("events", [])
        if not isinstance(events_d, list):
            raise self.fail("events must be a list")
        try:
            return tuple(Event.from_json(e) for e in events_d)
        except ValueError as exc:
            raise self.fail(str(exc)) from None

    def last_move(self, d: Mapping[str, Any], parse: Callable[[str], M]) -> M | None:
        """``last_move``: null or a move in the game's notation (read by ``parse``)."""
        last = d.get("last_move")
        if last is None:
            return None
        try:
            return parse(last)
        except IllegalMove as exc:
            raise self.fail(f"last_move: {exc}") from None
