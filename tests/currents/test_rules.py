"""One test per rule of Currents (rules/currents.txt) and per Currents ruling of the team's
shared RULINGS.md. Each test builds a small hand-made position and checks what ``apply`` does.

Unless a test says otherwise the compass is FULL: clubs on N, diamonds on E, hearts on S,
spades on W. So a club current pushes north, a diamond east, a heart south and a spade
west, and the player to move may always make a neutral play by discarding a card.
"""

from __future__ import annotations

import dataclasses
import itertools

import pytest
from support.currents import FULL, currents, kinds, legal, play, position, slots

import tablegames as tg
from tablegames.cards import ALL_CARDS, RANKS
from tablegames.currents import CurrentsMove, CurrentsState
from tablegames.events import Event


def moved(state: CurrentsState) -> tuple[int, ...]:
    """The (x0, y0, x1, y1) of the pawn's move recorded by the last apply."""
    (event,) = [e for e in state.events if e.kind == "move"]
    return event.value


def neutral(state: CurrentsState) -> CurrentsState:
    """The player to move discards the first card of their hand (the compass must be full)."""
    return play(state, f"discard {state.hand[0]}")


def all_cards(state: CurrentsState) -> list[str]:
    placed = [c for c in state.compass + state.currents if c is not None]
    hands = [c for h in state.hands for c in h]
    return placed + hands + list(state.draw_pile) + list(state.discard_pile) + list(state.aside)


# ---- card strength: the compass -------------------------------------------------------


def test_compass_accepts_lower_rank() -> None:
    s = position(["5D"], compass={**FULL, "N": "9C"})
    assert "5D>N" in legal(s)
    t = play(s, "5D>N")
    assert t.compass == ("5D", "AD", "AH", "AS")


def test_compass_rejects_higher_rank_of_other_suit() -> None:
    s = position(["KD"], compass={**FULL, "N": "5C"})
    assert "KD>N" not in legal(s)
    with pytest.raises(
        tg.IllegalMove, match=r"compass point N holds 5C; .*only with a LOWER rank or the same suit"
    ):
        s.parse_move("KD>N")


def test_compass_rejects_equal_rank_of_other_suit() -> None:
    s = position(["5D"], compass={**FULL, "N": "5C"})
    with pytest.raises(tg.IllegalMove, match="LOWER rank"):
        s.parse_move("5D>N")


def test_compass_accepts_any_card_on_an_empty_point() -> None:
    s = position(["2D KC"], compass={"E": "AD", "S": "AH", "W": "AS"})
    assert {"2D>N", "KC>N"} <= legal(s)
    assert play(s, "KC>N").compass[0] == "KC"


# ---- card strength: the currents ------------------------------------------------------


def test_current_accepts_higher_rank() -> None:
    s = position(["9D"], cur={"N0": "5C"})
    assert "9D>N0" in legal(s)
    t = play(s, "9D>N0")
    assert t.currents[0] == "9D"


def test_current_rejects_lower_rank_of_other_suit() -> None:
    s = position(["5D"], cur={"N0": "9C"})
    assert "5D>N0" not in legal(s)
    with pytest.raises(
        tg.IllegalMove,
        match=r"current slot N0 holds 9C; .*only with a HIGHER rank or the same suit",
    ):
        s.parse_move("5D>N0")


def test_current_rejects_equal_rank_of_other_suit() -> None:
    s = position(["9D"], cur={"N0": "9C"})
    with pytest.raises(tg.IllegalMove, match="HIGHER rank"):
        s.parse_move("9D>N0")


def test_current_accepts_any_card_on_an_empty_slot() -> None:
    s = position(["2D KC"])
    slot_moves = {m for m in legal(s) if ">" in m and len(m.split(">")[1]) == 2}
    assert slot_moves == {
        f"{c}>{side}{k}" for c in ("2D", "KC") for side in "NESW" for k in range(4)
    }


def test_same_suit_always_replaces() -> None:
    # on the compass a higher rank of the same suit replaces ...
    s = position(["KC"], compass={**FULL, "N": "5C"})
    assert play(s, "KC>N").compass[0] == "KC"
    # ... and on a current slot a lower rank of the same suit does
    s = position(["2H"], cur={"E2": "9H"})
    assert play(s, "2H>E2").currents[6] == "2H"


def test_replaced_card_goes_to_discard_pile() -> None:
    s = position(["5D"], compass={**FULL, "N": "9C"}, extra={"discard_pile": []})
    t = play(s, "5D>N")
    assert t.discard_pile == ("9C",)
    assert Event("discard", 0, ("9C",), "N") in t.events
    s = position(["KD"], cur={"W3": "4S"}, extra={"discard_pile": []})
    t = play(s, "KD>W3")
    assert t.discard_pile == ("4S",)
    assert t.currents[15] == "KD"


def test_jokers_are_never_placed() -> None:
    s = position(["RJ BJ 5C"], compass={"E": "AD"}, jokers=2)
    joker_moves = {m for m in legal(s) if m[:2] in ("RJ", "BJ")}
    assert joker_moves == {"RJ!", "BJ!"}
    with pytest.raises(tg.IllegalMove, match="jokers are never placed"):
        s.parse_move("RJ>N")
    for target in ("N", "N0"):  # a move object built by hand is refused as well
        with pytest.raises(tg.IllegalMove, match="jokers are never placed"):
            s.apply(CurrentsMove("place", "BJ", target))
    with pytest.raises(tg.InvalidState, match="jokers are never placed"):
        currents({"hands": [[], [], [], []], "currents": slots(N0="RJ")}, jokers=1)


