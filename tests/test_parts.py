"""Issue 30: a game declares its parts on its Game (tablegames.parts.GameParts); the
engine reads the declaration, finds no module by its name, and checks what is declared;
a game's modules import one another one way only."""

from __future__ import annotations

import importlib.util
import os
import re
import subprocess
import sys
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import pytest

import tablegames as tg
from tablegames.conformance import check_declared, check_game, check_parts, random_states
from tablegames.parts import DECLARABLE, GameParts, PuzzleParts, Reference
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


def test_the_five_games_name_their_modules_once_and_each_part_comes_from_its_module() -> None:
    for name in FIVE:
        parts = tg.GAMES[name].parts
        assert parts.references() == {
            "to_json": Reference(f"tablegames.{name}.serialize:to_json", "to_json"),
            "from_json": Reference(f"tablegames.{name}.serialize:from_json", "from_json"),
            "observation": Reference(f"tablegames.{name}.serialize:observation", "observation"),
            "board_text": Reference(f"tablegames.{name}.text:board_text", "board_text"),
            "describe": Reference(f"tablegames.{name}.text:describe", "describe"),
            "scene": Reference(f"tablegames.{name}.scene:state_scene", "scene"),
            "action_space": Reference(f"tablegames.{name}.actions:action_space", "action_space"),
            "puzzles": Reference(f"tablegames.{name}.puzzle:PUZZLES", "puzzles"),
        }


#: Loaded only when a part is used (Poohsticks' state reads its text module for the words
#: of its moves, so that one comes with the game).
PART_MODULES = ("serialize", "text", "scene", "actions", "puzzle")


def test_making_and_playing_a_game_loads_none_of_its_parts_modules() -> None:
    """Issue 30: ``import tablegames`` and ``make`` load no game's serializer, text,
    picture, action space or puzzles; a part loads its own module when first used."""
    code = f"""
import sys, tablegames as tg
for name in {FIVE!r}:
    state = tg.make(name).initial_state(1)
    for _ in range(5):
        state = state if state.is_terminal else state.apply(state.legal_moves()[0])
loaded = lambda: sorted(m for m in sys.modules if m.rsplit(".", 1)[-1] in {PART_MODULES!r})
print(loaded())
state.describe()
print(loaded())
"""
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.splitlines() == [
        "['tablegames.poohsticks.text']",
        "['tablegames.poohsticks.text', 'tablegames.resistor.text']",
    ]


class Misnamed(BareGame):
    """Declares a text module that has no ``board_text`` and a scene module that is not."""

    parts = GameParts.of(text="tablegames.currents.serialize", scene="tablegames.no_such")


def test_a_part_named_but_missing_fails_loudly_naming_it() -> None:
    state = Misnamed().initial_state()
    with pytest.raises(
        ImportError,
        match=re.escape(
            "the part 'board_text' is declared as 'tablegames.currents.serialize:board_text',"
            " but module 'tablegames.currents.serialize' has no 'board_text'"
        ),
    ):
        str(state)
    with pytest.raises(
        ImportError, match=r"'scene' .* but there is no module 'tablegames\.no_such'"
    ):
        scene_of(state)


def test_the_check_loads_every_declared_part_first_and_names_a_missing_one(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from tablegames.resistor import ResistorGame

    with pytest.raises(ImportError, match="the part 'board_text'"):
        check_declared(Misnamed())
    caption = Reference("tablegames.resistor.text:caption", "describe")
    monkeypatch.setattr(ResistorGame, "parts", replace(ResistorGame.parts, describe=caption))
    report = check_game("resistor", games=1, views=0)
    assert report.failures[0].startswith(
        "declared parts: ImportError: the part 'describe' is declared as "
        "'tablegames.resistor.text:caption', but module 'tablegames.resistor.text' has no "
        "'caption'"
    ), report


def test_the_check_command_names_a_part_a_plugin_from_the_guide_misnames(
    tmp_path: Path,
) -> None:
    """Race (the README's guide) with its caption function renamed: ``describe`` is still
    declared (``text=__name__``), so the check fails first on that part, by name."""
    from support.plugins import EXAMPLE, install

    source = EXAMPLE.read_text().replace("def describe(", "def caption(")
    site = install(tmp_path, source, "race = example_game:RaceGame")
    out = subprocess.run(
        [sys.executable, "-m", "tablegames", "check", "race", "--games", "2"],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(site)},
        timeout=120,
    )
    assert out.returncode == 1, out.stdout + out.stderr
    assert (
        "declared parts: ImportError: the part 'describe' is declared as "
        "'example_game:describe', but module 'example_game' has no 'describe'" in out.stdout
    ), out.stdout


def test_a_function_part_named_by_something_else_is_refused() -> None:
    with pytest.raises(
        TypeError,
        match=re.escape("'scene' is declared as 'tablegames.cards:SUITS', which is a str"),
    ):
        Reference("tablegames.cards:SUITS", "scene").load()


def test_a_keyword_for_one_part_may_name_it_in_full_one_for_several_takes_a_module() -> None:
    named = GameParts.of(scene="tablegames.scene:text_scene", action_space="tablegames.no:such")
    assert named.scene == Reference("tablegames.scene:text_scene", "scene")
    assert named.action_space == Reference("tablegames.no:such", "action_space")
    with pytest.raises(
        ValueError,
        match=re.escape("text= names a module (for board_text, describe), not 'tablegames.t:d'"),
    ):
        GameParts.of(text="tablegames.t:d")


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
