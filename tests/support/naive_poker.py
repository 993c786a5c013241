"""Kuhn poker as a new author wrote it from the README guide before issue 27 (item 6):
card codes shaped like ``JS`` because the check wanted them, a ``state_scene(state)``
beside the state that draws both cards face up and writes ``str(state)`` ("P0 QS, P1
JS"), no ``describe`` (the generic page captioned it with ``str(state)``), and a
``state_from_json`` that refuses keys it does not know. The attack tests install it as
the plug-in ``naive`` (tests/support/plugins.py): the generic page must not show the
opponent's card whatever the plug-in draws.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from tablegames import Game, GameInfo, IllegalMove, InvalidState, Move, State
from tablegames.scene import Card, Scene, Text

DECK = ("JS", "QS", "KS")
KEYS = {"game", "options", "hands", "draw_pile", "history"}
ENDS = ("pp", "bb", "pbb", "bp", "pbp")


@dataclass(frozen=True)
class Bet(Move):
    name: str

    def __str__(self) -> str:
        return self.name


@dataclass(frozen=True)
class NaiveState(State):
    game: NaiveGame
    hands: tuple[str, str]
    left: str
    history: str = ""

    @property
    def is_terminal(self) -> bool:
        return self.history in ENDS

    @property
    def current_player(self) -> int:
        return -1 if self.is_terminal else len(self.history) % 2

    @property
    def winners(self) -> frozenset[int]:  # type: ignore[override]
        if not self.is_terminal:
            return frozenset()
        if self.history in ("bp", "pbp"):
            return frozenset({len(self.history) % 2})
        return frozenset({max((0, 1), key=lambda p: DECK.index(self.hands[p]))})

    def legal_moves(self) -> list[Any]:
        return [] if self.is_terminal else [Bet("pass"), Bet("bet")]

    def apply(self, move: Any) -> NaiveState:
        if self.is_terminal or move not in self.legal_moves():
            raise IllegalMove(f"{move!r} is not legal")
        return NaiveState(self.game, self.hands, self.left, self.history + move.name[0])

    def parse_move(self, text: str) -> Any:
        for move in self.legal_moves():
            if str(move) == text:
                return move
        raise IllegalMove(f"{text!r} is not a legal move")

    def to_json(self) -> dict[str, Any]:
        return {"game": "naive", "options": {}, "hands": [[c] for c in self.hands],
                "draw_pile": [self.left], "history": self.history}  # fmt: skip

    def observation(self, player: int) -> dict[str, Any]:
        if player not in (0, 1) or isinstance(player, bool):
            raise ValueError(f"player must be 0 or 1, not {player!r}")
        d = self.to_json()
        d["hands"][1 - player] = [None]
        d["draw_pile"] = [None]
        return {**d, "viewer": player}

    def __str__(self) -> str:
        return f"P0 {self.hands[0]}, P1 {self.hands[1]}, history {self.history!r}"


class NaiveGame(Game):
    name = "naive"
    info = GameInfo("naive", "Naive poker", 2, 2, True, True, "kuhn.txt", "three actions")
    option_table = ()

    @property
    def num_players(self) -> int:
        return 2

    def card_deck(self) -> tuple[str, ...]:
        return DECK

    def initial_state(self, seed: int = 0) -> NaiveState:
        a, b, c = random.Random(seed).sample(DECK, 3)
        return NaiveState(self, (a, b), c)

    def state_from_json(self, data: Any) -> NaiveState:
        if not isinstance(data, dict) or set(data) != KEYS:
            raise InvalidState("a state has the keys " + ", ".join(sorted(KEYS)))
        try:
            (a,), (b,) = data["hands"]
            (c,) = data["draw_pile"]
        except (TypeError, ValueError):
            raise InvalidState("one card per hand and one left") from None
        if sorted(map(str, (a, b, c))) != sorted(DECK) or data["history"] not in (
            "", "p", "b", "pb", *ENDS
        ):  # fmt: skip
            raise InvalidState("bad cards or history")
        return NaiveState(self, (a, b), c, data["history"])


def state_scene(state: NaiveState, square: float = 40.0) -> Scene:
    scene = Scene(square * 6, square * 4, str(state))
    for p in (0, 1):
        scene.pieces.append(Card(state.hands[p], square * (0.5 + 3 * p), square, square * 1.4,
                                 square * 2))  # fmt: skip
    scene.pieces.append(Text(square * 0.5, square * 3.6, str(state), square * 0.3))
    return scene
