"""Poohsticks' JSON state format: ``to_json``, ``observation`` and a validating ``from_json``.

The format is documented with an example in ``docs/poohsticks-json.md``. ``from_json``
accepts a full dump as well as a hand-built position that gives only the river and the
hands; everything else defaults to "player 0 starts the first turn", with the cards not
mentioned forming the draw pile (shuffled by the seed).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from .. import stateio
from ..cards import ORDER
from ..events import Event
from . import moves as mv
from .state import HAND_SIZE, PHASES, PoohsticksState

if TYPE_CHECKING:
    from .game import PoohsticksGame

KEYS = stateio.keys(
    "turn",
    "river",
    "face_down",
    "rocks",
    "boats",
    "exited",
    "hands",
    "draw_pile",
    "discard_pile",
    "moved",
    "powers_used",
    "seed",
)

#: every kind of event a Poohsticks state records (see docs/poohsticks-json.md)
EVENT_KINDS = frozenset(
    {"move", "power", "flip", "exit", "discard", "pass", "end", "draw", "reshuffle", "turn",
     "tie", "win", "max_turns"}
)  # fmt: skip


def to_json(s: PoohsticksState) -> dict[str, Any]:
    """The full state as plain JSON values (see docs/poohsticks-json.md)."""
    g = s.game
    w = g.width
    names = g.names
    return stateio.dump(
        s,
        {
            "turn": s.turn,
            "river": [list(s.river[r * w : r * w + w]) for r in range(g.length)],
            "face_down": [names[c] for c in s.face_down],
            "rocks": [names[c] for c in s.rocks],
            "boats": [None if b is None else names[b] for b in s.boats],
            "exited": list(s.exited),
            "hands": [list(h) for h in s.hands],
            "draw_pile": list(s.draw_pile),
            "discard_pile": list(s.discard_pile),
            "moved": s.moved,
            "powers_used": list(s.powers_used),
            "seed": s.seed,
        },
    )


def observation(s: PoohsticksState, player: int) -> dict[str, Any]:
    """``to_json`` as ``player`` sees it: other hands, the draw pile, the seed and the
    face-down bridge and rock cards hidden (``None``, so counts and places stay visible);
    cards others drew are masked in the events too. ``viewer`` names the player."""
    d = stateio.observe(s, player, to_json)  # type: ignore[type-var]  # a registered State
    w = s.game.width
    for c in (*s.face_down, *s.rocks):
        d["river"][c // w][c % w] = None
    return d


# ---- reading ---------------------------------------------------------------------


_READ = stateio.Reader("poohsticks", "Poohsticks", KEYS)
_fail = _READ.fail
_int = _READ.integer


def _card(v: Any, where: str) -> str:
    if not isinstance(v, str) or v not in ORDER or v in ("RJ", "BJ"):
        raise _fail(
            f"{where}: {v!r} is not a card code (rank 2-9, T, J, Q, K, A then suit C, D, H, S, "
            "as in 'TH')"
        )
    return v


def _cards(v: Any, where: str) -> tuple[str, ...]:
    if not isinstance(v, list):
        raise _fail(f"{where} must be a list of card codes, not {v!r}")
    return tuple(_card(c, f"{where}[{i}]") for i, c in enumerate(v))


def _cell(game: PoohsticksGame, v: Any, where: str) -> int:
    i = game.index.get(v.upper()) if isinstance(v, str) else None
    if i is None or i not in game.cell_set:
        raise _fail(
            f"{where}: {v!r} is not a river card's cell (column A-{game.names[game.width - 1][0]} "
            f"then row 1-{game.length}, where the shape has a card)"
        )
    return i


def _cells(game: PoohsticksGame, v: Any, where: str) -> tuple[int, ...]:
    if not isinstance(v, list):
        raise _fail(f"{where} must be a list of cell names such as 'B3', not {v!r}")
    out = [_cell(game, c, f"{where}[{k}]") for k, c in enumerate(v)]
    if len(set(out)) != len(out):
        raise _fail(f"{where} names a cell twice")
    return tuple(sorted(out))


def _bools(v: Any, n: int, where: str) -> tuple[bool, ...]:
    if not isinstance(v, list) or len(v) != n or not all(isinstance(b, bool) for b in v):
        raise _fail(f"{where} must be a list of {n} booleans (one per player), not {v!r}")
    return tuple(v)


def from_json(game: PoohsticksGame, d: Mapping[str, Any]) -> PoohsticksState:
    """Validate ``d`` and build the state; InvalidState saying what is wrong otherwise."""
    _READ.open(game, d)
    n = game.num_players
    phase, player = _READ.phase_player(d, PHASES, n)
    over = phase == "over"
    turn = _READ.turn(d, max(player, 0), game.max_turns, over)
    if not over and turn % n != player:
        raise _fail(
            f"turn {turn} is player {turn % n}'s (players take turns in order from player 0), "
            f"not player {player}'s"
        )
    seed = _int(d, "seed", 0)
    river, rocks, face_down = _read_river(game, d)
    boats, exited = _read_boats(game, d, over, player, rocks, face_down)
    hands = _READ.hands(d, n, HAND_SIZE, _cards)
    known = [c for c in river if c is not None] + [c for h in hands for c in h]
    draw, discard = _READ.piles(
        d,
        game.deck,
        known,
        seed,
        _cards,
        lambda boats_in: f"{', '.join(boats_in)} sail as boats and are not among the cards",
    )
    moved, powers = _read_turn_flags(game, d, over, player, boats, exited)
    winners_d, events = _read_end(game, d, over, turn, exited)
    move = _READ.last_move(d, mv.parse)
    return PoohsticksState(
        game,
        phase,
        player,
        turn,
        river,
        face_down,
        rocks,
        boats,
        exited,
        hands,
        draw,
        discard,
        moved,
        powers,
        seed,
        frozenset(winners_d),
        events,
        move,
    )


def _read_river(
    game: PoohsticksGame, d: Mapping[str, Any]
) -> tuple[tuple[str | None, ...], tuple[int, ...], tuple[int, ...]]:
    """The river's cards, the rocks (leaving a path) and the face-down bridge cards."""
    w, length = game.width, game.length
    rows = d.get("river")
    if not isinstance(rows, list) or len(rows) != length:
        raise _fail(f"river must be a list of {length} rows (first row first), not {rows!r}")
    river: list[str | None] = []
    for r, row in enumerate(rows):
        if not isinstance(row, list) or len(row) != w:
            raise _fail(f"river row {r + 1} must be a list of {w} cards, not {row!r}")
        for c, v in enumerate(row):
            i = r * w + c
            where = f"river {game.names[i]}"
            if i in game.cell_set:
                card = _card(v, where)
                if card in game.boats:
                    raise _fail(f"{where}: {card} is a boat, not a river card")
                river.append(card)
            elif v is not None:
                raise _fail(f"{where}: the shape has no card there, so it must be null")
            else:
                river.append(None)
    rocks = _cells(game, d.get("rocks", []), "rocks")
    if not game.has_path(rocks):
        raise _fail(
            "the rocks leave no path of cards from the first row to the last: every boat "
            "would be stuck (move or remove a rock)"
        )
    default_down = [game.names[c] for c in game.bridge_cells if c not in rocks]
    face_down = _cells(game, d.get("face_down", default_down), "face_down")
    if face_down and not game.bridge:
        raise _fail("face_down cards are the Under the Bridge variant's (option bridge=True)")
    off_bridge = [game.names[c] for c in face_down if c not in game.bridge_cells]
    if off_bridge:
        raise _fail(
            f"face_down {', '.join(off_bridge)}: only cards of the bridge row "
            f"(row {(game.bridge_row or 0) + 1}) lie face down"
        )
    both = [game.names[c] for c in face_down if c in rocks]
    if both:
        raise _fail(
            f"{', '.join(both)} is listed as a rock and as a face-down bridge card; a rock on "
            "the bridge row is a rock only (it is never turned over)"
        )
    return tuple(river), rocks, face_down


