"""Currents positions and arguments play cannot produce are refused: InvalidState for JSON
states, ValueError for ``inspect(at=...)``, each with a message that says what is allowed.

(The general bad-input cases of every game are in tests/test_bad_input.py.)"""

from __future__ import annotations

from typing import Any

import pytest
from helpers import currents, play, position

import tablegames as tg
from tablegames.currents import CurrentsState

# From (5, 7) two clubs push north and a diamond east: the pawn heads for (6, 9), one past
# the north edge line; P2 (north seat) tends it with hearts, the suit on S.
PAST_NORTH = {"N2": "2C", "S2": "3C", "E3": "4D"}


def defending() -> CurrentsState:
    s = position(["2D", "", "5H", ""], cur=PAST_NORTH, pawn=(5, 7))
    t = play(s, "discard 2D")
    assert (t.phase, t.player, t.target) == ("defend", 2, (6, 9))
    return t


def refused(d: dict[str, Any], match: str, **options: Any) -> None:
    """``d`` (its saved options dropped: ``options`` says the game's) is refused."""
    with pytest.raises(tg.InvalidState, match=match):
        currents({k: v for k, v in d.items() if k != "options"}, **options)


def test_defend_target_must_follow_from_pawn_and_vector() -> None:
    d = defending().to_json()
    assert currents(d).target == (6, 9)  # the real position reads back
    refused({**d, "target": [4, 9]}, r"do not follow from the pawn \[5, 7\].*heads for \[6, 9\]")
    # a corner: the pawn heads past N and E; with N (the advantage edge) defended the
    # target is stopped on line 8 and only E is still queued
    cur = {"N3": "2C", "S3": "3C", "E3": "4D", "W3": "5D"}  # from (7, 7): two N, two E
    corner = position(["2D", "", "5H", "7S 8S"], cur=cur, pawn=(7, 7))
    t = play(corner, "discard 2D")
    assert t.queue == ("N", "E") and t.target == (9, 9)
    u = play(t, "defend 5H")
    assert u.queue == ("E",) and u.target == (9, 8)
    assert currents(u.to_json()).target == (9, 8)
    refused({**u.to_json(), "target": [10, 8]}, "already defended")


def test_over_without_winners_needs_the_turn_cap() -> None:
    d = defending().to_json()
    over = {**d, "phase": "over", "current_player": -1, "target": None, "queue": [],
            "pawn": [5, 7], "winners": []}  # fmt: skip
    refused(over, "this game has no max_turns")
    refused({**over, "turn": 3}, "turn 3 is not max_turns=5", max_turns=5)
    del over["options"]
    assert currents({**over, "turn": 5}, max_turns=5).is_terminal


def test_won_pawn_cannot_be_far_off_the_board() -> None:
    d = defending().to_json()
    won = {**d, "phase": "over", "current_player": -1, "target": None, "queue": [],
           "winners": [0]}  # fmt: skip
    assert currents({**won, "pawn": [6, 9]}).winners == {0}
    refused({**won, "pawn": [4, 100]}, r"further off the board than a move can carry it")
    refused({**won, "pawn": [4, 17]}, "from -8 to 16")


def test_combo_must_name_a_place_just_demoted() -> None:
    opts = {"combination_attacks": True}
    s = position(["5C 9H"], cur={"N1": "8C"}, **opts)
    t = play(s, "5C>N1")
    assert (t.phase, t.combo) == ("combo", "N1")
    d = t.to_json()
    assert currents(d, **opts).combo == "N1"
    refused(d, "belongs to the option combination_attacks=True")
    # an ace on a current slot cannot be a demotion's card (nothing ranks higher)
    compass = {"N": "KC", "E": "AD", "S": "AH", "W": "AS"}
    ace = position(["9H"], compass=compass, cur={"N1": "AC"}, **opts).to_json()
    refused({**ace, "phase": "combo", "combo": "N1"}, "cannot have just demoted", **opts)
    # the last move must be the demotion onto that place
    refused({**d, "last_move": "5C>N2"}, "did not play 5C there", **opts)
    # a hand with no follow-up never reaches the combo phase
    weak = next(c for c in d["draw_pile"] if c[0] in "234")  # beats no 5 on a slot
    draw = [("9H" if c == weak else c) for c in d["draw_pile"]]
    no_follow_up = {**d, "hands": [[weak], [], [], []], "draw_pile": draw}
    refused(no_follow_up, "holds no card of another suit", **opts)


@pytest.mark.parametrize(
    "at", [(4,), (4, 4, 4), (4.0, 4), (True, 4), (4, False), "44", 4, (9, 4), (4, -1)]
)
def test_inspect_at_bad_argument(at: Any) -> None:
    s = position(["2D"])
    with pytest.raises(ValueError, match=r"0 to 8|0 <= x, y <= 8"):
        s.inspect(at=at)
