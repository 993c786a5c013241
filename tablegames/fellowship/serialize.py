"""Fellowship's JSON state format: ``to_json``, ``observation`` and a validating ``from_json``.

The format is documented with an example in ``docs/fellowship-json.md``. ``from_json``
accepts a full dump as well as a hand-built position that gives only the circle and
the hands; everything else defaults to "player 0 to move", with the cards not
mentioned forming the draw pile (shuffled by the seed).
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from .. import stateio
from ..cards import JOKERS, ORDER, SUITS
from . import moves as mv
from .moves import SIZE
from .state import (
    BOROMIR,
    CAN_CAPTURE,
    HAND_SIZE,
    PHASES,
    FellowshipState,
    score,
    two_player_roles,
)

if TYPE_CHECKING:
    from .game import FellowshipGame

KEYS = stateio.keys(
    "turn",
    "circle",
    "hands",
    "draw_pile",
    "roles",
    "seed",
)


def to_json(s: FellowshipState) -> dict[str, Any]:
    """The full state as plain JSON values (see docs/fellowship-json.md)."""
    return stateio.dump(
        s,
        {
            "turn": s.turn,
            "circle": [list(stack) for stack in s.circle],
            "hands": [list(h) for h in s.hands],
            "draw_pile": list(s.draw_pile),
            "roles": list(s.roles),
            "seed": s.seed,
        },
    )


def known_roles(s: FellowshipState, player: int) -> list[bool]:
    """Which players' roles ``player`` knows: all once the game is over; with two players,
    all once the Jack of Spades lies in the circle, and one's own when holding it (or
    having held it); with three or four, one's own suit."""
    n = s.game.players
    if s.phase == "over":
        return [True] * n
    if n == 2:
        if any(BOROMIR in stack for stack in s.circle):
            return [True, True]
        return [q == player and s.roles[q] == "black" for q in range(n)]
    return [q == player for q in range(n)]


def observation(s: FellowshipState, player: int) -> dict[str, Any]:
    """``to_json`` as ``player`` sees it: other hands, the draw pile, the seed and the
    roles that player does not know are hidden.

    Hidden cards become ``None`` (so counts stay visible); cards others drew are masked
    in the events too. ``viewer`` names the player.
    """
    d = stateio.observe(s, player, to_json)  # type: ignore[type-var]  # a registered State
    known = known_roles(s, player)
    d["roles"] = [r if known[q] else None for q, r in enumerate(d["roles"])]
    return d


# ---- reading ---------------------------------------------------------------------


_READ = stateio.Reader("fellowship", "Fellowship", KEYS)
_fail = _READ.fail
_int = _READ.integer


def _cards(v: Any, where: str) -> tuple[str, ...]:
    if not isinstance(v, list):
        raise _fail(f"{where} must be a list of card codes, not {v!r}")
    for i, c in enumerate(v):
        if not isinstance(c, str) or c not in ORDER:
            raise _fail(
                f"{where}[{i}]: {c!r} is not a card code (rank 2-9, T, J, Q, K, A then suit "
                "C, D, H, S, as in 'TH'; the joker 'RJ')"
            )
    return tuple(v)


def _roles(game: FellowshipGame, d: Mapping[str, Any], where_js: str, hands: Any) -> Any:
    n = game.players
    if n > 2:
        roles = d.get("roles", list(SUITS[:n]))
        if (
            not isinstance(roles, list)
            or len(roles) != n
            or not all(isinstance(r, str) and r in SUITS for r in roles)
            or len(set(roles)) != n
        ):
            raise _fail(
                f"roles must list {n} different suit letters (C, D, H, S), one per player, "
                f"not {roles!r}"
            )
        return tuple(roles)
    if "roles" not in d:
        if where_js == "circle":
            raise _fail(
                "the Jack of Spades is in the circle, so it was drawn: give roles "
                "(['black', 'red'] or ['red', 'black'])"
            )
        return two_player_roles(hands)
    roles = d["roles"]
    if (
        not isinstance(roles, list)
        or [r for r in roles if r is not None]
        not in (
            [],
            ["black", "red"],
            ["red", "black"],
        )
        or len(roles) != 2
    ):
        raise _fail(
            f"roles must be [null, null] (the Jack of Spades not drawn yet), ['black', 'red'] "
            f"or ['red', 'black'], not {roles!r}"
        )
    roles_t = tuple(roles)
    if where_js == "draw_pile" and roles_t != (None, None):
        raise _fail(
            "the Jack of Spades is still in the draw pile, so nobody knows their colour yet: "
            "roles must be [null, null]"
        )
    if where_js.startswith("hands") and roles_t != two_player_roles(hands):
        p = int(where_js[-2])
        raise _fail(f"player {p} holds the Jack of Spades, so player {p} is black")
    if where_js == "circle" and roles_t == (None, None):
        raise _fail(
            "the Jack of Spades is in the circle, so it was drawn: roles cannot be [null, null]"
        )
    return roles_t


