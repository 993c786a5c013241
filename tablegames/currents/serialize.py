"""Currents' JSON state format: ``to_json``, ``observation`` and a validating ``from_json``.

The format is documented with an example in ``docs/currents-json.md``. ``from_json``
accepts a full dump as well as a hand-built position that gives only the board and
the hands; everything else defaults to "the current player's decision in the Play
phase", with the cards not mentioned forming the draw pile (shuffled by the seed).
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from .. import stateio
from ..cards import JOKERS, ORDER, RANK, SUIT
from . import moves as mv
from .geometry import OPPOSITE, POINTS, SIZE, clamp_axis, crossings, on_board
from .push import net_vector
from .rules import advantage_order
from .state import HAND_SIZE, PHASES, CurrentsState, follows_up

if TYPE_CHECKING:
    from .game import CurrentsGame

KEYS = stateio.keys(
    "turn_player",
    "turn",
    "pawn",
    "compass",
    "currents",
    "hands",
    "draw_pile",
    "discard_pile",
    "aside",
    "seed",
    "target",
    "queue",
    "combo",
)


def to_json(s: CurrentsState) -> dict[str, Any]:
    """The full state as plain JSON values (see docs/currents-json.md)."""
    return stateio.dump(
        s,
        {
            "turn_player": s.turn_player,
            "turn": s.turn,
            "pawn": list(s.pawn),
            "compass": dict(zip(POINTS, s.compass)),
            "currents": {
                side: list(s.currents[4 * i : 4 * i + 4]) for i, side in enumerate(POINTS)
            },
            "hands": [list(h) for h in s.hands],
            "draw_pile": list(s.draw_pile),
            "discard_pile": list(s.discard_pile),
            "aside": list(s.aside),
            "seed": s.seed,
            "target": list(s.target) if s.target is not None else None,
            "queue": list(s.queue),
            "combo": s.combo,
        },
    )


def observation(s: CurrentsState, player: int) -> dict[str, Any]:
    """``to_json`` as ``player`` sees it: other hands, the draw pile and the seed hidden.

    Hidden cards become ``None`` (so counts stay visible); cards others drew are masked
    in the events too. ``viewer`` names the player.
    """
    return stateio.observe(s, player, to_json)  # type: ignore[type-var]  # a registered State


# ---- reading ---------------------------------------------------------------------


_READ = stateio.Reader("currents", "Currents", KEYS)
_fail = _READ.fail
_int = _READ.integer


def _card(v: Any, where: str, allow_none: bool = False) -> Any:
    if v is None and allow_none:
        return None
    if not isinstance(v, str) or v not in ORDER:
        raise _fail(
            f"{where}: {v!r} is not a card code (rank 2-9, T, J, Q, K, A then suit C, D, H, S, "
            "as in 'TH'; jokers 'RJ' and 'BJ'"
            + ("; null for an empty place)" if allow_none else ")")
        )
    return v


def _cards(v: Any, where: str) -> tuple[str, ...]:
    if not isinstance(v, list):
        raise _fail(f"{where} must be a list of card codes, not {v!r}")
    if all(isinstance(c, str) and c in ORDER for c in v):  # the usual case, checked fast
        return tuple(v)
    return tuple(_card(c, f"{where}[{i}]") for i, c in enumerate(v))


def _point(v: Any, where: str) -> tuple[int, int]:
    if (
        not isinstance(v, (list, tuple))
        or len(v) != 2
        or not all(isinstance(c, int) and not isinstance(c, bool) for c in v)
    ):
        raise _fail(f"{where} must be [x, y] with two integers, not {v!r}")
    return (v[0], v[1])


#: The farthest a move carries the pawn along one axis: eight currents, one unit each.
REACH = 8


def _check_target(
    game: CurrentsGame,
    pawn: tuple[int, int],
    compass: tuple[str | None, ...],
    currents: tuple[str | None, ...],
    target: tuple[int, int],
    queue: tuple[str, ...],
    turn_player: int,
) -> None:
    """The defend phase's target is the pawn plus the net vector, stopped on the edge line
    of every crossing already defended (those resolved before the ones still queued)."""
    dx, dy = net_vector(compass, currents, pawn)
    raw = (pawn[0] + dx, pawn[1] + dy)
    full = advantage_order(list(crossings(*raw)), game.owner, turn_player, game.num_players)
    done = full[: len(full) - len(queue)]
    expected = raw
    for edge in done:
        expected = clamp_axis(*expected, edge)
    if target != expected or full[len(done) :] != list(queue):
        raise _fail(
            f"target {list(target)} and queue {list(queue)} do not follow from the pawn "
            f"{list(pawn)} and the net vector ({dx}, {dy}) of the currents and compass: the "
            f"pawn heads for {list(raw)}, crossing {', '.join(full) or 'no edge'} in that "
            "order (the target is stopped on the edge line of each crossing already defended)"
        )


def _check_combo(
    game: CurrentsGame, combo: str, card: str, hand: tuple[str, ...], d: Mapping[str, Any]
) -> None:
    """The combo phase follows a demotion onto ``combo`` with the option on, and only when
    the hand holds a follow-up."""
    if not game.combination_attacks:
        raise _fail("the combo phase belongs to the option combination_attacks=True")
    on_compass = mv.TARGET_INDEX[combo] < 4
    if RANK[card] == RANK["2C" if on_compass else "AC"]:
        raise _fail(
            f"combo {combo}: {card} cannot have just demoted that place (a demotion puts a "
            + ("higher rank of the same suit on a compass point" if on_compass else
               "lower rank of the same suit on a current slot")
            + f", and nothing is {'lower' if on_compass else 'higher'} than {card[0]})"
        )  # fmt: skip
    last = d.get("last_move")
    if last is not None and str(last).replace(" ", "").upper() != f"{card}>{combo}".upper():
        raise _fail(
            f"combo {combo}: the last move {last!r} did not play {card} there; the combo phase "
            f"follows the demotion itself ('{card}>{combo}')"
        )
    if not any(follows_up(c, card, on_compass, game.easier_usurping) for c in hand):
        raise _fail(
            f"combo {combo}: the hand holds no card of another suit that beats {card}, so "
            "no follow-up is offered and the turn goes on to the Move phase"
        )


def from_json(game: CurrentsGame, d: Mapping[str, Any]) -> CurrentsState:
    """Validate ``d`` and build the state; InvalidState saying what is wrong otherwise."""
    _READ.open(game, d)
    phase, player, turn_player, turn = _read_turn(game, d)
    over = phase == "over"
    seed = _int(d, "seed", 0)
    pawn, compass, currents = _read_board(game, d, over)
    hands, aside, draw, discard = _read_cards(game, d, compass + currents, seed)
    _check_setup(game, phase, player, compass, currents, aside)
    if phase == "play" and not hands[player]:
        raise _fail(f"player {player} is to play but holds no card")
    target, queue = _read_defend(
        game, d, phase, player, turn_player, pawn, compass, currents, hands
    )
    combo = _read_combo(game, d, phase, compass + currents, hands[player])
    winners_d = _read_winners(game, d, over, pawn, turn)
    events = _READ.events(d)
    move = _READ.last_move(d, mv.parse)
    state = CurrentsState(
        game,
        phase,
        player,
        turn_player,
        turn,
        pawn,
        compass,
        currents,
        hands,
        draw,
        discard,
        aside,
        seed,
        target,
        queue,
        combo,
        frozenset(winners_d),
        events,
        move,
    )
    if phase == "play" and not state.legal_moves():
        raise _fail(f"player {player} has no legal move")
    return state


def _read_turn(game: CurrentsGame, d: Mapping[str, Any]) -> tuple[str, int, int, int]:
    """The phase, the current player, the turn player and the turn number."""
    n = game.num_players
    phase, player = _READ.phase_player(d, PHASES, n, player=0)
    over = phase == "over"
    turn_player = _int(d, "turn_player", player if phase in ("play", "combo") else 0)
    if not 0 <= turn_player < n:
        raise _fail(f"turn_player must be 0 to {n - 1}, not {turn_player}")
    if phase in ("play", "combo") and turn_player != player:
        raise _fail(f"in the {phase} phase the current player is the turn player ({turn_player})")
    turn = _READ.turn(d, 0, game.max_turns, over)
    return phase, player, turn_player, turn


def _read_board(
    game: CurrentsGame, d: Mapping[str, Any], over: bool
) -> tuple[tuple[int, int], tuple[str | None, ...], tuple[str | None, ...]]:
    """The pawn, the compass and the currents (no joker on either)."""
    pawn = _point(d.get("pawn", [SIZE // 2, SIZE // 2]), "pawn")
    if not over and not on_board(*pawn):
        raise _fail(f"pawn {list(pawn)} is off the board: x and y must be 0 to {SIZE}")
    if not over and pawn in game.obstacle_set:
        raise _fail(f"pawn {list(pawn)} stands on an obstacle")

    compass_d = d.get("compass", {})
    if not isinstance(compass_d, Mapping) or set(compass_d) - set(POINTS):
        raise _fail(f"compass must be an object with keys N, E, S, W, not {compass_d!r}")
    compass = tuple(_card(compass_d.get(p), f"compass {p}", True) for p in POINTS)
    currents_d = d.get("currents", {})
    if not isinstance(currents_d, Mapping) or set(currents_d) - set(POINTS):
        raise _fail(f"currents must be an object with keys N, E, S, W, not {currents_d!r}")
    cur: list[str | None] = []
    for side in POINTS:
        row = currents_d.get(side, [None] * 4)
        if not isinstance(row, list) or len(row) != 4:
            raise _fail(f"currents {side} must be a list of 4 slots (card or null), not {row!r}")
        if all(c is None or (isinstance(c, str) and c in ORDER) for c in row):
            cur.extend(row)
        else:
            cur.extend(_card(c, f"currents {side}{k}", True) for k, c in enumerate(row))
    currents = tuple(cur)
    placed = [c for c in compass + currents if c is not None]
    jok = [c for c in placed if c in JOKERS]
    if jok:
        raise _fail(f"jokers are never placed on the compass or the board ({', '.join(jok)})")
    return pawn, compass, currents


def _read_cards(
    game: CurrentsGame, d: Mapping[str, Any], places: tuple[str | None, ...], seed: int
) -> tuple[tuple[tuple[str, ...], ...], tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
    """The hands, the aces aside and the two piles: with the cards on ``places``, every
    card of this game's deck exactly once (the piles completed as ``Reader.missing`` does)."""
    placed = [c for c in places if c is not None]
    hands = _READ.hands(d, game.num_players, HAND_SIZE, _cards)
    aside = _cards(d.get("aside", []), "aside")
    if any(a[0] != "A" for a in aside):
        raise _fail("only aces wait aside to be placed during set-up")

    deck = game.deck
    known = [*placed, *itertools.chain.from_iterable(hands), *aside]
    draw, discard = _READ.piles(
        d,
        deck,
        known,
        seed,
        _cards,
        lambda foreign: (
            f"{', '.join(foreign)} not in this game's deck (52 cards"
            f"{' plus ' + ' and '.join(deck[52:]) if len(deck) > 52 else ', no jokers'})"
        ),
    )
    return hands, aside, draw, discard


