"""Step through a recorded game: a board, the controls bar and a choice of viewpoint."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ipywidgets import Checkbox, Dropdown, HBox, VBox

import tablegames as tg
from tablegames.style import TEXT

from .board import BoardWidget
from .controls import Controls
from .pictured import control_rows
from .registry import board_for
from .static import StaticPicture, panel_svg


def step_text(states: Sequence[tg.State], i: int, board: BoardWidget) -> str:
    """'Step 3 of 20 · P1: Play 7♥ on slot N2 · P2 to decide' for the controls bar."""
    s = states[i]
    parts = [f"Step {i} of {len(states) - 1}"]
    last = getattr(s, "last_move", None)
    if i > 0 and last is not None:
        who = board.player_name(states[i - 1].current_player, short=True)
        parts.append(f"{who}: {board.move_label(last)}")
    if s.is_terminal:
        won = sorted(s.winners)
        names = [board.player_name(p, short=True) for p in won]
        parts.append("won by " + " and ".join(names) if won else "no winner")
    else:
        parts.append(f"{board.player_name(s.current_player, short=True)} to decide")
    return " · ".join(parts)


ALL_CARDS = -1  #: the viewpoint list's "All cards": not None, which ipywidgets shows blank


class GameViewer(StaticPicture, VBox):  # type: ignore[misc]
    """Shows a game from a record (options + seed + moves, or its JSON) or a list of states.

    ``viewer``: None shows every card; a player index shows what that player sees.
    Board options (``square``, ``four_colour``, ``inspector``...) pass through.
    """

    def __init__(
        self,
        source: tg.Record | Mapping[str, Any] | Sequence[tg.State],
        *,
        viewer: int | None = None,
        **board_options: Any,
    ) -> None:
        states = tg.replay(source) if isinstance(source, (tg.Record, Mapping)) else list(source)
        if not states:
            raise ValueError("a game viewer needs at least one state")
        self.states = states
        self.board = board_for(states[0], viewer=viewer, **board_options)
        self.controls = Controls(len(states), self._show)
        n = states[0].game.num_players
        # A Dropdown whose value is None shows no choice at all (ipywidgets takes None
        # for "nothing selected"), so "All cards" has a value of its own.
        self.viewpoint = Dropdown(
            options=[("All cards", ALL_CARDS)]
            + [(f"{self.board.player_name(p)}'s view", p) for p in range(n)],
            value=ALL_CARDS if viewer is None else viewer,
            description="View",
            tooltip="Whose cards to show face up",
        )
        self.viewpoint.observe(
            lambda ch: self.board.set_view(viewer=None if ch["new"] == ALL_CARDS else ch["new"]),
            names="value",
        )
        self.four_colour = Checkbox(value=self.board.four_colour, description="Four-colour suits")
        self.four_colour.observe(
            lambda ch: self.board.set_view(viewer=self.board.viewer, four_colour=ch["new"]),
            names="value",
        )
        self.board.on_key(self.controls.handle_key)
        view = HBox([self.viewpoint, self.four_colour])
        if not self.board.private_views:  # every player sees the same: no view to choose
            self.viewpoint.layout.display = "none"
        if not self.board.has_cards:  # and no suits to colour: no choice at all
            view.layout.display = "none"
        super().__init__([view, self.board, self.controls])
        self.add_class("tablegames-viewer")
        self._show(0)

    @property
    def index(self) -> int:
        return self.controls.index

    def __repr__(self) -> str:
        return f"<GameViewer: {len(self.states)} positions, showing {self.index}>"

    def static_svg(self) -> str:
        """The static picture: what the viewer shows now (see ``static.py``): its choice of
        viewpoint, the position, the step's line of text and the controls bar."""
        rows = [*control_rows([self.children[0]]), *self.controls.static_rows()]
        lines = [(step_text(self.states, self.index, self.board), TEXT)]
        return panel_svg(self.board.static_svg(), lines=lines, rows=rows)

    def _show(self, i: int) -> None:
        self.board.show(self.states[i])
        self.controls.text.value = step_text(self.states, i, self.board)
