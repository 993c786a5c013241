"""One test per Poohsticks ruling of docs/rulings.md, named ``test_ruling_<id>``.

Positions are hand-built on ``support.poohsticks.RIVER`` (see tests/poohsticks/test_rules.py)."""

from __future__ import annotations

import pytest
from support.poohsticks import RIVER, boat, kinds, legal, play, position

import tablegames as tg
from tablegames.cards import deal
from tablegames.poohsticks import PoohsticksState


def test_ruling_boat_suits() -> None:
    assert tg.make("poohsticks", players=3).boats == ("AS", "AD", "AH")  # type: ignore[attr-defined]
    river = [row[:] for row in RIVER]
    river[0][0] = "AH"  # a spare ace in the river counts 1 or 14
    state = position(["2S 3S 9H"], river)
    assert "S>A1 9H 2S 3S" in legal(state)  # 2 + 3 + 9 = 14


def test_ruling_deal_river_then_hands() -> None:
    import random

    from tablegames import rng
    from tablegames.cards import shuffled

    game = tg.make("poohsticks")
    state = game.initial_state(5)
    assert isinstance(state, PoohsticksState)
    gen = rng.generator(5)
    pile = shuffled(game.deck, gen)  # type: ignore[attr-defined]
    assert state.river == pile[:12]
    hands, _ = deal(pile[12:], 2, 3)
    assert [sorted(h) for h in state.hands] == [sorted(h) for h in hands]
    assert isinstance(gen, random.Random)


def test_ruling_river_size_options() -> None:
    assert tg.make("poohsticks", players=3).width == 3  # type: ignore[attr-defined]
    assert tg.make("poohsticks", players=2, width=3).width == 3  # type: ignore[attr-defined]
    with pytest.raises(ValueError, match="option width=9"):
        tg.make("poohsticks", width=9)
    with pytest.raises(ValueError, match="more than the"):
        tg.make("poohsticks", players=4, width=8, length=6)


def test_ruling_move_never_compulsory() -> None:
    state = position(["5H 9H 2S", "9S TS QS"])
    assert legal(state)[-1] == "end" and "S>A1 5H" in legal(state)
    after = play(state, "end")
    assert after.current_player == 1 and kinds(after)[0] == "pass"


def test_ruling_pass_when_stuck() -> None:
    state = position(["2H 2S", "9S TS QS"])
    after = play(state, "end")
    assert kinds(after)[:2] == ["pass", "draw"] and len(after.hands[0]) == 3


def test_ruling_no_move_includes_exit_and_power() -> None:
    exit_only = position(["QH 2S 2H", "9S TS QS"], extra={"boats": ["A6", "B5"]})
    assert not any(m.startswith("discard") for m in legal(exit_only))
    river = [row[:] for row in RIVER]
    river[0][0] = "5S"
    power_only = position(["2H 2C"], river, boat_powers=True)
    assert "S>A1 power" in legal(power_only)
    assert not any(m.startswith("discard") for m in legal(power_only))


def test_option_discard_when_stuck() -> None:
    # the rules' reading by default: "stuck" means no move at all is possible
    assert tg.make("poohsticks").discard_when_stuck == "no move"  # type: ignore[attr-defined]
    can_move = position(["5H 2S 3S"])  # 5 onto A1
    assert not any(m.startswith("discard") for m in legal(can_move))
    # 'any turn': a player who has not moved may discard instead, even with moves open
    free = position(["5H 2S 3S"], discard_when_stuck="any turn")
    assert "S>A1 5H" in legal(free) and "discard 5H 2S 3S" in legal(free)


def test_ruling_discard_before_draw() -> None:
    state = position(["2H 2S", "9S TS QS"], extra={"draw_pile": []})
    after = play(state, "discard 2H 2S")
    assert kinds(after)[:3] == ["discard", "reshuffle", "draw"]
    assert after.events[1].value == (len(state.discard_pile) + 2,)


