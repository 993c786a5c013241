"""Static pictures: every widget output also carries a PNG of what it shows, so a stored
notebook reads well without a kernel and without trust (see tablegames_widgets/static.py
for which MIME types survive JupyterLab's untrusted rendering and nbconvert)."""

from __future__ import annotations

import base64
import re
import struct
from pathlib import Path
from typing import Any

import nbformat
import pytest
import tablegames_widgets as tw
from IPython.core.formatters import DisplayFormatter
from nbconvert import HTMLExporter
from support.widgets import position
from tablegames_widgets import static
from tablegames_widgets.viewer import step_text

import tablegames as tg
from tablegames import style
from tablegames.currents.scene import (
    PINNED,
    SCOUT,
    cancellation_shapes,
    inspector_scene,
    translucent,
)
from tablegames.scene import Arrow, Circle, Line, Rect, Text, to_svg
from tablegames.svg import place

PNG, SVG, VIEW = static.PNG, static.SVG, static.WIDGET_VIEW
MOVES = "AH>S AS>N AD>W 5H>N JD>E 6S>E2 KS>W0 9C>S1 6D>N1 3D>E0 QC!E0~W3 4S>E1"
RECORD = tg.Record("currents", {"players": 4}, 4, tuple(MOVES.split()))
GAMES = ["currents", "fellowship", "poohsticks", "cardchess", "resistor"]
EDITORS = {
    "currents": tw.CurrentsEditor,
    "fellowship": tw.FellowshipEditor,
    "poohsticks": tw.PoohsticksEditor,
    "cardchess": tw.CardChessEditor,
    "resistor": tw.ResistorEditor,
}


def crossfire() -> Any:
    """Five currents act on the pawn at (4, 4): N1 3♣ pushes N and E, E1 6♥ and S1 4♥
    push S, W2 5♠ pushes W, S2 9♦ is dead (no diamond on the compass). N cancels one S,
    E cancels W: one step south. (N3 acts on lines 6-8 only.)"""
    return position(
        [["2D", "7D"], ["8D"]],
        cur={"N1": "3C", "E1": "6H", "S1": "4H", "W2": "5S", "S2": "9D", "N3": "TD"},
        compass={"N": "AC", "E": "9C", "S": "AH", "W": "AS"},
    )


def crossing() -> Any:
    """The pawn on the east edge line; a diamond current pushes it over by one."""
    return position([["2C", "7S"], ["8D"]], cur={"N3": "5D"}, pawn=(8, 4))


