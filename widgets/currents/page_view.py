"""What Currents adds to its play page: the "Show currents" view (see :class:`CurrentsView`;
the board offers it through :meth:`CurrentsBoard.page_view`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ipywidgets import Checkbox, HBox, Layout

from ..canvas import held
from .vector_panel import VectorPanel

if TYPE_CHECKING:
    from ..play import PlayWidget


class CurrentsView:
    """The Currents page's "Show currents" view (off by default): the inspector's
    influence lines, the net vector and the edge flags on the board, and the vector
    cancellation panel beside it, for the position the board shows. It follows every
    position shown (a human's move, the bots' answers, a step back through the game).

    The pieces are the inspector's own: the board's influence overlay and
    :class:`~tablegames_widgets.currents.vector_panel.VectorPanel`.
    """

    def __init__(self) -> None:
        self.toggle = Checkbox(
            value=False,
            description="Show currents",
            indent=False,
            tooltip="The currents acting on the pawn: their lines, the net vector and "
            "the cancellation of opposite pushes",
            layout=Layout(width="auto", margin="0 0 0 16px"),
        )
        self.panel = VectorPanel()
        self.panel.canvas.layout.display = "none"
        self.board: Any = None
        self.toggle.observe(lambda _change: self.update(), names="value")

    @property
    def controls(self) -> list[Any]:
        """Widgets for the row beside New game."""
        return [self.toggle]

    def attach(self, play: PlayWidget) -> None:
        """Follow the board of a new game, with the panel beside it (below when narrow)."""
        self.board = play.board
        beside = HBox([self.board, self.panel.canvas],
                      layout=Layout(flex_flow="row wrap", align_items="flex-start"))  # fmt: skip
        play.children = [beside if w is self.board else w for w in play.children]
        self.board.on_show(lambda _state: self._draw_panel())
        height = int(self.board.geometry.height)
        self.panel.canvas.height = height
        self.panel.canvas.layout.height = f"{height}px"
        self.panel.four_colour = self.board.four_colour
        self.update()

    def update(self) -> None:
        """Show or hide the influence overlay and the panel, as the toggle says."""
        on = bool(self.toggle.value)
        board = self.board
        if board is None:
            return
        board.inspector = board.influence_lines = on
        self.panel.canvas.layout.display = None if on else "none"
        with held():
            board.redraw()
            self._draw_panel()

    def _draw_panel(self) -> None:
        if self.toggle.value:
            state = self.board.state
            self.panel.draw(state.inspect() if not state.is_terminal else None)