def test_aces_high() -> None:
    for lo, hi in itertools.pairwise(RANKS):
        # on a current slot the higher rank of another suit replaces the lower one
        s = position([hi + "D"], compass={}, cur={"N0": lo + "C"})
        assert f"{hi}D>N0" in legal(s)
        s = position([lo + "D"], compass={}, cur={"N0": hi + "C"})
        assert f"{lo}D>N0" not in legal(s)
        # on the compass the lower rank replaces the higher one
        s = position([lo + "D"], compass={"N": hi + "C"})
        assert f"{lo}D>N" in legal(s)
    assert RANKS[-1] == "A"
    s = position(["AD"], compass={}, cur={"S1": "KC"})
    assert play(s, "AD>S1").currents[9] == "AD"


# ---- currents and influences ----------------------------------------------------------


@pytest.mark.parametrize("x", range(9))
def test_slot_influences_three_lines(x: int) -> None:
    # slot N1 lies beside the squares between lines 2 and 4: it pushes the pawn on x = 2, 3, 4
    s = position(["2D"], cur={"N1": "5H"}, pawn=(x, 5))
    t = neutral(s)
    assert t.pawn == ((x, 4) if x in (2, 3, 4) else (x, 5))


@pytest.mark.parametrize("y", range(9))
def test_east_and_west_slots_influence_rows(y: int) -> None:
    s = position(["2D"], cur={"E3": "5C"}, pawn=(7, y))
    assert neutral(s).pawn == ((7, y + 1) if y in (6, 7, 8) else (7, y))


def test_pawn_feels_up_to_eight_currents() -> None:
    near = ("N1", "N2", "E1", "E2", "S1", "S2", "W1", "W2")
    hearts = {slot: f"{rank}H" for slot, rank in zip(near, "23456789")}
    # the other eight slots hold clubs, which would push north if they reached the pawn
    far = ("N0", "N3", "E0", "E3", "S0", "S3", "W0", "W3")
    clubs = {slot: f"{rank}C" for slot, rank in zip(far, "23456789")}
    s = position(["2D", "", "", ""], cur={**hearts, **clubs})
    assert len(s.inspect().currents) == 8
    t = neutral(s)
    # eight units south: the pawn would land 4 past the south edge line
    assert Event("cross", 2, (), "S", (4,)) in t.events
    assert t.winners == frozenset({2})
    assert t.pawn == (4, -4)
    counts = [len(s.inspect(at=(x, y)).currents) for x in range(9) for y in range(9)]
    assert max(counts) == 8
    assert min(counts) == 4
    assert len(position(["2D"]).inspect().currents) == 0


def test_opposite_units_cancel() -> None:
    s = position(["2D"], cur={"N1": "5H", "S1": "5C", "E1": "6D", "W1": "6S"})
    assert moved(neutral(s)) == (4, 4, 4, 4)


def test_three_easts_and_two_wests_leave_one_east() -> None:
    cur = {"N1": "3D", "N2": "4D", "E1": "5D", "S1": "6S", "S2": "7S"}
    s = position(["2C"], cur=cur)
    assert moved(neutral(s)) == (4, 4, 5, 4)


def test_dead_current_has_no_effect() -> None:
    s = position(["2D"], compass={"N": "AC", "E": "AD", "S": "AH"}, cur={"N1": "5S"})
    t = play(s, "2D>N0")  # N0 does not reach x = 4
    assert moved(t) == (4, 4, 4, 4)


def test_worked_example_south_east() -> None:
    # clubs north, diamonds east, hearts south, spades nowhere: two hearts, a club, a
    # diamond and a spade read south, south, north, east; one pair cancels
    compass = {"N": "AC", "E": "AD", "S": "AH"}
    cur = {"N1": "2H", "S1": "3H", "E1": "4C", "W1": "5D", "N2": "6S"}
    s = position(["9C"], compass=compass, cur=cur)
    t = play(s, "9C>N3")  # N3 does not reach x = 4
    assert moved(t) == (4, 4, 5, 3)
    assert t.pawn == (5, 3)


def test_worked_example_without_club_moves_two_south_one_east() -> None:
    compass = {"N": "AC", "E": "AD", "S": "AH"}
    cur = {"N1": "2H", "S1": "3H", "W1": "5D", "N2": "6S"}
    s = position(["9C"], compass=compass, cur=cur)
    assert moved(play(s, "9C>N3")) == (4, 4, 5, 2)


def test_redundant_currents_add_up() -> None:
    s = position(["2D"], cur={"N1": "5H", "E2": "6H", "W1": "7H"})
    assert moved(neutral(s)) == (4, 4, 4, 1)


def test_suit_on_two_compass_points_pushes_both_ways() -> None:
    s = position(["2D"], compass={"N": "AH", "E": "KH", "S": "AC", "W": "AS"}, cur={"S2": "5H"})
    assert moved(neutral(s)) == (4, 4, 5, 5)


def test_suit_on_opposite_points_cancels_itself() -> None:
    compass = {"N": "AC", "E": "AH", "S": "AS", "W": "KH"}
    s = position(["2D"], compass=compass, cur={"N1": "5H", "S1": "6C"})
    assert moved(neutral(s)) == (4, 4, 4, 5)


@pytest.mark.parametrize("slot", ["N1", "N2", "E1", "E2", "S1", "S2", "W1", "W2"])
def test_location_of_current_is_irrelevant(slot: str) -> None:
    # a club pushes north wherever it lies, even from the south side
    s = position(["2D"], cur={slot: "5C"})
    assert moved(neutral(s)) == (4, 4, 4, 5)


def test_two_currents_on_one_side_may_pull_opposite_ways() -> None:
    cur = {"N1": "5H", "N2": "6C"}  # both on the north side, both reach x = 4
    assert moved(neutral(position(["2D"], cur=cur))) == (4, 4, 4, 4)
    assert moved(neutral(position(["2D"], cur=cur, pawn=(3, 4)))) == (3, 4, 3, 3)
    assert moved(neutral(position(["2D"], cur=cur, pawn=(5, 4)))) == (5, 4, 5, 5)