def _read_boats(
    game: PoohsticksGame,
    d: Mapping[str, Any],
    over: bool,
    player: int,
    rocks: tuple[int, ...],
    face_down: tuple[int, ...],
) -> tuple[tuple[int | None, ...], tuple[int, ...]]:
    """Each player's boat cell (on a face-up card, no two together) and who has exited."""
    n, w = game.num_players, game.width
    boats_d = d.get("boats", [None] * n)
    if not isinstance(boats_d, list) or len(boats_d) != n:
        raise _fail(f"boats must be a list of {n} cells or nulls (one per player), not {boats_d!r}")
    boats = tuple(
        None if b is None else _cell(game, b, f"boats[{p}]") for p, b in enumerate(boats_d)
    )
    placed = [b for b in boats if b is not None]
    if len(set(placed)) != len(placed):
        raise _fail("two boats share a card; a boat never moves onto another's")
    for p, b in enumerate(boats):
        if b in rocks or b in face_down:
            what = "a rock" if b in rocks else "a face-down bridge card"
            raise _fail(f"player {p}'s boat is on {what} ({game.names[b]})")
        in_front = b is not None and game.bridge_row is not None and b // w == game.bridge_row - 1
        if b is not None and in_front and b + w in face_down:
            ahead = b + w
            raise _fail(
                f"player {p}'s boat at {game.names[b]} lies in front of the face-down "
                f"bridge card {game.names[ahead]}; a boat arriving there turns that card "
                f"face up, so {game.names[ahead]} cannot still be face down"
            )

    exited_d = d.get("exited", [])
    if (
        not isinstance(exited_d, list)
        or not all(isinstance(p, int) and not isinstance(p, bool) and 0 <= p < n for p in exited_d)
        or len(set(exited_d)) != len(exited_d)
    ):
        raise _fail(f"exited must list distinct player indices, not {exited_d!r}")
    exited = tuple(exited_d)
    for p in exited:
        if boats[p] is not None:
            raise _fail(f"player {p} has exited, so their boat is off the river (null)")
        if not over and p >= player:
            raise _fail(
                f"player {p} exited this round, so their turn came before player {player}'s; "
                "the game ends when the round in which a boat exits is complete"
            )
    return boats, exited


