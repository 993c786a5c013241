"""Scenes (``tablegames.scene``): one description of a picture, drawn as SVG here and on
canvases by the widgets; every registered game describes its position as a scene."""

from __future__ import annotations

import importlib.util
import random
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

import tablegames as tg
from tablegames.scene import (
    Arrow,
    Card,
    Circle,
    Line,
    Polygon,
    Rect,
    Scene,
    Text,
    scene_of,
    state_svg,
    text_scene,
    to_svg,
)

SVG = "{http://www.w3.org/2000/svg}"


def tags(svg: str) -> list[str]:
    return [el.tag.removeprefix(SVG) for el in ET.fromstring(svg).iter()]


def test_every_shape_kind_becomes_its_svg_element() -> None:
    scene = Scene(200, 100, "all shapes")
    scene.background.append(Rect(0, 0, 10, 10, fill="#fff", stroke="#000", dash=(2, 1)))
    scene.pieces += [
        Circle(20, 20, 5, fill="#f00"),
        Line(0, 0, 50, 50, width=2),
        Polygon(((0, 0), (10, 0), (5, 8)), fill="#0f0"),
        Polygon(((0, 0), (10, 0), (5, 8)), stroke="#00f", closed=False),
        Text(5, 90, "a < b & c", 12, bold=True),
        Card("TS", 100, 10, 28, 40),
    ]
    scene.overlay.append(Arrow(10, 10, 90, 10))
    svg = to_svg(scene)
    found = tags(svg)
    for tag in ("rect", "circle", "line", "polygon", "polyline", "text"):
        assert tag in found, tag
    assert "stroke-dasharray='2 1'" in svg
    assert "a &lt; b &amp; c" in svg  # text is escaped
    texts = [el.text for el in ET.fromstring(svg).iter(f"{SVG}text")]
    assert "10" in texts and "♠" in texts  # the card's rank and suit


def test_layers_draw_in_order_background_pieces_overlay() -> None:
    scene = Scene(10, 10)
    scene.overlay.append(Text(0, 0, "over", 5))
    scene.background.append(Text(0, 0, "under", 5))
    scene.pieces.append(Text(0, 0, "middle", 5))
    svg = to_svg(scene)
    assert svg.index("under") < svg.index("middle") < svg.index("over")


def test_key_at_finds_the_topmost_keyed_shape() -> None:
    scene = Scene(100, 100)
    scene.background.append(Rect(0, 0, 100, 100, key="table"))
    scene.pieces.append(Card("AH", 10, 10, 20, 30, key=("card", "AH")))
    scene.pieces.append(Circle(70, 70, 10, key="pawn"))
    scene.overlay.append(Text(12, 12, "not clickable", 8))
    assert scene.key_at(15, 15) == ("card", "AH")
    assert scene.key_at(70, 75) == "pawn"
    assert scene.key_at(50, 5) == "table"
    assert scene.key_at(150, 5) is None


def test_arrow_head_ends_at_the_tip() -> None:
    base, tip, left, right = Arrow(0, 0, 100, 0, width=2).head()
    assert tip == (100, 0) and base[0] < 100 and left[1] == pytest.approx(-right[1])


@pytest.mark.parametrize("name", list(tg.GAMES))
def test_every_game_describes_its_position_as_a_scene(name: str) -> None:
    """Each of the project's games has a scene module (not the text fallback), its SVG is
    well-formed, and it names the position for screen readers."""
    game = tg.make(name)
    state = game.initial_state(seed=3)
    gen = random.Random(3)
    for _ in range(6):
        if state.is_terminal:
            break
        state = state.apply(gen.choice(state.legal_moves()))
    package = type(state).__module__.rpartition(".")[0]
    assert importlib.util.find_spec(f"{package}.scene") is not None, "no scene module"
    assert importlib.util.find_spec(f"{package}.svg") is None, "a second drawing of it"
    scene = scene_of(state)
    assert scene.width > 0 and scene.height > 0
    assert scene.label == state.describe()
    assert to_svg(scene) != to_svg(text_scene(state))
    svg = state_svg(state)
    assert ET.fromstring(svg).get("aria-label") == state.describe()
    assert svg == state._repr_svg_()


def test_a_viewpoint_reaches_the_scene_and_hides_other_hands() -> None:
    state = tg.make("fellowship", players=2).initial_state(seed=1)
    mine = {s.card for s in scene_of(state, viewer=0).shapes() if isinstance(s, Card)}
    everything = {s.card for s in scene_of(state).shapes() if isinstance(s, Card)}
    hand1 = set(state.to_json()["hands"][1])
    assert hand1 <= everything and not hand1 & mine


def test_a_game_without_a_scene_is_drawn_as_its_text_board(tmp_path: Path) -> None:
    """The fallback for a plugin game that describes no picture: its text, framed."""
    import sys

    source = (Path(__file__).parents[1] / "docs" / "example_game.py").read_text()
    assert ", scene=__name__)" in source
    (tmp_path / "race_no_scene.py").write_text(source.replace(", scene=__name__)", ")"))
    spec = importlib.util.spec_from_file_location("race_no_scene", tmp_path / "race_no_scene.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["race_no_scene"] = module
    try:
        spec.loader.exec_module(module)
        state = module.RaceGame().initial_state()
        scene = scene_of(state)
        assert [s.text for s in scene.pieces if isinstance(s, Text)] == [str(state)]
        assert to_svg(scene) == to_svg(text_scene(state))
    finally:
        del sys.modules["race_no_scene"]


def test_the_example_game_draws_its_own_scene() -> None:
    import sys

    sys.path.insert(0, str(Path(__file__).parents[1] / "docs"))
    try:
        import example_game
    finally:
        sys.path.pop(0)
    state = example_game.RaceGame(target=5).initial_state()
    state = state.apply(state.legal_moves()[1])  # total 2
    scene = scene_of(state, square=30)
    assert sum(isinstance(s, Circle) for s in scene.pieces) == 2
    assert scene.width == 30 * 6
