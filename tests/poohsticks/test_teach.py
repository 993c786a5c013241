"""The Poohsticks walkthrough's helpers (tablegames_widgets.teach.poohsticks) and the
claims its examples rest on: what they print is in words, the pictures frame and draw
what the text names, and the arithmetic examples are ones three cards can produce."""

from __future__ import annotations

import itertools
import re

import pytest
from tablegames_widgets.teach import poohsticks as teach
from tablegames_widgets.teach.common import options_table

import tablegames as tg
from tablegames.poohsticks import solver

CODE = re.compile(r"\b[2-9TJQKA][CDHS]\b")


def test_moves_and_events_are_said_in_words(capsys: pytest.CaptureFixture[str]) -> None:
    start = teach.position(["KH 2S 5D", "2C 9H QS"], boats=["A2", None])
    teach.moves(start)
    halfway = teach.play(start, "S>A3 KH")
    teach.refuse(halfway, "S>A4 KH")
    teach.play(halfway, "S>A4 2S 5D")
    out = capsys.readouterr().out
    assert "Player 0 may move onto A1 paying 5♦; move onto B2 paying 2♠;" in out
    assert "Player 0 pays 5♦ 2♠ (5 − 2 = 3) and moves onto A4." in out
    assert "Refused: the spades boat onto A4 paying K♥: K♥ is not in" in out
    assert not CODE.search(out), out


def test_picture_frames_the_cards_named() -> None:
    start = teach.position(["KH 3S 4H", "2C 9H QS"], boats=["A2", None])
    assert teach.reach(start) == ["A3"]
    svg = teach.picture(start, lit=teach.reach(start), barred=["A1", "B2"]).svg
    assert svg.count(f"stroke='{teach.LIT}'") == 1
    assert svg.count(f"stroke='{teach.BARRED}'") == 2


def test_journey_draws_one_arrow_per_step() -> None:
    start = teach.position(["KH 2S 5D", "2C 9H QS"], boats=["A2", None])
    halfway = teach.play(start, "S>A3 KH")
    done = teach.play(halfway, "S>A4 2S 5D")
    assert teach.journey(start, halfway, done).svg.count("<polygon") == 2
    assert teach.journey(start, start).svg.count("<polygon") == 0


def test_a_tie_is_told_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    race = teach.position(["QH 2S 3S", "KD 2C 4H"], boats=["A6", "B6"])
    teach.play(teach.play(race, "exit QH"), "exit KD")
    out = capsys.readouterr().out.splitlines()
    assert out[-1] == "A tie: players 0 and 1 both win." and "Player 0 wins." not in out


def test_journey_can_frame_the_cards_in_reach() -> None:
    start = teach.position(["KH 3S 4H", "2C 9H QS"], boats=["A2", None])
    svg = teach.journey(start, start, lit=teach.reach(start), barred=["A1"]).svg
    assert svg.count(f"stroke='{teach.LIT}'") == 1 and svg.count(f"stroke='{teach.BARRED}'") == 1


def test_a_refused_position_gives_the_reason_only(capsys: pytest.CaptureFixture[str]) -> None:
    game = tg.make("poohsticks", rocks=2)
    teach.refuse_position(["KH 2S 5D", "2C 9H QS"], game=game, rocks=["A3", "B3"])
    out = capsys.readouterr().out
    assert out.startswith("Refused: the rocks leave no path") and "invalid" not in out


def test_paid_writes_the_sum_or_says_there_is_none() -> None:
    assert "13 − 3 × 2 = 7" in teach.paid(["KH", "3C", "2D"], "7C").svg
    assert "no way to make 3" in teach.paid(["7C", "2D"], "3C").svg


def test_power_reach_is_one_ordinary_step() -> None:
    """Section 13: the power reaches the neighbouring spade, not the one two cards away."""
    river = [row[:] for row in teach.RIVER]
    river[3][0], river[4][0] = "3S", "8S"
    game = tg.make("poohsticks", players=2, boat_powers=True)
    state = teach.position(["5H 5D 5S", "2C 9S QS"], ["A3", None], game, river=river)
    assert teach.power_reach(state) == ["A4"]
    assert [m.kind for m in state.legal_moves()] == ["power", "end"]


def test_no_river_value_needs_a_fraction_midway() -> None:
    """Section 3's claim: with at most three cards, every value 1-14 they make, some way
    with only whole numbers along the way makes too."""

    def whole(values: list[tuple[int, ...]]) -> set[int]:
        if len(values) == 1:
            return set(values[0])
        out: set[int] = set()
        for mask in range(1, (1 << len(values)) - 1):
            left = [v for i, v in enumerate(values) if mask >> i & 1]
            right = [v for i, v in enumerate(values) if not mask >> i & 1]
            for x, y in itertools.product(whole(left), whole(right)):
                out |= {x + y, x * y, x - y} | ({x // y} if y and x % y == 0 else set())
        return out

    for k in (1, 2, 3):
        for ranks in itertools.combinations_with_replacement(solver.RANK_ORDER, k):
            made = set(solver.all_used(ranks)) & set(range(1, 15))
            assert made <= whole([solver.RANK_VALUES[r] for r in ranks]), ranks


def test_three_puzzles_come_easier_first(monkeypatch: pytest.MonkeyPatch) -> None:
    chosen = teach.three_puzzles()
    assert len(chosen) == 3 and len({p["id"] for p in chosen}) == 3
    labelled = [{"id": i, "difficulty": {"label": label}} for i, label in
                enumerate(["medium", "easy", "easy", "hard", "medium"])]  # fmt: skip
    monkeypatch.setattr(teach, "load_set", lambda _name: {"puzzles": labelled})
    assert [p["id"] for p in teach.three_puzzles()] == [1, 0, 3]
    no_easy = [{"id": i, "difficulty": {"label": label}} for i, label in
               enumerate(["medium", "hard", "medium"])]  # fmt: skip
    monkeypatch.setattr(teach, "load_set", lambda _name: {"puzzles": no_easy})
    assert [p["id"] for p in teach.three_puzzles()] == [0, 2, 1]
    unlabelled = [{"id": i} for i in range(5)]
    monkeypatch.setattr(teach, "load_set", lambda _name: {"puzzles": unlabelled})
    assert [p["id"] for p in teach.three_puzzles()] == [0, 1, 2]


def test_max_turns_option_text_says_one_thing() -> None:
    """The options table's max_turns line (the engine's description) agrees with the
    ruling max_turns_caps_the_race: a boat that left in the interrupted round still wins,
    and only without one does nobody win (the shared text's "with no winner" is not said)."""
    (doc,) = [d for name, _, _, d in options_table("poohsticks").rows if name == "max_turns"]
    assert "no winner" not in doc and "still win" not in doc
    assert "boats left the river in the round it cuts short win" in doc
    assert doc.endswith("if no boat has left, nobody wins.")
