"""Issue 30: a game declares its parts on its Game (tablegames.parts.GameParts); the
engine reads the declaration, finds no module by its name, and checks what is declared;
a game's modules import one another one way only."""

from __future__ import annotations

import importlib.util
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import pytest

import tablegames as tg
from tablegames.conformance import check_declared, check_game, check_parts, random_states
from tablegames.parts import DECLARABLE, GameParts, PuzzleParts
from tablegames.scene import Text, scene_of, text_scene, to_svg

ROOT = Path(__file__).resolve().parents[1]
FIVE = ("currents", "fellowship", "poohsticks", "cardchess", "resistor")


def structure() -> Any:
    """benchmarks/structure.py, the measure of the issue's goals, as a module."""
    spec = importlib.util.spec_from_file_location("structure", ROOT / "benchmarks/structure.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@dataclass(frozen=True)
class Tick(tg.Move):
    def __str__(self) -> str:
        return "tick"


@dataclass(frozen=True)
class Bare(tg.State):
    """A state whose game declares nothing: one tick ends it."""

    game: Any
    done: bool = False

    @property
    def winners(self) -> frozenset[int]:  # type: ignore[override]
        return frozenset({0}) if self.done else frozenset()

    @property
    def current_player(self) -> int:
        return -1 if self.done else 0

    @property
    def is_terminal(self) -> bool:
        return self.done

    def legal_moves(self) -> list[Any]:
        return [] if self.done else [Tick()]

    def apply(self, move: Any) -> Bare:
        return Bare(self.game, True)

    def parse_move(self, text: str) -> Any:
        return Tick()


class BareGame(tg.Game):
    name = "bare"
    info = tg.GameInfo("bare", "Bare", 1, 1, False, False, "here", "one move ends it")
    option_table = ()

    @property
    def num_players(self) -> int:
        return 1

    def initial_state(self, seed: int = 0) -> Bare:
        return Bare(self)


def test_a_game_that_declares_nothing_still_plays_and_draws() -> None:
    state = BareGame().initial_state()
    assert BareGame.parts == GameParts()
    assert str(state) == state.describe() == "Bare: player 0 to move."
    scene = scene_of(state)
    assert [s.text for s in scene.pieces if isinstance(s, Text)] == [str(state)]
    assert to_svg(scene) == to_svg(text_scene(state))
    assert str(state.apply(Tick())) == "Bare: game over, player 0 won."


@pytest.mark.parametrize(
    ("call", "part"),
    [
        (lambda g: g.action_space(), "action_space"),
        (lambda g: g.initial_state().to_json(), "to_json"),
        (lambda g: g.initial_state().observation(0), "observation"),
        (lambda g: g.state_from_json({}), "from_json"),
    ],
)
def test_an_undeclared_part_says_how_to_declare_it(call: Any, part: str) -> None:
    with pytest.raises(NotImplementedError, match=f"'bare' declares no {part}: set parts"):
        call(BareGame())


def test_the_five_games_declare_every_part() -> None:
    for name in FIVE:
        parts = tg.GAMES[name].parts
        missing = [p for p in DECLARABLE if p != "hidden_per_seat" and getattr(parts, p) is None]
        assert not missing, (name, missing)
        assert parts.board == f"tablegames_widgets.{name}.board:{tg.GAMES[name].__name__[:-4]}Board"
        assert isinstance(parts.puzzles and parts.puzzles(), PuzzleParts)
    assert tg.GAMES["fellowship"].parts.hidden_per_seat == ("roles",)


def test_the_puzzles_are_those_the_games_declare() -> None:
    from tablegames.puzzles import GAMES as PUZZLES

    assert list(PUZZLES) == sorted(FIVE)
    assert PUZZLES["currents"] is tg.GAMES["currents"].parts.puzzles()  # type: ignore[misc]


def test_the_check_passes_every_declared_part_of_the_five() -> None:
    for name in FIVE:
        game = tg.make(name)
        check_declared(game)
        check_parts(random_states(game, 1))


class _Shifted:
    """An action space that reads every number back as the next legal move."""

    def __init__(self, space: Any) -> None:
        self.space = space

    def __len__(self) -> int:
        return len(self.space)

    def index(self, state: Any, move: Any) -> int:
        return int(self.space.index(state, move))

    def move(self, state: Any, index: int) -> Any:
        moves = state.legal_moves()
        return moves[(moves.index(self.space.move(state, index)) + 1) % len(moves)]

    def legal(self, state: Any) -> dict[int, Any]:
        return dict(self.space.legal(state))


def test_the_check_fails_a_declared_action_space_that_reads_back_wrong(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from tablegames.resistor import ResistorGame

    build = ResistorGame.parts.action_space
    assert build is not None
    shifted = replace(ResistorGame.parts, action_space=lambda game: _Shifted(build(game)))
    monkeypatch.setattr(ResistorGame, "parts", shifted)
    report = check_game("resistor", games=1, views=0)
    assert any("declared parts in play" in f and "reads back" in f for f in report.failures), report


def test_the_check_holds_hidden_per_seat_values_to_the_truth(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Fellowship's roles are checked because the game declares them, not by its name:
    an observation that names a wrong role for another seat fails."""
    from tablegames.fellowship import FellowshipGame

    observe = FellowshipGame.parts.observation
    assert observe is not None

    def lying(state: Any, player: int) -> dict[str, Any]:
        d = observe(state, player)
        d["roles"] = ["nobody" for _ in d["roles"]]
        return d

    monkeypatch.setattr(FellowshipGame, "parts", replace(FellowshipGame.parts, observation=lying))
    report = check_game("fellowship", games=1, views=0)
    assert any("sees wrong roles" in f for f in report.failures), report


def test_the_check_refuses_a_board_that_is_not_module_colon_class() -> None:
    class Named(BareGame):
        parts = GameParts(board="tablegames_widgets.SomeBoard")

    with pytest.raises(AssertionError, match="is not 'module:Class'"):
        check_declared(Named())


def test_no_module_of_the_engine_or_widgets_is_found_by_its_name() -> None:
    counted = [c for c in structure().import_module_calls() if c[3] is None]
    assert counted == []


def test_no_game_package_imports_itself_in_a_loop() -> None:
    """Issue 30 item 5: moves -> state -> builder -> game, text and scene above state."""
    cycles = structure().import_cycles()
    inside_a_game = [c for c in cycles if any(f"tablegames.{g}." in m for g in FIVE for m in c)]
    assert inside_a_game == []
