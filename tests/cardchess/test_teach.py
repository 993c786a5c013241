"""What the Card Chess walkthrough relies on: the engine's ``reachable`` (the cells a board
frames), and ``tablegames_widgets.teach.cardchess``: positions from a line of text, moves
said and drawn, refusals and events in words, a progressive set-up finished from where
it stands, three puzzles of any shipped set."""

from __future__ import annotations

from support.cardchess import position, targets
from tablegames_widgets.teach import cardchess as teach

import tablegames as tg
from tablegames.cardchess.moves import CELL_NAMES
from tablegames.puzzles import load_set

#: The walkthrough's section 3 position.
MIDDLE = (
    "a1 TD, b2 JD, c1 KD, d1 KH, e1 JH, f1 TH, c3 QD, e2 QH,"
    " a6 TC, b6 JC, c6 KC, d6 KS, e6 JS, f6 TS, c5 QC, e4 QS"
)


def test_reachable_is_the_targets_of_the_legal_moves_from_a_cell() -> None:
    s = position({"c3": "QD", "c4": "JC"})
    for i, name in enumerate(CELL_NAMES):
        assert s.reachable(name) == sorted(targets(s, name)) == s.reachable(i)
    assert s.reachable("c6") == []  # black's king: not the mover's


def test_position_reads_stacks_bottom_first_and_the_side_to_move() -> None:
    s = teach.position(MIDDLE.replace("f6 TS", "f6 TS QD").replace(", c3 QD", ""), "black")
    assert s.to_json()["units"]["f6"] == ["TS", "QD"]
    assert s.current_player == 1 and s.phase == "play"


def test_moves_from_says_and_frames_the_reachable_cells(capsys) -> None:
    s = teach.position(MIDDLE)
    picture = teach.moves_from(s, "c1")
    assert capsys.readouterr().out == (
        "The red king on c1 may move to 5 cells: b1, b2, c2, d1, d2.\n"
    )
    assert picture.svg.count("stroke='#1e88e5'") == 5


def test_refusals_and_events_write_cards_as_on_the_card(capsys) -> None:
    s = teach.position(MIDDLE)
    covered = teach.told(s.apply(s.parse_move("c3-f6")))
    teach.refused(covered, "f6-f5")
    out = capsys.readouterr().out
    assert "It covers the black ten (10♠) on f6." in out
    assert "f6-f5: refused, the unit on top of f6 is Q♦" in out
    assert "QD" not in out and "TS" not in out


def test_place_the_rest_keeps_the_units_already_placed(capsys) -> None:
    placing = tg.make("cardchess", setup="progressive").initial_state(seed=1)
    placed = placing.apply(placing.parse_move("KH c1"))
    ready = teach.place_the_rest(placed, seed=1)
    assert ready.phase == "play" and ready.to_json()["units"]["c1"] == ["KH"]
    assert "placed 15 units" in capsys.readouterr().out


def test_three_puzzles_come_from_the_shipped_set_with_each_kind() -> None:
    puzzles = load_set("cardchess")["puzzles"]
    chosen = teach.three_puzzles()
    assert len(chosen) == 3 and all(p in puzzles for p in chosen)
    kinds = {p["kind"] for p in puzzles}
    assert {p["kind"] for p in chosen} == kinds or len(kinds) > 3


def test_a_unit_on_enemy_terrain_gives_the_cell_its_own_colour() -> None:
    # the walkthrough's section 4: the red queen on a4, on the black 2♣ of the surface
    crossed = MIDDLE.replace("c3 QD", "a4 QD")
    red, black = teach.position(crossed), teach.position(crossed, "black")
    assert teach.SURFACE[2][0] == "2C"  # a4: black terrain
    assert {"a4", "a5", "a6"} <= set(red.reachable("a1"))  # red passes its queen
    assert "a5" not in teach.position(MIDDLE).reachable("a1")  # the bare 2♣ stops red
    assert [c for c in black.reachable("a6") if c[0] == "a"] == ["a4", "a5"]  # black stops
    assert {"a3", "b4", "c4"} <= set(red.reachable("a4"))  # the 2♣ under her holds nothing


def test_pick_clicks_a_unit_so_the_stored_picture_shows_its_cells() -> None:
    from tablegames_widgets import PlayWidget

    play = PlayWidget(tg.make("cardchess"), seed=3)
    plain = play.static_svg()
    assert teach.pick(play, "c2") is play
    assert play.board.selected == (("from", CELL_NAMES.index("c2")),)
    assert len(play.board.targets) == len(play.state.reachable("c2")) > 0
    assert play.static_svg() != plain