def test_destination_currents_act_next_turn_only() -> None:
    # from (3, 3) two diamonds push east; at (5, 3) a club on N2 also pushes north,
    # but only from the next Move phase on: no cascading
    s = position(["2S", "", "", ""], cur={"E1": "5D", "W1": "6D", "N2": "7C"}, pawn=(3, 3))
    t = neutral(s)
    assert t.pawn == (5, 3)
    assert len([e for e in t.events if e.kind == "move"]) == 1
    u = neutral(t)
    assert moved(u) == (5, 3, 7, 4)


# ---- actions ----------------------------------------------------------------------------


def test_jack_discards_compass_card() -> None:
    s = position(["JD"], extra={"discard_pile": []})
    t = play(s, "JD!N")
    assert t.compass == (None, "AD", "AH", "AS")
    assert t.discard_pile == ("AC", "JD")


def test_jack_needs_a_compass_card() -> None:
    s = position(["JD"], compass={"E": "AD"})
    assert {m for m in legal(s) if "!" in m} == {"JD!E"}
    with pytest.raises(tg.IllegalMove, match="a jack discards a compass card, and N is empty"):
        s.parse_move("JD!N")
    s = position(["JD"], compass={})
    assert not [m for m in legal(s) if "!" in m]


def test_queen_swaps_two_currents() -> None:
    s = position(["QD"], cur={"N0": "5H", "E3": "7C"}, extra={"discard_pile": []})
    t = play(s, "QD!N0~E3")
    assert t.currents[0] == "7C"
    assert t.currents[7] == "5H"
    assert t.discard_pile == ("QD",)


def test_queen_moves_card_to_empty_slot() -> None:
    s = position(["QD"], cur={"N0": "5H"})
    t = play(s, "QD!N0~W2")
    assert t.currents[0] is None
    assert t.currents[14] == "5H"


def test_queen_needs_an_occupied_slot() -> None:
    s = position(["QD"], cur={"N0": "5H"})
    with pytest.raises(tg.IllegalMove, match="a queen swaps two current slots, and both are empty"):
        s.parse_move("QD!S0~W2")
    queen_moves = [m for m in legal(s) if "!" in m]
    assert len(queen_moves) == 15  # N0 with each of the 15 other slots
    assert all("N0" in m for m in queen_moves)
    assert not [m for m in legal(position(["QD"])) if "!" in m]


def test_king_rotates_clockwise() -> None:
    s = position(["KC"])
    t = play(s, "KC!cw")
    assert t.compass == ("AS", "AC", "AD", "AH")  # N->E, E->S, S->W, W->N
    assert t.discard_pile[-1] == "KC"


def test_king_rotates_counterclockwise_with_empties() -> None:
    s = position(["KC"], compass={"N": "AC", "S": "AH"})
    t = play(s, "KC!ccw")
    # the card on N goes to W, S to E; the empty points rotate as well
    assert t.compass == (None, "AH", None, "AC")


def test_king_needs_a_compass_card() -> None:
    s = position(["KC"], compass={})
    with pytest.raises(tg.IllegalMove, match="a king rotates the compass, which holds no card"):
        s.parse_move("KC!cw")
    assert not [m for m in legal(s) if "!" in m]


def test_joker_shuffles_occupied_compass_points() -> None:
    seen = set()
    for seed in range(12):
        cur = {"N1": "5H", "E0": "6C"}
        s = position(["RJ"], compass={"N": "AC", "S": "AH", "W": "AS"}, cur=cur, jokers=1)
        s = dataclasses.replace(s, seed=seed)
        t = play(s, "RJ!")
        assert t.compass[1] is None  # the empty point stays empty
        assert sorted(c for c in t.compass if c) == ["AC", "AH", "AS"]
        assert t.currents == s.currents
        assert t.discard_pile[-1] == "RJ"
        seen.add(t.compass)
    assert len(seen) > 1


def test_face_cards_may_be_played_as_plain_cards() -> None:
    s = position(["JD QD KD"], compass={"E": "AD", "S": "AH", "W": "AS"})
    assert {"JD>N", "QD>N", "KD>N", "JD>N0", "QD>N0", "KD>N0"} <= legal(s)
    t = play(s, "QD>N0")
    assert t.currents[0] == "QD"
    assert t.events[0] == Event("place", 0, ("QD",), "N0")
    assert play(s, "KD>N").compass[0] == "KD"


def test_only_face_cards_and_jokers_act() -> None:
    s = position(["7H 8D"], cur={"N0": "5H"}, jokers=1)
    with pytest.raises(tg.IllegalMove, match="needs a jack"):
        s.parse_move("7H!N")
    # move objects built by hand with the wrong card are refused too
    for move in (
        CurrentsMove("jack", "7H", "N"),
        CurrentsMove("queen", "7H", "N0~N1"),
        CurrentsMove("king", "8D", "cw"),
        CurrentsMove("joker", "8D", ""),
    ):
        with pytest.raises(tg.IllegalMove, match="needs a"):
            s.apply(move)


# ---- discarding ------------------------------------------------------------------------


def test_discard_only_when_compass_full() -> None:
    s = position(["5H 6D"], compass={"N": "AC", "E": "AD", "S": "AH"})
    assert not [m for m in legal(s) if m.startswith("discard")]
    with pytest.raises(tg.IllegalMove, match="discard only when every compass point holds a card"):
        s.parse_move("discard 5H")
    s = position(["5H 6D"])
    assert {"discard 5H", "discard 6D"} <= legal(s)
    t = play(s, "discard 6D")
    assert t.discard_pile[-1] == "6D"
    assert t.hands[0] == ("5H",)


