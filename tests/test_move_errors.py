"""Bad move syntax raises InvalidMoveError; every move's repr rebuilds it (issue 15, item 6).

``state.parse_move`` raises :class:`tablegames.InvalidMoveError` (a subclass of
``IllegalMove``, as python-chess's InvalidMoveError sits beside IllegalMoveError) when the
text names no move of the game at all, and plain ``IllegalMove`` when the move exists but
this position forbids it. ``repr(move)`` is ``Cls.from_notation('text')``, which ``eval``
turns back into an equal move.
"""

from __future__ import annotations

import random
import re

import pytest

import tablegames as tg
from tablegames.cardchess import CardChessMove
from tablegames.currents import CurrentsMove
from tablegames.fellowship import FellowshipMove
from tablegames.poohsticks import PoohsticksMove
from tablegames.resistor import ResistorMove

#: Texts that are not moves in each game's notation (bad shape, unknown card, unknown cell,
#: a move no position could hold).
MALFORMED: dict[str, list[str]] = {
    "currents": ["", "hello", "7H>X", "ZZ>N", "7H!N", "RJ>N2", "QD!N0~N0", "defend 7H 7H"],
    "fellowship": ["", "3-4 7H", "3>4", "3>5 7H", "13>0 7H", "3>4 RJ", "cover 4 ZZ"],
    "poohsticks": ["", "S>B1", "S>Z1 KH", "S>B1 KH KH", "exit RJ", "S>H9 KH", "fly"],
    "cardchess": ["", "c1-c1", "c1-g4", "c1c4", "2H e1", "KH z9", "KH"],
    "resistor": ["", "b0-b0", "b0-b5", "place", "overload z3", "b0-q1", "amps"],
}
#: Well-formed moves that the first position of a seed-1 game forbids.
ILLEGAL_HERE: dict[str, list[str]] = {
    "currents": ["decline", "stop", "discard 7H", "KH!cw"],
    "fellowship": ["cover 4 7H", "0>12 7H"],
    "poohsticks": ["exit QH", "S>B1 power", "D>A1 KH"],
    "cardchess": ["KH e1", "a6-a5"],
    "resistor": ["end", "forfeit", "b0-b1", "place b0"],
}
MOVE_CLASSES = {
    cls.__name__: cls
    for cls in (CurrentsMove, FellowshipMove, PoohsticksMove, CardChessMove, ResistorMove)
}


def first_state(name: str) -> tg.State:
    return tg.make(name).initial_state(seed=1)


def test_invalid_move_error_is_an_illegal_move() -> None:
    """Callers that catch IllegalMove (or ValueError) still catch bad syntax."""
    assert issubclass(tg.InvalidMoveError, tg.IllegalMove)
    assert issubclass(tg.InvalidMoveError, ValueError)


@pytest.mark.parametrize(
    ("name", "text"), [(n, t) for n, texts in MALFORMED.items() for t in texts]
)
def test_malformed_text_raises_invalid_move_error_quoting_it(name: str, text: str) -> None:
    state = first_state(name)
    with pytest.raises(tg.InvalidMoveError) as err:
        state.parse_move(text)
    message = str(err.value)
    normalised = " ".join(text.upper().split())
    assert repr(text) in message or normalised in message.upper(), message
    assert re.search(r"write a \w[\w ]* move as|actions are|columns A-", message), message


@pytest.mark.parametrize("name", sorted(MALFORMED))
@pytest.mark.parametrize("bad", [None, 42, b"7H>N"])
def test_a_non_string_is_invalid_syntax(name: str, bad: object) -> None:
    with pytest.raises(tg.InvalidMoveError, match="a move in notation must be a string"):
        first_state(name).parse_move(bad)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("name", "text"), [(n, t) for n, texts in ILLEGAL_HERE.items() for t in texts]
)
def test_well_formed_illegal_move_raises_plain_illegal_move(name: str, text: str) -> None:
    state = first_state(name)
    assert text not in {str(m) for m in state.legal_moves()}
    with pytest.raises(tg.IllegalMove) as err:
        state.parse_move(text)
    assert not isinstance(err.value, tg.InvalidMoveError), err.value


@pytest.mark.parametrize("name", sorted(MALFORMED))
def test_every_legal_move_repr_rebuilds_it_and_its_notation_reads_back(name: str) -> None:
    """Over random seeded games (a few hundred states per game), every legal move ``m``:
    ``eval(repr(m))`` is equal with an equal hash, with the move classes or just the
    ``tablegames`` package in scope, and ``state.parse_move(str(m)) == m``."""
    rng = random.Random(15)
    game = tg.make(name)
    cls = type(first_state(name).legal_moves()[0])
    package = {"tablegames": tg}
    states = 0
    seed = 0
    while states < 300:
        seed += 1
        state = game.initial_state(seed=seed)
        while not state.is_terminal and states < 300:
            states += 1
            for m in state.legal_moves():
                text = repr(m)
                assert text.startswith(f"{cls.__name__}.from_notation(")
                back = eval(text, dict(MOVE_CLASSES))
                assert back == m and hash(back) == hash(m), text
                qualified = f"tablegames.{name}.{text}"
                assert eval(qualified, package) == m
                assert state.parse_move(str(m)) == m
            state = state.apply(rng.choice(state.legal_moves()))


@pytest.mark.parametrize(
    "move",
    [
        CurrentsMove("place", "7h", "N2"),
        CurrentsMove("defend", None, "", ("9H", "7H")),
        FellowshipMove("capture", 3, 5, "7H"),
        PoohsticksMove("move", "S", "B1", ("KH", "3C")),
        CardChessMove("move", 3, 3),
        ResistorMove("move", 0, 77),
    ],
)
def test_a_hand_built_move_without_notation_has_a_field_repr_that_rebuilds(move: object) -> None:
    """A value no notation names (wrong case, unsorted cards, impossible step) shows its
    fields instead, which still rebuild it."""
    text = repr(move)
    assert ".from_notation(" not in text
    assert eval(text, dict(MOVE_CLASSES)) == move
