"""Widgets that come and go with the position or the settings, kept from leaking.

ipywidgets keeps every widget it ever made open (in the kernel and in the page) until it
is closed, and ``close()`` leaves a widget's own layout and style models open. A row of
buttons rebuilt for every position, or seat menus rebuilt for every change of a setting,
therefore piled up: measured, 132 widget models left over after 45 Poohsticks moves on a
play page, 96 after 60 Resistor moves, four seat menus at every settings change, and a
whole game's widgets (about 85) at every new game whose players changed. Each open model
is kernel memory for the page's lifetime and a model the page's front end keeps too.

- :class:`MoveButtons`: the row of move buttons, whose buttons are reused from one
  position to the next (a relabelled button is one message; a new one was three model
  openings);
- :func:`fit_menus`: seat menus kept when the number of seats stays, added or closed as
  it changes;
- :func:`close_dropped`: close every widget a page no longer shows after it replaced
  a part of itself.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

import ipycanvas.canvas as _ipycanvas
from ipywidgets import Box, Button, Dropdown, HBox, Widget


def close_widget(widget: Widget) -> None:
    """Close ``widget`` and the layout and style models made for it."""
    for part in (getattr(widget, "layout", None), getattr(widget, "style", None)):
        if isinstance(part, Widget):
            part.close()
    widget.close()


class MoveButtons(HBox):  # type: ignore[misc]
    """A row of buttons, one per move offered, that calls ``act(move)`` on a click.

    :meth:`show` relabels the buttons it has and makes more only when a position offers
    more moves than ever before; the spare ones are set aside, not closed, so a row that
    empties while a bot thinks gets its buttons back afterwards."""

    children: tuple[Widget, ...]

    def __init__(self, act: Callable[[Any], object], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._act = act
        self._pool: list[Button] = []
        self._moves: dict[str, Any] = {}  # by button model id

    def show(self, moves: Sequence[Any], label: Callable[[Any], str]) -> None:
        """One button per move, in order (none for an empty list), labelled ``label(move)``
        with the move's notation as its tooltip."""
        while len(self._pool) < len(moves):
            button = Button()
            button.on_click(self._clicked)
            self._pool.append(button)
        for button, move in zip(self._pool, moves):
            text, tip = label(move), str(move)
            if button.description != text or button.tooltip != tip:
                with button.hold_sync():  # one message
                    button.description = text
                    button.tooltip = tip
            self._moves[button.model_id] = move
        shown = tuple(self._pool[: len(moves)])
        if tuple(self.children) != shown:
            self.children = shown

    def _clicked(self, button: Button) -> None:
        if button in self.children:  # a set-aside button's last move is stale
            self._act(self._moves[button.model_id])

    def close(self) -> None:
        """Close the row (with its layout) and every button it made."""
        for button in self._pool:
            close_widget(button)
        self._pool.clear()
        self.layout.close()
        super().close()


def fit_menus(box: Box, n: int, make: Callable[[int], Dropdown]) -> None:
    """Give ``box`` ``n`` menus: the first ones kept as they are (with their choices),
    ``make(p)`` called for each seat ``p`` added, the menus of seats removed closed."""
    menus = list(box.children)
    for p in range(len(menus), n):
        menus.append(make(p))
    box.children = menus[:n]
    for menu in menus[n:]:
        close_widget(menu)


def shown_widgets(root: Widget) -> dict[str, Widget]:
    """Every widget ``root`` holds, itself included, by model id (children, layouts,
    styles and any other widget-valued attribute the page is sent), but ipycanvas' one
    canvas manager, which every canvas of the process shares."""
    seen: dict[str, Widget] = {}
    stack = [root]
    while stack:
        widget = stack.pop()
        if widget.comm is None or widget is _ipycanvas._CANVAS_MANAGER:
            continue
        if widget.model_id in seen:
            continue
        seen[widget.model_id] = widget
        for name in widget.keys:
            value = getattr(widget, name, None)
            values: Iterable[Any] = value if isinstance(value, (list, tuple)) else (value,)
            stack.extend(v for v in values if isinstance(v, Widget))
    return seen


def close_dropped(root: Widget, before: dict[str, Widget]) -> int:
    """Close the widgets of ``before`` (what :func:`shown_widgets` gave earlier) that
    ``root`` no longer holds; how many. A widget's own ``close`` runs (a game widget's
    stops waiting for its bot)."""
    now = shown_widgets(root)
    dropped = [w for mid, w in before.items() if mid not in now]
    for widget in dropped:
        widget.close()
    manager = _ipycanvas._CANVAS_MANAGER
    if manager._current_canvas is not None and manager._current_canvas.comm is None:
        manager._current_canvas = None  # drawing next switches to its canvas afresh
    return len(dropped)