def test_discard_allowed_when_no_legal_play() -> None:
    # 3H is no lower than any compass card and shares no suit with one; every slot holds a
    # higher card of another suit: discarding is the only move
    compass = {"N": "2C", "E": "2D", "S": "2S", "W": "3C"}
    ranks = "456789TJQKA"
    fill = [r + s for s in "CD" for r in ranks][:16]
    cur = dict(zip([f"{side}{k}" for side in "NESW" for k in range(4)], fill))
    s = position(["3H"], compass=compass, cur=cur)
    assert legal(s) == {"discard 3H"}


# ---- drawing ----------------------------------------------------------------------------


def test_draw_up_to_four_at_turn_start() -> None:
    s = position(["2D", "2S", "", ""], extra={"draw_pile": ["3S", "4S", "5S", "6S"]})
    t = neutral(s)
    assert t.player == 1
    assert t.hands[1] == ("2S", "3S", "4S", "5S")
    assert Event("draw", 1, ("3S", "4S", "5S")) in t.events
    assert t.draw_pile == ("6S",)


def test_full_hand_draws_nothing() -> None:
    s = position(["2D", "2S 3S 4S 5S", "", ""])
    t = neutral(s)
    assert t.hands[1] == ("2S", "3S", "4S", "5S")
    assert "draw" not in kinds(t)


def test_goaltender_refills_hand_at_next_turn() -> None:
    # P1 (west seat) defends the west edge with two diamonds, then draws three at its turn
    cur = {"N0": "5S", "S0": "6S"}
    s = position(["2C", "3D 4D 7S", "", ""], cur=cur, pawn=(0, 4))
    t = neutral(s)
    assert t.phase == "defend"
    t = play(t, "defend 3D 4D")
    assert t.pawn == (0, 4)
    assert t.player == 1
    assert len(t.hands[1]) == 4
    assert Event("draw", 1, t.events[-1].cards) == t.events[-1]
    assert len(t.events[-1].cards) == 3


def test_reshuffle_discard_pile_when_draw_pile_empty() -> None:
    s = position(["2D", "2S", "", ""], extra={"draw_pile": ["3S"]})
    old_discard = set(s.discard_pile) | {"2D"}
    t = neutral(s)
    assert kinds(t)[-3:] == ["draw", "reshuffle", "draw"]
    assert t.events[-3] == Event("draw", 1, ("3S",))
    assert t.events[-2] == Event("reshuffle", value=(len(old_discard),))
    redrawn = t.events[-1].cards
    assert len(redrawn) == 2
    assert set(redrawn) <= old_discard
    assert t.discard_pile == ()
    assert len(t.draw_pile) == len(old_discard) - 2
    assert set(t.draw_pile) == old_discard - set(redrawn)


def test_drawing_stops_when_both_piles_empty() -> None:
    # cannot happen with a full deck, so the piles are emptied by hand
    s = position(["9C", "2S", "", ""], compass={"E": "AD", "S": "AH", "W": "AS"})
    s = dataclasses.replace(s, draw_pile=(), discard_pile=())
    t = play(s, "9C>N0")  # an empty slot: nothing is discarded
    assert t.player == 1
    assert t.hands[1] == ("2S",)
    assert "draw" not in kinds(t)
    assert "reshuffle" not in kinds(t)


# ---- turns, seats and goals --------------------------------------------------------------


def test_four_player_turn_order() -> None:
    s = position(["2D", "", "", ""])
    seen = []
    for _ in range(5):
        s = neutral(s)
        seen.append((s.player, s.turn_player, s.turn))
    assert seen == [(1, 1, 1), (2, 2, 2), (3, 3, 3), (0, 0, 4), (1, 1, 5)]


def test_two_player_turn_order() -> None:
    s = position(["2D", ""], players=2)
    seen = []
    for _ in range(3):
        s = neutral(s)
        seen.append(s.player)
    assert seen == [1, 0, 1]


def edge_push(edge: str) -> tuple[tuple[int, int], dict[str, str]]:
    """A pawn on the edge line and one current that pushes it one step past ``edge``."""
    return {
        "N": ((4, 8), {"N1": "6C"}),
        "E": ((8, 4), {"E1": "6D"}),
        "S": ((4, 0), {"S1": "6H"}),
        "W": ((0, 4), {"W1": "6S"}),
    }[edge]


@pytest.mark.parametrize(
    ("edge", "winner", "goaltender"), [("N", 0, 2), ("E", 1, 3), ("S", 2, 0), ("W", 3, 1)]
)
def test_goal_edges_four_players(edge: str, winner: int, goaltender: int) -> None:
    # P0 sits south, P1 west, P2 north, P3 east; each wins off the edge opposite its seat,
    # and the player sitting at an edge tends it (nobody here holds the suit to defend)
    pawn, cur = edge_push(edge)
    s = position(["2D", "3C", "4C", "5C"], cur=cur, pawn=pawn)
    t = neutral(s)
    assert t.winners == frozenset({winner})
    assert Event("no_defence", goaltender, (), edge, (1,)) in t.events
    assert t.is_terminal
    assert t.returns() == tuple(1.0 if p == winner else -1.0 for p in range(4))


@pytest.mark.parametrize(
    ("edge", "winner", "goaltender"), [("N", 0, 1), ("S", 0, 1), ("E", 1, 0), ("W", 1, 0)]
)
def test_goal_edges_two_players(edge: str, winner: int, goaltender: int) -> None:
    pawn, cur = edge_push(edge)
    s = position(["2D", "3D"], cur=cur, pawn=pawn, players=2)
    t = neutral(s)
    assert t.winners == frozenset({winner})
    assert Event("no_defence", goaltender, (), edge, (1,)) in t.events


@pytest.mark.parametrize(("edge", "winner"), [("N", 1), ("S", 1), ("E", 0), ("W", 0)])
def test_p0_edges_option_swaps_two_player_edges(edge: str, winner: int) -> None:
    pawn, cur = edge_push(edge)
    s = position(["2D", "3H"], cur=cur, pawn=pawn, players=2, p0_edges="EW")
    assert neutral(s).winners == frozenset({winner})


