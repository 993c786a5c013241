"""The walkthroughs in a real JupyterLab: every walkthrough found runs from a cleared
notebook with no error and non-blank boards; the Currents walkthrough's viewer steps by
button and by arrow key, its inspector answers hover and click, its editor edits, each
redrawing the canvas; at 1280x800 with the file browser open the inspector's panel does
not cover its board; and a first, untrusted open shows pictures without running."""

from __future__ import annotations

import re
import shutil
import time
from collections.abc import Iterator
from typing import Any

import pytest
from support.lab import (
    OUTPUTS,
    PANEL,
    close_notebook,
    open_notebook,
    run_all,
    wait_canvases,
    walkthroughs,
)

CURRENTS = "walkthroughs/currents.ipynb"
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
SVG = "image/svg+xml"  #: positions (states draw themselves); JupyterLab refuses SVG untrusted

#: JavaScript: the data URL of the first canvas matching a selector ('' when none).
PIXELS = """(sel) => { const c = document.querySelector(sel); return c ? c.toDataURL() : ''; }"""


def wait_changed(page, selector: str, before: str, timeout: float = 10.0) -> bool:
    """Wait until the canvas at ``selector`` shows other pixels than ``before``."""
    end = time.time() + timeout
    while time.time() < end:
        if page.evaluate(PIXELS, selector) != before:
            return True
        time.sleep(0.05)
    return False


def settled(page, selector: str, quiet: float = 0.5, timeout: float = 10.0) -> str:
    """The canvas's pixels once they have stopped changing for ``quiet`` seconds."""
    end = time.time() + timeout
    last = page.evaluate(PIXELS, selector)
    since = time.time()
    while time.time() < end:
        time.sleep(0.1)
        now = page.evaluate(PIXELS, selector)
        if now != last:
            last, since = now, time.time()
        elif time.time() - since >= quiet:
            break
    return str(last)


def problems(page, path: str) -> list[str]:
    """Error outputs, tracebacks on stderr and widgets that failed to display."""
    found = []
    for i, outputs in enumerate(page.evaluate(OUTPUTS, path)):
        for out in outputs:
            if out["output_type"] == "error":
                found.append(f"cell {i}: {out['ename']}: {out['evalue']}")
            elif out["output_type"] == "stream" and out.get("name") == "stderr":
                text = "".join(out["text"]) if isinstance(out["text"], list) else out["text"]
                if "Traceback" in text or "Error" in text:
                    found.append(f"cell {i} stderr: {text[:300]}")
    failed = page.locator(".jp-OutputArea", has_text="Error displaying widget").count()
    if failed:
        found.append(f"{failed} outputs say 'Error displaying widget'")
    return found


@pytest.fixture(scope="module")
def currents_run(lab) -> Iterator[tuple[str, dict[str, int | str]]]:
    """The Currents walkthrough, cleared and run in JupyterLab: the panel's CSS selector
    and the cell counts of the run."""
    panel_id = open_notebook(lab, CURRENTS)
    ran = run_all(lab, CURRENTS)
    wait_canvases(lab, f"#{panel_id}")
    yield f"#{panel_id}", ran
    close_notebook(lab, CURRENTS)


@pytest.fixture
def currents(currents_run: tuple[str, dict[str, int | str]]) -> str:
    """The run Currents walkthrough's panel (a CSS selector)."""
    return currents_run[0]


def button(container, name: str):
    """The button in ``container`` whose text, title or accessible name holds ``name``."""
    by_title = container.locator(f"button[title*='{name}' i], button[aria-label*='{name}' i]")
    by_role = container.get_by_role("button", name=re.compile(re.escape(name), re.I))
    return by_title.or_(by_role).first


def front(page, path: str) -> None:
    page.evaluate(f"(path) => window.jupyterapp.shell.activateById(({PANEL})(path).id)", path)


