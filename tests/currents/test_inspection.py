"""Tests of ``CurrentsState.inspect()``: what the currents do to the pawn, piece by piece,
and a check over random games that inspection always agrees with what ``apply`` does.

Unless a test says otherwise the compass is FULL: clubs on N, diamonds on E, hearts on S,
spades on W.
"""

from __future__ import annotations

from typing import Any

import pytest
from support.currents import FULL, currents, kinds, slots

import tablegames as tg
from tablegames.currents import CurrentsState
from tablegames.currents.influence import Goaltending, SlotInfluence, Unit

SLOT_NAMES = [f"{side}{k}" for side in "NESW" for k in range(4)]


def position(
    cur: dict[str, str] | None = None,
    compass: dict[str, str] | None = None,
    pawn: tuple[int, int] = (4, 4),
    player: int = 0,
    **options: Any,
) -> CurrentsState:
    n = options.get("players", 4)
    data: dict[str, Any] = {
        "hands": [["2D"] if p == player else [] for p in range(n)],
        "compass": FULL if compass is None else compass,
        "currents": slots(**(cur or {})),
        "pawn": list(pawn),
        "current_player": player,
    }
    return currents(data, **options)


# Sixteen distinct cards, none an ace or the 2D in hand: 3C..TC then 3D..TD.
FILL = dict(zip(SLOT_NAMES, [r + s for s in "CD" for r in "3456789T"]))


# ---- slots and lines ---------------------------------------------------------------------


def test_slots_at_the_centre_in_scout_order() -> None:
    ins = position().inspect()
    assert ins.at == (4, 4)
    assert [(s.slot, s.lines) for s in ins.slots] == [
        ("N1", (2, 3, 4)),
        ("N2", (4, 5, 6)),
        ("E2", (4, 5, 6)),
        ("E1", (2, 3, 4)),
        ("S2", (4, 5, 6)),
        ("S1", (2, 3, 4)),
        ("W1", (2, 3, 4)),
        ("W2", (4, 5, 6)),
    ]
    assert all(s.card is None for s in ins.slots)
    assert ins.currents == ()
    assert ins.units == ()


def test_every_slot_influences_its_three_lines() -> None:
    s = position(cur=FILL)
    for x in range(9):
        for y in range(9):
            names = {si.slot for si in s.inspect(at=(x, y)).slots}
            expected = set()
            for name in SLOT_NAMES:
                k = int(name[1])
                if (x if name[0] in "NS" else y) in (2 * k, 2 * k + 1, 2 * k + 2):
                    expected.add(name)
            assert names == expected, (x, y)
            assert len(s.inspect(at=(x, y)).currents) == len(expected)


def test_currents_lists_only_occupied_slots() -> None:
    ins = position(cur={"N1": "5H", "W2": "6C", "N0": "7C"}).inspect()
    assert len(ins.slots) == 8
    assert [(c.slot, c.card) for c in ins.currents] == [("N1", "5H"), ("W2", "6C")]


# ---- directions, tally, cancellation, vector ------------------------------------------------


def test_directions_per_current() -> None:
    compass = {"N": "AH", "E": "KH", "S": "AC", "W": "QC"}
    ins = position(cur={"N1": "5H", "E2": "6C", "S1": "7D"}, compass=compass).inspect()
    by_slot = {c.slot: c for c in ins.currents}
    assert by_slot["N1"] == SlotInfluence("N1", (2, 3, 4), "5H", ("N", "E"), (1, 1))
    assert by_slot["E2"] == SlotInfluence("E2", (4, 5, 6), "6C", ("S", "W"), (-1, -1))
    assert by_slot["S1"] == SlotInfluence("S1", (2, 3, 4), "7D", (), (0, 0))  # dead current
    assert ins.units == (Unit("N1", "N"), Unit("N1", "E"), Unit("E2", "S"), Unit("E2", "W"))


def test_suit_on_opposite_points_gives_opposite_units() -> None:
    compass = {"N": "AC", "E": "AH", "S": "AS", "W": "KH"}
    ins = position(cur={"N1": "5H"}, compass=compass).inspect()
    assert ins.currents[0].directions == ("E", "W")
    assert ins.currents[0].step == (0, 0)
    assert ins.cancelled == ((0, 1),)
    assert ins.vector == (0, 0)


def test_tally() -> None:
    cur = {"N1": "2H", "S1": "3H", "E1": "4C", "W1": "5D", "N2": "6S", "E2": "7D"}
    ins = position(cur=cur).inspect()
    assert ins.tally == {"N": 1, "E": 2, "S": 2, "W": 1}


def test_cancelled_pairs() -> None:
    # units in scout order: N1 south, N2 north, E2 west, E1 east, S1 east
    cur = {"N1": "2H", "N2": "3C", "E2": "4S", "E1": "5D", "S1": "6D"}
    ins = position(cur=cur).inspect()
    assert [u.direction for u in ins.units] == ["S", "N", "W", "E", "E"]
    assert ins.cancelled == ((1, 0), (3, 2))
    assert ins.vector == (1, 0)