def test_p0_edges_option_is_for_two_players_only() -> None:
    with pytest.raises(ValueError, match="p0_edges applies to two players only"):
        tg.make("currents", players=4, p0_edges="EW")


def test_pawn_starts_at_the_centre() -> None:
    for players in (2, 4):
        assert tg.make("currents", players=players).initial_state(seed=3).pawn == (4, 4)


def test_aces_set_aside_and_three_cards_dealt() -> None:
    s = tg.make("currents", players=4).initial_state(seed=11)
    assert s.phase == "setup"
    assert sorted(s.aside) == ["AC", "AD", "AH", "AS"]
    assert [len(h) for h in s.hands] == [3, 3, 3, 3]
    assert not [c for c in all_cards(s) if c[0] == "A" and c not in s.aside]
    assert not [c for h in s.hands for c in h if c[0] == "A"]
    assert len(s.draw_pile) == 52 - 4 - 12
    assert sorted(all_cards(s)) == sorted(ALL_CARDS[:52])


def test_setup_order_four_players() -> None:
    s = tg.make("currents", players=4).initial_state(seed=2)
    order = []
    choices = []
    while s.phase == "setup":
        order.append(s.player)
        choices.append(len(s.legal_moves()))
        s = s.apply(s.legal_moves()[0])
    assert order == [3, 2, 1]
    assert choices == [16, 9, 4]
    # P0 has no choice: its ace is placed for it, then P0 takes the first turn
    placed_by = [e.player for e in s.events if e.kind == "place"]
    assert placed_by == [1, 0]
    assert (s.phase, s.player, s.turn) == ("play", 0, 0)
    assert None not in s.compass
    assert len(s.hands[0]) == 4


def test_setup_order_two_players() -> None:
    s = tg.make("currents", players=2).initial_state(seed=2)
    order = []
    while s.phase == "setup":
        order.append(s.player)
        s = s.apply(s.legal_moves()[-1])
    # P1 (who goes second) places two aces, then P0 one; the last is placed for P0
    assert order == [1, 1, 0]
    assert [e.player for e in s.events if e.kind == "place"] == [0, 0]
    assert (s.phase, s.player) == ("play", 0)
    assert sorted(s.compass) == ["AC", "AD", "AH", "AS"]  # type: ignore[type-var]


# ---- goaltending -----------------------------------------------------------------------

# From (5, 7) two clubs push north and a diamond east: the pawn heads for (6, 9), one
# past the north edge line. P2 sits north and tends it with hearts (the suit on S).
PAST_NORTH = {"N2": "2C", "S2": "3C", "E3": "4D"}


def test_goaltending_defended_stops_pawn_on_edge() -> None:
    s = position(["9S", "", "5H 9C", ""], cur=PAST_NORTH, pawn=(5, 7))
    t = neutral(s)
    assert (t.phase, t.player, t.turn_player) == ("defend", 2, 0)
    assert legal(t) == {"defend 5H", "decline"}
    u = play(t, "defend 5H")
    assert u.pawn == (6, 8)  # stopped on the edge line; the east step still happens
    assert moved(u) == (5, 7, 6, 8)
    assert u.hands[2] == ("9C",)
    assert "5H" in u.discard_pile
    assert (u.phase, u.player, u.winners) == ("play", 1, frozenset())


def test_goaltending_too_few_cards_cannot_defend() -> None:
    cur = {**PAST_NORTH, "W3": "7C"}  # three clubs: the pawn would land two past the edge
    s = position(["9S", "", "5H 9C", ""], cur=cur, pawn=(5, 7))
    t = neutral(s)
    assert t.winners == frozenset({0})
    assert Event("no_defence", 2, (), "N", (2,)) in t.events
    assert t.hands[2] == ("9C", "5H")


def test_goaltending_needs_as_many_cards_as_the_overshoot() -> None:
    cur = {**PAST_NORTH, "W3": "7C"}
    s = position(["9S", "", "5H 6H 7H", ""], cur=cur, pawn=(5, 7))
    t = neutral(s)
    assert legal(t) == {"defend 5H 6H", "defend 5H 7H", "defend 6H 7H", "decline"}
    with pytest.raises(tg.IllegalMove, match="exactly 2 card"):
        t.parse_move("defend 5H")
    with pytest.raises(tg.IllegalMove, match="exactly 2 card"):
        t.parse_move("defend 5H 6H 7H")
    assert play(t, "defend 5H 7H").pawn == (6, 8)


def test_goaltending_no_suit_on_defending_point() -> None:
    s = position(
        ["9S", "", "5H 6H", ""],
        compass={"N": "AC", "E": "AD", "W": "AS"},
        cur=PAST_NORTH,
        pawn=(5, 7),
    )
    t = play(s, "9S>S0")  # S0 does not reach x = 5
    assert t.winners == frozenset({0})
    assert Event("no_defence", 2, (), "N", (1,)) in t.events


def test_goaltending_declined_gives_win() -> None:
    s = position(["9S", "", "5H 9C", ""], cur=PAST_NORTH, pawn=(5, 7))
    t = play(neutral(s), "decline")
    assert t.winners == frozenset({0})
    assert t.is_terminal
    assert kinds(t) == ["decline", "move", "win"]
    assert t.hands[2] == ("9C", "5H")


def test_goaltending_uses_suit_opposite_crossing() -> None:
    # spades sit on S, opposite the north crossing: only spades stop the pawn, not the
    # clubs that push it nor the hearts that usually sit south
    compass = {"N": "AC", "E": "AD", "S": "AS", "W": "AH"}
    s = position(["9D", "", "5H 7S 8C", ""], compass=compass, cur={"N1": "6C"}, pawn=(4, 8))
    t = neutral(s)
    assert legal(t) == {"defend 7S", "decline"}
    with pytest.raises(tg.IllegalMove, match="takes spades, the suit on compass point S"):
        t.parse_move("defend 5H")
    with pytest.raises(tg.IllegalMove, match="takes spades"):
        t.parse_move("defend 8C")