def widget(lab, currents: str, kind: str) -> tuple[Any, str]:
    """The Currents walkthrough brought to the front and its first ``tablegames-<kind>``
    widget scrolled into view: the widget and the CSS selector of its board canvas."""
    front(lab, CURRENTS)
    found = lab.locator(f"{currents} .tablegames-{kind}").first
    found.scroll_into_view_if_needed()
    return found, f"{currents} .tablegames-{kind} canvas.tablegames-canvas"


# ---- first open: pictures without a kernel's help -------------------------------------


@pytest.mark.parametrize("name", walkthroughs())
def test_first_open_of_an_untrusted_walkthrough_shows_pictures(lab, name: str) -> None:
    """Opened for the first time (not trusted, nothing run), every stored widget output and
    every stored position of the walkthrough shows its static picture (an <img> of its
    PNG), not only its text; the Currents walkthrough has such outputs."""
    root = lab.served_root
    copy = f"walkthroughs/first-open-{name}.ipynb"  # never opened before, never trusted
    shutil.copy(root / f"walkthroughs/{name}.ipynb", root / copy)
    panel_id = open_notebook(lab, copy, kernel=False)
    try:
        shown: list[dict[str, object]] = []
        end = time.time() + 15
        while time.time() < end:  # outputs render as the document opens
            shown = lab.evaluate(
                f"""(path) => ({PANEL})(path).content.widgets.map((cell, i) => {{
                  const outs = cell.model.type === 'code' ? cell.model.toJSON().outputs : [];
                  if (!outs.some(o => o.data && (o.data['{WIDGET_VIEW}'] || o.data['{SVG}'])))
                    return null;
                  const area = cell.node.querySelector('.jp-OutputArea');
                  const imgs = [...area.querySelectorAll('img')];
                  return {{cell: i, pictures: imgs.filter(im => im.complete && im.naturalWidth)
                           .length, text: area.innerText.slice(0, 80)}};
                }}).filter(x => x)""",
                copy,
            )
            if shown and all(s["pictures"] for s in shown):  # [] = not rendered yet
                break
            time.sleep(0.25)
        if name == "currents":
            assert shown, "the stored Currents walkthrough has no widget output"
        blind = [s for s in shown if not s["pictures"]]
        assert not blind, f"picture outputs showing no picture on first open: {blind}"
        assert lab.locator(f"#{panel_id}", has_text="Error displaying widget").count() == 0
    finally:
        close_notebook(lab, copy)


# ---- every walkthrough runs ---------------------------------------------------------


@pytest.mark.parametrize("name", walkthroughs())
def test_walkthrough_runs_in_jupyterlab_with_every_board_drawn(lab, request, name: str) -> None:
    """Cleared and run in JupyterLab: every cell runs, no error output, no widget that
    fails to display, and every board canvas shows something."""
    path = f"walkthroughs/{name}.ipynb"
    if path == CURRENTS:
        within, ran = request.getfixturevalue("currents_run")  # run once, shared below
        front(lab, path)
    else:
        within = f"#{open_notebook(lab, path)}"
        ran = run_all(lab, path)
    try:
        assert ran["run"] == ran["code"], f"{name}: the run stopped: {ran} {problems(lab, path)}"
        canvases = wait_canvases(lab, within)
        assert not problems(lab, path), problems(lab, path)
        boards = [c for c in canvases if "tablegames-canvas" in str(c["cls"])]
        assert boards, f"{name}: no board canvas in the outputs"
        blank = [c for c in canvases if not c["shown"] or int(c["inked"]) <= 50]
        assert not blank, f"{name}: blank or hidden canvases: {blank}"
        assert not lab.errors, lab.errors
    finally:
        if path != CURRENTS:
            close_notebook(lab, path)


# ---- the Currents walkthrough's widgets answer ------------------------------------------


def test_viewer_steps_by_button_and_by_arrow_key(lab, currents: str) -> None:
    viewer, board = widget(lab, currents, "viewer")
    before = settled(lab, board)
    button(viewer, "forward one step").click()
    assert wait_changed(lab, board, before), "the Forward button did not redraw the board"
    before = settled(lab, board)
    viewer.locator("canvas.tablegames-canvas").first.focus()
    lab.keyboard.press("ArrowRight")
    assert wait_changed(lab, board, before), "the right arrow key did not redraw the board"


