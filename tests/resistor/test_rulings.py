"""One test per Resistor ruling in docs/rulings.md, named ``test_ruling_<id>``."""

from __future__ import annotations

from typing import Any

import pytest
from support.resistor import at, kinds, legal, play, position, targets

import tablegames as tg
from tablegames.resistor import ResistorGame, ResistorState
from tablegames.resistor.board import CELL_NAMES, COLS, CYCLE, cell_index

FAR = {"j12": "R"}
#: Four amperes out on the board: the duty cycle gives one move a turn.
FOUR = {"b2": "A", "c2": "A", "d2": "A", "g2": "A"}


def _setup_done(seed: int = 2, **options: Any) -> ResistorState:
    """Round 1 after both placements (player 0 amperes)."""
    return _skip_setup(ResistorGame(first_amperes=0, **options).initial_state(seed))


def test_ruling_corners_are_cycle() -> None:
    for name in ("a0", "n0", "a19", "n19"):
        assert cell_index(name) in CYCLE
    s = position({"b0": "A", **FAR})
    s = play(s, "b0-a0")  # sideways out of the current source into the corner
    assert at(s, "a0") == "." and at(s, "b0") == "A" and "cycle" in kinds(s)


def test_ruling_rows_counted_from_current_source() -> None:
    s = ResistorGame(first_amperes=0, amperes=1).initial_state(seed=3)
    s = play(s, "place e0")
    rows = {m.dst // COLS for m in s.legal_moves()}
    assert rows == {8, 9}
    for e in s.events:
        if e.kind == "dead_space":
            assert cell_index(e.where) // COLS == sum(e.value[2:])  # 3d6 = the board's row


def test_ruling_dead_spaces_each_round() -> None:
    s = play(position({"e5": "A", **FAR}, dead=["f12", "k16"], seed=11), "forfeit")
    assert s.phase == "setup" and s.round == 2 and s.board.count(".") == 20 * 14
    assert len(s.dead) == 2 and "dead_space" in kinds(s)
    # a repeated cell is rolled again
    for seed in range(200):
        s = ResistorGame(first_amperes=0, dead_spaces=8).initial_state(seed)
        rerolls = [e for e in s.events if e.kind == "reroll"]
        if rerolls:
            first = [e.where for e in s.events if e.kind == "dead_space"]
            assert rerolls[0].where in first and len(set(first)) == 8
            break
    else:
        pytest.fail("no reroll in 200 seeds")


def test_ruling_role_roll() -> None:
    s = ResistorGame().initial_state(seed=5)
    chooser = s.current_player
    after = play(s, "amperes")
    assert after.first == chooser and after.ampere_player == chooser
    assert after.current_player == chooser and kinds(after)[0] == "role"
    ties = 0
    for seed in range(40):
        rolls = [e.value[0] for e in ResistorGame().initial_state(seed).events]
        ties += len(rolls) > 2
        assert all(a == b for a, b in zip(rolls[:-2:2], rolls[1:-2:2]))
    assert ties  # some seeds needed a reroll
    fixed = ResistorGame(first_amperes=1).initial_state(seed=5)
    assert fixed.phase == "setup" and fixed.ampere_player == 1


def test_ruling_ampere_player_moves_first() -> None:
    # round 2: the roles have swapped, and the new ampere player (player 1) starts play
    s = position({"e5": "A", **FAR}, current_player=0)
    s = _skip_setup(play(s, "forfeit"))
    assert (s.round, s.phase, s.ampere_player) == (2, "play", 1)
    assert s.current_player == 1 and s.turn_role == "amperes" and s.turn == 0


def test_ruling_setup_order() -> None:
    s = ResistorGame(first_amperes=0, amperes=2, resistors=2).initial_state(seed=1)
    order = []
    while s.phase == "setup":
        order.append((s.current_player, s.to_place()[0]))
        s = s.apply(s.legal_moves()[-1])
    assert order == [(0, "ampere"), (0, "ampere"), (1, "resistor"), (1, "resistor")]
    assert s.turn == 0 and s.current_player == 0


def test_ruling_one_step_per_decision() -> None:
    s = position({"e5": "A", "g5": "A", **FAR})
    assert all(m.kind in ("move", "forfeit") for m in s.legal_moves())
    s = play(s, "e5-e6")
    assert (s.turn_kind, s.duty, s.moves_made, s.ampere_moves_left) == ("amperes", 2, 1, 1)
    s = play(s, "g5-g6")
    assert s.current_player == 1 and s.moves_made == 0 and s.turn_kind == ""


def test_ruling_duty_fixed_at_turn_start() -> None:
    s = position({"e5": "A", "g5": "A", "i5": "A", "b0": "A", **FAR})
    s = play(s, "b0-b1")  # now four on the board, but the turn started with three
    assert s.amperes_on_board() == 4 and s.ampere_moves_left == 1
    s = play(s, "e5-e6")
    assert s.current_player == 1


def test_ruling_drained_amperes_count_for_duty_cycle() -> None:
    s = position({"e5": "A", "g5": "A", "i5": "D", "k5": "D", **FAR})
    assert s.amperes_on_board() == 4 and s.duty == 1


def test_ruling_slingshot_is_a_jump() -> None:
    s = position({"e5": "A", "f5": "A", "g5": "A", "i5": "A", **FAR})
    assert {"e5-g5", "e5-e7"} & legal(s) == set()  # g5 occupied; nothing to jump upwards
    s = position({"e5": "A", "f5": "A", "b2": "A", "c2": "A", **FAR})
    assert s.duty == 1 and "e5-g5" in legal(s) and "f5-d5" in legal(s)
    s = play(s, "e5-g5")
    assert at(s, "f5") == "A" and at(s, "g5") == "A" and s.current_player == 1  # one move
    with pytest.raises(tg.IllegalMove, match=r"one space .*two in a straight line"):
        s.parse_move("f5-g7")


EXTRA = {"slingshot": "extra_step"}


def test_ruling_slingshot_extra_step() -> None:
    # the option's other reading: no jumps; once the allotted moves are used, a piece beside
    # a usable piece of its kind (the eight spaces around it) moves one more ordinary space
    s = position({"e5": "A", "e6": "A", **FAR}, options=EXTRA)
    assert tg.make("resistor", **EXTRA).options["slingshot"] == "extra_step"
    with pytest.raises(tg.IllegalMove, match="never a jump over a piece"):
        s.parse_move("e5-e7")
    s = play(s, "e6-e7", "e7-e8")  # two allotted moves; e8 and e5 stand apart: turn over
    assert s.current_player == 1 and "slingshot" not in kinds(s)
    s = play(position({"e5": "A", "e6": "A", **FAR}, options=EXTRA), "e6-e7", "e5-e6")
    assert s.current_player == 0 and s.extra_step_due and "end" in legal(s)
    assert {"e7-e8", "e7-d7", "e7-f7", "e6-d6", "e6-f6"} <= legal(s)
    s = play(s, "e7-e8")
    assert kinds(s)[0] == "slingshot" and s.current_player == 1  # one extra step a turn
    # a diagonal neighbour is adjacent too; the extra step may land on a resistor
    due = {"phase": "play", "turn_kind": "amperes", "moves_made": 2}
    s = position({"e7": "A", "f6": "A", "e8": "R", **FAR}, options=EXTRA, **due)
    assert "e7-e8" in legal(s)
    s = play(s, "e7-e8")
    assert s.pending == "overload" and kinds(s) == ["slingshot", "overload"]
    s = play(s, "overload f12")
    assert s.current_player == 1  # the extra step was the turn's last
    # an allotted (ordinary) step never lands on a resistor
    s = position({"e7": "A", "f6": "A", "e8": "R", **FAR}, options=EXTRA)
    with pytest.raises(tg.IllegalMove, match=r"only a slingshot .the extra step"):
        s.parse_move("e7-e8")
    # chargers: the same, beside a charger, after their two moves
    s = position({"e10": "C", "f10": "C", **FAR}, options=EXTRA, turn_kind="chargers",
                 moves_made=2)  # fmt: skip
    assert {"e10-e9", "f10-f9"} <= legal(s)
    apart = {"e10": "C", "h10": "C", **FAR}
    with pytest.raises(tg.InvalidState, match="no piece beside one of its kind"):
        position(apart, options=EXTRA, turn_kind="chargers", moves_made=2)


def test_ruling_several_slingshots_per_turn() -> None:
    # jump reading: each of the turn's moves may be a slingshot (the text sets no limit)
    s = position({"e5": "A", "e6": "A", **FAR})
    assert s.duty == 2
    s = play(s, "e5-e7", "e6-e8")
    assert [e.kind for e in s.events][:1] == ["slingshot"] and s.current_player == 1
    assert at(s, "e7") == "A" and at(s, "e8") == "A"
    # extra_step reading: one extra space a turn, after the allotted moves
    s = position({"e5": "A", "e6": "A", "e7": "A", "b2": "A", **FAR}, options=EXTRA)
    assert s.duty == 1
    s = play(s, "e7-e8", "e6-e7")
    assert s.current_player == 1 and s.moves_made == 0


def test_ruling_one_resistor_per_turn() -> None:
    s = position({"e5": "A", "e8": "R", "h8": "R"}, current_player=1)
    s = play(s, "h8-g9")
    assert s.current_player == 0 and s.turn_role == "amperes"
    # a drain and its step off are the one resistor's turn: then the amperes move
    s = position({"b0": "A", "e7": "A", "f8": "R", "j9": "R"}, current_player=1)
    s = play(s, "f8-e7")
    assert s.current_player == 1 and s.pending == "drain"
    s = play(s, "e7-d6")
    assert s.current_player == 0 and s.turn_role == "amperes"


def test_ruling_resistor_one_diagonal_step() -> None:
    s = position({"e5": "A", "h8": "R"}, current_player=1)
    assert targets(s, "h8") == {"g7", "i7", "g9", "i9"}
    with pytest.raises(tg.IllegalMove, match="one space diagonally"):
        s.parse_move("h8-j10")


def test_ruling_charger_moves_split() -> None:
    s = position({"e10": "C", "h10": "C", **FAR})
    s = play(s, "e10-e9")
    assert s.current_player == 0 and s.charger_moves_left == 1
    s = play(s, "h10-h9")
    assert s.current_player == 1 and at(s, "e9") == "C" and at(s, "h9") == "C"


def test_ruling_drained_ampere_no_slingshot() -> None:
    s = position({"e5": "A", "e6": "D", **FAR})
    assert "e5-e7" not in legal(s)
    with pytest.raises(tg.IllegalMove, match="adjacent ampere that can move"):
        s.parse_move("e5-e7")


def test_ruling_only_slingshot_lands_on_resistor() -> None:
    s = position({"e5": "A", "e6": "R"})
    with pytest.raises(tg.IllegalMove, match="only a slingshot lands on a resistor"):
        s.parse_move("e5-e6")
    s = position({"e5": "A", "e6": "A", "e7": "R"}, dead=["e7", "k16"])
    with pytest.raises(tg.IllegalMove, match="e7 is a dead space"):
        s.parse_move("e5-e7")


def test_ruling_charger_slingshot_overloads() -> None:
    s = position({"e10": "C", "e9": "C", "e8": "R"})
    s = play(s, "e10-e8")
    assert s.pending == "overload" and at(s, "e8") == "C" and s.current_player == 1
    s = position({"e10": "C", "e9": "C", "e8": "D", **FAR})
    s = play(s, "e10-e8")
    assert at(s, "e8") == "C" and at(s, "e0") == "A" and "recharge" in kinds(s)


def test_ruling_overload_needs_free_dead_space() -> None:
    s = position({"e5": "A", "e6": "A", "e7": "R", "f12": "R"}, dead=["f12"])
    assert "e5-e7" not in legal(s)
    with pytest.raises(tg.IllegalMove, match="none is free"):
        s.parse_move("e5-e7")
    s = position({"e5": "A", "e6": "A", "e7": "R"}, dead=[])
    assert "e5-e7" not in legal(s)


def test_ruling_overload_choice_is_interrupt() -> None:
    s = position({"e5": "A", "e6": "A", "e7": "R"})
    s = play(s, "e5-e7")
    assert s.current_player == 1 and s.turn_role == "amperes" and s.moves_made == 1
    with pytest.raises(tg.IllegalMove, match="first puts the resistor overloaded on e7"):
        s.parse_move("e6-e8")
    s = play(s, "overload f12")
    assert s.current_player == 0 and s.ampere_moves_left == 1


def test_ruling_overloaded_resistor_sits_out_one_turn() -> None:
    s = position({"e5": "A", "h8": "R", "f12": "O"}, current_player=1)
    assert targets(s, "f12") == set()
    s = play(s, "h8-g9", "e5-e6", "end")
    assert at(s, "f12") == "R" and targets(s, "f12") == {"e11", "g11", "e13", "g13"}


def test_ruling_overloaded_resistor_leaves_dead_space() -> None:
    # after its sit-out turn the resistor is no longer overloaded, so it may not stay on the
    # dead space: the resistor player's next move takes it off (the dead space is free again)
    s = position({"e5": "A", "h8": "R", "f12": "R"}, current_player=1)
    assert {m.src for m in s.legal_moves()} == {cell_index("f12")}
    with pytest.raises(tg.IllegalMove, match="must leave it this turn"):
        s.parse_move("h8-g9")
    s = play(s, "f12-g13")
    assert at(s, "f12") == "." and s.free_dead_space()
    # hemmed in, it stays until it can move; the other resistors move meanwhile
    boxed = {"e5": "A", "h8": "R", "f12": "R", "e11": "R", "g11": "R", "e13": "R", "g13": "R"}
    s = position(boxed, current_player=1)
    assert "h8-g9" in legal(s) and not targets(s, "f12")


def test_ruling_resistors_never_enter_dead_spaces() -> None:
    s = position({"e5": "A", "e8": "R"}, dead=["f9", "k16"], current_player=1)
    assert targets(s, "e8") == {"d7", "f7", "d9"}
    with pytest.raises(tg.IllegalMove, match="f9 is a dead space"):
        s.parse_move("e8-f9")
    s = ResistorGame(first_amperes=0, amperes=1).initial_state(seed=1)
    s = play(s, "place e0")
    assert not {m.dst for m in s.legal_moves()} & set(s.dead)


def test_ruling_drain_follow_up_is_a_decision() -> None:
    s = position({"f9": "A", "b2": "A", "e8": "R", "g10": "R"}, dead=["e10", "k16"])
    s = play(s, "b2-b3", "end", "e8-f9")
    assert s.current_player == 1 and s.pending == "drain"
    assert legal(s) == {"f9-e8", "f9-g8"}  # e10 dead, g10 taken; e8 is where it came from
    with pytest.raises(tg.IllegalMove, match="must step off it"):
        s.parse_move("g10-h11")


def test_ruling_drain_follow_up_to_empty_space() -> None:
    s = position({"f9": "A", "g10": "A", "b2": "A", "e8": "R"}, current_player=1)
    s = play(s, "e8-f9")
    assert "f9-g10" not in legal(s)


def test_ruling_drain_needs_follow_up_space() -> None:
    # The resistor stands on a dead space (after its pause): it cannot step back there,
    # and the other three diagonals of f9 are taken.
    at_ = {"f9": "A", "g10": "R", "e10": "D", "g8": "D", "b2": "A", "e8": "R"}
    s = position(at_, dead=["e8", "k16"], current_player=1)
    assert "e8-f9" not in legal(s)
    with pytest.raises(tg.IllegalMove, match="no such space is free"):
        s.parse_move("e8-f9")


def test_ruling_last_drain_ends_round_at_once() -> None:
    s = position({"f9": "A", "e8": "R"}, current_player=0, round=2, turns_played=60, scores=[1, 0])
    s = play(s, "e8-f9")
    assert s.is_terminal and s.winners == {0}
    assert s.pending == "drain" and CELL_NAMES[s.pending_cell] == "f9" and at(s, "f9") == "D"
    assert "R" in str(s).splitlines()[19 - 9]


def test_ruling_all_pieces_drained_ends_round() -> None:
    s = position({"f9": "A", "b0": "A", "e8": "R"}, current_player=1)
    s = play(s, "e8-f9")  # b0 waits in the current source: the round goes on
    assert s.round == 1 and s.pending == "drain"
    s = position({"f9": "A", "c15": "C", "e8": "R"}, current_player=1)
    assert play(s, "e8-f9").round == 1
    s = position({"f9": "A", "c5": "D", "e8": "R"}, current_player=1)
    assert play(s, "e8-f9").round == 2


def test_ruling_returned_piece_own_column() -> None:
    s = position({"e10": "C", "e9": "D", "e0": "A", "f0": "A", "d0": "A", **FAR})
    s = play(s, "e10-e9")  # e0 taken, d0 and f0 too: c0 and g0 are equally near, left first
    assert at(s, "c0") == "A"
    s = play(position({"b5": "A", "b0": "A", **FAR}), "b5-a5")  # a cycle column counts as b
    assert at(s, "c0") == "A"
    s = play(position({"m10": "C", "m19": "C", **FAR}), "m10-n10")
    assert at(s, "l19") == "C"


def test_ruling_cycle_counts_as_move() -> None:
    s = position({"c5": "A", "b5": "A", **FOUR, **FAR})
    assert s.duty == 1
    s = play(s, "c5-a5")  # a slingshot over b5 into the cycle column
    assert at(s, "b0") == "A" and "cycle" in kinds(s) and s.current_player == 1


def test_ruling_sideways_in_zones() -> None:
    s = position({"e0": "A", **FOUR, **FAR})
    assert targets(s, "e0") == {"e1", "d0", "f0"}
    s = position({"e19": "C", **FOUR, **FAR})
    assert targets(s, "e19") == {"e18", "d18", "f18", "d19", "f19"}
    s = play(s, "e19-f19")
    assert at(s, "f19") == "C" and s.charger_moves_left == 1


def test_ruling_charged_ampere_stops() -> None:
    s = play(position({"e18": "A", "g5": "A", **FAR}), "e18-e19")
    assert s.turn_kind == "amperes" and targets(s, "e19") == set()
    with pytest.raises(tg.IllegalMove, match="never played in the same turn"):
        s.parse_move("e19-e18")


def test_ruling_score_in_place() -> None:
    s = position({"e1": "C", "g5": "C", **FAR})
    s = play(s, "e1-e0")
    assert at(s, "e0") == "A" and s.charger_moves_left == 1
    assert targets(s, "e0") == set() and targets(s, "g5")


def test_ruling_recharge_in_place() -> None:
    s = play(position({"e10": "C", "e9": "D", **FAR}), "e10-e9")
    assert at(s, "e9") == "C" and at(s, "e0") == "A"
    assert s.piece(cell_index("e0")).drained is False  # type: ignore[union-attr]


def test_ruling_convert_resistor_stays() -> None:
    s = play(position({"f9": "C", "b2": "A", "e8": "R"}, current_player=1), "e8-f9")
    assert at(s, "f9") == "R" and at(s, "e8") == "." and at(s, "f0") == "A"
    assert s.pending == "" and s.current_player == 0


def test_ruling_charger_directions() -> None:
    s = position({"e10": "C", **FAR})
    assert targets(s, "e10") == {"e9", "d9", "f9", "d10", "f10"}
    for back in ("e11", "d11", "f11"):
        with pytest.raises(tg.IllegalMove, match="never back up"):
            s.parse_move(f"e10-{back}")


def test_ruling_end_needs_a_move() -> None:
    s = position({"e5": "A", "g5": "A", **FAR})
    assert "end" not in legal(s)
    with pytest.raises(tg.IllegalMove, match="only after at least one move"):
        s.parse_move("end")
    s = position({"e5": "A", "e8": "R"}, current_player=1)
    with pytest.raises(tg.IllegalMove, match="'end' passes only when no resistor can move"):
        s.parse_move("end")
    stuck = position({"e5": "A", "f12": "O"}, current_player=1)
    assert legal(stuck) == {"end"}
    after = play(stuck, "end")
    assert after.current_player == 0 and at(after, "f12") == "R"


def test_ruling_forfeit_at_turn_start() -> None:
    s = position({"e5": "A", "g5": "A", **FAR}, scores=[2, 0], points=2)
    assert "forfeit" in legal(s)
    mid = play(s, "e5-e6")
    assert "forfeit" not in legal(mid)
    with pytest.raises(tg.IllegalMove, match="at the start of a turn"):
        mid.parse_move("forfeit")
    done = play(s, "forfeit")
    assert done.scores == (2, 0) and [e.value for e in done.events if e.kind == "round_end"] == [
        (1, 2)
    ]
    with pytest.raises(tg.IllegalMove, match="only the ampere player forfeits"):
        position({"e5": "A", "e8": "R"}, current_player=1).parse_move("forfeit")


def test_ruling_no_step_leaves_forfeit() -> None:
    s = position({"e5": "A", "e6": "D", "d5": "D", "f5": "D", **FAR})
    assert legal(s) == {"forfeit"} and not s.is_terminal


def test_ruling_roles_alternate_each_round() -> None:
    s = position({"e5": "A", **FAR}, options={"first_amperes": 1}, current_player=1)
    seen = []
    while len(seen) < 4:
        seen.append((s.round, s.ampere_player, s.current_player))
        s = _skip_setup(play(s, "forfeit"))
    assert seen == [(1, 1, 1), (2, 0, 0), (3, 1, 1), (4, 0, 0)]


def _skip_setup(s: ResistorState) -> ResistorState:
    while s.phase == "setup":
        s = s.apply(s.legal_moves()[0])
    return s


def test_ruling_rounds_even() -> None:
    with pytest.raises(ValueError, match=r"option rounds=3 .*positive even"):
        ResistorGame(rounds=3)
    s = position({"e5": "A", **FAR}, options={"rounds": 4}, round=2, turns_played=60, scores=[1, 0])
    s = play(s, "forfeit")
    assert not s.is_terminal and s.round == 3
    s = position({"e5": "A", **FAR}, options={"rounds": 4}, round=4, turns_played=60, scores=[1, 0])
    assert play(s, "forfeit").winners == {0}


def test_ruling_max_turns_counts_the_match() -> None:
    s = _setup_done(max_turns=6, amperes=2, resistors=1)
    assert (s.turn, s.turns_played) == (0, 0)
    s = play(s, "b0-b1", "end")  # an ampere turn: one turn
    assert (s.turn, s.turns_played) == (1, 1) and s.current_player == 1
    s = s.apply(s.legal_moves()[0])  # the resistor player's turn: another
    assert (s.turn, s.turns_played) == (2, 2)
    s = play(s, "forfeit")  # a forfeited turn counts too; the match's count goes on
    assert s.round == 2 and (s.turn, s.turns_played) == (0, 3) and not s.is_terminal
    s = _skip_setup(s)  # placements are not turns
    assert (s.turn, s.turns_played) == (0, 3)
    while not s.is_terminal:
        s = s.apply(next(m for m in s.legal_moves() if m.kind != "forfeit"))
    # the sixth turn of the match stops it at once, with no winner, whatever the scores
    assert s.round == 2 and (s.turn, s.turns_played) == (3, 6)
    assert kinds(s)[-2:] == ["max_turns", "draw"] and s.events[-2].value == (6,)
    assert s.winners == frozenset() and s.returns() == (0.0, 0.0)
    lead = position({"e5": "A", **FAR}, options={"max_turns": 61}, round=2, turns_played=60,
                    scores=[1, 0])  # fmt: skip
    lead = play(lead, "e5-e6", "end")
    assert lead.is_terminal and lead.winners == frozenset() and "max_turns" in kinds(lead)
    # a tie with no cap adds pairs of rounds as the rules say (no max_rounds any more)
    tie = position({"e5": "A", **FAR}, round=4, turns_played=60, scores=[1, 1], current_player=1)
    assert play(tie, "forfeit").round == 5
    # players who forfeit every round at once still reach the cap: every round has a turn
    s = ResistorGame(first_amperes=0, max_turns=7).initial_state(1)
    while not s.is_terminal:
        s = s.apply(next((m for m in s.legal_moves() if m.kind == "forfeit"), s.legal_moves()[0]))
    assert (s.round, s.turns_played, s.winners) == (7, 7, frozenset())
    assert kinds(s)[-4:] == ["forfeit", "round_end", "max_turns", "draw"]


def test_round_turns_ends_the_round() -> None:
    # the variant's limit: a round ends once this many of its turns (both players') are played
    s = _setup_done(round_turns=3, amperes=2, resistors=1)
    s = play(s, "b0-b1", "end")  # turn 1
    s = s.apply(s.legal_moves()[0])  # turn 2, the resistor player's
    assert s.round == 1 and s.turn == 2
    s = play(s, "b1-b2", "end")  # turn 3 reaches the limit: the round ends, points standing
    assert s.round == 2 and s.phase == "setup" and s.turns_played == 3
    assert [e.text for e in s.events if e.kind == "round_end"] == ["turn_limit"]
    # the last round's limit decides the match by the scores, as any round's end does
    lead = position({"e5": "A", **FAR}, options={"round_turns": 5}, round=2, turn=4,
                    turns_played=60, scores=[1, 0])  # fmt: skip
    lead = play(lead, "e5-e6", "end")
    assert lead.is_terminal and lead.winners == frozenset({0}) and "max_turns" not in kinds(lead)
    # ... even on the turn max_turns is reached (the rules' end comes first)
    both = position({"e5": "A", **FAR}, options={"round_turns": 5, "max_turns": 61}, round=2,
                    turn=4, turns_played=60, scores=[1, 0])  # fmt: skip
    assert play(both, "e5-e6", "end").winners == frozenset({0})
    # a tie after the last round adds a pair of rounds, each limited again
    tie = position({"e5": "A", **FAR}, options={"round_turns": 5}, round=2, turn=4,
                   turns_played=60, scores=[1, 1])  # fmt: skip
    tie = play(tie, "e5-e6", "end")
    assert tie.round == 3 and not tie.is_terminal
    # a hand-built position past the limit is refused; without the option rounds are unlimited
    with pytest.raises(tg.InvalidState, match="round_turns=5"):
        position({"e5": "A", **FAR}, options={"round_turns": 5}, turn=5, turns_played=5)
    assert ResistorGame().round_turns is None
    with pytest.raises(ValueError, match="round_turns"):
        ResistorGame(round_turns=0)


def test_ruling_observation_hides_seed() -> None:
    s = _setup_done()
    for p in (0, 1):
        obs = s.observation(p)
        assert obs["seed"] is None and obs["viewer"] == p
        full = s.to_json()
        assert {k: v for k, v in obs.items() if k not in ("seed", "viewer")} == {
            k: v for k, v in full.items() if k != "seed"
        }
    with pytest.raises(tg.InvalidState, match="observation"):
        s.game.state_from_json(s.observation(0))


def test_ruling_hand_built_defaults() -> None:
    game = ResistorGame(amperes=1, resistors=1)
    s = game.state_from_json({"amperes": ["e5"], "resistors": ["e8"]})
    assert (s.phase, s.round, s.ampere_player, s.current_player, s.turn) == ("play", 1, 0, 0, 0)
    assert len(s.dead) == 4 and s.duty == 2 and s.scores == (0, 0) and s.seed == 0
    again = game.state_from_json({"amperes": ["e5"], "resistors": ["e8"]})
    assert again.dead == s.dead  # rolled by the seed
    other = game.state_from_json({"amperes": ["e5"], "resistors": ["e8"], "seed": 1})
    assert other.dead != s.dead
    fixed = ResistorGame(amperes=1, resistors=1, first_amperes=1)
    s = fixed.state_from_json({"amperes": ["e5"], "resistors": ["e8"]})
    assert s.ampere_player == 1 and s.current_player == 1