def test_ruling_turn_ends_when_nothing_left() -> None:
    state = play(position(["5H 2S 2C", "9S TS QS"]), "S>A1 5H")  # 2, 2 make no 7 or 9
    assert state.current_player == 1
    assert [(e.kind, e.where) for e in state.events[:2]] == [
        ("move", "A1"),
        ("end", "nothing left"),
    ]


def test_ruling_moves_any_direction() -> None:
    state = position(["5H 7S 2H"], extra={"boats": ["A2", None]})
    cells = {m.split()[0] for m in legal(state) if ">" in m}
    assert {"S>A1", "S>B2"} <= cells  # back upstream and sideways


def test_ruling_entering_is_a_move() -> None:
    state = position(["2H 3H 4S"])  # make 5 (2 + 3) or 9 (2 + 3 + 4)
    assert {"S>A1 2H 3H", "S>B1 2H 3H 4S"} <= set(legal(state))
    assert all(m.split()[1:] for m in legal(state) if ">" in m)  # always paid


def test_ruling_one_expression_per_subset() -> None:
    river = [row[:] for row in RIVER]
    river[0][0] = "3D"
    state = position(["3H 3S 9H"], river)
    moves = [m for m in legal(state) if m.startswith("S>A1")]
    assert moves == ["S>A1 3H", "S>A1 3S", "S>A1 9H 3S", "S>A1 3H 9H"] or len(moves) == len(
        set(moves)
    )
    after = play(state, "S>A1 3H")
    assert after.events[0].text == "3 = 3" and after.events[0].value == (3,)


def test_ruling_ace_target_value() -> None:
    river = [row[:] for row in RIVER]
    river[0][0] = "AH"
    state = position(["2S 7S 9H"], river)
    after = play(state, "S>A1 2S 7S")  # 7 × 2 = 14
    assert after.events[0].value == (14,) and after.events[0].text == "7 × 2 = 14"
    both = play(position(["AC 2S 9H"], river), "S>A1 AC")  # an ace on an ace
    assert both.events[0].value == (1,) and both.events[0].text == "1 = 1"


def test_ruling_exact_division() -> None:
    """Division is exact: 7 ÷ 2 is 3½, so a 7 and a 2 never make 3 (nor 4); a division
    that comes out whole pays, as (13 + 2) ÷ 3 = 5."""
    state = position(["2H 7S 9H"], extra={"boats": ["A3", None]})  # A4 holds a 3
    assert "S>A4 2H 7S" not in legal(state)
    with pytest.raises(tg.IllegalMove, match="cannot make 3"):
        play(state, "S>A4 2H 7S")
    entered = play(position(["KH 2S 3S"]), "S>A1 KH 2S 3S")  # A1 holds a 5
    assert entered.events[0].text == "(13 + 2) ÷ 3 = 5"


def test_ruling_free_bracketing() -> None:
    """Any grouping, not only the cards one after the other: 13 − 3 × 2 = 7 multiplies
    first, which no left-to-right order of K, 3 and 2 makes."""
    state = position(["KH 2S 3S"], extra={"boats": ["A1", None]})  # A2 holds a 7
    after = play(state, "S>A2 KH 2S 3S")
    assert after.events[0].value == (7,) and after.events[0].text == "13 − 3 × 2 = 7"


def test_ruling_exit_card_alone() -> None:
    """Leaving takes one face card or one ace by itself: not two cards, not a sum that
    makes 11 to 14, not a number card."""
    state = position(["5H 6H QS"], extra={"boats": ["A6", None]})
    assert [m for m in legal(state) if m.startswith("exit")] == ["exit QS"]
    for bad in ("exit 5H 6H", "exit 5H", "exit 6H QS"):
        with pytest.raises(tg.IllegalMove, match="one face card"):
            play(state, bad)


def test_ruling_exit_ends_turn() -> None:
    state = position(["QH KH 2S", "9S TS QS"], extra={"boats": ["A6", None]})
    after = play(state, "exit QH")
    assert after.current_player == 1 and after.hands[0] == ("KH", "2S")
    assert "draw" not in kinds(after) and after.discard_pile[-1] == "QH"