def test_vector_and_destination_worked_example() -> None:
    # the rule text's example: clubs north, diamonds east, hearts south, spades nowhere
    compass = {"N": "AC", "E": "AD", "S": "AH"}
    cur = {"N1": "2H", "S1": "3H", "E1": "4C", "W1": "5D", "N2": "6S"}
    ins = position(cur=cur, compass=compass).inspect()
    assert ins.tally == {"N": 1, "E": 1, "S": 2, "W": 0}
    assert len(ins.cancelled) == 1
    assert ins.vector == (1, -1)
    assert ins.destination == (5, 3)
    assert ins.crossed == {}
    assert ins.goaltending == ()
    assert ins.blocked is False


# ---- crossings and goaltending ----------------------------------------------------------------


def test_crossed_edges() -> None:
    ins = position(cur={"N3": "5C", "S3": "6C", "E3": "7D"}, pawn=(8, 7)).inspect()
    assert ins.vector == (1, 2)
    assert ins.destination == (9, 9)
    assert ins.crossed == {"N": 1, "E": 1}
    ins = position(cur={"S0": "5H", "N0": "6H", "W0": "7H"}, pawn=(1, 1)).inspect()
    assert ins.crossed == {"S": 2}


def test_goaltending_entry_for_one_edge() -> None:
    ins = position(cur={"N1": "6C", "S1": "7C"}, pawn=(4, 7)).inspect()
    assert ins.goaltending == (Goaltending("N", 0, 2, "S", "H", 1),)
    no_suit = position(cur={"N1": "6C", "S1": "7C"}, pawn=(4, 7), compass={"N": "AC"})
    assert no_suit.inspect().goaltending == (Goaltending("N", 0, 2, "S", None, 1),)


def test_goaltending_entry_two_players() -> None:
    ins = position(cur={"W1": "6S"}, pawn=(0, 4), players=2).inspect()
    assert ins.goaltending == (Goaltending("W", 1, 0, "E", "D", 1),)


@pytest.mark.parametrize(
    ("player", "order"),
    [
        (0, ("N", "E")),  # a far corner for P0: P0 (north's owner) first
        (1, ("E", "N")),  # a far corner for P1 too
        (2, ("E", "N")),  # P2's near-left corner: P1, on P2's right, owns east
        (3, ("E", "N")),  # P3's near-right corner: P1, opposite P3, owns east
    ],
)
def test_goaltending_corner_order(player: int, order: tuple[str, str]) -> None:
    s = position(cur={"N3": "6C", "E3": "6D"}, pawn=(8, 8), player=player)
    ins = s.inspect()
    assert tuple(g.edge for g in ins.goaltending) == order
    entries = {g.edge: g for g in ins.goaltending}
    assert entries["N"] == Goaltending("N", 0, 2, "S", "H", 1)
    assert entries["E"] == Goaltending("E", 1, 3, "W", "S", 1)


# ---- the scout --------------------------------------------------------------------------------


def test_scout_path() -> None:
    cur = {"N1": "2H", "N2": "3C", "E2": "4S", "E1": "5D", "S1": "6D", "W1": "7S"}
    ins = position(cur=cur).inspect()
    assert ins.scout_path == ((4, 4), (4, 3), (4, 4), (3, 4), (4, 4), (5, 4), (4, 4))
    assert ins.scout_path[-1] == ins.destination


def test_ruling_scout_order_clockwise() -> None:
    # every slot holds a card: the scout goes N0..N3, E3..E0, S3..S0, W0..W3
    s = position(cur=FILL)
    assert [c.slot for c in s.inspect(at=(4, 4)).currents] == [
        "N1", "N2", "E2", "E1", "S2", "S1", "W1", "W2",
    ]  # fmt: skip
    assert [c.slot for c in s.inspect(at=(2, 6)).currents] == [
        "N0", "N1", "E3", "E2", "S1", "S0", "W2", "W3",
    ]  # fmt: skip
    # a dead current is a stop of zero length; an empty slot is no stop at all
    compass = {"N": "AC", "E": "AD", "S": "AH"}
    ins = position(cur={"N1": "5C", "E2": "6S", "S1": "7D"}, compass=compass).inspect()
    assert ins.scout_path == ((4, 4), (4, 5), (4, 5), (5, 5))


def test_ruling_cancelled_pairs_in_scout_order() -> None:
    # norths at units 1, 3, 4 and souths at 0, 2 (scout order): the first north pairs with
    # the first south, the second with the second
    cur = {"N1": "2H", "N2": "3C", "E2": "4H", "E1": "5C", "S2": "6C"}
    ins = position(cur=cur).inspect()
    assert [u.direction for u in ins.units] == ["S", "N", "S", "N", "N"]
    assert ins.cancelled == ((1, 0), (3, 2))
    left = set(range(len(ins.units))) - {k for pair in ins.cancelled for k in pair}
    assert [ins.units[k] for k in left] == [Unit("S2", "N")]
    assert ins.vector == (0, 1)


# ---- obstacles, other intersections, purity -----------------------------------------------------


