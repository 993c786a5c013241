"""Helpers for the widget tests: the events a page sends, and pixel arithmetic."""

from __future__ import annotations

from typing import Any

from helpers import FULL, currents, slots
from ipycanvas import Canvas, MultiCanvas

Rect = tuple[float, float, float, float]


def fire(multi: MultiCanvas | Canvas, content: dict[str, Any]) -> None:
    """Deliver a frontend event to the canvas that takes the mouse and keyboard."""
    target = multi._canvases[-1] if isinstance(multi, MultiCanvas) else multi
    target._handle_frontend_event(None, content, [])


def click(multi: MultiCanvas, px: float, py: float) -> None:
    fire(multi, {"event": "mouse_down", "x": px, "y": py})


def move(multi: MultiCanvas, px: float, py: float) -> None:
    fire(multi, {"event": "mouse_move", "x": px, "y": py})


def key(multi: MultiCanvas, name: str, shift: bool = False) -> None:
    fire(
        multi,
        {
            "event": "key_down",
            "key": name,
            "shift_key": shift,
            "ctrl_key": False,
            "meta_key": False,
        },
    )


def centre(rect: Rect) -> tuple[float, float]:
    x, y, w, h = rect
    return (x + w / 2, y + h / 2)


# ---- Currents positions ---------------------------------------------------------------------


def position(
    hands: list[list[str]],
    cur: dict[str, str] | None = None,
    compass: dict[str, str | None] | None = None,
    pawn: tuple[int, int] = (4, 4),
    player: int = 0,
    **options: Any,
) -> Any:
    """A Currents state in the Play phase from a hand-built position."""
    data = {
        "hands": hands,
        "compass": FULL if compass is None else compass,
        "currents": slots(**(cur or {})),
        "pawn": list(pawn),
        "current_player": player,
    }
    return currents(data, players=len(hands), **options)


def face_text(card: str) -> str:
    """What a face-up card shows: rank label then suit symbol, e.g. ``'10♥'``."""
    from tablegames import style

    return "".join(style.face(card))


def placed_cards(board: Any, state: Any) -> list[tuple[str, Rect]]:
    """Every face-up card a Currents board shows, with its rectangle."""
    lay = board.geometry
    out = [(c, lay.slot_rect(i)) for i, c in enumerate(state.currents) if c]
    out += [(c, lay.compass_rect(i)) for i, c in enumerate(state.compass) if c]
    out += [(c, lay.aside_rect(k)) for k, c in enumerate(state.aside)]
    for p, hand in enumerate(board.visible_hands(state)):
        out += [(c, lay.hand_rect(p, k)) for k, c in enumerate(hand) if c is not None]
    return out
