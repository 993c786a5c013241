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

from typing import Any

import tablegames as tg
from tablegames.tables import View


def spectator_state(state: tg.State, public: dict[str, Any]) -> tg.State:
    """``state`` whose every observation is ``public`` (the spectators' view): a board
    drawing it for any viewer shows only what every player sees.

    The copy is of a subclass made for it, in the state class's module (so the game's
    scene and text are found), that answers ``observation(p)`` with ``public``.
    """
    cls = type(state)

    def observation(self: tg.State, player: int) -> dict[str, Any]:
        return dict(public)

    namespace: dict[str, Any] = {"__module__": cls.__module__, "observation": observation}
    if "__dict__" not in dir(state):
        namespace["__slots__"] = ()
    sub = type(cls.__name__, (cls,), namespace)
    copy: tg.State = object.__new__(sub)
    for name in _fields(state):
        object.__setattr__(copy, name, getattr(state, name))
    return copy


def _fields(state: tg.State) -> list[str]:
    names: list[str] = []
    for klass in type(state).__mro__:
        slots = getattr(klass, "__slots__", ())
        names += [n for n in ((slots,) if isinstance(slots, str) else slots) if n not in names]
    if hasattr(state, "__dict__"):
        names += [n for n in vars(state) if n not in names]
    return [n for n in names if n not in ("__dict__", "__weakref__") and hasattr(state, n)]


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
