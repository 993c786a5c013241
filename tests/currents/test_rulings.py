"""One test per Currents ruling of docs/rulings.md, named ``test_ruling_<id>``.

(The rulings ``scout_order_clockwise`` and ``cancelled_pairs_in_scout_order`` are tested in
tests/currents/test_inspection.py, as the table says.)

Unless a test says otherwise the compass is FULL: clubs on N (push north), diamonds on E,
hearts on S, spades on W, so the player to move can always discard as a neutral play.
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest
from support.currents import FULL, currents, kinds, legal, play, position

import tablegames as tg
from tablegames.cards import ALL_CARDS, sort_cards
from tablegames.currents import CurrentsState
from tablegames.events import Event


def neutral(state: CurrentsState) -> CurrentsState:
    return play(state, f"discard {state.hand[0]}")


def setup_decisions(state: CurrentsState) -> tuple[list[int], list[int], CurrentsState]:
    """Play the set-up with the first legal move each time: (players, choice counts, state)."""
    players, counts = [], []
    while state.phase == "setup":
        players.append(state.player)
        counts.append(len(state.legal_moves()))
        state = state.apply(state.legal_moves()[0])
    return players, counts, state


# From (5, 7) two clubs push north and a diamond east: the pawn heads for (6, 9), one past
# the north edge line; P2 (north seat) tends it with hearts, the suit on S.
PAST_NORTH = {"N2": "2C", "S2": "3C", "E3": "4D"}


def test_ruling_deal_before_aces() -> None:
    seed = 21
    s = tg.make("currents", players=4).initial_state(seed=seed)
    pile = [c for c in ALL_CARDS[:52] if c[0] != "A"]
    random.Random(seed).shuffle(pile)
    for p in range(4):  # one card at a time round the table
        assert s.hands[p] == sort_cards(pile[p:12:4])
    assert s.draw_pile == tuple(pile[12:])
    assert sorted(s.aside) == ["AC", "AD", "AH", "AS"]
    assert s.compass == (None, None, None, None)
    assert s.phase == "setup"


def test_ruling_two_player_aces_one_at_a_time() -> None:
    s = tg.make("currents", players=2).initial_state(seed=5)
    players, counts, s = setup_decisions(s)
    assert players == [1, 1, 0]
    assert counts == [16, 9, 4]  # aces x empty points, one ace each time
    assert s.phase == "play"


def test_ruling_last_ace_placed_automatically() -> None:
    s = tg.make("currents", players=4).initial_state(seed=5)
    players, _, s = setup_decisions(s)
    assert players == [3, 2, 1]
    (last,) = [e for e in s.events if e.kind == "place" and e.player == 0]
    assert last.cards[0] not in [e.cards[0] for e in s.events if e.player == 1]
    assert s.compass["NESW".index(last.where)] == last.cards[0]
    assert (s.phase, s.player) == ("play", 0)
    assert s.aside == ()


def test_ruling_joker_needs_nothing() -> None:
    s = position(["RJ"], compass={}, jokers=1)
    assert legal(s) == {"RJ!"}
    t = play(s, "RJ!")
    assert t.compass == (None, None, None, None)
    assert Event("shuffle", where="compass") in t.events
    assert t.discard_pile[-1] == "RJ"
    one = position(["RJ"], compass={"W": "AS"}, jokers=1)
    assert play(one, "RJ!").compass == (None, None, None, "AS")


CUR = {"N0": "5H", "E1": "6C", "S2": "7D", "W3": "8S", "N3": "9H"}
PARTIAL = {"N": "AC", "S": "AH", "W": "AS"}


def jokers_played(card: str, **options: Any) -> list[tuple[CurrentsState, CurrentsState]]:
    """(before, after) for ``card``'s action under 12 seeds; 3 compass cards, 5 currents."""
    out = []
    for seed in range(12):
        s = dataclasses.replace(position([card], compass=PARTIAL, cur=CUR, **options), seed=seed)
        out.append((s, play(s, f"{card}!")))
    return out


