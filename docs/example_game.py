"""Race: a minimal complete game for tablegames (the README's "Writing a game").

Two players take turns adding 1 to ``max_step`` to a running total that starts at 0;
whoever brings it to exactly ``target`` wins. Declared in a package's pyproject.toml as
``[project.entry-points."tablegames.games"]`` ``race = "example_game:RaceGame"``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tablegames import Game, GameInfo, IllegalMove, InvalidState, Move, State
from tablegames.options import Option, int_range
from tablegames.parts import GameParts
from tablegames.scene import Circle, Rect, Scene, Text


@dataclass(frozen=True)
class Add(Move):
    n: int

    def __str__(self) -> str:  # the notation: "2" adds two
        return str(self.n)


@dataclass(frozen=True)
class RaceState(State):
    game: RaceGame
    total: int = 0
    player: int = 0  # whose turn it is; after the winning move, the winner

    @property
    def winners(self) -> frozenset[int]:  # type: ignore[override]
        return frozenset({self.player}) if self.is_terminal else frozenset()

    @property
    def is_terminal(self) -> bool:
        return bool(self.total == self.game.options["target"])

    @property
    def current_player(self) -> int:
        return -1 if self.is_terminal else self.player

    def legal_moves(self) -> list[Any]:
        room = 0 if self.is_terminal else self.game.options["target"] - self.total
        return [Add(n) for n in range(1, min(self.game.options["max_step"], room) + 1)]

    def apply(self, move: Any) -> RaceState:
        if self.is_terminal:
            raise IllegalMove("the game is over")
        if move not in self.legal_moves():
            raise IllegalMove(f"{move!r} is not legal; legal: {self.legal_moves()}")
        done = self.total + move.n == self.game.options["target"]
        return RaceState(self.game, self.total + move.n, self.player if done else 1 - self.player)

    def parse_move(self, text: str) -> Any:
        for move in self.legal_moves():
            if str(move) == text:
                return move
        raise IllegalMove(f"{text!r} is not a legal move; legal: {self.legal_moves()}")


# The game's parts, declared on RaceGame below (see tablegames.parts): each is read from
# this module under the name GameParts.of gives it: to_json, from_json and observation
# (JSON both ways, what a seat sees), board_text and describe (the text, the caption) and
# state_scene (the picture).


def to_json(state: RaceState) -> dict[str, Any]:
    g = state.game
    return {
        "game": g.name,
        "options": g.options_json(),
        "total": state.total,
        "player": state.player,
    }


def from_json(game: RaceGame, data: Any) -> RaceState:
    if not isinstance(data, dict) or set(data) != {"game", "options", "total", "player"}:
        raise InvalidState("a race state has the keys game, options, total and player")
    if data["game"] != game.name or data["options"] != game.options_json():
        raise InvalidState("this state belongs to another game or other options")
    total, player = data["total"], data["player"]
    if type(total) is not int or not 0 <= total <= game.options["target"]:
        raise InvalidState(f"total must be an integer from 0 to the target, not {total!r}")
    if type(player) is not int or player not in (0, 1):
        raise InvalidState(f"player must be 0 or 1, not {player!r}")
    return RaceState(game, total, player)


def observation(state: RaceState, player: int) -> dict[str, Any]:
    if player not in range(2) or isinstance(player, bool):
        raise ValueError(f"player must be 0 or 1, not {player!r}")
    return {**to_json(state), "viewer": player}  # nothing is hidden in this game


def board_text(state: RaceState) -> str:  # str(state)
    return f"total {state.total}, player {state.player} to move"


def describe(state: RaceState) -> str:  # the caption pages show: public information only
    return board_text(state)  # nothing is hidden in this game


def state_scene(state: RaceState, square: float = 40.0) -> Scene:
    """The picture (SVG in notebooks, canvas on the generic board): a track of cells
    from 1 to the target, the ones reached filled, and whose turn it is."""
    target = state.game.options["target"]
    scene = Scene(square * (target + 1), square * 2, str(state))
    for k in range(1, target + 1):
        x = square * (k - 0.5)
        scene.background.append(Rect(x, square * 0.3, square, square, stroke="#8a7a5a"))
        scene.background.append(Text(x + square / 2, square * 0.25, str(k), square * 0.25))
        if k <= state.total:
            scene.pieces.append(Circle(x + square / 2, square * 0.8, square * 0.35, fill="#00897b"))
    scene.pieces.append(Text(square / 2, square * 1.75, str(state), square * 0.35))
    return scene


class RaceGame(Game):
    name = "race"
    info = GameInfo(
        "race", "Race", 2, 2, False, False, "example_game.py", "the total grows every turn"
    )
    parts = GameParts.of(serialize=__name__, text=__name__, scene=__name__)  # all here
    option_table = (
        Option("target", 10, "an integer from 2 to 100", int_range(2, 100), "the total to reach"),
        Option("max_step", 3, "an integer from 1 to 9", int_range(1, 9), "the most one turn adds"),
    )

    @property
    def num_players(self) -> int:
        return 2

    def initial_state(self, seed: int = 0) -> RaceState:
        return RaceState(self)
