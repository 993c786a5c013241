"""One test per rule of Card Chess (shared/rules/card-chess.txt and the team rulings),
each named after the rule it checks."""

from __future__ import annotations

from collections import Counter

import pytest
from support.cardchess import kinds, legal, play, position, targets

from tablegames.cardchess import CardChessGame
from tablegames.cardchess.moves import CELL_INDEX
from tablegames.cardchess.state import START_AREA, TERRAIN_CELLS
from tablegames.cards import is_red


def test_surface_is_the_36_cards_left() -> None:
    s = CardChessGame().initial_state(seed=5)
    assert len(s.surface) == 36 and len(set(s.surface)) == 36
    assert {c[0] for c in s.surface} == set("23456798A")


def test_start_areas_face_down() -> None:
    s = CardChessGame().initial_state(seed=5)
    for i in START_AREA[0] | START_AREA[1]:
        assert not s.face_up(i)
    obs = s.observation(0)
    assert [obs["surface"][r] for r in (0, 1, 4, 5)] == [[None] * 6] * 4


def test_terrain_is_the_shuffled_2_3_5s() -> None:
    layouts = set()
    for seed in range(5):
        s = CardChessGame().initial_state(seed=seed)
        middle = [s.surface[i] for i in sorted(TERRAIN_CELLS)]
        assert sorted(c[0] for c in middle) == sorted("235" * 4)
        assert Counter(is_red(c) for c in middle) == {True: 6, False: 6}
        assert all(s.face_up(i) for i in TERRAIN_CELLS)
        layouts.add(tuple(middle))
    assert len(layouts) == 5


def test_no_terrain_training_game() -> None:
    s = CardChessGame(terrain=False).initial_state(seed=5)
    assert not any(s.face_up(i) for i in range(36))
    assert s.colours().count(-1) == 36 - 16
    # with nothing in the way, the ten on a1 runs up the file to the black ten on a6
    assert {t for t in targets(s, "a1") if t[0] == "a"} == {"a2", "a3", "a4", "a5", "a6"}


def test_armies_k_k_q_q_j_j_t_t() -> None:
    s = CardChessGame(setup="progressive").initial_state(seed=0)
    for p, hand in enumerate(s.hands):
        assert sorted(c[0] for c in hand) == sorted("KKQQJJTT")
        assert all(is_red(c) == (p == 0) for c in hand)


def test_fixed_setup_formation() -> None:
    s = CardChessGame().initial_state(seed=2)
    text = str(s).splitlines()
    assert [row.split()[1:] for row in (text[0], text[5])] == [
        ["TC", "JC", "KC", "KS", "JS", "TS"],
        ["TD", "JD", "KD", "KH", "JH", "TH"],
    ]
    assert s.visible(CELL_INDEX["c5"]) == "QC" and s.visible(CELL_INDEX["d2"]) == "QH"
    assert s.phase == "play" and s.current_player == 0


def test_first_option_chooses_who_starts() -> None:
    assert CardChessGame(first="black").initial_state(seed=1).current_player == 1
    s = CardChessGame(setup="progressive", first="black").initial_state(seed=1)
    assert s.current_player == 1 and s.phase == "setup"


def test_progressive_setup_alternates_first_places_first_other_last() -> None:
    s = CardChessGame(setup="progressive").initial_state(seed=1)
    placers = []
    while s.phase == "setup":
        placers.append(s.current_player)
        s = s.apply(s.legal_moves()[0])
    assert placers == [0, 1] * 8
    assert s.phase == "play" and s.current_player == 0 and "start" in kinds(s)


def test_progressive_setup_own_free_start_cells() -> None:
    s = CardChessGame(setup="progressive").initial_state(seed=1)
    cells = {str(m).split()[1] for m in s.legal_moves()}
    assert cells == {f"{f}{r}" for f in "abcdef" for r in "12"}
    s = play(s, "KH c1")
    s = play(s, "KS c6")
    assert not any(str(m).endswith(" c1") for m in s.legal_moves())


def test_king_moves_one_step_any_way() -> None:
    s = position({"c3": "KD", "c1": "TD"})
    assert targets(s, "c3") == {"b2", "c2", "d2", "b3", "d3", "b4", "c4", "d4"}