def test_blocked() -> None:
    s = position(cur={"N1": "5H"}, obstacles=[[4, 3]])
    assert s.inspect().blocked is True
    assert s.inspect().destination == (4, 3)
    assert s.inspect(at=(3, 5)).blocked is False  # (3, 4) is free
    assert position(cur={"N1": "5H"}).inspect().blocked is False


def test_inspect_at_another_intersection() -> None:
    s = position(cur={"N0": "5C", "W0": "6D"}, pawn=(4, 4))
    assert s.inspect().vector == (0, 0)
    ins = s.inspect(at=(1, 1))
    assert ins.at == (1, 1)
    assert [c.slot for c in ins.currents] == ["N0", "W0"]
    assert ins.vector == (1, 1)
    assert ins.destination == (2, 2)
    assert s.inspect(at=[1, 1]) == ins  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="not an intersection"):
        s.inspect(at=(9, 4))
    with pytest.raises(ValueError, match="not an intersection"):
        s.inspect(at=(-1, 0))


def test_inspect_changes_nothing() -> None:
    s = position(cur={"N1": "5H"})
    before = s.to_json()
    s.inspect()
    s.inspect(at=(0, 0))
    assert s.to_json() == before


# ---- agreement with apply over random games --------------------------------------------------

GAMES = [
    tg.make("currents", players=4, max_turns=60),
    tg.make("currents", players=2, max_turns=60),
    tg.make(
        "currents", players=4, jokers=2, wild_jokers="both", combination_attacks=True, max_turns=60
    ),
    tg.make(
        "currents",
        players=2,
        easier_usurping=True,
        obstacles=[[3, 3], [4, 3], [5, 5], [4, 6], [2, 4], [6, 4], [4, 2], [5, 3]],
        max_turns=60,
    ),
]


def check_move_phase(before: CurrentsState, after: CurrentsState) -> str:
    """Compare the Move phase ``after`` records with inspection of the board it moved on."""
    ins = after.inspect(at=before.pawn)  # the board after the play, from where the pawn stood
    assert ins.destination == (before.pawn[0] + ins.vector[0], before.pawn[1] + ins.vector[1])
    ks = kinds(after)
    if "cross" not in ks:
        assert not ins.crossed
        (move,) = [e for e in after.events if e.kind == "move"]
        landing = before.pawn if ins.blocked else ins.destination
        assert move.value == (*before.pawn, *landing)
        assert ("blocked" in ks) == ins.blocked
        return "blocked" if ins.blocked else "move"
    assert after.turn_player == before.turn_player
    crosses = [(e.where, e.value[0], e.player) for e in after.events if e.kind == "cross"]
    assert crosses == [(g.edge, g.overshoot, g.winner) for g in ins.goaltending]
    assert ins.crossed == {g.edge: g.overshoot for g in ins.goaltending}
    (first,) = [e for e in after.events if e.kind in ("ask", "no_defence")]
    assert (first.where, first.player) == (ins.goaltending[0].edge, ins.goaltending[0].goaltender)
    if after.phase == "defend":
        assert after.target == ins.destination
        assert after.queue == tuple(g.edge for g in ins.goaltending)
    else:
        assert after.winners == frozenset({ins.goaltending[0].winner})
        assert after.pawn == ins.destination
    return "cross"


def stopped_on(point: tuple[int, int], edges: tuple[str, ...]) -> tuple[int, int]:
    x, y = point
    for edge in edges:
        if edge in "EW":
            x = 8 if edge == "E" else 0
        else:
            y = 8 if edge == "N" else 0
    return (x, y)


def test_inspect_agrees_with_apply_in_random_games() -> None:
    seen = {"move": 0, "blocked": 0, "cross": 0, "defend": 0}
    for seed in range(300):
        game = GAMES[seed % len(GAMES)]
        bots = [tg.RandomBot(f"inspect:{seed}:{p}") for p in range(game.num_players)]
        state = game.initial_state(seed)
        while not state.is_terminal:
            if state.phase == "defend":
                # while the goaltenders decide, inspection still shows the crossing
                ins = state.inspect()
                edges = tuple(g.edge for g in ins.goaltending)
                done = edges[: len(edges) - len(state.queue)]
                assert edges[len(done) :] == state.queue
                # the pawn's target is the destination stopped on the edges already defended
                assert state.target == stopped_on(ins.destination, done)
                seen["defend"] += 1
            after = state.apply(bots[state.current_player].choose(state))
            ks = kinds(after)
            if state.phase in ("play", "combo") and ("move" in ks or "cross" in ks):
                seen[check_move_phase(state, after)] += 1
            state = after
    assert min(seen.values()) >= 10, seen


def test_the_description_says_the_push_in_words_not_as_a_tuple() -> None:
    """Captions, alt texts and stored pictures' labels read as sentences."""
    from tablegames.currents.text import describe, push_in_words

    assert push_in_words((1, -1)) == "1 step east and 1 step south"
    assert push_in_words((0, 2)) == "2 steps north"
    assert push_in_words((-3, 0)) == "3 steps west"
    assert push_in_words((0, 0)).startswith("nowhere")
    state = tg.make("currents").initial_state(seed=1)
    assert "(0, 0)" not in describe(state) and "push it nowhere" in describe(state)
