"""One test per rule of Resistor (shared/rules/resistor.txt and the team rulings), each
named after the rule it checks. Positions are hand-built (``support.resistor``): player 0
plays the amperes in round 1, player 1 the resistors."""

from __future__ import annotations

import pytest
from support.resistor import at, kinds, legal, play, position, targets

import tablegames as tg
from tablegames.resistor import ResistorGame
from tablegames.resistor.board import (
    CELL_NAMES,
    CHARGE,
    COLS,
    PLAYABLE,
    ROWS,
    SOURCE,
    cell_index,
    zone,
)

#: Five amperes waiting in the current source (they do not count for the duty cycle).
WAITING = {"b0": "A", "c0": "A", "d0": "A", "l0": "A", "m0": "A"}
#: A resistor out of the way.
FAR = {"j12": "R"}


def test_board_14_columns_20_rows_with_zones() -> None:
    assert (ROWS, COLS) == (20, 14)
    assert zone(cell_index("a7")) == zone(cell_index("n7")) == "cycle"
    assert [CELL_NAMES[i] for i in SOURCE] == [f"{c}0" for c in "bcdefghijklm"]
    assert [CELL_NAMES[i] for i in CHARGE] == [f"{c}19" for c in "bcdefghijklm"]
    assert len(PLAYABLE) == 12 * 18
    assert {i // COLS for i in PLAYABLE} == set(range(1, 19))


def test_dead_spaces_rolled_column_2d6_row_3d6() -> None:
    rows, cols = set(), set()
    for seed in range(60):
        s = ResistorGame(first_amperes=0).initial_state(seed)
        rolled = [e for e in s.events if e.kind == "dead_space"]
        assert len(rolled) == len(s.dead) == 4 == len(set(s.dead))
        for e in rolled:
            col, row = sum(e.value[:2]), sum(e.value[2:])
            assert all(1 <= v <= 6 for v in e.value) and len(e.value) == 5
            assert cell_index(e.where) == row * COLS + col
            rows.add(row)
            cols.add(col)
    assert min(cols) >= 2 and max(cols) <= 12 and min(rows) >= 3 and max(rows) <= 18
    assert len(rows) > 8 and len(cols) > 6


def test_ampere_player_moves_first() -> None:
    s = ResistorGame(first_amperes=1, amperes=1, resistors=1).initial_state(seed=4)
    assert s.current_player == 1 and s.to_place() == ("ampere", 1)
    s = play(s, "place e0")
    assert s.current_player == 0 and s.to_place() == ("resistor", 1)
    s = s.apply(s.legal_moves()[0])
    assert s.phase == "play" and s.current_player == 1 and s.turn_role == "amperes"


def test_amperes_placed_on_current_source() -> None:
    s = ResistorGame(first_amperes=0).initial_state(seed=2)
    assert legal(s) == {f"place {c}0" for c in "bcdefghijklm"}
    for c in "bcdefghi":
        assert s.current_player == 0
        s = play(s, f"place {c}0")
    assert [CELL_NAMES[i] for i in s.cells("A")] == [f"{c}0" for c in "bcdefghi"]
    assert s.current_player == 1


def test_resistors_placed_in_rows_8_and_9() -> None:
    s = ResistorGame(first_amperes=0).initial_state(seed=2)
    s = play(s, *(f"place {c}0" for c in "bcdefghi"))
    cells = {m.dst for m in s.legal_moves()}
    assert {i // COLS for i in cells} == {8, 9}
    assert len(cells) == 24 - sum(d // COLS in (8, 9) for d in s.dead)
    s = play(s, "place b8", "place m9", "place e8", "place f9")
    assert s.phase == "play" and s.cells("R") == tuple(
        cell_index(c) for c in ("b8", "e8", "f9", "m9")
    )


def test_amperes_move_up_left_right() -> None:
    s = position({"e5": "A", **FAR})
    assert targets(s, "e5") == {"e6", "d5", "f5"}
    with pytest.raises(tg.IllegalMove, match=r"up .*left or right, never down or diagonally"):
        s.parse_move("e5-e4")


def test_duty_cycle_two_moves_with_three_or_fewer_amperes() -> None:
    s = position({"e5": "A", "g5": "A", "i5": "A", **WAITING, **FAR})
    assert s.duty == 2 and s.ampere_moves_left == 2
    s = play(s, "e5-e6")
    assert s.current_player == 0 and s.ampere_moves_left == 1
    s = play(s, "g5-g6")
    assert s.current_player == 1 and s.turn_role == "resistors"


def test_duty_cycle_one_move_with_more_than_three_amperes() -> None:
    s = position({"e5": "A", "g5": "A", "i5": "A", "k5": "A", **FAR})
    assert s.duty == 1
    s = play(s, "e5-e6")
    assert s.current_player == 1


def test_duty_cycle_second_move_brings_a_fourth_ampere_on() -> None:
    s = position({"e5": "A", "g5": "A", "i5": "A", **WAITING, **FAR})
    s = play(s, "e5-e6", "c0-c1")
    assert s.amperes_on_board() == 4 and s.current_player == 1
    s = play(s, "j12-i11")
    assert s.duty == 1


def test_current_source_is_not_on_the_board() -> None:
    s = position({"e5": "A", "g5": "A", "i5": "A", **WAITING, **FAR})
    assert s.amperes_on_board() == 3 and s.duty == 2


def test_slingshot_over_an_adjacent_ampere() -> None:
    s = position({"e5": "A", "e6": "A", **FAR})
    assert "e5-e7" in legal(s)
    s = play(s, "e5-e7")
    assert kinds(s)[0] == "slingshot" and at(s, "e7") == "A" and at(s, "e6") == "A"
    assert at(s, "e5") == "."
    lone = position({"e5": "A", **FAR})
    with pytest.raises(tg.IllegalMove, match="jumps over an adjacent ampere"):
        lone.parse_move("e5-e7")


def test_slingshot_onto_a_resistor_overloads_it() -> None:
    s = position({"e5": "A", "e6": "A", "e7": "R"})
    s = play(s, "e5-e7")
    assert kinds(s)[-1] == "overload" and s.pending == "overload"
    assert at(s, "e7") == "A" and not s.cells("R")
    assert s.current_player == 1 and legal(s) == {"overload f12", "overload k16"}
    s = play(s, "overload k16")
    assert at(s, "k16") == "O" and kinds(s) == ["to_dead_space"]
    assert s.current_player == 0 and s.ampere_moves_left == 1  # two amperes: two moves


def test_ampere_entering_a_cycle_column_goes_back_to_the_current_source() -> None:
    s = position({"b5": "A", **FAR})
    s = play(s, "b5-a5")
    assert kinds(s) == ["move", "cycle"] and at(s, "b0") == "A" and at(s, "a5") == "."
    s = position({"m5": "A", **FAR})
    assert at(play(s, "m5-n5"), "m0") == "A"


def test_ampere_landing_in_the_charge_zone_becomes_a_charger() -> None:
    s = play(position({"e18": "A", **FAR}), "e18-e19")
    assert at(s, "e19") == "C" and kinds(s) == ["move", "charge"]


def test_moves_left_after_charging_go_to_another_ampere() -> None:
    s = play(position({"e18": "A", "g10": "A", **FAR}), "e18-e19")
    assert s.current_player == 0 and s.ampere_moves_left == 1
    assert targets(s, "e19") == set() and targets(s, "g10") == {"g11", "f10", "h10"}
    assert "end" in legal(s)


def test_ampere_player_may_end_the_turn_early() -> None:
    s = play(position({"e5": "A", "g5": "A", **FAR}), "e5-e6")
    s = play(s, "end")
    assert s.current_player == 1 and kinds(s) == ["end_turn"]


def test_resistors_move_diagonally() -> None:
    s = position({"e5": "A", "e8": "R"}, current_player=1)
    assert targets(s, "e8") == {"d7", "f7", "d9", "f9"}
    with pytest.raises(tg.IllegalMove, match="one space diagonally"):
        s.parse_move("e8-e9")


def test_resistor_drains_an_ampere_and_steps_off_diagonally() -> None:
    s = position({"f9": "A", "b2": "A", "e8": "R"}, current_player=1)
    s = play(s, "e8-f9")
    assert kinds(s) == ["move", "drain"] and at(s, "f9") == "D"
    assert s.pending == "drain" and s.current_player == 1
    assert legal(s) == {"f9-e8", "f9-g8", "f9-e10", "f9-g10"}
    s = play(s, "f9-g10")
    assert at(s, "g10") == "R" and at(s, "f9") == "D" and s.current_player == 0


def test_drained_ampere_is_unusable() -> None:
    s = position({"f9": "D", "b2": "A", **FAR})
    assert targets(s, "f9") == set()
    with pytest.raises(tg.IllegalMove, match="drained: it cannot move until a charger"):
        s.parse_move("f9-f10")


def test_resistors_stay_out_of_cycle_columns_and_zones() -> None:
    s = position({"e5": "A", "b1": "R", "l18": "R"}, current_player=1)
    assert targets(s, "b1") == {"c2"} and targets(s, "l18") == {"k17", "m17"}
    with pytest.raises(tg.IllegalMove, match="stay in the playable area"):
        s.parse_move("b1-a2")
    with pytest.raises(tg.IllegalMove, match="stay in the playable area"):
        s.parse_move("l18-m19")


def test_resistor_converts_a_charger() -> None:
    s = position({"f9": "C", "b2": "A", "e8": "R"}, current_player=1)
    s = play(s, "e8-f9")
    assert at(s, "f9") == "R" and at(s, "f0") == "A" and "convert" in kinds(s)
    assert s.current_player == 0


def test_chargers_move_forward_sideways_and_diagonally_never_back() -> None:
    s = position({"e10": "C", **FAR})
    assert targets(s, "e10") == {"e9", "d9", "f9", "d10", "f10"}
    with pytest.raises(tg.IllegalMove, match="never back up"):
        s.parse_move("e10-e11")


def test_chargers_move_two_spaces_a_turn() -> None:
    s = position({"e10": "C", "b2": "A", "c2": "A", "d2": "A", "g2": "A", **FAR})
    assert s.duty == 1 and s.charger_moves_left == 2
    s = play(s, "e10-e9")
    assert s.current_player == 0 and s.charger_moves_left == 1
    s = play(s, "e9-e8")
    assert s.current_player == 1


def test_chargers_do_not_count_for_the_duty_cycle() -> None:
    s = position({"e5": "A", "g5": "A", "i5": "A", "e10": "C", "g10": "C", **FAR})
    assert s.amperes_on_board() == 3 and s.duty == 2


def test_chargers_slingshot_only_over_chargers() -> None:
    s = position({"e10": "C", "e9": "C", **FAR})
    assert "e10-e8" in legal(s)
    s = position({"e10": "C", "e9": "A", **FAR})
    with pytest.raises(tg.IllegalMove, match="jumps over an adjacent charger"):
        s.parse_move("e10-e8")


def test_charger_entering_a_cycle_column_goes_back_to_the_charge_zone() -> None:
    s = play(position({"b10": "C", **FAR}), "b10-a10")
    assert at(s, "b19") == "C" and kinds(s) == ["move", "cycle"]


def test_charger_recharges_a_drained_ampere_and_may_go_on() -> None:
    s = position({"e10": "C", "e9": "D", "b2": "A", **FAR})
    s = play(s, "e10-e9")
    assert at(s, "e9") == "C" and at(s, "e0") == "A" and "recharge" in kinds(s)
    assert s.current_player == 0 and s.charger_moves_left == 1
    s = play(s, "e9-e8")
    assert at(s, "e8") == "C"


def test_charger_reaching_the_current_source_scores_and_becomes_an_ampere() -> None:
    s = play(position({"e1": "C", **FAR}), "e1-e0")
    assert at(s, "e0") == "A" and s.scores == (1, 0) and s.points == 1
    assert kinds(s)[:2] == ["move", "score"]


def test_one_piece_per_space_drained_ampere_included() -> None:
    s = position({"e5": "A", "e6": "D", **FAR})
    with pytest.raises(tg.IllegalMove, match="occupied by a drained ampere"):
        s.parse_move("e5-e6")


def test_moves_in_the_current_source_count() -> None:
    s = position({"c0": "A", "e5": "A", "g5": "A", "i5": "A", "k5": "A", **FAR})
    s = play(s, "c0-d0")
    assert at(s, "d0") == "A" and s.current_player == 1


def test_no_piece_enters_a_dead_space() -> None:
    s = position({"e5": "A", **FAR}, dead=["e6", "k16"])
    assert targets(s, "e5") == {"d5", "f5"}
    with pytest.raises(tg.IllegalMove, match="e6 is a dead space"):
        s.parse_move("e5-e6")


def test_amperes_and_chargers_never_in_the_same_turn() -> None:
    s = play(position({"e5": "A", "g10": "C", **FAR}), "e5-e6")
    assert s.turn_kind == "amperes" and targets(s, "g10") == set()
    with pytest.raises(tg.IllegalMove, match="never played in the same turn"):
        s.parse_move("g10-g9")


def test_resistor_player_chooses_the_dead_space_of_an_overload() -> None:
    s = position({"e5": "A", "e6": "A", "e7": "R", "k16": "R"}, dead=["f12", "k16", "c4"])
    s = play(s, "e5-e7")
    assert s.current_player == 1 and legal(s) == {"overload c4", "overload f12"}
    with pytest.raises(tg.IllegalMove, match="already holds a resistor"):
        s.parse_move("overload k16")


def test_only_chargers_score() -> None:
    s = play(position({"e18": "A", **FAR}), "e18-e19")
    assert s.scores == (0, 0)
    s = play(position({"e1": "C", **FAR}), "e1-e0")
    assert s.scores == (1, 0)


def test_round_ends_when_all_amperes_are_drained() -> None:
    s = position({"f9": "A", "e8": "R"}, current_player=1)
    s = play(s, "e8-f9")
    assert kinds(s)[:4] == ["move", "drain", "round_end", "round"]
    assert s.round == 2 and s.phase == "setup"
    assert [e.text for e in s.events if e.kind == "round_end"] == ["drained"]


def test_round_ends_when_the_ampere_player_forfeits() -> None:
    s = play(position({"e5": "A", **FAR}), "forfeit")
    assert kinds(s)[:3] == ["forfeit", "round_end", "round"] and s.round == 2


def test_roles_switch_after_a_round() -> None:
    s = play(position({"e5": "A", **FAR}), "forfeit")
    assert s.ampere_player == 1 and s.resistor_player == 0 and s.current_player == 1
    assert s.role(1) == "amperes"


def test_highest_score_after_two_rounds_wins() -> None:
    s = position({"e5": "A", **FAR}, round=2, turns_played=60, scores=[1, 0], current_player=1)
    assert s.ampere_player == 1
    s = play(s, "forfeit")
    assert s.is_terminal and s.winners == {0} and s.returns() == (1.0, -1.0)
    assert kinds(s)[-1] == "win"


def test_tie_after_two_rounds_plays_two_more() -> None:
    s = position({"e5": "A", **FAR}, round=2, turns_played=60, scores=[1, 1], current_player=1)
    s = play(s, "forfeit")
    assert not s.is_terminal and s.round == 3 and s.ampere_player == 0
    s = position({"e5": "A", **FAR}, round=3, turns_played=60, scores=[1, 1], current_player=0)
    s = play(s, "forfeit")
    assert not s.is_terminal and s.round == 4
    s = position({"e5": "A", **FAR}, round=4, turns_played=60, scores=[1, 2], current_player=1)
    s = play(s, "forfeit")
    assert s.winners == {1}


def test_higher_die_roll_chooses_the_role() -> None:
    for seed in range(10):
        s = ResistorGame().initial_state(seed)
        rolls = [e.value[0] for e in s.events if e.kind == "roll"]
        assert s.phase == "roles" and rolls[-1] != rolls[-2]
        assert s.current_player == (0 if rolls[-2] > rolls[-1] else 1)
        assert legal(s) == {"amperes", "resistors"}
        after = play(s, "resistors")
        assert after.resistor_player == s.current_player and after.phase == "setup"


def test_resistor_player_moves_one_resistor_per_turn() -> None:
    s = position({"e5": "A", "e8": "R", "h8": "R"}, current_player=1)
    s = play(s, "e8-f9")
    assert s.current_player == 0 and s.turn_role == "amperes"


def test_overloaded_resistor_is_unusable_on_the_next_turn() -> None:
    s = position({"e5": "A", "e6": "A", "e7": "R", "h8": "R"})
    s = play(s, "e5-e7", "overload f12", "end")
    assert s.current_player == 1 and at(s, "f12") == "O"
    assert targets(s, "f12") == set()
    with pytest.raises(tg.IllegalMove, match="overloaded: it is unusable on this turn"):
        s.parse_move("f12-g13")
    s = play(s, "h8-g9")
    assert at(s, "f12") == "R"
    s = play(s, "e7-e8", "end", "f12-g13")
    assert at(s, "g13") == "R"