def same_places_same_cards(a: tuple[str | None, ...], b: tuple[str | None, ...]) -> bool:
    """The occupied places are the same and hold the same cards, perhaps rearranged."""
    occupied = [c is not None for c in a] == [c is not None for c in b]
    return occupied and sorted(c for c in a if c) == sorted(c for c in b if c)


def test_ruling_wild_split_red_compass_black_currents() -> None:
    red = jokers_played("RJ", jokers=2, wild_jokers="split")
    assert all(t.currents == s.currents for s, t in red)
    assert all(same_places_same_cards(s.compass, t.compass) for s, t in red)
    assert len({t.compass for _, t in red}) > 1
    black = jokers_played("BJ", jokers=2, wild_jokers="split")
    assert all(t.compass == s.compass for s, t in black)
    assert all(same_places_same_cards(s.currents, t.currents) for s, t in black)
    assert len({t.currents for _, t in black}) > 1
    with pytest.raises(ValueError, match="needs jokers=2"):
        tg.make("currents", jokers=1, wild_jokers="split")


def test_ruling_wild_both_each_area_in_place() -> None:
    both = jokers_played("RJ", jokers=1, wild_jokers="both")
    for s, t in both:
        assert same_places_same_cards(s.compass, t.compass)
        assert same_places_same_cards(s.currents, t.currents)
    assert len({t.compass for _, t in both}) > 1
    assert len({t.currents for _, t in both}) > 1


def test_ruling_wild_currents_empty_slots_stay_empty() -> None:
    played = jokers_played("RJ", jokers=1, wild_jokers="currents")
    for s, t in played:
        assert t.compass == s.compass
        assert [c is None for c in t.currents] == [c is None for c in s.currents]
        assert same_places_same_cards(s.currents, t.currents)
    assert len({t.currents for _, t in played}) > 1


@pytest.mark.parametrize("mode", ["currents", "split", "both"])
def test_ruling_wild_jokers_need_jokers(mode: str) -> None:
    with pytest.raises(ValueError, match=f"wild_jokers='{mode}' needs jokers in the deck"):
        tg.make("currents", wild_jokers=mode)


def test_ruling_king_rotation_direction() -> None:
    s = position(["KC"], compass={"N": "AC", "E": "AD", "S": "AH"})
    assert play(s, "KC!cw").compass == (None, "AC", "AD", "AH")
    assert play(s, "KC!ccw").compass == ("AD", "AH", None, "AC")


def test_ruling_queen_pair_unordered() -> None:
    s = position(["QD"], cur={"E3": "5H"})
    a, b = s.parse_move("QD!N0~E3"), s.parse_move("qd!e3~n0")
    assert a == b
    assert str(b) == "QD!N0~E3"
    assert "QD!N0~E3" in legal(s)
    assert "QD!E3~N0" not in legal(s)
    assert play(s, "QD!E3~N0").currents == play(s, "QD!N0~E3").currents


def test_ruling_demotion_legal_without_option() -> None:
    s = position(["5H 7C"], cur={"N0": "9H"})
    assert "5H>N0" in legal(s)
    t = play(s, "5H>N0")
    assert t.events[0] == Event("demote", 0, ("5H",), "N0")
    assert (t.phase, t.player) == ("play", 1)  # no follow-up without the option
    c = position(["9C"], compass={**FULL, "N": "5C"})
    assert play(c, "9C>N").compass[0] == "9C"


def test_ruling_combination_follow_up_only_when_possible() -> None:
    # no card that could follow up: the turn goes straight to the Move phase
    s = position(["5H 4C"], cur={"N0": "9H"}, combination_attacks=True)
    t = play(s, "5H>N0")
    assert (t.phase, t.player) == ("play", 1)
    assert "move" in kinds(t)
    # a follow-up, and never a second one although 8D would beat 7C
    s = position(["5H 7C 8D"], cur={"N0": "9H"}, combination_attacks=True)
    t = play(s, "5H>N0")
    assert t.phase == "combo"
    assert legal(t) == {"7C>N0", "8D>N0", "stop"}
    u = play(t, "7C>N0")
    assert (u.phase, u.player) == ("play", 1)
    assert u.hands[0] == ("8D",)