def test_only_defend_or_decline_while_goaltending() -> None:
    s = position(["9S", "", "5H 9C", ""], cur=PAST_NORTH, pawn=(5, 7))
    t = neutral(s)
    with pytest.raises(tg.IllegalMove, match="must now 'defend'"):
        t.parse_move("9C>N0")


# ---- corners ---------------------------------------------------------------------------

# A pawn on each corner and two currents pushing it one step past both edges there.
CORNERS = {
    "NE": ((8, 8), {"N3": "6C", "E3": "6D"}),
    "NW": ((0, 8), {"N0": "6C", "W3": "6S"}),
    "SE": ((8, 0), {"S3": "6H", "E0": "6D"}),
    "SW": ((0, 0), {"S0": "6H", "W0": "6S"}),
}
GOAL = {0: "N", 1: "E", 2: "S", 3: "W"}
# Every player holds two cards of the suit that defends the edge at its seat: P0 (south)
# clubs (on N), P1 (west) diamonds (on E), P2 (north) hearts (on S), P3 (east) spades (on W).
DEFENDERS = ["2C 3C", "2D 3D", "2H 3H", "2S 3S"]


def corner(name: str, player: int) -> CurrentsState:
    """Player ``player`` discards and the pawn heads off corner ``name``."""
    pawn, cur = CORNERS[name]
    s = position(DEFENDERS, cur=cur, pawn=pawn, player=player)
    return neutral(s)


def check_advantage(name: str, player: int, advantaged: int) -> None:
    t = corner(name, player)
    first = GOAL[advantaged]
    assert t.phase == "defend"
    assert t.queue[0] == first
    assert t.player == (advantaged + 2) % 4  # the player opposite the advantaged one
    assert Event("ask", t.player, (), first, (1,)) == t.events[-1]
    assert play(t, "decline").winners == frozenset({advantaged})


@pytest.mark.parametrize(
    ("player", "name"),
    [(0, "NW"), (0, "NE"), (1, "NE"), (1, "SE"), (2, "SE"), (2, "SW"), (3, "SW"), (3, "NW")],
)
def test_corner_advantage_current_player_first(player: int, name: str) -> None:
    # a corner on the far side from the current player: the current player has advantage
    check_advantage(name, player, player)


@pytest.mark.parametrize(("player", "name"), [(0, "SW"), (1, "NW"), (2, "NE"), (3, "SE")])
def test_corner_advantage_left_corner_player_to_the_right(player: int, name: str) -> None:
    # the current player's near left-hand corner: the player on its right (the previous one)
    check_advantage(name, player, (player - 1) % 4)


@pytest.mark.parametrize(("player", "name"), [(0, "SE"), (1, "SW"), (2, "NW"), (3, "NE")])
def test_corner_advantage_right_corner_opposite_player(player: int, name: str) -> None:
    check_advantage(name, player, (player + 2) % 4)


def test_corner_second_defence_after_first_succeeds() -> None:
    t = corner("NE", 0)
    assert (t.player, t.queue) == (2, ("N", "E"))
    u = play(t, "defend 2H")
    assert (u.phase, u.player, u.queue) == ("defend", 3, ("E",))
    assert u.events[-1] == Event("ask", 3, (), "E", (1,))
    v = play(u, "defend 2S")
    assert v.pawn == (8, 8)
    assert (v.phase, v.player, v.winners) == ("play", 1, frozenset())


def test_corner_second_defence_declined_gives_the_other_winner() -> None:
    u = play(corner("NE", 0), "defend 2H")
    v = play(u, "decline")
    assert v.winners == frozenset({1})
    assert v.pawn == (9, 8)


def test_corner_first_defence_fails_first_winner_wins() -> None:
    v = play(corner("NE", 0), "decline")
    assert v.winners == frozenset({0})
    assert "ask" not in kinds(v)


def test_corner_first_goaltender_without_cards_loses_at_once() -> None:
    pawn, cur = CORNERS["NE"]
    s = position(["2C 3C", "2D 3D", "4C", "2S 3S"], cur=cur, pawn=pawn)
    t = neutral(s)
    assert t.winners == frozenset({0})
    assert Event("no_defence", 2, (), "N", (1,)) in t.events


def test_corner_second_goaltender_without_cards_gives_the_other_winner() -> None:
    pawn, cur = CORNERS["NE"]
    s = position(["2C 3C", "2D 3D", "2H 3H", "4C"], cur=cur, pawn=pawn)
    v = play(neutral(s), "defend 2H")
    assert v.winners == frozenset({1})
    assert v.events[-3:] == (
        Event("no_defence", 3, (), "E", (1,)),
        Event("move", 0, value=(8, 8, 9, 8)),
        Event("win", 1, (), "E"),
    )


def test_corner_two_players_current_player_first() -> None:
    # two players: P0 owns N, and P0 itself tends east with spades (the suit on W)
    pawn, cur = CORNERS["NE"]
    s = position(["2C 2S", "2H 3H"], cur=cur, pawn=pawn, players=2)
    t = neutral(s)
    assert (t.player, t.queue) == (1, ("N", "E"))
    u = play(t, "defend 2H")
    assert (u.player, u.turn_player) == (0, 0)
    assert play(u, "decline").winners == frozenset({1})


# ---- optional rules ----------------------------------------------------------------------


