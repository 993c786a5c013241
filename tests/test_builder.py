"""The shared engine pieces every game is built from: the state builder
(tablegames.builder), the move table (tablegames.notation.MoveTable) and the package
shape every game has."""

from __future__ import annotations

import dataclasses
import importlib
import re
from dataclasses import dataclass
from typing import Any

import pytest

import tablegames as tg
from tablegames.builder import StateBuilder, builder_of
from tablegames.built import BuiltState
from tablegames.errors import IllegalMove, InvalidMoveError
from tablegames.events import Event
from tablegames.notation import MoveTable, invalid

GAMES = ["currents", "fellowship", "poohsticks", "cardchess", "resistor"]
#: The modules every game package has, in the same roles (README, "Writing a game").
CORE_MODULES = (
    "actions",
    "builder",
    "game",
    "layout",
    "moves",
    "puzzle",
    "scene",
    "serialize",
    "state",
    "text",
)


def _played(name: str, moves: int = 12) -> Any:
    state = tg.make(name).initial_state(5)
    for _ in range(moves):
        if state.is_terminal:
            break
        state = state.apply(state.legal_moves()[0])
    return state


# ---- the state builder ------------------------------------------------------------


@pytest.mark.parametrize("name", GAMES)
def test_a_builder_copies_every_field_and_freezes_an_equal_state(name: str) -> None:
    state = _played(name)
    assert isinstance(state, BuiltState)
    b = builder_of(type(state))(state)
    assert b.events == [] and b.last_move is None
    for field in b.lists:
        assert isinstance(getattr(b, field), list)
    again = b.freeze()
    assert again == dataclasses.replace(state, events=(), last_move=None)
    for field in b.lists:
        assert isinstance(getattr(again, field), tuple)


@pytest.mark.parametrize("name", GAMES)
def test_apply_records_the_move_and_its_events(name: str) -> None:
    state = _played(name, 3)
    move = state.legal_moves()[0]
    after = state.apply(move)
    assert after.last_move is move and isinstance(after.events, tuple)
    assert all(isinstance(e, Event) for e in after.events)


@dataclass(frozen=True, slots=True)
class _Pile:
    """A toy state: a pile of numbers, a cache field the builder must leave alone."""

    cards: tuple[int, ...]
    count: int
    events: tuple[Event, ...] = ()
    last_move: str | None = None
    _cache: int | None = None


class _PileBuilder(StateBuilder[_Pile]):
    state_class = _Pile
    lists = ("cards",)
    cards: list[int]
    count: int


def test_a_builder_changes_lists_in_place_and_leaves_private_fields_to_their_default() -> None:
    start = _Pile((1, 2), 2, _cache=7)
    b = _PileBuilder(start, "push 3")
    b.cards.append(3)
    b.count += 1
    assert b.freeze() == _Pile((1, 2, 3), 3, (), "push 3")
    assert b.freeze()._cache is None
    assert start.cards == (1, 2)  # the state itself never changes


def test_lists_must_name_fields_of_the_state() -> None:
    with pytest.raises(TypeError, match="lists names no field of _Pile: \\['hand'\\]"):

        class _Bad(StateBuilder[_Pile]):
            state_class = _Pile
            lists = ("hand",)


def test_a_state_without_events_and_last_move_has_no_builder() -> None:
    @dataclass(frozen=True)
    class Plain:
        cards: tuple[int, ...]

    with pytest.raises(TypeError, match="needs the fields events and last_move"):

        class _Bad(StateBuilder[Plain]):
            state_class = Plain


@pytest.mark.parametrize("name", GAMES)
def test_each_game_s_builder_names_its_state_move_class_and_title(name: str) -> None:
    state = _played(name, 1)
    builder = builder_of(type(state))
    assert builder.state_class is type(state) and state.move_type is builder.move_type
    with pytest.raises(IllegalMove, match=builder.title):
        state.apply(42)


def test_a_builder_of_a_built_state_must_name_its_move_class_and_title() -> None:
    @dataclass(frozen=True, slots=True)
    class Toy(BuiltState):
        phase: str
        player: int
        events: tuple[Event, ...] = ()
        last_move: str | None = None

        def legal_moves(self) -> list[Any]:
            return []

        def _check(self, move: Any) -> None:
            pass

    with pytest.raises(TypeError, match="name its move_type and title"):

        class _Bad(StateBuilder[Toy]):
            state_class = Toy


def test_a_state_with_no_builder_says_how_to_declare_one() -> None:
    @dataclass(frozen=True, slots=True)
    class Lonely(BuiltState):
        phase: str
        player: int

        def legal_moves(self) -> list[Any]:
            return []

        def _check(self, move: Any) -> None:
            pass

    with pytest.raises(TypeError, match="state_class = Lonely"):
        Lonely("play", 0).apply("x")


def test_a_builder_naming_no_state_cannot_be_made() -> None:
    class Unnamed(StateBuilder[_Pile]):
        pass

    with pytest.raises(TypeError, match="names no state class"):
        Unnamed(_Pile((), 0))


# ---- the move table ---------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Step:
    n: int

    def __str__(self) -> str:
        return f"step {self.n}"


_HELP = "write 'step N' with N from 1 to 3"


def _far(text: str, m: re.Match[str]) -> _Step:
    raise invalid(text, f"{m[1]} steps is too far", _HELP)


def _table() -> MoveTable[_Step]:
    return MoveTable(
        [_Step(n) for n in (1, 2, 3)],
        _HELP,
        [(r"step ([4-9])", _far), (r"step\+([1-3])", lambda text, m: _Step(int(m[1])))],
        case="lower",
        joiners="+",
    )


