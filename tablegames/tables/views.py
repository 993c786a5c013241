"""What a token sees of a table: a :class:`View`, built only from that seat's observation.

A seat sees ``state.observation(seat)``; a spectator sees :func:`public_view`, the part
of the position every player sees (the observations' common part), so a spectator
link never shows a hand, a role or a face-down card.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..core import Game, State, make

#: Placeholder of the common part where the players' observations differ.
_HIDDEN = None


def common_part(values: list[Any]) -> Any:
    """The part of JSON ``values`` that is the same in all of them; ``None`` elsewhere.

    Lists of one length and objects of the same keys are compared item by item, so a
    hand keeps its length with every card hidden.

    >>> common_part([{"a": [1, 2], "b": 3}, {"a": [1, 5], "b": 3}])
    {'a': [1, None], 'b': 3}
    """
    first = values[0]
    if all(type(v) is list for v in values) and len({len(v) for v in values}) == 1:
        return [common_part([v[i] for v in values]) for i in range(len(first))]
    if all(type(v) is dict for v in values) and all(v.keys() == first.keys() for v in values):
        return {k: common_part([v[k] for v in values]) for k in first}
    return first if all(v == first for v in values) else _HIDDEN


def public_view(state: State) -> dict[str, Any]:
    """What every player of ``state`` sees: the common part of all their observations,
    with ``viewer`` ``None``. What a spectator is shown.

    >>> import tablegames as tg
    >>> s = tg.make("fellowship", players=2).initial_state(seed=1)
    >>> v = public_view(s)
    >>> v["viewer"], v["hands"][0][:2], v["roles"]
    (None, [None, None], [None, None])
    """
    n = state.game.num_players
    d: dict[str, Any] = common_part([state.observation(p) for p in range(n)])
    d["viewer"] = None
    return d


@dataclass(frozen=True)
class View:
    """A table as one token sees it; everything here may be shown to that token's holder.

    ``seat`` is the token's seat (``None`` for a spectator), ``ply`` the number of moves
    played (pass it back to :meth:`~tablegames.tables.TableStore.play`), ``to_move`` the
    seat to move (-1 once over), ``legal_moves`` the moves this seat may play now (in
    notation; empty when it is not its turn), ``observation`` the seat's observation
    (:func:`public_view` for a spectator), ``last_move`` the latest move's notation and
    seat (moves are public: a card played shows). No token of any seat is in a view.
    """

    table: str
    game: str
    options: dict[str, Any]
    seat: int | None
    seats: tuple[str, ...]
    ply: int
    to_move: int
    legal_moves: tuple[str, ...]
    observation: dict[str, Any]
    finished: bool
    winners: tuple[int, ...]
    last_move: tuple[int, str] | None = None
    _game: Game | None = field(default=None, repr=False, compare=False)

    @property
    def your_turn(self) -> bool:
        """Whether this token's seat is the one to move."""
        return bool(self.legal_moves)

    def to_json(self) -> dict[str, Any]:
        """The view as plain JSON values (for a page, a log or a test)."""
        return {
            "table": self.table,
            "game": self.game,
            "options": self.options,
            "seat": self.seat,
            "seats": list(self.seats),
            "ply": self.ply,
            "to_move": self.to_move,
            "your_turn": self.your_turn,
            "legal_moves": list(self.legal_moves),
            "observation": self.observation,
            "finished": self.finished,
            "winners": list(self.winners),
            "last_move": list(self.last_move) if self.last_move else None,
        }

    def make_game(self) -> Game:
        """The table's game, with its options."""
        return self._game if self._game is not None else make(self.game, **self.options)

    def board_state(self, seed: int = 0) -> State:
        """A full state to draw this view with (a board with ``viewer=seat``): the
        observation with every hidden card dealt at random from the cards this seat has
        not seen (:meth:`tablegames.Game.determinize`), so the state a page holds never
        knows another seat's real cards. A position without hidden cards comes back as
        it is, but without its events (they are in ``observation``)."""
        return self.make_game().determinize(self.observation, seed)