def _check_setup(
    game: CurrentsGame,
    phase: str,
    player: int,
    compass: tuple[str | None, ...],
    currents: tuple[str | None, ...],
    aside: tuple[str, ...],
) -> None:
    """Aces wait aside only during set-up, with as many empty compass points."""
    if phase == "setup":
        if not aside or sum(c is None for c in compass) < len(aside):
            raise _fail("during set-up, aces wait aside and as many compass points are empty")
        if any(c is not None and c[0] != "A" for c in compass) or any(currents):
            raise _fail("during set-up the compass holds only aces and no current is played yet")
        order = game.setup_order
        if player != order[len(order) - len(aside)]:
            raise _fail(
                f"during set-up it is player {order[len(order) - len(aside)]} who places an ace"
            )
    elif aside:
        raise _fail("aces wait aside only during set-up")


def _read_defend(
    game: CurrentsGame,
    d: Mapping[str, Any],
    phase: str,
    player: int,
    turn_player: int,
    pawn: tuple[int, int],
    compass: tuple[str | None, ...],
    currents: tuple[str | None, ...],
    hands: tuple[tuple[str, ...], ...],
) -> tuple[tuple[int, int] | None, tuple[str, ...]]:
    """The defend phase's target and queue of edges (None and () in any other phase)."""
    n = game.num_players
    target = None
    queue: tuple[str, ...] = ()
    if phase == "defend":
        target = _point(d.get("target"), "target")
        q = d.get("queue")
        if (
            not isinstance(q, list)
            or not q
            or not all(isinstance(e, str) and len(e) == 1 and e in POINTS for e in q)
        ):
            raise _fail("in the defend phase, queue lists the edges still to defend (N, E, S, W)")
        queue = tuple(q)
        beyond = crossings(*target)
        if sorted(queue) != sorted(beyond):
            raise _fail(
                f"queue {q} must list each edge that target {list(target)} lies beyond "
                f"({', '.join(beyond) or 'none: the target is on the board'}) exactly once"
            )
        first = advantage_order(list(queue), game.owner, turn_player, n)
        if list(queue) != first:
            raise _fail(
                f"queue {q} is not in advantage order: for turn player {turn_player} it is {first}"
            )
        if player != game.goaltender[queue[0]]:
            raise _fail(f"the {queue[0]} edge is defended by player {game.goaltender[queue[0]]}")
        card = compass[POINTS.index(OPPOSITE[queue[0]])]
        s = SUIT[card] if card else None
        if s is None or sum(SUIT[c] == s for c in hands[player]) < beyond[queue[0]]:
            raise _fail(f"player {player} cannot defend the {queue[0]} edge, so nobody is asked")
        _check_target(game, pawn, compass, currents, target, queue, turn_player)
    elif d.get("target") is not None or d.get("queue", []) != []:
        raise _fail("target and queue belong to the defend phase only (null and [] otherwise)")
    return target, queue