def test_queen_moves_along_eight_rays() -> None:
    s = position({"c2": "QD"})
    assert targets(s, "c2") == {
        "a2", "b2", "d2", "f2", "c3", "c4", "b3", "a4", "d3", "e4", "b1", "d1", "c1", "e2",
    }  # fmt: skip


def test_jack_moves_diagonally() -> None:
    s = position({"c2": "JD", "b1": "TD"})
    assert targets(s, "c2") == {"b1", "d1", "b3", "a4", "d3", "e4"}


def test_ten_moves_orthogonally() -> None:
    s = position({"c2": "TD", "a1": "JD"})
    assert targets(s, "c2") == {"a2", "b2", "d2", "e2", "f2", "c1", "c3", "c4"}


def test_stop_at_first_opposing_card() -> None:
    # c4 shows black terrain: the ten stops there, whatever lies beyond
    s = position({"c2": "TD", "a1": "JD"})
    assert "c4" in targets(s, "c2") and "c5" not in targets(s, "c2")
    # a black unit on red terrain stops the ray just the same
    s = position({"c2": "TD", "a1": "JD", "c3": "TC", "a6": "JC"})
    assert {"c3"} == {t for t in targets(s, "c2") if t[1] in "3456"}


def test_pass_over_face_down_own_terrain_own_units() -> None:
    s = position({"a1": "TD"})
    # a2 face down, a3 red terrain: passed; a4 black terrain: the last cell
    assert {t for t in targets(s, "a1") if t[0] == "a"} == {"a2", "a3", "a4"}
    # the king on c1 is passed too by the ten on a1 going east, and it may land on it
    assert {"b1", "c1", "d1", "e1", "f1"} <= targets(s, "a1")


def test_landing_on_own_unit_allowed() -> None:
    s = play(position({}), "a1-c1")
    assert s.stacks[CELL_INDEX["c1"]] == ("KD", "TD")


def test_covering_an_opposing_unit() -> None:
    s = position({"c3": "QD", "c4": "JC"})
    s = play(s, "c3-c4")
    assert s.stacks[CELL_INDEX["c4"]] == ("JC", "QD")
    assert "cover" in kinds(s)


def test_covered_unit_frozen_until_uncovered() -> None:
    s = play(position({"c3": "QD", "c4": "JC"}), "c3-c4")
    assert not any(str(m).startswith("c4-") for m in s.legal_moves())
    with pytest.raises(Exception, match="covered"):
        s.parse_move("c4-d3")
    s = play(s, "a6-a5")  # black passes the time
    s = play(s, "c4-c3")  # the queen moves off: the jack is uncovered
    assert "uncover" in kinds(s)
    assert any(str(m).startswith("c4-") for m in s.legal_moves())


def test_win_when_both_opposing_kings_covered() -> None:
    s = position({"c5": "QD", "c4": "TD", "c1": "KD", "d4": "QH", "d1": "KH"}, current_player=0)
    s = play(s, "c5-c6")
    assert not s.is_terminal and s.kings_covered(1) == 1
    s = play(s, "b5-a4", "d4-d6")
    assert s.is_terminal and s.winners == frozenset({0})
    assert s.returns() == (1.0, -1.0) and kinds(s)[-1] == "win"


def test_draw_with_no_legal_move() -> None:
    # unreachable from a real game (see ruling no_move_draw_unreachable): built directly
    from dataclasses import replace

    s = position({})
    stacks = tuple(st if not st or not is_red(st[0]) else () for st in s.stacks)
    s = replace(s, stacks=stacks, player=1)
    after = s.apply(s.legal_moves()[0])
    assert after.is_terminal and after.winners == frozenset()
    assert kinds(after)[-2:] == ["no_move", "draw"]


def test_max_turns_ends_without_winner() -> None:
    s = CardChessGame(max_turns=2).initial_state(seed=1)
    s = play(s, "a1-a2", "a6-a5")
    assert s.is_terminal and s.winners == frozenset() and kinds(s)[-1] == "max_turns"


def test_notation_both_ways() -> None:
    s = CardChessGame(setup="progressive").initial_state(seed=1)
    for m in s.legal_moves():
        assert s.parse_move(str(m)) == m
    s = CardChessGame().initial_state(seed=1)
    for m in s.legal_moves():
        assert s.parse_move(str(m).upper().replace("-", " - ")) == m
    assert legal(s) == {str(m) for m in s.legal_moves()}