def test_ruling_combination_equal_rank_with_easier_usurping() -> None:
    s = position(["5H 5C"], cur={"N0": "9H"}, combination_attacks=True, easier_usurping=True)
    t = play(s, "5H>N0")
    assert legal(t) == {"5C>N0", "stop"}
    assert play(t, "5C>N0").currents[0] == "5C"
    s = position(["5H 5C"], cur={"N0": "9H"}, combination_attacks=True)
    assert play(s, "5H>N0").phase == "play"  # 5C does not beat 5H without the option


def test_ruling_goaltending_exact_card_count() -> None:
    s = position(["9S", "", "5H 6H 7H", ""], cur=PAST_NORTH, pawn=(5, 7))
    t = neutral(s)
    assert legal(t) == {"defend 5H", "defend 6H", "defend 7H", "decline"}
    with pytest.raises(tg.IllegalMove, match="exactly 1 card"):
        t.parse_move("defend 5H 6H")


@pytest.mark.parametrize(
    ("compass", "defender_hand", "asked"),
    [
        (FULL, "5H", True),
        (FULL, "5C 5D 5S", False),  # no heart
        ({"N": "AC", "E": "AD", "W": "AS"}, "5H", False),  # nothing on S
    ],
)
def test_ruling_goaltending_offered_only_when_possible(
    compass: dict[str, str], defender_hand: str, asked: bool
) -> None:
    s = position(["9S", "", defender_hand, ""], compass=compass, cur=PAST_NORTH, pawn=(5, 7))
    t = play(s, "9S>S0")  # S0 does not reach x = 5
    if asked:
        assert (t.phase, t.player) == ("defend", 2)
        assert t.events[-1] == Event("ask", 2, (), "N", (1,))
    else:
        assert "ask" not in kinds(t)
        assert Event("no_defence", 2, (), "N", (1,)) in t.events
        assert t.winners == frozenset({0})


def test_ruling_goaltender_may_be_turn_player() -> None:
    # two players: P0 tends east and west; a diamond pushes the pawn off P1's east edge
    # during P0's own turn, and P0 stops it with a spade (the suit on W)
    s = position(["2C 3S", "4S"], cur={"E1": "6D"}, pawn=(8, 4), players=2)
    t = neutral(s)
    assert (t.phase, t.player, t.turn_player) == ("defend", 0, 0)
    assert legal(t) == {"defend 3S", "decline"}
    u = play(t, "defend 3S")
    assert u.pawn == (8, 4)
    assert (u.phase, u.player) == ("play", 1)


def test_ruling_winner_is_edge_owner() -> None:
    # P1 pushes the pawn off the north edge during its turn: P0, who owns it, wins
    s = position(["", "2D", "", ""], cur={"N1": "6C"}, pawn=(4, 8), player=1)
    t = neutral(s)
    assert t.winners == frozenset({0})
    assert t.events[-1] == Event("win", 0, (), "N")


def test_ruling_pawn_leaves_board_on_win() -> None:
    s = position(["2D"], cur={"N1": "6C", "S1": "7C"}, pawn=(4, 8))
    t = neutral(s)
    assert t.is_terminal
    assert t.pawn == (4, 10)
    again = t.game.state_from_json(t.to_json())
    assert again == t
    with pytest.raises(tg.InvalidState, match="off the board"):
        currents({"hands": [["2D"], [], [], []], "pawn": [4, 10]})


def test_ruling_landing_on_edge_line_is_not_crossing() -> None:
    s = position(["2D"], cur={"N1": "6C"}, pawn=(4, 7))
    t = neutral(s)
    assert t.pawn == (4, 8)
    assert "cross" not in kinds(t)
    assert (t.phase, t.player, t.winners) == ("play", 1, frozenset())


def test_ruling_defended_corner_lands_on_corner() -> None:
    # from (7, 7) two clubs and two diamonds: one past the north edge and one past the east
    cur = {"N3": "6C", "S3": "7C", "E3": "6D", "W3": "7D"}
    s = position(["2C", "", "2H", "2S"], cur=cur, pawn=(7, 7))
    t = neutral(s)
    assert t.queue == ("N", "E")
    u = play(t, "defend 2H", "defend 2S")
    assert u.pawn == (8, 8)
    assert u.winners == frozenset()
    assert [e.value for e in u.events if e.kind == "move"] == [(7, 7, 8, 8)]


