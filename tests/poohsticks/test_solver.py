"""The Poohsticks arithmetic solver: exhaustive (checked against a brute force over every
hand of three values), exact, and its expressions really evaluate to their targets.
Speed is measured in benchmarks/poohsticks_solver.py, not asserted here."""

from __future__ import annotations

import itertools
import re
from fractions import Fraction

import pytest

from tablegames.poohsticks import solver

RANKS = "A23456789TJQK"
SUITS = "CDHS"


def brute_all_used(values: tuple[int, ...]) -> set[Fraction]:
    """Every value made from ``values`` using each once: repeatedly replace two numbers by
    their sum, difference, product or quotient (a different algorithm from the solver's)."""
    out: set[Fraction] = set()

    def go(nums: tuple[Fraction, ...]) -> None:
        if len(nums) == 1:
            out.add(nums[0])
            return
        for i, j in itertools.permutations(range(len(nums)), 2):
            a, b = nums[i], nums[j]
            rest = tuple(x for k, x in enumerate(nums) if k not in (i, j))
            results = [a + b, a - b, a * b]
            if b != 0:
                results.append(a / b)
            for r in results:
                go((*rest, r))

    go(tuple(Fraction(v) for v in values))
    return out


def brute_reachable(ranks: tuple[str, ...]) -> dict[int, set[tuple[int, ...]]]:
    """For each target 1-14, the subsets (positions) of ``ranks`` that make it."""
    found: dict[int, set[tuple[int, ...]]] = {}
    for size in range(1, len(ranks) + 1):
        for pos in itertools.combinations(range(len(ranks)), size):
            made: set[Fraction] = set()
            for values in itertools.product(*(solver.RANK_VALUES[ranks[i]] for i in pos)):
                made |= brute_all_used(values)
            for t in range(1, 15):
                if t in made:
                    found.setdefault(t, set()).add(pos)
    return found


def evaluate(expr: str) -> Fraction:
    """Evaluate a solver expression (card values as numbers; + − × ÷)."""
    py = expr.replace("−", "-").replace("×", "*").replace("÷", "/")
    py = re.sub(r"(\d+)", r"Fraction(\1)", py)
    return eval(py, {"Fraction": Fraction})  # type: ignore[no-any-return]


def hand_of(ranks: tuple[str, ...]) -> tuple[str, ...]:
    """Distinct cards with these ranks (suits cycled so that equal ranks differ)."""
    return tuple(r + SUITS[i] for i, r in enumerate(ranks))


def test_solver_matches_brute_force_on_every_hand_of_three() -> None:
    """All 455 multisets of three ranks (13^3 ordered hands), every target 1-14."""
    for ranks in itertools.combinations_with_replacement(RANKS, 3):
        hand = hand_of(ranks)
        expected = brute_reachable(ranks)
        for t in range(1, 15):
            got = solver.solutions(hand, t)
            got_pos = {tuple(hand.index(c) for c in cards) for cards, _ in got}
            assert got_pos == expected.get(t, set()), (ranks, t)
            assert solver.reachable(hand, t) == bool(expected.get(t)), (ranks, t)
            for cards, text in got:
                left, right = text.rsplit(" = ", 1)
                assert int(right) == t
                assert evaluate(left) == t, (text, ranks)
                assert solver.expression(cards, t) is not None


def test_ordered_hands_give_the_same_subsets() -> None:
    """Hand order does not matter: every ordering of a hand finds the same card subsets."""
    for ranks in [("K", "3", "A"), ("7", "7", "2"), ("Q", "A", "A")]:
        base = hand_of(ranks)
        for perm in itertools.permutations(base):
            for t in range(1, 15):
                a = {frozenset(c) for c, _ in solver.solutions(perm, t)}
                b = {frozenset(c) for c, _ in solver.solutions(base, t)}
                assert a == b


def test_expressions_are_readable() -> None:
    """Sums as a person writes them: values as numbers, + − × ÷, added terms before
    subtracted ones, larger first, and no bracket a plainer way of writing avoids."""
    assert solver.expression(("KH", "3C"), 10) == "13 − 3 = 10"
    assert solver.expression(("TH",), 10) == "10 = 10"
    assert solver.expression(("AH",), 14) == "14 = 14"
    assert solver.expression(("AH",), 1) == "1 = 1"
    assert solver.expression(("2C", "3D", "4H"), 20) == "(3 + 2) × 4 = 20"
    assert solver.expression(("KH", "3C", "2D"), 14) == "13 + 3 − 2 = 14"  # not 3 − (2 − 13)
    assert solver.expression(("KH", "3C", "2D"), 8) == "13 − 3 − 2 = 8"


def test_expressions_evaluate_to_their_value() -> None:
    """Every expression kept for every multiset of up to three ranks says what it makes."""
    for k in (1, 2, 3):
        for ranks in itertools.combinations_with_replacement(solver.RANK_ORDER, k):
            for value, (text, *_rest) in solver.all_used(ranks).items():
                assert evaluate(text) == value, (ranks, text)
    assert solver.expression(("2C", "3D"), 4) is None
    assert solver.expression((), 4) is None


def test_fractions_are_exact() -> None:
    """(3 + 3/7) x 7 style answers need exact fractions: 3, 7, 8 make 24 only that way,
    and here a sub-result of 7/2 makes 14 with 4: 4 x 7 / 2."""
    assert solver.reachable(("4C", "7D", "2H"), 14)
    # 5, 5, 5: 5 / 5 + 5 = 6, (5 + 5) / 5 = 2 -- never 7
    assert not solver.reachable(("5C", "5D", "5H"), 7)
    text = solver.expression(("3C", "8D", "TH"), 14)
    assert text is not None and evaluate(text.split(" = ")[0]) == 14


def test_targets_made_lists_every_value_of_the_picked_cards() -> None:
    made = solver.targets_made(("KH", "3C"))
    assert made == {10: "13 − 3 = 10"}  # 16, 39 and 13/3 are no river value
    assert solver.targets_made(("2C", "7D"))[14] == "7 × 2 = 14"
    assert set(made) <= set(range(1, 15))
    assert solver.targets_made(()) == {}


@pytest.mark.parametrize("card, values", [("AH", (1, 14)), ("KD", (13,)), ("TC", (10,))])
def test_card_values(card: str, values: tuple[int, ...]) -> None:
    assert solver.card_values(card) == values


def test_cache_can_be_cleared() -> None:
    solver.solutions(("KH", "3C"), 10)
    solver.clear_cache()
    assert solver.hand_table.cache_info().currsize == 0
    assert solver.solutions(("KH", "3C"), 10) == [(("KH", "3C"), "13 − 3 = 10")]