@pytest.mark.parametrize(("jokers", "expected"), [(0, []), (1, ["RJ"]), (2, ["RJ", "BJ"])])
def test_jokers_in_the_deck(jokers: int, expected: list[str]) -> None:
    s = tg.make("currents", jokers=jokers).initial_state(seed=4)
    cards = all_cards(s)
    assert len(cards) == 52 + jokers
    assert [c for c in ALL_CARDS if c in cards and c in ("RJ", "BJ")] == expected
    with pytest.raises(ValueError, match="jokers"):
        tg.make("currents", jokers=3)


def test_joker_not_in_the_deck_is_refused() -> None:
    with pytest.raises(tg.InvalidState, match="not in this game's deck"):
        currents({"hands": [["BJ"], [], [], []]}, jokers=1)


def shuffles(hand: str, mode: str, jokers: int = 2) -> list[CurrentsState]:
    """Play ``hand``'s joker with 12 different seeds on a board with 3 compass cards and
    5 currents (one empty compass point, 11 empty slots)."""
    cur = {"N0": "5H", "E1": "6C", "S2": "7D", "W3": "8S", "N3": "9H"}
    out = []
    for seed in range(12):
        s = position(
            [hand],
            compass={"N": "AC", "S": "AH", "W": "AS"},
            cur=cur,
            jokers=jokers,
            wild_jokers=mode,
        )
        out.append(play(dataclasses.replace(s, seed=seed), f"{hand}!"))
    return out


BEFORE_COMPASS = ("AC", None, "AH", "AS")
BEFORE_CURRENTS = position(
    ["2D"], cur={"N0": "5H", "E1": "6C", "S2": "7D", "W3": "8S", "N3": "9H"}
).currents


def compass_shuffled(states: list[CurrentsState]) -> bool:
    for t in states:
        assert t.compass[1] is None
        assert sorted(c for c in t.compass if c) == ["AC", "AH", "AS"]
    return len({t.compass for t in states}) > 1


def currents_shuffled(states: list[CurrentsState]) -> bool:
    for t in states:
        assert [c is None for c in t.currents] == [c is None for c in BEFORE_CURRENTS]
        assert sorted(c for c in t.currents if c) == sorted(c for c in BEFORE_CURRENTS if c)
    return len({t.currents for t in states}) > 1


def test_wild_jokers_off_shuffles_the_compass_only() -> None:
    states = shuffles("BJ", "off")
    assert compass_shuffled(states)
    assert all(t.currents == BEFORE_CURRENTS for t in states)


def test_wild_jokers_currents_shuffles_the_currents_only() -> None:
    states = shuffles("RJ", "currents", jokers=1)
    assert currents_shuffled(states)
    assert all(t.compass == BEFORE_COMPASS for t in states)


def test_wild_jokers_split_red_compass_black_currents() -> None:
    red = shuffles("RJ", "split")
    assert compass_shuffled(red)
    assert all(t.currents == BEFORE_CURRENTS for t in red)
    black = shuffles("BJ", "split")
    assert currents_shuffled(black)
    assert all(t.compass == BEFORE_COMPASS for t in black)


def test_wild_jokers_both_shuffles_compass_and_currents() -> None:
    states = shuffles("RJ", "both")
    assert compass_shuffled(states)
    assert currents_shuffled(states)
    assert [e.where for e in states[0].events if e.kind == "shuffle"] == ["compass", "currents"]


def test_wild_jokers_need_jokers() -> None:
    with pytest.raises(ValueError, match="needs jokers in the deck"):
        tg.make("currents", wild_jokers="currents")
    with pytest.raises(ValueError, match="needs jokers=2"):
        tg.make("currents", jokers=1, wild_jokers="split")


def test_easier_usurping_on_compass() -> None:
    s = position(["5D"], compass={**FULL, "N": "5C"}, easier_usurping=True)
    assert "5D>N" in legal(s)
    assert play(s, "5D>N").compass[0] == "5D"
    assert "5D>N" not in legal(position(["5D"], compass={**FULL, "N": "5C"}))


def test_easier_usurping_on_currents() -> None:
    s = position(["9D"], cur={"S3": "9C"}, easier_usurping=True)
    assert "9D>S3" in legal(s)
    assert play(s, "9D>S3").currents[11] == "9D"
    assert "9D>S3" not in legal(position(["9D"], cur={"S3": "9C"}))


def test_combination_attack_on_a_current() -> None:
    # demote 9H to 5H on N0, then outrank the 5H with a club
    s = position(["5H 7C 3D"], cur={"N0": "9H"}, combination_attacks=True)
    t = play(s, "5H>N0")
    assert (t.phase, t.player, t.combo) == ("combo", 0, "N0")
    assert t.events[0] == Event("demote", 0, ("5H",), "N0")
    assert legal(t) == {"7C>N0", "stop"}  # 3D does not beat 5H; nothing else is allowed
    u = play(t, "7C>N0")
    assert u.currents[0] == "7C"
    assert u.events[0] == Event("combination", 0, ("7C",), "N0")
    assert (u.phase, u.player) == ("play", 1)
    assert u.hands[0] == ("3D",)
    assert u.discard_pile[-2:] == ("9H", "5H")


def test_combination_attack_on_the_compass() -> None:
    # on the compass a demotion is a higher card of the same suit; the follow-up is lower
    s = position(["9C 7D"], compass={**FULL, "N": "5C"}, combination_attacks=True)
    t = play(s, "9C>N")
    assert t.phase == "combo"
    assert legal(t) == {"7D>N", "stop"}
    assert play(t, "7D>N").compass[0] == "7D"


def test_combination_attack_stop() -> None:
    s = position(["5H 7C"], cur={"N0": "9H"}, combination_attacks=True)
    u = play(s, "5H>N0", "stop")
    assert u.currents[0] == "5H"
    assert (u.phase, u.player) == ("play", 1)
    assert u.hands[0] == ("7C",)
    assert "combination" not in kinds(u)


