"""One test per Card Chess ruling in docs/rulings.md, named ``test_ruling_<id>``."""

from __future__ import annotations

from dataclasses import replace

from support.cardchess import SURFACE, kinds, play, position, targets, units

from tablegames.cardchess import CardChessGame
from tablegames.cardchess.moves import CELL_INDEX
from tablegames.cardchess.state import START_CARDS, TERRAIN_CELLS
from tablegames.cards import is_red

#: Red's queen on d3 covers black's queen, which covers red's king: moving it off
#: exposes that king, and black's ten already covers the other.
TANGLE = {"c6": "KC TD", "d1": "KH TC", "d3": "KD QC QD"}
NO_TERRAIN = {"terrain": False}


def test_ruling_players_red_black() -> None:
    s = CardChessGame(setup="progressive", first="black").initial_state(seed=1)
    assert all(is_red(c) for c in s.hands[0]) and not any(is_red(c) for c in s.hands[1])
    assert s.current_player == 1


def test_ruling_surface_deal() -> None:
    a = CardChessGame().initial_state(seed=9)
    b = CardChessGame().initial_state(seed=9)
    assert a.surface == b.surface
    start = [c for i, c in enumerate(a.surface) if i not in TERRAIN_CELLS]
    assert sorted(start) == sorted(START_CARDS)
    assert a.surface != CardChessGame().initial_state(seed=10).surface


def test_ruling_no_terrain_face_down() -> None:
    a = CardChessGame(terrain=False).initial_state(seed=9)
    b = CardChessGame().initial_state(seed=9)
    assert a.surface == b.surface  # the same cards, only face down
    assert all(c is None for row in a.observation(0)["surface"] for c in row)


def test_ruling_fixed_formation_suits() -> None:
    s = CardChessGame().initial_state(seed=0)
    left = {s.visible(CELL_INDEX[f"{f}{r}"]) for f in "abc" for r in "12"} - {None}
    right = {s.visible(CELL_INDEX[f"{f}{r}"]) for f in "def" for r in "56"} - {None}
    assert {c[1] for c in left} == {"D"} and {c[1] for c in right} == {"S"}


def test_ruling_red_moves_first() -> None:
    assert CardChessGame().initial_state(seed=1).current_player == 0
    assert CardChessGame(setup="progressive").initial_state(seed=1).current_player == 0
    assert CardChessGame(first="black").initial_state(seed=1).current_player == 1


def test_ruling_visible_card_colour() -> None:
    # c3 is red terrain under a black ten: the cell is black and stops red's queen on c2
    s = position({"c2": "QD", "c3": "TC"})
    colours = s.colours()
    assert colours[CELL_INDEX["c3"]] == 1 and colours[CELL_INDEX["d3"]] == 0
    assert colours[CELL_INDEX["c5"]] == -1  # a face-down card has no colour
    assert {t for t in targets(s, "c2") if t[0] == "c"} == {"c1", "c3"}
    # a red unit on black terrain makes the cell red: red's ten passes it
    s = position({"c1": "TD", "c4": "JD", "a1": "KD"})
    assert {"c4", "c5", "c6"} <= targets(s, "c1")


def test_ruling_placement_names_card() -> None:
    s = CardChessGame(setup="progressive").initial_state(seed=0)
    moves = {str(m) for m in s.legal_moves()}
    assert {"KD a1", "KH a1"} <= moves and len(moves) == 8 * 12
    s = play(s, "KD a1")
    assert s.hands[0] == ("TD", "JD", "QD", "TH", "JH", "QH", "KH")


def test_ruling_progressive_turn_order() -> None:
    s = CardChessGame(setup="progressive", first="black", max_turns=1).initial_state(seed=0)
    order = []
    while s.phase == "setup":
        order.append(s.current_player)
        s = s.apply(s.legal_moves()[-1])
    assert order == [1, 0] * 8 and s.ply == 0 and s.current_player == 1
    s = s.apply(s.legal_moves()[0])
    assert s.is_terminal and s.ply == 1


def test_ruling_only_top_unit_moves() -> None:
    s = play(position({}), "a1-c1", "a6-a5")  # the ten stands on the king
    moves = {str(m) for m in s.legal_moves() if str(m).startswith("c1-")}
    assert "c1-c3" in moves  # two cells up: only the ten goes so far
    assert "c1-b2" not in moves  # a king's diagonal step: the king below is frozen
    s = play(s, "c1-c3")
    assert s.stacks[CELL_INDEX["c1"]] == ("KD",) and s.stacks[CELL_INDEX["c3"]] == ("TD",)


