"""Game records: options + seed + moves, as JSON, and exact replays.

>>> import tablegames as tg
>>> game = tg.make("currents", players=2)
>>> result = tg.play_game(game, seed=3, max_decisions=40)
>>> states = tg.replay(result.record.to_json())
>>> states[-1] == result.final
True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from .core import Game, State, make
from .errors import IllegalMove, InvalidState
from .rng import check_seed


@dataclass(frozen=True)
class Record:
    """Everything needed to replay a game exactly: game name, options, seed, moves in notation."""

    game: str
    options: dict[str, Any] = field(default_factory=dict)
    seed: int = 0
    moves: tuple[str, ...] = ()

    @classmethod
    def start(cls, game: Game, seed: int = 0) -> Record:
        """An empty record for ``game`` started with ``seed``."""
        return cls(game.name, game.options_json(), check_seed(seed), ())

    def then(self, move: object) -> Record:
        """This record with one more move (a move object or its notation)."""
        return Record(self.game, self.options, self.seed, (*self.moves, str(move)))

    def make_game(self) -> Game:
        return make(self.game, **self.options)

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "options": dict(self.options),
            "seed": self.seed,
            "moves": list(self.moves),
        }

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> Record:
        """Read a record; InvalidState saying what is wrong with a malformed one."""
        if not isinstance(d, Mapping):
            raise InvalidState(f"a game record is a JSON object, not {type(d).__name__}")
        extra = set(d) - {"game", "options", "seed", "moves"}
        if extra or "game" not in d:
            raise InvalidState(
                "a game record has the keys game, options, seed and moves"
                + (f"; unknown: {', '.join(sorted(extra))}" if extra else "; 'game' is missing")
            )
        options = d.get("options", {})
        moves = d.get("moves", [])
        if not isinstance(options, Mapping):
            raise InvalidState(f"record options must be an object, not {options!r}")
        if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
            raise InvalidState("record moves must be a list of move texts")
        try:
            seed = check_seed(d.get("seed", 0))
        except ValueError as exc:
            raise InvalidState(f"record {exc}") from None
        return cls(str(d["game"]), dict(options), seed, tuple(moves))

    def states(self) -> list[State]:
        """Every state of the game, from the initial one to the last (see :func:`replay`)."""
        try:
            game = self.make_game()
        except ValueError as exc:  # unknown game or bad options: the record is at fault
            raise InvalidState(f"record: {exc}") from None
        state = game.initial_state(self.seed)
        out = [state]
        for i, text in enumerate(self.moves):
            try:
                state = state.apply(state.parse_move(text))
            except IllegalMove as exc:
                raise IllegalMove(f"move {i + 1} of the record ({text!r}): {exc}") from None
            out.append(state)
        return out


def replay(record: Record | Mapping[str, Any]) -> list[State]:
    """All states of a recorded game; IllegalMove names the first move that does not apply."""
    rec = record if isinstance(record, Record) else Record.from_json(record)
    return rec.states()


def load_state(data: Mapping[str, Any]) -> State:
    """Any game's state from its JSON, taking the game and options from the data itself."""
    if not isinstance(data, Mapping) or "game" not in data:
        raise InvalidState("a state's JSON must be an object with a 'game' key")
    options = data.get("options", {})
    if not isinstance(options, Mapping):
        raise InvalidState(f"options must be an object, not {options!r}")
    try:
        game = make(data["game"], **options)
    except ValueError as exc:
        raise InvalidState(str(exc)) from None
    return game.state_from_json(data)