def _read_turn_flags(
    game: PoohsticksGame,
    d: Mapping[str, Any],
    over: bool,
    player: int,
    boats: tuple[int | None, ...],
    exited: tuple[int, ...],
) -> tuple[bool, tuple[bool, ...]]:
    """``moved`` (this turn) and ``powers_used`` (each boat's one free move)."""
    n = game.num_players
    moved = d.get("moved", False)
    if not isinstance(moved, bool):
        raise _fail(f"moved must be true or false, not {moved!r}")
    if over and moved:
        raise _fail("moved is false once the game is over")
    powers = _bools(d.get("powers_used", [False] * n), n, "powers_used")
    if any(powers) and not game.boat_powers:
        raise _fail("powers_used belongs to the boat powers variant (option boat_powers=True)")

    if moved and boats[player] is None:
        raise _fail(
            f"moved is true, but player {player} has no boat on the river: a boat that has "
            "moved this turn is on the river (an exit ends the turn)"
        )
    no_boat = [p for p in range(n) if powers[p] and boats[p] is None and p not in exited]
    if no_boat:
        raise _fail(
            f"powers_used is true for player(s) {', '.join(map(str, no_boat))}, whose boat "
            "never entered the river: a boat power moves the boat onto a card, so it stays "
            "on the river until it exits"
        )
    return moved, powers


def _read_end(
    game: PoohsticksGame, d: Mapping[str, Any], over: bool, turn: int, exited: tuple[int, ...]
) -> tuple[list[int], tuple[Event, ...]]:
    """The winners (the players who exited in the last round) and the events."""
    n = game.num_players
    winners_d = _READ.winners(d, n, over)
    if over and sorted(set(winners_d)) != sorted(exited):
        raise _fail(
            f"winners {winners_d} must be exactly the players who exited in the last round "
            f"({sorted(exited)})"
        )
    if over and not exited and (game.max_turns is None or turn < game.max_turns):
        raise _fail("a game ends when a boat exits or max_turns is reached; neither happened")
    events = _READ.events(d)
    unknown = sorted({e.kind for e in events} - EVENT_KINDS)
    if unknown:
        raise _fail(
            f"unknown event kind(s) {', '.join(map(repr, unknown))}; Poohsticks' events are "
            f"{', '.join(sorted(EVENT_KINDS))}"
        )
    return winners_d, events