def test_ruling_obstacle_checked_after_goaltending() -> None:
    cur = {"N1": "6C", "S1": "7C"}  # from (4, 7): two north, to (4, 9)
    # defended: the pawn would stop on (4, 8), which is blocked, so it stays
    s = position(["2D", "", "5H", ""], cur=cur, pawn=(4, 7), obstacles=[[4, 8]])
    u = play(neutral(s), "defend 5H")
    assert u.pawn == (4, 7)
    assert Event("blocked", 0, value=(4, 8)) in u.events
    # undefended: the crossing wins whatever lies on the way
    s = position(["2D", "", "", ""], cur=cur, pawn=(4, 7), obstacles=[[4, 8]])
    assert neutral(s).winners == frozenset({0})
    # a zero vector is never blocked
    s = position(["2D"], obstacles=[[4, 3], [3, 4], [5, 4], [4, 5]])
    t = neutral(s)
    assert t.pawn == (4, 4)
    assert "blocked" not in kinds(t)


def test_ruling_obstacle_not_on_start() -> None:
    with pytest.raises(ValueError, match="not the start"):
        tg.make("currents", obstacles=[[4, 4]])
    assert tg.make("currents", obstacles=[[4, 3]]).options["obstacles"] == ((4, 3),)


def test_ruling_riptides_limit_entry() -> None:
    # [x, y, d]: a riptide pointing d; the pawn may not land on it moving against d
    north = {"N1": "6C"}  # from (4, 4): one north, to (4, 5)
    s = position(["2D"], cur=north, obstacles=[[4, 5, "S"]])
    assert s.game.options["obstacles"] == ((4, 5, "S"),)
    assert s.game.options_json()["obstacles"] == [[4, 5, "S"]]
    t = neutral(s)
    assert t.pawn == (4, 4) and Event("blocked", 0, value=(4, 5), text="riptide S") in t.events
    for d in ("N", "E", "W"):  # with the riptide, or across it: the pawn enters
        assert neutral(position(["2D"], cur=north, obstacles=[[4, 5, d]])).pawn == (4, 5)
    # a diagonal move is stopped by any component against the riptide
    ne = {"N1": "6C", "E2": "6D"}  # from (4, 4): one north, one east, to (5, 5)
    for d, stays in (("S", True), ("W", True), ("N", False), ("E", False)):
        t = neutral(position(["2D"], cur=ne, obstacles=[[5, 5, d]]))
        assert (t.pawn == (4, 4)) == stays, d
    # the pawn may stand on a riptide (it is no blocking obstacle)
    assert position(["2D"], cur=north, pawn=(4, 5), obstacles=[[4, 5, "S"]]).pawn == (4, 5)
    # blocking entries keep their format beside riptides; each place once, never the start
    game = tg.make("currents", obstacles=[[4, 6], [2, 2, "N"]])
    assert game.obstacle_set == {(4, 6)} and game.riptides == {(2, 2): "N"}  # type: ignore[attr-defined]
    for bad in ([[4, 5, "X"]], [[4, 5, "NE"]], [[4, 4, "N"]], [[4, 5], [4, 5, "N"]], [[4, 5, 1]]):
        with pytest.raises(ValueError, match="option obstacles="):
            tg.make("currents", obstacles=bad)


def test_ruling_riptide_checked_after_goaltending() -> None:
    cur = {"N1": "6C", "S1": "7C"}  # from (4, 7): two north, to (4, 9)
    # defended: the pawn stops on (4, 8), moving north onto a riptide pointing south: stays
    s = position(["2D", "", "5H", ""], cur=cur, pawn=(4, 7), obstacles=[[4, 8, "S"]])
    assert play(neutral(s), "defend 5H").pawn == (4, 7)
    # undefended: the crossing wins, riptide or not
    s = position(["2D", "", "", ""], cur=cur, pawn=(4, 7), obstacles=[[4, 8, "S"]])
    assert neutral(s).winners == frozenset({0})