def test_ruling_round_completes_before_end() -> None:
    state = position(["QH 2S 3S", "9S TS QS", "KD 2C 2H"],
                     extra={"boats": ["A6", None, "B6"]}, players=3, width=2)  # fmt: skip
    state = play(state, "exit QH")
    assert state.current_player == 1 and not state.is_terminal
    state = play(state, "end", "exit KD")
    assert state.is_terminal and state.winners == {0, 2}


def test_ruling_bridge_row() -> None:
    for length, row in ((6, 4), (7, 4), (2, 2), (9, 5)):
        game = tg.make("poohsticks", bridge=True, length=length)
        assert game.bridge_row == row - 1  # type: ignore[attr-defined]
    # the option bridge_row picks any row but the first (counted from 1, as in cell names)
    game = tg.make("poohsticks", bridge=True, bridge_row=2)
    assert [game.names[c] for c in game.bridge_cells] == ["A2", "B2"]  # type: ignore[attr-defined]
    assert [game.names[c] for c in game.initial_state(1).face_down] == ["A2", "B2"]  # type: ignore[attr-defined]
    assert tg.make("poohsticks", bridge=True, bridge_row=6).bridge_row == 5  # type: ignore[attr-defined]
    with pytest.raises(ValueError, match=r"option bridge_row=1 is not allowed.*but the first"):
        tg.make("poohsticks", bridge=True, bridge_row=1)
    with pytest.raises(ValueError, match="bridge_row=7 lies beyond the river, which has 6 rows"):
        tg.make("poohsticks", bridge=True, bridge_row=7)
    with pytest.raises(ValueError, match="needs bridge=True"):
        tg.make("poohsticks", bridge_row=3)
    # the JSON check follows the option: row 2 face down, row 4 an ordinary row
    two = position(["5H 9H 2S", "9S TS QS"], extra={"face_down": ["B2"]}, bridge=True,
                   bridge_row=2)  # fmt: skip
    assert two.to_json()["options"]["bridge_row"] == 2
    with pytest.raises(tg.InvalidState, match=r"only cards of the bridge row \(row 2\)"):
        position(["2H"], extra={"face_down": ["A4"]}, bridge=True, bridge_row=2)
    # entering row 1 arrives in front of the row-2 bridge and flips only that card
    flip = play(position(["5H 9H 2S", "9S TS QS"], bridge=True, bridge_row=2), "S>A1 5H")
    assert kinds(flip)[:2] == ["move", "flip"] and flip.current_player == 1
    assert [flip.game.names[c] for c in flip.face_down] == ["B2"]
    assert "bridge_row" in [o.name for o in tg.GAMES["poohsticks"].option_table]


def test_ruling_rock_on_bridge_row_is_a_rock() -> None:
    # a rock on the bridge row is never face down as a bridge card, and never turned over
    state = position(["5H 9H 2S", "9S TS QS"], extra={"rocks": ["B4"]}, bridge=True, rocks=1)
    assert [state.game.names[c] for c in state.face_down] == ["A4"]
    edited = {"rocks": ["B4"], "face_down": [], "boats": ["A3", None]}
    ahead = play(position(["QH 9H 2S", "9S TS QS"], extra=edited, bridge=True, rocks=1),
                 "S>B3 QH")  # fmt: skip
    assert "flip" not in kinds(ahead) and ahead.current_player == 0 and ahead.rocks == (7,)
    with pytest.raises(tg.InvalidState, match="as a rock and as a face-down bridge card"):
        position(["2H"], extra={"rocks": ["B4"], "face_down": ["A4", "B4"]}, bridge=True,
                 rocks=1)  # fmt: skip


