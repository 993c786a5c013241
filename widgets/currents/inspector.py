"""The Currents inspector: influence lines, the vector-cancellation panel and the scout.

Everything drawn comes from ``state.inspect()`` through the game's scenes
(:mod:`tablegames.currents.scene`): the board's, with the pinned slot and the scout,
and the panel's, which lists each current acting on the pawn with its card and the
compass directions its suit maps to, strikes through the units that cancel in pairs,
and shows the tally, the net vector (also an arrow on the board) and any edge crossing
with the goaltending it would need. The scout token steps one current at a time from
the pawn to the destination, as in the rules' "Math Made Easy" section. The static
picture is the same board and panel in one SVG (``inspector_scene``).
"""

from __future__ import annotations

import html
import re
from typing import Any

from ipywidgets import HTML, Checkbox, Dropdown, HBox, Layout, Play, VBox

from tablegames.currents import CurrentsState
from tablegames.currents.geometry import SLOTS
from tablegames.currents.scene import inspector_scene
from tablegames.scene import to_svg
from tablegames.style import TEXT

from ..canvas import held
from ..controls import Playback
from ..pictured import control_rows
from ..static import StaticPicture, panel_svg
from .board import CurrentsBoard
from .preview import attach_to_inspector
from .vector_panel import VectorPanel

NO_SLOT = -1  #: the slot list's "(none)": not None, which ipywidgets shows as a blank choice


class CurrentsInspector(StaticPicture, VBox):  # type: ignore[misc]
    """A Currents board with the inspector: click (or choose) a slot to pin its influence
    lines, read the cancellation panel, and run the scout. Click a card of the player to
    move, then point at a place: the what-if preview shows where the pawn would go.

    >>> import tablegames as tg
    >>> insp = CurrentsInspector(tg.make("currents").initial_state(1))
    >>> insp.panel.drawn["vector"]
    (0, 0)
    """

    def __init__(self, state: CurrentsState, **board_options: Any) -> None:
        self.board = CurrentsBoard(state, inspector=True, **board_options)
        self.panel = VectorPanel(
            height=int(self.board.geometry.height), four_colour=self.board.four_colour
        )
        self.slot = Dropdown(
            options=[("(none)", NO_SLOT)] + [(s, i) for i, s in enumerate(SLOTS)],
            value=NO_SLOT, description="Slot", tooltip="Pin the influence lines of a slot",
            layout=Layout(width="180px"),
        )  # fmt: skip
        self.slot.observe(lambda ch: self.select_slot(ch["new"]), names="value")
        self.scout = Checkbox(value=False, description="Scout", layout=Layout(width="auto"))
        self.scout_play = Play(min=0, max=0, interval=600, description="Run the scout")
        self.scout_playback = Playback(self.scout_play, what="the scout's walk")
        self.scout.observe(lambda ch: self._scout_toggled(), names="value")
        self.scout_play.observe(lambda ch: self.show_scout(ch["new"]), names="value")
        self.board.on_click(self._clicked)
        row = HBox([self.slot, self.scout, self.scout_playback])
        # The panel wraps below the board when the output area is too narrow for both.
        pair = HBox([self.board, self.panel.canvas], layout=Layout(flex_flow="row wrap"))
        pair.add_class("tablegames-inspector-row")
        #: what the what-if preview says (see ``currents/preview.py``); empty otherwise
        self.status = HTML(layout=Layout(min_height="1.5em"))
        self.status.add_class("tablegames-message")
        super().__init__([row, pair, self.status])
        self.add_class("tablegames-inspector")
        self.preview = attach_to_inspector(self)
        self.show(state)

    def show(self, state: CurrentsState) -> None:
        """Inspect another state (board and panel drawn once, in one batch)."""
        inf = state.inspect() if not state.is_terminal else None
        self.board.scout_step = 0 if self.scout.value else None
        self.scout_play.value = 0  # before max, so that lowering max changes nothing
        self.scout_play.max = max(len(inf.scout_path) - 1, 0) if inf else 0
        with held():
            self.board.show(state)
            self.panel.draw(inf)

    def set_view(self, *, viewer: int | None = None, four_colour: bool | None = None) -> None:
        """Viewpoint and suit colours, for the board and the panel alike."""
        if four_colour is not None:
            self.panel.four_colour = four_colour
        self.board.set_view(viewer=viewer, four_colour=four_colour)
        self.panel.draw(self.panel._last)

    def set_square(self, square: float) -> None:
        """Resize the board; the panel follows its height."""
        self.board.set_square(square)
        height = int(self.board.geometry.height)
        self.panel.canvas.height = height
        self.panel.canvas.layout.height = f"{height}px"
        self.panel.draw(self.panel._last)

    def static_svg(self) -> str:
        """The static picture: the board with every influencing current's lines and the
        net-vector arrow, and the cancellation table beside it (as the panel shows it),
        then the what-if line and the inspector's controls (slot, scout)."""
        b = self.board
        scene = inspector_scene(
            b.cstate, b.square, b.viewer, b.four_colour, b.selected_slot, b.scout_step
        )
        said = re.sub(r"<[^>]+>", "", str(self.status.value)).strip()
        return panel_svg(to_svg(scene), lines=[(html.unescape(said), TEXT)] if said else [],
                         rows=control_rows([self.children[0]]))  # fmt: skip

    def __repr__(self) -> str:
        return f"<CurrentsInspector: {self.board.describe(self.board.state)}>"

    def select_slot(self, slot: int | None) -> None:
        """Pin the influence lines of slot ``slot`` (None: follow the mouse)."""
        if slot == NO_SLOT:
            slot = None
        self.board.selected_slot = slot
        chosen = NO_SLOT if slot is None else slot
        if self.slot.value != chosen:
            self.slot.value = chosen  # its observer calls select_slot again, which redraws
            return
        self.board.redraw()

    def show_scout(self, step: int) -> None:
        """Put the scout token on stop ``step`` of the scout path."""
        scout_step = step if self.scout.value else None
        if scout_step != self.board.scout_step:
            self.board.scout_step = scout_step
            self.board.redraw()

    def _scout_toggled(self) -> None:
        self.scout_play.value = 0
        self.show_scout(0)

    def _clicked(self, key: Any) -> None:
        if isinstance(key, tuple) and key[0] == "slot":
            self.select_slot(None if self.board.selected_slot == key[1] else key[1])