def png_size(data: str) -> tuple[int, int]:
    raw = base64.b64decode(data)
    assert raw[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    width, height = struct.unpack(">II", raw[16:24])
    return width, height


def svg_size(svg: str) -> tuple[int, int]:
    w, h = re.search(r"width='([0-9.]+)' height='([0-9.]+)'", svg).groups()  # type: ignore[union-attr]
    return round(float(w)), round(float(h))


def widgets() -> list[tuple[str, Any]]:
    """One of every widget the project displays."""
    out: list[tuple[str, Any]] = []
    for name in GAMES:
        game = tg.make(name)
        state = game.initial_state(3)
        out.append((f"{name} board", tw.board_for(state)))
        out.append((f"{name} editor", EDITORS[name](state)))
    out.append(("viewer", tw.GameViewer(RECORD)))
    out.append(("inspector", tw.CurrentsInspector(crossfire())))
    out.append(("play", tw.PlayWidget(tg.make("poohsticks"))))
    return out


@pytest.fixture(scope="module")
def every_widget() -> list[tuple[str, Any]]:
    return widgets()


def test_every_widget_output_keeps_its_live_view_and_adds_a_png_of_what_it_shows(every_widget):
    for name, w in every_widget:
        bundle = w._repr_mimebundle_()
        assert bundle[VIEW]["model_id"] == w.model_id, name  # live JupyterLab: the widget
        assert bundle["text/plain"].startswith(repr(w)[:100]), name  # nbval compares this
        assert png_size(bundle[PNG]) == svg_size(w.static_svg()), name
        # Nothing that would outrank the PNG where the widget view is dropped:
        # nbconvert prefers text/html and SVG; untrusted JupyterLab renders neither.
        assert set(bundle) == {VIEW, PNG, "text/plain"}, name


def test_without_a_rasteriser_the_picture_falls_back_to_svg(monkeypatch):
    monkeypatch.setattr(static, "svg_to_png", lambda svg: None)
    board = tw.board_for(tg.make("currents").initial_state(1))
    bundle = board._repr_mimebundle_()
    assert VIEW in bundle and PNG not in bundle
    assert bundle[SVG].startswith("<svg")


@pytest.mark.parametrize(
    "variable, value", [("SERVER_SOFTWARE", "voila/0.5.13"), ("VOILA_BASE_URL", "/")]
)
def test_voila_pages_pay_nothing_for_pictures(monkeypatch, variable, value):
    """Voila starts a page's kernel with SERVER_SOFTWARE=voila/<version> (pooled kernels
    with VOILA_BASE_URL); its pages are never stored, so widgets there make no picture
    (the rasteriser is not even called)."""
    calls = []
    monkeypatch.setattr(static, "svg_to_png", lambda svg: calls.append(svg))
    monkeypatch.delenv("SERVER_SOFTWARE", raising=False)
    monkeypatch.delenv("VOILA_BASE_URL", raising=False)
    play = tw.PlayWidget(tg.make("currents"))
    assert PNG in play._repr_mimebundle_() or calls  # outside Voila: a picture
    calls.clear()
    monkeypatch.setenv(variable, value)
    assert set(play._repr_mimebundle_()) == {VIEW, "text/plain"}
    assert calls == []


def test_pictures_can_be_turned_off():
    board = tw.board_for(tg.make("fellowship").initial_state(1))
    static.set_static_pictures(False)
    try:
        assert PNG not in board._repr_mimebundle_()
    finally:
        static.set_static_pictures(True)
    assert PNG in board._repr_mimebundle_()


def test_a_display_asking_only_for_text_gets_no_picture():
    board = tw.board_for(tg.make("poohsticks").initial_state(1))
    assert PNG not in board._repr_mimebundle_(include={"text/plain"})


# ---- what the pictures show -------------------------------------------------------------


def inspector_svg(state: Any) -> str:
    return to_svg(inspector_scene(state))


def influence_lines(shapes: Any, alpha: float = 0.28) -> list[Line]:
    """The influence lines among ``shapes`` (see-through blue)."""
    colour = translucent(style.HIGHLIGHT, alpha)
    return [s for s in shapes if isinstance(s, Line) and s.stroke == colour]


def test_inspector_picture_draws_each_acting_currents_lines_and_the_arrow():
    state = crossfire()
    inf = state.inspect()
    insp = tw.CurrentsInspector(state)
    scene = inspector_scene(state)
    # the picture is that scene, with the inspector's controls drawn under it
    assert place(to_svg(scene), 0, 0) in insp.static_svg()
    assert [si.slot for si in inf.currents] == ["N1", "E1", "S2", "S1", "W2"]
    assert len(influence_lines(scene.overlay)) == 3 * len(inf.currents)
    lay = insp.board.geometry
    on_board, in_table = [s for s in scene.overlay if isinstance(s, Arrow)]
    assert (on_board.x2, on_board.y2) == lay.point(*inf.destination)
    assert in_table.x1 > lay.width and in_table.y2 > in_table.y1  # south, in the table


def unit_of(texts: dict[tuple[float, float], str], strike: Line) -> str:
    """The slot and the unit a strike line crosses out (``'N1 N'``)."""
    unit = texts[round(strike.x1 + 3, 1), round(strike.y1 - 4, 1)]
    slot = texts[44.0, round(strike.y1 - 4, 1)]
    return f"{slot} {unit[-1]}"


def test_inspector_picture_table_strikes_the_cancelled_pairs_and_gives_the_vector():
    inf = crossfire().inspect()
    table, _height = cancellation_shapes(inf)
    texts = {(round(t.x, 1), round(t.y, 1)): t.text for t in table if isinstance(t, Text)}
    strikes = [s for s in table if isinstance(s, Line) and s.stroke == style.WARNING]
    # N (N1) cancels S (E1); E (N1) cancels W (W2); S1's S is left: one step south.
    assert [unit_of(texts, s) for s in strikes] == ["N1 N", "N1 E", "E1 S", "W2 W"]
    words = list(texts.values())
    assert "↑N (N1) cancels ↓S (E1)" in words
    assert "→E (N1) cancels ←W (W2)" in words
    assert "dead: its suit is not on the compass" in words  # S2's 9♦
    assert "Tally: N 1 · E 1 · S 2 · W 1" in words
    assert "Net push: 1 south  →  (4, 3)" in words
    assert [t for t in words if re.fullmatch("[NESW][0-3]", t)] == ["N1", "E1", "S2", "S1", "W2"]
    svg = inspector_svg(crossfire())
    assert all(w.replace("'", "&#39;") in svg for w in words)  # and the SVG shows them


def test_inspector_picture_names_the_crossing_and_its_goaltending():
    svg = inspector_svg(crossing())
    assert "Crosses the E edge by 1: P1 would win" in svg
    assert "P0 may stop it with 1 card of spades" in svg


def test_inspector_picture_of_a_finished_game_says_so():
    last = tg.play_game(tg.make("currents", players=2), seed=3).final
    assert last.is_terminal
    scene = inspector_scene(last)
    assert "The game is over." in to_svg(scene) and not influence_lines(scene.overlay)


def test_viewer_picture_shows_the_position_it_shows_and_its_step_line():
    viewer = tw.GameViewer(RECORD)
    viewer.controls.go(3)
    svg = viewer.static_svg()
    line = step_text(viewer.states, 3, viewer.board)
    assert line.startswith("Step 3 of ")
    assert line.split(" · ")[1].split(":")[0] in svg  # who moved ("P1"), then the move
    assert viewer.board.describe(viewer.states[3]).replace("'", "&#39;") in svg


def test_play_widget_picture_carries_its_message_line():
    play = tw.PlayWidget(tg.make("poohsticks"))
    assert play.said and play.said.split(":")[0] in play.static_svg()


# ---- nbconvert: a stored notebook exported to HTML shows the pictures ------------------


def test_nbconvert_html_export_shows_a_png_for_every_widget_output():
    """Outputs made by IPython's display formatter (what a kernel stores for a cell ending
    in the widget), stored without widget state as notebooks/refresh.py does, exported:
    nbconvert drops each widget view (no state) and falls back to the PNG."""
    shown = [
        tw.GameViewer(RECORD),
        tw.CurrentsInspector(tg.make("currents").initial_state(5)),
        tw.board_for(tg.make("resistor").initial_state(1)),
        tw.PlayWidget(tg.make("fellowship")),
    ]
    formatter = DisplayFormatter()
    cells = []
    for k, w in enumerate(shown):
        data, _metadata = formatter.format(w)
        out = nbformat.v4.new_output("execute_result", data, execution_count=k + 1)
        cells.append(nbformat.v4.new_code_cell("w", outputs=[out], execution_count=k + 1))
    nb = nbformat.v4.new_notebook(cells=cells)
    outputs = [c.outputs[0] for c in nb.cells]
    assert all(PNG in o.data and VIEW in o.data for o in outputs)
    body, _ = HTMLExporter().from_notebook_node(nb)
    images = re.findall(r"<img[^>]*src=\"data:image/png;base64,([^\"]+)\"", body)
    assert len(images) == 4
    assert [png_size(i) for i in images] == [png_size(o.data[PNG]) for o in outputs]
    assert "&lt;GameViewer" not in body  # no output fell back to its text


def test_inspector_picture_shows_a_pinned_slot_and_the_scout_as_the_live_one_does():
    insp = tw.CurrentsInspector(crossfire())
    b = insp.board
    scene = inspector_scene(crossfire(), b.square, b.viewer, b.four_colour)
    assert not [s for s in scene.overlay if isinstance(s, Line) and s.stroke == PINNED]
    assert not [s for s in scene.overlay if isinstance(s, Circle) and s.fill == SCOUT]
    insp.select_slot(1)  # N1
    insp.scout.value = True
    scene = inspector_scene(crossfire(), b.square, b.viewer, b.four_colour, 1, 0)
    assert place(to_svg(scene), 0, 0) in insp.static_svg()
    lay = b.geometry
    pinned = [s for s in scene.overlay if isinstance(s, Line) and s.stroke == PINNED]
    assert [(s.x1, s.y1, s.x2, s.y2) for s in pinned] == lay.slot_lines_px(1)
    x, y, w, h = lay.slot_rect(1)
    assert Rect(x - 5, y - 5, w + 10, h + 10, stroke=PINNED, width=4, radius=6) in (scene.overlay)
    (scout,) = [s for s in scene.overlay if isinstance(s, Circle) and s.fill == SCOUT]
    assert (scout.cx, scout.cy) == lay.point(*crossfire().inspect().scout_path[0])
    assert "The scout stands at (4, 4)." in scene.label


def test_the_rasteriser_comes_with_the_lab_and_dev_installs_and_binder():
    """The pictures need resvg-py: ``make lab`` installs the lab extra, ``make test`` the
    dev extra, Binder its requirements; play pages (voila extra) make no pictures."""
    import tomllib

    root = Path(__file__).resolve().parents[1]
    extras = tomllib.loads((root / "pyproject.toml").read_text())["project"][
        "optional-dependencies"
    ]
    assert any(d.startswith("resvg-py") for d in extras["static"])
    assert any(d.startswith("tablegames[") and "static" in d for d in extras["lab"])
    assert any(d.startswith("resvg-py") for d in extras["dev"])
    assert "resvg-py==" in (root / "binder" / "requirements.txt").read_text()


def test_a_set_up_picture_shows_the_aces_still_to_place():
    state = tg.make("currents").initial_state(1)
    assert state.phase == "setup" and state.aside
    svg = tw.board_for(state).static_svg()
    assert "Aces to place" in svg
    lay = tw.board_for(state).geometry
    for k in range(len(state.aside)):
        x, y, _w, _h = lay.aside_rect(k)
        assert f"<rect x='{x:.1f}' y='{y:.1f}'" in svg  # each ace's card where the board has it


@pytest.mark.parametrize("name", sorted(tg.GAMES))
def test_a_state_alone_in_a_cell_also_carries_a_png(name: str) -> None:
    """Positions shown in notebooks (not only widgets) survive untrusted JupyterLab, which
    refuses SVG: IPython's PNG formatter finds ``_repr_png_`` beside ``_repr_svg_``."""
    from IPython.core.formatters import DisplayFormatter

    state = tg.make(name).initial_state(seed=1)
    data, _meta = DisplayFormatter().format(state)
    assert data["image/png"][:8] == b"\x89PNG\r\n\x1a\n"
    assert data["image/svg+xml"].startswith("<svg")
