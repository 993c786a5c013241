"""Kuhn poker: a small hidden-information game for tablegames (the README's "Writing a game").

Three cards, J < Q < K. Each player antes ``ante`` chips and is dealt one card; the third
stays face down. Player 0 passes or bets one chip; then player 1; after a pass and a bet,
player 0 once more. A pass after a bet folds (the bettor takes the pot); two passes or a
bet and a call go to the showdown, where both cards turn face up and the higher takes the
pot. ``returns()`` are the chips won and lost (general payoffs, not just 1 and -1).

What it shows beyond the race game (docs/example_game.py): cards named J, Q and K (any
code works, the conformance check matches the game's own ``card_deck``); an observation
with the state's JSON keys and the hidden cards masked as None; a showdown that turns
the opponent's card face up (``hidden_cards`` says what a seat may not see, at every
moment); a picture that takes the ``viewer``; a one-sentence ``describe`` (the generic
page's caption) with public information only; a ``state_from_json`` that refuses any
key it does not know. Declared in a package's pyproject.toml as
``[project.entry-points."tablegames.games"]`` ``kuhn = "example_poker:KuhnGame"``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from tablegames import Game, GameInfo, IllegalMove, InvalidState, Move, State
from tablegames.options import Option, int_range
from tablegames.scene import Card, Scene, Text

DECK = ("J", "Q", "K")  # lowest to highest
KEYS = {"game", "options", "hands", "draw_pile", "history"}
ENDS = {"pp": True, "bb": True, "pbb": True, "bp": False, "pbp": False}  # ended: showdown?


@dataclass(frozen=True)
class Action(Move):
    name: str  # "pass" (check or fold) or "bet" (bet or call)

    def __str__(self) -> str:
        return self.name


@dataclass(frozen=True)
class KuhnState(State):
    game: KuhnGame
    hands: tuple[str, str]  # each player's card
    left: str  # the card nobody holds
    history: str = ""  # "p" and "b", one letter per action

    @property
    def is_terminal(self) -> bool:
        return self.history in ENDS

    @property
    def showdown(self) -> bool:
        """Both cards face up: the game ended by two passes or a call."""
        return ENDS.get(self.history, False)

    @property
    def current_player(self) -> int:
        return -1 if self.is_terminal else len(self.history) % 2

    @property
    def winners(self) -> frozenset[int]:  # type: ignore[override]
        if not self.is_terminal:
            return frozenset()
        if not self.showdown:  # the last action was a fold: the other player wins
            return frozenset({len(self.history) % 2})
        return frozenset({max((0, 1), key=lambda p: DECK.index(self.hands[p]))})

    def returns(self) -> tuple[float, ...]:
        """Chips won (+) and lost (-): the ante, plus one more if a bet was called."""
        if not self.is_terminal:
            return (0.0, 0.0)
        won = self.game.options["ante"] + (1 if "bb" in self.history else 0)
        (w,) = self.winners
        return tuple(float(won if p == w else -won) for p in (0, 1))

    def legal_moves(self) -> list[Any]:
        return [] if self.is_terminal else [Action("pass"), Action("bet")]

    def apply(self, move: Any) -> KuhnState:
        if self.is_terminal:
            raise IllegalMove("the hand is over")
        if not isinstance(move, Action) or move not in self.legal_moves():
            raise IllegalMove(f"{move!r} is not a move here; legal: pass, bet")
        return KuhnState(self.game, self.hands, self.left, self.history + move.name[0])

    def parse_move(self, text: str) -> Any:
        for move in self.legal_moves():
            if str(move) == text:
                return move
        raise IllegalMove(f"{text!r} is not a legal move; legal: pass, bet")

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game.name,
            "options": self.game.options_json(),
            "hands": [[c] for c in self.hands],
            "draw_pile": [self.left],
            "history": self.history,
        }

    def observation(self, player: int) -> dict[str, Any]:
        """The JSON with what ``player`` may not see masked as None: the card left, and the
        opponent's card until the showdown. Same keys as ``to_json`` plus ``viewer``, so a
        bot that samples the hidden cards reads the result back with ``state_from_json``."""
        if player not in (0, 1) or isinstance(player, bool):
            raise ValueError(f"player must be 0 or 1, not {player!r}")
        d = self.to_json()
        if not self.showdown:
            d["hands"][1 - player] = [None]
        d["draw_pile"] = [None]
        return {**d, "viewer": player}

    def describe(self) -> str:
        """One sentence with public information only (the generic page's caption)."""
        said = ", ".join(f"P{k % 2} {'bets' if a == 'b' else 'passes'}"
                         for k, a in enumerate(self.history))  # fmt: skip
        said = f"{said}. " if said else ""
        if not self.is_terminal:
            return f"{said}Player {self.current_player} to act."
        (w,) = self.winners
        shown = f" ({self.hands[0]} against {self.hands[1]})" if self.showdown else ""
        return f"{said}Player {w} wins {self.returns()[w]:g}{shown}."

    def __str__(self) -> str:  # the whole truth, for the author's own debugging
        return f"P0 {self.hands[0]}, P1 {self.hands[1]}, left {self.left}, history {self.history!r}"


class KuhnGame(Game):
    name = "kuhn"
    info = GameInfo(
        "kuhn", "Kuhn poker", 2, 2, True, True,
        "https://en.wikipedia.org/wiki/Kuhn_poker", "at most three actions",
    )  # fmt: skip
    option_table = (Option("ante", 1, "an integer from 1 to 10", int_range(1, 10), "the ante"),)

    @property
    def num_players(self) -> int:
        return 2

    def card_deck(self) -> tuple[str, ...]:
        return DECK

    def hidden_cards(self, state: State, player: int) -> list[str]:
        """What ``player`` may not see: the card left, and the opponent's card until the
        showdown turns it face up (the conformance check compares this with the masked
        places of the observation)."""
        assert isinstance(state, KuhnState)
        return [state.left] + ([] if state.showdown else [state.hands[1 - player]])

    def initial_state(self, seed: int = 0) -> KuhnState:
        a, b, c = random.Random(seed).sample(DECK, 3)
        return KuhnState(self, (a, b), c)

    def state_from_json(self, data: Any) -> KuhnState:
        if not isinstance(data, dict) or set(data) != KEYS:
            raise InvalidState(f"a Kuhn poker state has exactly the keys {', '.join(sorted(KEYS))}")
        if data["game"] != self.name or data["options"] != self.options_json():
            raise InvalidState("this state belongs to another game or other options")
        hands, pile, history = data["hands"], data["draw_pile"], data["history"]
        ok = isinstance(hands, list) and len(hands) == 2 and isinstance(pile, list)
        ok = ok and all(isinstance(h, list) and len(h) == 1 for h in hands) and len(pile) == 1
        cards = [h[0] for h in hands] + pile if ok else []
        if sorted(cards, key=str) != sorted(DECK):
            raise InvalidState("hands and draw_pile must hold J, Q and K, one card each")
        if not isinstance(history, str) or not any(e.startswith(history) for e in ENDS):
            raise InvalidState(
                f"history must be a prefix of one of {sorted(ENDS)}, not {history!r}"
            )
        return KuhnState(self, (cards[0], cards[1]), cards[2], history)

    def scene(self, state: State, viewer: int | None = None, square: float = 40.0) -> Scene:
        """The picture as ``viewer`` sees it (None: everything): both cards, the
        opponent's face down until the showdown, and the caption's sentence."""
        assert isinstance(state, KuhnState)
        scene = Scene(square * 6, square * 4, state.describe())
        for p in (0, 1):
            x = square * (0.5 + 3 * p)
            shown = viewer is None or viewer == p or state.showdown
            card = Card(state.hands[p] if shown else None, x, square * 0.9, square * 1.4,
                        square * 2, hidden=not shown)  # fmt: skip
            scene.pieces += [Text(x, square * 0.6, f"Player {p}", square * 0.35), card]
        scene.pieces.append(Text(square * 0.5, square * 3.6, state.describe(), square * 0.3))
        return scene