def slot_centres(width: float) -> list[tuple[float, float]]:
    """The centre of each current slot on a Currents board drawn ``width`` px wide."""
    from tablegames_widgets.currents.board import CurrentsBoard

    import tablegames as tg

    geometry = CurrentsBoard(tg.make("currents").initial_state(1)).geometry
    scale = width / geometry.width
    return [
        ((x + w / 2) * scale, (y + h / 2) * scale)
        for x, y, w, h in (geometry.slot_rect(i) for i in range(16))
    ]


def test_inspector_answers_hover_and_click(lab, currents: str) -> None:
    """Hovering a slot draws its influence lines; a click pins them (they stay when the
    mouse leaves the board)."""
    inspector, selector = widget(lab, currents, "inspector")
    canvas = lab.locator(selector).first
    canvas.scroll_into_view_if_needed()
    # Follow the mouse: no slot pinned (a cell may have pinned one from code).
    inspector.locator("select").first.select_option(index=0)
    lab.mouse.move(5, 400)  # off the board
    plain = settled(lab, selector)
    box = canvas.bounding_box()
    hovered = None
    for x, y in slot_centres(box["width"]):
        lab.mouse.move(box["x"] + x, box["y"] + y)
        # A slow redraw may belong to the slot hovered before: keep a slot only if the
        # board still differs once it has settled with the mouse on it.
        if wait_changed(lab, selector, plain, timeout=0.8) and settled(lab, selector) != plain:
            hovered = (box["x"] + x, box["y"] + y)
            break
    assert hovered, "hovering the slots never redrew the inspector's board"
    lab.mouse.click(*hovered)
    lab.mouse.move(5, 400)
    lab.wait_for_timeout(300)
    pinned = settled(lab, selector)
    assert pinned != plain, "a click on the slot did not pin its influence lines"
    lab.mouse.click(*hovered)  # unpin: leave the notebook as it was
    lab.mouse.move(5, 400)


def test_editor_moves_the_pawn(lab, currents: str) -> None:
    editor, selector = widget(lab, currents, "editor")
    before = settled(lab, selector)
    editor.locator("select").first.select_option(label="Move the pawn")
    place = editor.locator("select:has(option:text-is('intersection (2, 2)'))").first
    place.select_option(label="intersection (2, 2)")
    button(editor, "apply").click()
    assert wait_changed(lab, selector, before), "the editor did not redraw the board"
    error = editor.locator(".tablegames-editor-error").first.inner_text()
    assert "Refused" not in error, error


# ---- layout at 1280x800 with the file browser open ------------------------------------


def test_inspector_panel_does_not_cover_its_board_at_1280x800(lab, currents: str) -> None:
    """The default JupyterLab layout (file browser open) at 1280x800: the inspector's
    vector panel and its board do not overlap, and the panel is not cut off."""
    assert lab.viewport_size == {"width": 1280, "height": 800}
    assert lab.locator("#filebrowser").is_visible(), "the file browser should be open"
    inspector, _ = widget(lab, currents, "inspector")
    board = inspector.locator("canvas.tablegames-canvas").first.bounding_box()
    panel = inspector.locator("canvas.tablegames-vector-panel").first.bounding_box()
    area = lab.locator(f"{currents} .jp-WindowedPanel-outer, {currents} .jp-Notebook").first
    visible = area.bounding_box()
    overlap_x = min(board["x"] + board["width"], panel["x"] + panel["width"]) - max(
        board["x"], panel["x"]
    )
    overlap_y = min(board["y"] + board["height"], panel["y"] + panel["height"]) - max(
        board["y"], panel["y"]
    )
    assert overlap_x <= 0 or overlap_y <= 0, f"board {board} and panel {panel} overlap"
    assert panel["x"] + panel["width"] <= visible["x"] + visible["width"] + 1, (
        f"the panel {panel} runs past the notebook's right edge {visible}"
    )