def test_the_table_returns_its_own_move_for_the_canonical_text() -> None:
    table = _table()
    assert table.parse("step 2") is table.by_text["step 2"]


def test_the_table_normalises_case_spaces_and_joiners_before_its_patterns() -> None:
    table = _table()
    assert table.parse("  STEP   2 ") is table.by_text["step 2"]  # normalised, then known
    assert table.parse("step + 3") == _Step(3)  # joiner unspaced, then the second pattern
    with pytest.raises(InvalidMoveError, match="'step 7': 7 steps is too far; write 'step N'"):
        table.parse("step 7")


def test_the_table_refuses_what_it_cannot_read_naming_the_forms() -> None:
    table = _table()
    with pytest.raises(InvalidMoveError, match="cannot read 'jump' as a move: write 'step N'"):
        table.parse("jump")
    with pytest.raises(InvalidMoveError, match="must be a string, not 3; write 'step N'"):
        table.parse(3)  # type: ignore[arg-type]


def test_the_table_refuses_hand_built_moves_it_does_not_know() -> None:
    table = _table()
    table.check_form(table.by_text["step 1"])
    table.check_form(_Step(1))  # equal to a known move
    with pytest.raises(IllegalMove, match=r"malformed move _Step\(n=9\)"):
        table.check_form(_Step(9))
    table.check_form(table.add(_Step(9)))  # once added, it is known


# ---- the package shape ------------------------------------------------------------


@pytest.mark.parametrize("name", GAMES)
def test_every_game_package_has_the_same_modules_and_exports(name: str) -> None:
    package = type(tg.make(name)).__module__.rpartition(".")[0]
    for module in CORE_MODULES:
        importlib.import_module(f"{package}.{module}")
    exported = importlib.import_module(package).__all__
    title = type(tg.make(name)).__name__.removesuffix("Game")
    assert {f"{title}Game", f"{title}Move", f"{title}State"} <= set(exported)
    state_class = getattr(importlib.import_module(f"{package}.state"), f"{title}State")
    builder = importlib.import_module(f"{package}.builder")
    assert builder_of(state_class) is getattr(builder, f"{title}Builder")


@pytest.mark.parametrize("name", GAMES)
def test_every_option_is_an_attribute_of_the_game(name: str) -> None:
    game = tg.make(name, max_turns=7)
    assert game.max_turns == 7  # type: ignore[attr-defined]
    for option in game.option_table:
        assert hasattr(game, option.name)


def test_a_derived_attribute_replaces_its_option() -> None:
    game = tg.make("poohsticks", players=3, bridge=True)
    assert game.width == 3 and game.length == 6  # type: ignore[attr-defined]  # option None
    assert game.bridge_row == 3  # type: ignore[attr-defined]  # 0-based, derived


@pytest.mark.parametrize("name", GAMES)
def test_freeze_gives_a_frozen_instance_of_the_state_class_itself(name: str) -> None:
    """freeze makes an instance of the state class exactly, which refuses changes."""
    state = _played(name)
    again = builder_of(type(state))(state, state.last_move).freeze()
    assert type(again) is type(state)
    with pytest.raises(dataclasses.FrozenInstanceError):
        again.phase = "over"


@dataclass(frozen=True, slots=True)
class _Counted:
    """A toy state with a cache the builder carries (``carry``) and one it does not."""

    cards: tuple[int, ...]
    events: tuple[Event, ...] = ()
    last_move: str | None = None
    _total: int | None = dataclasses.field(default=None, compare=False)
    _other: int | None = dataclasses.field(default=None, compare=False)


class _CountedBuilder(StateBuilder[_Counted]):
    state_class = _Counted
    carry = ("_total",)
    cards: tuple[int, ...]
    _total: int | None


def test_a_builder_carries_the_caches_it_names_and_resets_the_others() -> None:
    start = _Counted((1, 2), _total=3, _other=9)
    b = _CountedBuilder(start, "push 4")
    assert b._total == 3
    b.cards += (4,)
    b._total = 7
    after = b.freeze()
    assert after.cards == (1, 2, 4) and after._total == 7 and after._other is None


def test_carry_must_name_private_fields() -> None:
    with pytest.raises(TypeError, match="carry names no private field of _Counted"):

        class _Bad(StateBuilder[_Counted]):
            state_class = _Counted
            carry = ("cards",)


def test_taking_a_card_not_in_the_hand_names_the_card_and_the_hand() -> None:
    state = tg.make("fellowship").initial_state(3)
    b = builder_of(type(state))(state, None)
    hand = list(state.hands[0])
    missing = next(c for c in state.draw_pile if c not in hand)
    with pytest.raises(ValueError, match=f"{missing} is not in player 0's hand"):
        b.take(0, missing)
    assert b.hands[0] == state.hands[0]  # nothing taken
    b.take(0, hand[1])
    assert list(b.hands[0]) == hand[:1] + hand[2:]


def test_paying_cards_not_in_a_poohsticks_hand_names_them() -> None:
    from tablegames.poohsticks.state import hand_after_paying

    hand = ("2C", "5H", "KS")
    assert hand_after_paying(hand, ("5H",)) == ("2C", "KS")
    assert hand_after_paying(hand, ("2C", "KS")) == ("5H",)
    with pytest.raises(ValueError, match="9D is not in the hand"):
        hand_after_paying(hand, ("9D",))
    with pytest.raises(ValueError, match="9D not in the hand"):
        hand_after_paying(hand, ("2C", "9D"))