def test_ruling_inspect_names_the_obstacle() -> None:
    north = {"N1": "6C"}
    inf = position(["2D"], cur=north, obstacles=[[4, 5, "S"]]).inspect()
    assert inf.blocked and inf.destination == (4, 5) and inf.landing == (4, 4)
    assert inf.blocked_by == "riptide at (4, 5) pointing S: the pawn may not enter it moving N"
    inf = position(["2D"], cur=north, obstacles=[[4, 5]]).inspect()
    assert inf.blocked and inf.blocked_by == "obstacle at (4, 5)"
    inf = position(["2D"], cur=north, obstacles=[[4, 5, "N"]]).inspect()
    assert not inf.blocked and inf.blocked_by == "" and inf.landing == (4, 5)


def test_ruling_empty_hand_skips_play() -> None:
    # both piles are emptied by hand: a full deck never runs dry
    s = position(["9C", "", "2S", ""], compass={"E": "AD", "S": "AH", "W": "AS"}, cur={"S1": "5H"})
    s = dataclasses.replace(s, draw_pile=(), discard_pile=())
    t = play(s, "9C>N0")
    assert Event("no_cards", 1) in t.events
    moves = [e for e in t.events if e.kind == "move"]
    assert moves == [Event("move", 0, value=(4, 4, 4, 3)), Event("move", 1, value=(4, 3, 4, 2))]
    assert (t.phase, t.player, t.turn) == ("play", 2, 2)


def test_ruling_max_turns_counts_move_phases() -> None:
    s = tg.make("currents", players=4, max_turns=1).initial_state(seed=3)
    while s.phase == "setup":
        s = s.apply(s.legal_moves()[0])
    assert (s.phase, s.turn) == ("play", 0)  # three set-up decisions are not turns
    s = neutral(s)  # no current yet: the pawn stays, the turn ends
    assert s.is_terminal
    assert (s.turn, s.winners) == (1, frozenset())
    assert s.events[-1] == Event("max_turns", value=(1,))


def test_ruling_hand_limit_four() -> None:
    with pytest.raises(tg.InvalidState, match="player 1 holds 5 cards; a hand holds at most 4"):
        position(["2C", "2D 3D 4D 5D 6D"])
    assert len(position(["2C", "2D 3D 4D 5D"]).hands[1]) == 4


def test_ruling_hand_built_position_no_draw() -> None:
    s = position(["2C 3C"])
    assert s.hands[0] == ("2C", "3C")
    assert (s.phase, s.player, s.turn) == ("play", 0, 0)
    assert s.events == ()
    assert len(s.draw_pile) == 52 - 4 - 2


def test_ruling_reshuffle_mid_draw() -> None:
    s = position(["2D", "2S", "", ""], extra={"draw_pile": ["3S"]})
    t = neutral(s)
    assert kinds(t)[-3:] == ["draw", "reshuffle", "draw"]
    assert t.events[-3] == Event("draw", 1, ("3S",))
    assert t.events[-2].value == (52 - 4 - 2,)  # the whole discard pile, with P0's 2D
    assert len(t.events[-1].cards) == 2
    assert len(t.hands[1]) == 4
    assert t.discard_pile == ()


def test_ruling_discard_pile_order() -> None:
    s = position(["JD"], extra={"discard_pile": []})
    assert play(s, "JD!N").discard_pile == ("AC", "JD")
    s = position(["5H 7C"], cur={"N0": "9H"}, combination_attacks=True, extra={"discard_pile": []})
    assert play(s, "5H>N0", "7C>N0").discard_pile == ("9H", "5H")
    cur = {**PAST_NORTH, "W3": "7C"}
    s = position(["9S", "", "5H 6H", ""], cur=cur, pawn=(5, 7), extra={"discard_pile": []})
    assert play(s, "discard 9S", "defend 5H 6H").discard_pile == ("9S", "5H", "6H")


def test_ruling_seats_and_first_player() -> None:
    game = tg.make("currents")
    assert game.owner == {"N": 0, "E": 1, "S": 2, "W": 3}  # the edge opposite each seat
    assert game.goaltender == {"N": 2, "E": 3, "S": 0, "W": 1}  # the player seated there
    _, _, s = setup_decisions(game.initial_state(seed=3))
    assert (s.phase, s.player) == ("play", 0)
    assert neutral(s).player == 1