def _read_combo(
    game: CurrentsGame,
    d: Mapping[str, Any],
    phase: str,
    places: tuple[str | None, ...],
    hand: tuple[str, ...],
) -> str | None:
    """The combo phase's demoted place (None in any other phase)."""
    if phase != "combo":
        if d.get("combo") is not None:
            raise _fail("combo belongs to the combo phase only")
        return None
    combo = d.get("combo")
    demoted = None
    if isinstance(combo, str) and combo in mv.TARGET_INDEX:
        demoted = places[mv.TARGET_INDEX[combo]]
    if not isinstance(combo, str) or demoted is None:
        raise _fail(f"combo must name the occupied place just demoted, not {combo!r}")
    _check_combo(game, combo, demoted, hand, d)
    return combo


def _read_winners(
    game: CurrentsGame, d: Mapping[str, Any], over: bool, pawn: tuple[int, int], turn: int
) -> list[int]:
    """The winners: the owner of the edge the pawn crossed, or none at the turn cap."""
    n = game.num_players
    winners_d = _READ.winners(d, n, over)
    if over and winners_d:
        owners = {game.owner[e]: e for e in crossings(*pawn)}
        if len(set(winners_d)) != 1 or winners_d[0] not in owners:
            raise _fail(
                f"winners {winners_d} do not match pawn {list(pawn)}: a won game ends with the "
                "pawn beyond an edge of its one winner"
                + (f" (here: player {' or '.join(map(str, sorted(owners)))})" if owners else "")
            )
    elif over and not on_board(*pawn):
        raise _fail(f"pawn {list(pawn)} is off the board, but the game ended without a winner")
    if over and not winners_d and (game.max_turns is None or turn != game.max_turns):
        raise _fail(
            "a game ends with a winner, or with none when max_turns is reached; "
            + (
                "this game has no max_turns, so winners must name the owner of the edge crossed"
                if game.max_turns is None
                else f"turn {turn} is not max_turns={game.max_turns}"
            )
        )
    if over and winners_d and any(not -REACH <= c <= SIZE + REACH for c in pawn):
        raise _fail(
            f"pawn {list(pawn)} is further off the board than a move can carry it: at most "
            f"{REACH} currents act on the pawn, so a won game ends with x and y from -{REACH} "
            f"to {SIZE + REACH}"
        )
    return winners_d