def test_combination_attack_follow_up_must_be_another_suit_that_beats() -> None:
    s = position(["5H 7H 4C"], cur={"N0": "9H"}, combination_attacks=True)
    t = play(s, "5H>N0")  # 7H is the same suit, 4C does not beat 5H
    assert t.phase == "play"
    assert t.player == 1
    s = position(["5H 7C 3S"], cur={"N0": "9H"}, combination_attacks=True)
    t = play(s, "5H>N0")
    with pytest.raises(tg.IllegalMove, match="another suit that beats 5H"):
        t.parse_move("3S>N0")
    with pytest.raises(tg.IllegalMove, match="may only play a card of another suit on N0"):
        t.parse_move("7C>N1")


def test_obstacles_blocked_destination_leaves_pawn_in_place() -> None:
    s = position(["2D"], cur={"N1": "5H"}, obstacles=[[4, 3]])
    t = neutral(s)
    assert t.pawn == (4, 4)
    assert Event("blocked", 0, value=(4, 3)) in t.events
    assert moved(t) == (4, 4, 4, 4)


def test_obstacle_on_the_way_is_jumped() -> None:
    s = position(["2D"], cur={"N1": "5H", "S1": "6H"}, obstacles=[[4, 3]])
    t = neutral(s)
    assert t.pawn == (4, 2)
    assert "blocked" not in kinds(t)


def test_obstacles_option_validated() -> None:
    for bad in ([[9, 0]], [[1, 1], [1, 1]], [[4, 4]], "12"):
        with pytest.raises(ValueError, match="obstacles"):
            tg.make("currents", obstacles=bad)


def test_max_turns_ends_with_no_winner() -> None:
    s = position(["2D", "", "", ""], max_turns=3)
    for _ in range(3):
        assert not s.is_terminal
        s = neutral(s)
    assert s.is_terminal
    assert (s.phase, s.player, s.winners, s.turn) == ("over", -1, frozenset(), 3)
    assert s.events[-1] == Event("max_turns", value=(3,))
    assert s.returns() == (0.0, 0.0, 0.0, 0.0)
    assert s.legal_moves() == []
    with pytest.raises(tg.IllegalMove, match="game is over"):
        s.apply(CurrentsMove("discard", "2D"))


# ---- events --------------------------------------------------------------------------------


def test_events_place_discard_move_turn_draw() -> None:
    s = position(
        ["5D", "2S 3S 4S", "", ""], compass={**FULL, "N": "9C"}, extra={"draw_pile": ["6S"]}
    )
    t = play(s, "5D>N")
    assert t.events == (
        Event("place", 0, ("5D",), "N"),
        Event("discard", 0, ("9C",), "N"),
        Event("move", 0, value=(4, 4, 4, 4)),
        Event("turn", 1, value=(1,)),
        Event("draw", 1, ("6S",)),
    )


def test_events_reshuffle() -> None:
    s = position(["2D", "2S 3S 4S", "", ""], extra={"draw_pile": []})
    t = neutral(s)
    assert kinds(t) == ["discard", "move", "turn", "reshuffle", "draw"]
    assert t.events[3].value == (len(s.discard_pile) + 1,)


def test_events_cross_ask_defend() -> None:
    s = position(["9S", "", "5H 9C", ""], cur=PAST_NORTH, pawn=(5, 7))
    t = neutral(s)
    assert t.events == (
        Event("discard", 0, ("9S",), "hand"),
        Event("cross", 0, (), "N", (1,)),
        Event("ask", 2, (), "N", (1,)),
    )
    u = play(t, "defend 5H")
    assert u.events[:3] == (
        Event("defend", 2, ("5H",), "N"),
        Event("discard", 2, ("5H",), "hand"),
        Event("move", 0, value=(5, 7, 6, 8)),
    )
    assert kinds(u)[3:] == ["turn", "draw"]


def test_events_decline_and_win() -> None:
    s = position(["9S", "", "5H 9C", ""], cur=PAST_NORTH, pawn=(5, 7))
    u = play(neutral(s), "decline")
    assert u.events == (
        Event("decline", 2, (), "N"),
        Event("move", 0, value=(5, 7, 6, 9)),
        Event("win", 0, (), "N"),
    )


def test_events_no_defence_and_win() -> None:
    s = position(["9S", "", "9C", ""], cur=PAST_NORTH, pawn=(5, 7))
    u = neutral(s)
    assert u.events == (
        Event("discard", 0, ("9S",), "hand"),
        Event("cross", 0, (), "N", (1,)),
        Event("no_defence", 2, (), "N", (1,)),
        Event("move", 0, value=(5, 7, 6, 9)),
        Event("win", 0, (), "N"),
    )


def test_events_actions() -> None:
    s = position(["JD QD KD", "2S 3S 4S 5S", "", ""], cur={"N0": "5H"})
    assert play(s, "JD!W").events[:3] == (
        Event("jack", 0, ("JD",), "W"),
        Event("discard", 0, ("AS",), "W"),
        Event("discard", 0, ("JD",), "hand"),
    )
    assert play(s, "QD!N0~N1").events[:2] == (
        Event("queen", 0, ("QD",), "N0~N1"),
        Event("discard", 0, ("QD",), "hand"),
    )
    assert play(s, "KD!ccw").events[:2] == (
        Event("king", 0, ("KD",), "ccw"),
        Event("discard", 0, ("KD",), "hand"),
    )
    j = position(["RJ", "2S 3S 4S 5S", "", ""], jokers=1)
    assert play(j, "RJ!").events[:3] == (
        Event("joker", 0, ("RJ",)),
        Event("shuffle", where="compass"),
        Event("discard", 0, ("RJ",), "hand"),
    )


def test_events_setup_placements() -> None:
    s = tg.make("currents", players=4).initial_state(seed=0)
    t = play(s, "AC>N")
    assert t.events == (Event("place", 3, ("AC",), "N"),)
