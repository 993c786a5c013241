"""The controls of a live widget tree as a static picture draws them (``static.Control``
rows): a stored notebook's reader with no kernel sees the same tools the prose names.

Each row of the live widget (an ``HBox``, or a lone control) becomes one row: a drop-down
shows its description and its choice, a button its label (greyed when disabled), a check
box its tick, a text field its description and text, a slider its knob. Boards, canvases
and HTML lines are the picture's own business and are skipped.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ipywidgets import Box, Button, Checkbox, Dropdown, IntSlider, Text, ToggleButton

from .static import Control


def controls_of(widget: Any) -> list[Control]:
    """One live control as static ``Control``s (a box: its children's; none for what is
    not a control, or is hidden)."""
    if getattr(widget.layout, "display", None) == "none":
        return []
    if isinstance(widget, Box):
        return [c for child in widget.children for c in controls_of(child)]
    label = str(getattr(widget, "description", "") or "")
    if isinstance(widget, Dropdown):
        return [*([Control("text", label)] if label else []), Control("menu", widget.label or "")]
    if isinstance(widget, (Button, ToggleButton)):
        return [Control("off" if widget.disabled else "button", label or "…")]
    if isinstance(widget, Checkbox):
        return [Control("text", f"{'☑' if widget.value else '☐'} {label}")]
    if isinstance(widget, Text):
        return [Control("text", f"{label}: {widget.value or '…'}")]
    if isinstance(widget, IntSlider):
        span = max(widget.max - widget.min, 1)
        return [Control("slider", f"{label} {widget.value}", (widget.value - widget.min) / span)]
    return []


def control_rows(widgets: Iterable[Any]) -> list[list[Control]]:
    """Rows of static controls for ``widgets`` in order: each widget's controls (all of a
    box's, however deep) make one row; rows without a control are left out."""
    return [row for row in map(controls_of, widgets) if row]