def test_ruling_ace_placement_order() -> None:
    players, counts, _ = setup_decisions(tg.make("currents").initial_state(seed=4))
    assert players == [3, 2, 1]  # backwards through the turn order; P0's ace goes by itself
    assert counts == [16, 9, 4]  # 4 aces x 4 points, then 3 x 3, then 2 x 2


def test_ruling_aces_high() -> None:
    s = position(["AC"], compass={**FULL, "N": "KS", "W": "2S"}, cur={"N0": "KD"})
    assert "AC>N0" in legal(s)  # an ace outranks a king on a slot
    assert "AC>N" not in legal(s)  # and is too high to take a king's compass point
    t = position(["KC"], compass={"N": "AS", "E": "2D", "S": "AH", "W": None}, cur={"N0": "AD"})
    assert "KC>N" in legal(t)
    assert "KC>N0" not in legal(t)


def test_ruling_two_player_edges_assigned() -> None:
    duel = tg.make("currents", players=2)
    assert duel.owner == {"N": 0, "E": 1, "S": 0, "W": 1}
    assert duel.goaltender == {"N": 1, "E": 0, "S": 1, "W": 0}
    swapped = tg.make("currents", players=2, p0_edges="EW")
    assert swapped.owner == {"N": 1, "E": 0, "S": 1, "W": 0}
    setup = duel.initial_state(seed=5)
    assert all(m.kind == "place" for m in setup.legal_moves())  # no edge is chosen


def test_ruling_discard_needs_full_compass() -> None:
    empty_w = {**FULL, "W": None}
    s = position(["2C 9H KS QD"], compass=empty_w)
    assert not any(m.startswith("discard") for m in legal(s))
    assert {"2C>W", "9H>W", "KS>W", "QD>W"} <= legal(s)  # every card has a play
    j = position(["RJ BJ"], compass=empty_w, jokers=2)
    assert legal(j) == {"RJ!", "BJ!"}  # a hand of jokers plays a joker, never discards
    assert "discard 2C" in legal(position(["2C 9H KS QD"]))


def test_ruling_corner_advantage_back_through_turn_order() -> None:
    # P0 to play; the pawn leaves by the SE corner: P2 (south) was met before P1 (east)
    s = position(["9C"], cur={"S3": "2H", "E0": "3D"}, pawn=(8, 0))
    assert [g.winner for g in s.inspect().goaltending] == [2, 1]
    # NE corner, far from P0: P0's own goal comes first
    s = position(["9C"], cur={"N3": "2C", "E3": "3D"}, pawn=(8, 8))
    assert [g.winner for g in s.inspect().goaltending] == [0, 1]
    # two players: the player to move is always one of the two, so has the advantage
    d = position(["", "9C"], cur={"N3": "2C", "E3": "3D"}, pawn=(8, 8), player=1, players=2)
    assert [g.winner for g in d.inspect().goaltending] == [1, 0]


def test_ruling_defend_with_opposite_point_suit() -> None:
    # the pawn would cross north; S holds hearts, so P2 defends with hearts, not clubs
    s = position(["9S", "", "5H 5C", ""], cur=PAST_NORTH, pawn=(5, 7))
    (g,) = s.inspect().goaltending
    assert (g.edge, g.point, g.suit) == ("N", "S", "H")
    t = neutral(s)
    assert legal(t) == {"defend 5H", "decline"}


def test_ruling_actions_need_a_target() -> None:
    s = position(["JC QD KH 4S"], compass={"N": "AC", "E": None, "S": None, "W": None})
    assert "JC!N" in legal(s)
    assert not {"JC!E", "JC!S", "JC!W"} & legal(s)  # no jack on an empty point
    assert not any(m.startswith("QD!") for m in legal(s))  # every slot is empty
    assert "QD!N0~E3" in legal(position(["QD"], cur={"E3": "5H"}))
    bare = position(["KH 4S"], compass={"N": None, "E": None, "S": None, "W": None})
    assert not any(m.startswith("KH!") for m in legal(bare))
    with pytest.raises(tg.IllegalMove, match="empty"):
        s.parse_move("JC!W")