def test_ruling_bridge_flip_on_arrival() -> None:
    # a two-row river: the bridge is row 2, so entering row 1 arrives in front of it
    flip = play(position(["5H 9H 2S", "9S TS QS"], RIVER[:2], length=2, bridge=True), "S>A1 5H")
    assert kinds(flip)[:2] == ["move", "flip"] and flip.current_player == 1
    assert boat(flip, 0) == "A1" and [flip.game.names[c] for c in flip.face_down] == ["B2"]
    # arriving in front of a card already turned over flips nothing
    turned = position(["5H 9H 2S", "9S TS QS"], RIVER[:2], extra={"face_down": ["B2"]},
                      length=2, bridge=True)  # fmt: skip
    again = play(turned, "S>A1 5H")
    assert "flip" not in kinds(again) and again.current_player == 0


def test_ruling_rocks_generated_off_a_path() -> None:
    game = tg.make("poohsticks", players=2, rocks=3, bridge=True)
    on_bridge = 0
    for seed in range(100):
        s = game.initial_state(seed)
        assert isinstance(s, PoohsticksState)
        assert not set(s.rocks) & set(s.face_down) and game.has_path(s.rocks)  # type: ignore[attr-defined]
        on_bridge += bool(set(s.rocks) & set(game.bridge_cells))  # type: ignore[attr-defined]
        # one bridge card always stays passable: a rock never fills the whole bridge row
        assert set(game.bridge_cells) - set(s.rocks)  # type: ignore[attr-defined]
    assert on_bridge > 10  # rocks do land on the bridge row
    # a 2x6 river's shortest path takes 6 cells, so 6 rocks fit, the bridge row included
    assert len(tg.make("poohsticks", players=2, rocks=6, bridge=True).initial_state(0).rocks) == 6
    with pytest.raises(ValueError, match="option rocks=7 is too many"):
        tg.make("poohsticks", players=2, rocks=7, bridge=True)


def test_ruling_edited_rocks_need_a_path() -> None:
    with pytest.raises(tg.InvalidState, match="no path"):
        position(["2H"], extra={"rocks": ["A3", "B3"]}, rocks=2)
    with pytest.raises(tg.InvalidState, match="no path"):
        position(["2H"], extra={"rocks": ["A4", "B4"]}, rocks=2, bridge=True)
    # one rock on the bridge row leaves the other bridge card as the way through
    assert position(["2H"], extra={"rocks": ["A4"]}, rocks=1, bridge=True).rocks == (6,)


def test_ruling_boat_power_is_a_move() -> None:
    river = [row[:] for row in RIVER]
    river[0][0] = "5S"
    state = play(position(["7H 9H 2H"], river, boat_powers=True), "S>A1 power")
    assert state.current_player == 0 and state.moved
    assert "S>A2 7H" in legal(state) and not any(m.startswith("discard") for m in legal(state))


def test_ruling_shape_mask() -> None:
    with pytest.raises(ValueError, match="path of cards"):
        tg.make("poohsticks", shape=["##", "..", "##"])
    with pytest.raises(ValueError, match="option shape="):
        tg.make("poohsticks", shape=["#x", "##"])
    with pytest.raises(ValueError, match="disagrees"):
        tg.make("poohsticks", shape=["##", "##", "##"], length=6)
    game = tg.make("poohsticks", shape=["#.", "##", ".#"], bridge=True)
    assert game.bridge_cells == (2, 3)  # type: ignore[attr-defined]


def test_ruling_max_turns_caps_the_race() -> None:
    capped = position(["2H 2S", "9S TS QS"], max_turns=1)
    over = play(capped, "end")
    assert over.is_terminal and over.winners == frozenset() and kinds(over)[-1] == "max_turns"
    exited = position(["QH 2S 3S", "9S TS QS"], extra={"boats": ["A6", None]}, max_turns=1)
    over = play(exited, "exit QH")
    assert over.is_terminal and over.winners == {0}


def test_ruling_hand_built_defaults() -> None:
    state = position(["2H"], bridge=True, extra={"current_player": 1})
    assert state.turn == 1 and state.current_player == 1
    assert [state.game.names[c] for c in state.face_down] == ["A4", "B4"]
    assert state.boats == (None, None) and len(state.draw_pile) == 50 - 12 - 1
