"""What a seat's board draws: a full state that never knew another seat's cards.

The kernel of a seat's page holds only that seat's :class:`~tablegames.tables.View`.
A board needs a full state, so :meth:`View.board_state` deals the cards hidden from
the seat at random from the cards the seat has not seen; the board then draws it with
``viewer=seat``, which shows those stand-in cards face down, as the seat's observation
does. The real cards of other seats never reach the page's kernel, so they cannot reach
its canvas, its widgets or its text.

A spectator has no seat: the board draws the public view (what every player sees) for
a viewer that is no player, so every hand stays face down (:func:`spectator_state`).
"""

from __future__ import annotations

from typing import Any, cast

import tablegames as tg
from tablegames.tables import View


def spectator_state(state: tg.State, public: dict[str, Any]) -> tg.State:
    """``state`` whose every observation is ``public`` (the spectators' view): a board
    drawing it for any viewer shows only what every player sees.

    The stand-in answers ``observation(p)`` with ``public`` and forwards everything else
    to ``state``. It wraps the state rather than subclassing its class: a compiled
    (native) state class cannot be subclassed from Python.
    """
    return cast(tg.State, _Spectated(state, public))


class _Spectated:
    """A state seen by a spectator: see :func:`spectator_state`."""

    __slots__ = ("_public", "_state")

    def __init__(self, state: tg.State, public: dict[str, Any]) -> None:
        self._state = state
        self._public = dict(public)

    def observation(self, player: int) -> dict[str, Any]:
        return dict(self._public)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._state, name)


tg.State.register(_Spectated)


def nobody(game: tg.Game) -> int:
    """A viewer index that is no player: boards that hide the hands of every player but
    the viewer (Currents) then hide them all."""
    return int(game.num_players)


def seat_state(view: View, seed: int = 0) -> tuple[tg.State, int]:
    """The state a board draws for ``view`` and the viewer to draw it for."""
    state = view.board_state(seed)
    if view.seat is not None:
        return state, view.seat
    return spectator_state(state, view.observation), nobody(state.game)
