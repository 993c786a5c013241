"""Card Chess's JSON state format: ``to_json``, ``observation`` and a validating ``from_json``.

The format is documented with an example in ``docs/cardchess-json.md``. ``from_json``
accepts a full dump as well as a hand-built position that gives only the units; the
surface is then dealt by the seed and everything else defaults (see the document).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from .. import rng, stateio
from ..cards import duplicates, sort_cards
from ..core import check_player
from . import moves as mv
from .moves import CELL_INDEX, CELL_NAMES, COLS, ROWS, SIZE
from .state import (
    ARMY,
    COLOURS,
    PHASES,
    START_AREA,
    SURFACE_CARDS,
    TERRAIN_CARDS,
    TERRAIN_CELLS,
    CardChessState,
    deal_surface,
    owner,
)

if TYPE_CHECKING:
    from .game import CardChessGame

KEYS = stateio.keys(
    "ply",
    "surface",
    "units",
    "hands",
    "seed",
)


def to_json(s: CardChessState) -> dict[str, Any]:
    """The full state as plain JSON values (see docs/cardchess-json.md)."""
    return stateio.dump(
        s,
        {
            "ply": s.ply,
            "surface": [list(s.surface[r * COLS : (r + 1) * COLS]) for r in range(ROWS)],
            "units": {CELL_NAMES[i]: list(st) for i, st in enumerate(s.stacks) if st},
            "hands": [list(h) for h in s.hands],
            "seed": s.seed,
        },
    )


def observation(s: CardChessState, player: int) -> dict[str, Any]:
    """``to_json`` as ``player`` sees it: face-down grid cards and the seed hidden (``None``).

    Nobody sees a face-down card, so both players' observations are the same apart
    from ``viewer``; the armies and hands are public.
    """
    check_player(s.game, player)
    d = to_json(s)
    d["viewer"] = player
    d["surface"] = [
        [c if s.face_up(r * COLS + k) else None for k, c in enumerate(row)]
        for r, row in enumerate(d["surface"])
    ]
    d["seed"] = None
    return d


# ---- reading ---------------------------------------------------------------------


_READ = stateio.Reader("cardchess", "Card Chess", KEYS)
_fail = _READ.fail
_int = _READ.integer


def _surface(game: CardChessGame, d: Mapping[str, Any], seed: int) -> tuple[str, ...]:
    if "surface" not in d:
        return deal_surface(rng.generator(seed))
    rows = d["surface"]
    if (
        not isinstance(rows, list)
        or len(rows) != ROWS
        or not all(isinstance(r, list) and len(r) == COLS for r in rows)
    ):
        raise _fail(
            f"surface must be {ROWS} rows (black's back row first) of {COLS} card codes, "
            f"not {rows!r}"
        )
    cards = [c for r in rows for c in r]
    bad = [c for c in cards if not isinstance(c, str) or c not in SURFACE_CARDS]
    if bad:
        raise _fail(
            f"surface: {bad[0]!r} is not a surface card (the 36 cards without the kings, "
            "queens, jacks and tens: ranks 2-9 and A of every suit, as in '7H')"
        )
    if len(set(cards)) != len(cards):
        raise _fail(f"surface: card(s) {', '.join(duplicates(cards))} appear more than once")
    middle = sorted(c for i, c in enumerate(cards) if i in TERRAIN_CELLS)
    if middle != sorted(TERRAIN_CARDS):
        raise _fail(
            "surface: the two middle rows (ranks 3-4) hold exactly the twelve 2s, 3s and 5s "
            f"(the terrain), not {', '.join(middle)}"
        )
    return tuple(cards)


def _units(d: Mapping[str, Any]) -> tuple[tuple[str, ...], ...]:
    units = d.get("units")
    if not isinstance(units, Mapping):
        raise _fail(
            "units must be an object mapping cell names ('c1') to stacks of units, bottom "
            f"to top, not {units!r}"
        )
    stacks: list[tuple[str, ...]] = [()] * SIZE
    for name, stack in units.items():
        i = CELL_INDEX.get(name) if isinstance(name, str) else None
        if i is None:
            raise _fail(f"units: {name!r} is not a cell (a file a-f and a rank 1-6, as in 'c1')")
        if not isinstance(stack, list) or not stack:
            raise _fail(f"units[{name!r}] must be a non-empty list of units, not {stack!r}")
        for u in stack:
            if not isinstance(u, str) or u not in mv.UNITS:
                raise _fail(
                    f"units[{name!r}]: {u!r} is not a unit (a king, queen, jack or ten, as in 'KH')"
                )
        stacks[i] = tuple(stack)
    return tuple(stacks)


def _hands(d: Mapping[str, Any]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    hands = d.get("hands", [[], []])
    if (
        not isinstance(hands, list)
        or len(hands) != 2
        or not all(isinstance(h, list) for h in hands)
    ):
        raise _fail(f"hands must be two lists of units (red's, black's), not {hands!r}")
    out = []
    for p, h in enumerate(hands):
        for u in h:
            if not isinstance(u, str) or u not in ARMY[p]:
                raise _fail(f"hands[{p}]: {u!r} is not one of {COLOURS[p]}'s units")
        out.append(sort_cards(h))
    return (out[0], out[1])


def from_json(game: CardChessGame, d: Mapping[str, Any]) -> CardChessState:
    """Validate ``d`` and build the state; InvalidState saying what is wrong otherwise."""
    _READ.open(game, d)
    seed = _int(d, "seed", 0)
    surface = _surface(game, d, seed)
    stacks = _units(d)
    hands = _hands(d)
    placed = [u for st in stacks for u in st]
    every = placed + [u for h in hands for u in h]
    if len(set(every)) != len(every):
        raise _fail(f"unit(s) {', '.join(duplicates(every))} appear more than once")
    missing = [u for u in (*ARMY[0], *ARMY[1]) if u not in every]
    if missing:
        raise _fail(
            f"unit(s) {', '.join(missing)} are missing: every unit is on the surface or, "
            "during a progressive set-up, in its side's hand"
        )
    phase = d.get("phase", "setup" if any(hands) else "play")
    if phase not in PHASES:
        raise _fail(f"phase must be one of {', '.join(PHASES)}, not {phase!r}")
    ply = _int(d, "ply", 0)
    if ply < 0:
        raise _fail(f"ply must be 0 or more, not {ply}")
    if phase == "setup":
        player = _setup_checks(game, d, stacks, hands, ply)
    else:
        if any(hands):
            raise _fail(f"hands must be empty once the set-up is over (phase {phase!r})")
        default = -1 if phase == "over" else game.first_player
        player = _int(d, "current_player", default)
        if phase == "over" and player != -1:
            raise _fail(f"current_player must be -1 once the game is over, not {player}")
        if phase == "play" and player not in (0, 1):
            raise _fail(f"current_player must be 0 (red) or 1 (black), not {player}")
    cap = game.max_turns
    if cap is not None and ply > cap:
        raise _fail(
            f"ply {ply} is beyond max_turns={cap}: the game stops once {cap} moves are made"
        )
    capped = cap is not None and ply >= cap
    winners = frozenset(_READ.winners(d, 2, phase == "over"))
    events = _READ.events(d)
    move = _READ.last_move(d, mv.parse)
    state = CardChessState(
        game, phase, player, ply, surface, stacks, hands, seed, winners, events, move
    )
    _check_end(state, capped)
    return state


def _check_end(state: CardChessState, capped: bool) -> None:
    """The winners match the surface (both opposing kings covered); a game still going
    has no decided side, is under the turn cap and has a move for the side to move."""
    phase, player, winners, ply, cap = (
        state.phase,
        state.player,
        state.winners,
        state.ply,
        state.game.max_turns,
    )
    decided = state.decided()
    if phase == "over":
        ok = (len(winners) == 1 and winners <= decided) if decided else not winners
        if not ok:
            raise _fail(
                f"winners {sorted(winners)} do not match the surface: "
                + (
                    f"{' or '.join(COLOURS[p] for p in sorted(decided))} covers both opposing kings"
                    if decided
                    else "no side covers both opposing kings, so nobody wins"
                )
            )
    elif phase == "play":
        if decided:
            raise _fail(
                f"both of {COLOURS[1 - min(decided)]}'s kings are covered, so the game is "
                "over: set phase to 'over' and winners"
            )
        if capped:
            raise _fail(f"ply {ply} reaches max_turns={cap}, so the phase must be 'over'")
        if not state.legal_moves():
            raise _fail(
                f"{COLOURS[player]} is to move but has no legal move, so the game is a draw: "
                "set phase to 'over'"
            )


def _setup_checks(
    game: CardChessGame,
    d: Mapping[str, Any],
    stacks: tuple[tuple[str, ...], ...],
    hands: tuple[tuple[str, ...], tuple[str, ...]],
    ply: int,
) -> int:
    if game.setup != "progressive":
        raise _fail("only a progressive set-up has a 'setup' phase (units in hand)")
    if ply:
        raise _fail(f"ply must be 0 during the set-up, not {ply}")
    for i, st in enumerate(stacks):
        if len(st) > 1:
            raise _fail(f"units[{CELL_NAMES[i]!r}]: during the set-up every unit stands alone")
        if st and i not in START_AREA[owner(st[0])]:
            raise _fail(
                f"units[{CELL_NAMES[i]!r}]: {st[0]} is outside {COLOURS[owner(st[0])]}'s "
                "start area; units are placed in their own side's start area"
            )
    if not any(hands):
        raise _fail("the set-up is over once both hands are empty: set phase to 'play'")
    placed = 16 - len(hands[0]) - len(hands[1])
    default = game.first_player if placed % 2 == 0 else 1 - game.first_player
    if not hands[default]:
        default = 1 - default
    player = _int(d, "current_player", default)
    if player not in (0, 1) or not hands[player]:
        raise _fail(
            f"current_player must be a player with units left to place "
            f"({' or '.join(str(p) for p in (0, 1) if hands[p])}), not {player}"
        )
    return player