def test_ruling_own_stack_passed_and_joined() -> None:
    s = position({"a1": "TD", "b1": "KD JD"})
    assert {"b1", "c1"} <= targets(s, "a1")


def test_ruling_cover_top_of_stack() -> None:
    s = position(TANGLE, options=NO_TERRAIN)
    s = play(s, "e2-e5")  # the red queen covers the black queen on e5
    assert s.stacks[CELL_INDEX["e5"]] == ("QS", "QH")
    assert s.events[1].cards == ("QH", "QS")


def test_ruling_king_under_own_unit_not_covered() -> None:
    s = position(TANGLE, options=NO_TERRAIN)
    assert not s.covered("KD") and s.covered("KH") and s.kings_covered(0) == 1


def test_ruling_own_kings_exposed_loses() -> None:
    s = play(position(TANGLE, options=NO_TERRAIN), "d3-d2")
    assert s.is_terminal and s.winners == frozenset({1})


def test_ruling_mover_wins_first() -> None:
    s = play(position(TANGLE, options=NO_TERRAIN), "d3-d6")
    assert s.kings_covered(0) == 2 and s.kings_covered(1) == 2
    assert s.winners == frozenset({0})


def test_ruling_win_before_cap() -> None:
    s = play(position(TANGLE, options={"terrain": False, "max_turns": 1}), "d3-d6")
    assert s.winners == frozenset({0}) and "max_turns" not in kinds(s)


def test_ruling_max_turns_counts_moves() -> None:
    s = CardChessGame(setup="progressive", max_turns=3).initial_state(seed=2)
    while not s.is_terminal:
        s = s.apply(s.legal_moves()[0])
    assert s.ply == 3 and kinds(s)[-1] == "max_turns" and not s.winners


def test_ruling_no_move_draw_unreachable() -> None:
    # A side whose units are all covered has both kings covered, so it has lost first.
    s = position({"c1": "KD TC", "d1": "KH TS"}, phase="over", winners=[1])
    assert s.decided() == frozenset({1})
    # Built directly (impossible in play), the draw still works.
    stacks = tuple(tuple(u for u in st if not is_red(u)) for st in s.stacks)
    bare = replace(s, stacks=stacks, phase="play", player=1, winners=frozenset())
    assert bare.decided() == frozenset()
    after = bare.apply(bare.legal_moves()[0])
    assert kinds(after)[-2:] == ["no_move", "draw"] and after.winners == frozenset()


def test_ruling_hand_built_defaults() -> None:
    game = CardChessGame(first="black")
    s = game.state_from_json({"units": units({}), "seed": 4})
    assert s.phase == "play" and s.current_player == 1
    assert s.surface == CardChessGame().initial_state(seed=4).surface
    g2 = CardChessGame(setup="progressive")
    s2 = g2.state_from_json(
        {"surface": SURFACE, "units": {"a1": ["KD"]}, "hands": [
            ["TD", "JD", "QD", "TH", "JH", "QH", "KH"],
            ["TC", "JC", "QC", "KC", "TS", "JS", "QS", "KS"],
        ]}
    )  # fmt: skip
    assert s2.phase == "setup" and s2.current_player == 1


def test_ruling_observation_hides_face_down() -> None:
    s = CardChessGame().initial_state(seed=1)
    obs = s.observation(1)
    assert obs["seed"] is None and obs["viewer"] == 1
    assert obs["surface"][2] == list(s.surface[12:18])
    assert obs["hands"] == [[], []] and obs["units"] == s.to_json()["units"]


def test_ruling_no_move_draw_unreachable_every_unit_can_always_move() -> None:
    """Why the draw is unreachable in play: from every cell, every rank has a ray to move
    along, so a side moves whenever a unit of its colour is on top; the engine's quick
    check relies on this, and agrees with looking at each unit's rays."""
    from tablegames.cardchess import state as cardchess_state
    from tablegames.cardchess.moves import GRID, SIZE

    pieces = cardchess_state.PIECES
    assert all(
        any(GRID.rays[i][k] for k in dirs) for dirs, _reach in pieces.values() for i in range(SIZE)
    )
    s = position(TANGLE)
    for player in (0, 1):
        by_rays = any(
            stack
            and cardchess_state.OWNER[stack[-1]] == player
            and any(GRID.rays[i][k] for k in pieces[stack[-1][0]][0])
            for i, stack in enumerate(s.stacks)
        )
        assert cardchess_state.has_move("play", player, s.stacks) == by_rays