@functools.lru_cache(maxsize=4096)
def can_arise(stack: tuple[str, ...], by_suit: bool) -> bool:
    """Whether play can build ``stack`` (bottom to top).

    Stacks grow only by a capture: a whole stack goes on top of a neighbour whose top
    card its own top card captures (opposite colour, or another suit with three or four
    players, and strictly stronger; anything captures or covers the uncovered joker). So a
    stack of several cards splits into a lower part and an upper part that could both
    arise, with the upper top capturing the lower top; a single card always can.

    >>> can_arise(("5S", "KH"), False), can_arise(("KH", "5S"), False)
    (True, False)
    >>> can_arise(("4S", "9S"), False), can_arise(("RJ", "9S", "TH"), False)
    (False, True)

    Remembered for the last 4,096 stacks asked about: a state read back from its JSON
    mostly holds stacks already checked, and the cache's size is bounded whatever a
    visitor sends.
    """
    n = len(stack)
    if n == 1:
        return True
    targets = CAN_CAPTURE[by_suit]
    # ok[i][j]: the cards stack[i:j] form a stack that play can build
    ok = [[j - i == 1 for j in range(n + 1)] for i in range(n + 1)]
    for size in range(2, n + 1):
        for i in range(n - size + 1):
            j = i + size
            top = targets[stack[j - 1]]
            ok[i][j] = any(stack[k - 1] in top and ok[i][k] and ok[k][j] for k in range(i + 1, j))
    return ok[0][n]


def _read_circle(d: Mapping[str, Any], by_suit: bool) -> tuple[tuple[str, ...], ...]:
    """The 13 stacks of the circle, each one a stack play can make."""
    circle_d = d.get("circle")
    if not isinstance(circle_d, list) or len(circle_d) != SIZE:
        raise _fail(
            f"circle must be a list of {SIZE} stacks (each a list of cards, bottom to top), "
            f"not {circle_d!r}"
        )
    circle = tuple(_cards(s, f"circle[{i}]") for i, s in enumerate(circle_d))
    for i, stack in enumerate(circle):
        if not stack:
            raise _fail(f"circle[{i}] is empty: every place of the circle holds a stack")
        if stack[-1] in JOKERS and len(stack) > 1:
            raise _fail(
                f"circle[{i}]: an uncovered joker never moves, so it stands alone; it cannot "
                f"top the stack {list(stack)}"
            )
        if not can_arise(stack, by_suit):
            raise _fail(
                f"circle[{i}]: the stack {list(stack)} cannot arise in play: a stack grows only "
                "when a stack whose top card captures the top card below it ("
                + ("another suit" if by_suit else "the opposite colour")
                + ", strictly stronger; anything on the uncovered joker) is moved onto it"
            )
    return circle


def from_json(game: FellowshipGame, d: Mapping[str, Any]) -> FellowshipState:
    """Validate ``d`` and build the state; InvalidState saying what is wrong otherwise."""
    _READ.open(game, d)
    n = game.players
    phase, player = _READ.phase_player(d, PHASES, n)
    over = phase == "over"
    turn = _READ.turn(d, 0, game.max_turns, over)
    capped = game.max_turns is not None and turn >= game.max_turns
    seed = _int(d, "seed", 0)

    circle = _read_circle(d, n > 2)
    hands = _READ.hands(d, n, HAND_SIZE, _cards)

    # Every card of this game's deck exactly once; the joker only in the circle.
    deck = game.deck
    placed = [c for stack in circle for c in stack]
    held = [c for h in hands for c in h]
    draw, _ = _READ.piles(
        d,
        deck,
        [*placed, *held],
        seed,
        _cards,
        lambda foreign: (
            f"{', '.join(foreign)} not in this game's deck (52 cards"
            + (" and the red joker RJ)" if game.has_joker else ", no joker with 3 players)")
        ),
        discard_pile=False,
    )
    given_draw = draw if "draw_pile" in d else ()  # else the missing cards, shuffled
    if any(c in JOKERS for c in (*held, *given_draw)):
        raise _fail("the joker stays in the circle: it is never in a hand or the draw pile")
    if game.has_joker and not any(c in JOKERS for c in placed):
        raise _fail("the joker must be in the circle")

    where_js = "draw_pile"
    if BOROMIR in placed:
        where_js = "circle"
    for p, h in enumerate(hands):
        if BOROMIR in h:
            where_js = f"hands[{p}]"
    roles = _roles(game, d, where_js, hands)

    winners_d = _READ.winners(d, n, over)
    winners = frozenset(winners_d)
    events = _READ.events(d)
    move = _READ.last_move(d, mv.parse)
    state = FellowshipState(
        game, phase, player, turn, circle, hands, draw, roles, seed, winners, events, move
    )
    _check_end(state, capped)
    return state


def _check_end(state: FellowshipState, capped: bool) -> None:
    """A finished game's winners are the circle's count (nobody at the turn cap); a game
    still going has a move for the player to move."""
    game, n, winners, roles, player, hands = (
        state.game,
        state.game.players,
        state.winners,
        state.roles,
        state.player,
        state.hands,
    )
    over = state.phase == "over"
    if over:
        expected = frozenset() if capped else score(n, state.counts(), roles)
        if winners != expected:
            raise _fail(
                f"winners {sorted(winners)} do not match the circle: "
                + (
                    f"the game stopped at max_turns={game.max_turns}, so nobody wins"
                    if capped
                    else f"counting the stacks gives {sorted(expected) or 'no winner'}"
                )
            )
    elif not state.legal_moves():
        raise _fail(
            f"player {player} is to move but has no legal move "
            f"({'no card in hand' if not hands[player] else 'no capture and no joker to cover'}),"
            " so the game is over: set phase to 'over'"
        )
