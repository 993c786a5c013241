"""A shipped puzzle's theme says only what its solution really does (newcomer reviews of
the walkthroughs, issue 28): the Fellowship ring is "all red" only when every top is red,
a Card Chess win leaves both enemy kings covered, and a Poohsticks card paying alone is
not written as a sum ("9 = 9")."""

from __future__ import annotations

import re

from tablegames.puzzles import load_set, puzzle_state
from tablegames.puzzles.search import follow


def after(puzzle: dict) -> dict:
    """The position after the puzzle's solution, as JSON."""
    return follow(puzzle_state(puzzle), puzzle["solution"])[-1].to_json()


def test_fellowship_all_one_colour_only_when_every_top_is() -> None:
    checked = 0
    for p in load_set("fellowship")["puzzles"]:
        said = re.search(r"the ring is all (red|black)", p["theme"])
        if said is None:
            continue
        checked += 1
        tops = [stack[-1] for stack in after(p)["circle"]]
        colours = {"red" if t[-1] in "HD" else "black" for t in tops}
        assert colours == {said[1]}, (p["id"], tops)
    assert checked, "no shipped theme says the ring is all one colour: the test checks nothing"


def test_cardchess_wins_leave_both_enemy_kings_covered() -> None:
    wins = [p for p in load_set("cardchess")["puzzles"] if p["kind"] == "win"]
    assert wins
    for p in wins:
        final = follow(puzzle_state(p), p["solution"])[-1]
        assert final.is_terminal and set(final.winners) == {int(p["player"])}, p["id"]
        if "kings are now covered" in p["theme"]:
            assert "both" in p["theme"] and "last king" not in p["theme"], p["id"]


def test_poohsticks_card_paying_alone_is_not_a_sum() -> None:
    for p in load_set("poohsticks")["puzzles"]:
        assert not re.search(r"\((\d+) = \1\)", p["theme"]), (p["id"], p["theme"])
