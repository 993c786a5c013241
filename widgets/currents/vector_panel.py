"""The vector-cancellation panel: the inspector's table of the currents acting on the pawn
(each current's card and directions, the pairs that cancel struck through, the net
vector), on a canvas of its own so that the inspector and the play page's "Show
currents" view both draw it."""

from __future__ import annotations

from typing import Any

from ipycanvas import Canvas
from ipywidgets import Layout

from tablegames.currents.influence import Influence
from tablegames.currents.scene import TABLE_WIDTH, panel_scene

from ..canvas import held, redraw_on_reconnect
from ..scene_canvas import draw_scene_layer


class VectorPanel:
    """A canvas that draws the cancellation table of an :class:`Influence` (the scene
    ``panel_scene`` makes, the same table as in the inspector's static picture)."""

    def __init__(
        self, width: int = int(TABLE_WIDTH), height: int = 460, four_colour: bool = False
    ) -> None:
        self.canvas = Canvas(
            width=width, height=height, layout=Layout(width=f"{width}px", height=f"{height}px")
        )
        self.canvas.add_class("tablegames-vector-panel")
        self.four_colour = four_colour
        self.drawn: dict[str, Any] = {}  #: what the last draw showed, for tests
        self._last: Influence | None = None
        redraw_on_reconnect(self.canvas, lambda: self.draw(self._last))

    def draw(self, inf: Influence | None) -> None:
        """Draw the table for ``inf`` (None: the game is over)."""
        self._last = inf
        c = self.canvas
        scene = panel_scene(inf, c.width, c.height, self.four_colour)
        with held():
            c.clear()
            draw_scene_layer(c, [*scene.background, *scene.pieces], self.four_colour)
        self.drawn = {"rows": [], "struck": [], "vector": None}
        if inf is None:
            return
        struck = {k for pair in inf.cancelled for k in pair}
        self.drawn["rows"] = [(si.slot, si.card, si.directions) for si in inf.currents]
        self.drawn["struck"] = [
            (u.slot, u.direction) for k, u in enumerate(inf.units) if k in struck
        ]
        self.drawn["vector"] = inf.vector
        self.drawn["crossings"] = tuple(g.edge for g in inf.goaltending)
