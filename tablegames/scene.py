"""A game's picture described once, drawn by two renderers.

A :class:`Scene` is a list of shapes on three layers (``background``: what never changes
during a game; ``pieces``: the position; ``overlay``: highlights, lines and arrows drawn
over it). Each game builds one in ``<game>/scene.py`` (``state_scene(state, ...)``);
:func:`to_svg` here turns it into an SVG document (stdlib only: notebooks, static
pictures, exports) and ``tablegames_widgets.scene_canvas`` draws the very same shapes on
ipycanvas layers, so the picture in a notebook and the board in a widget cannot diverge.

>>> s = Scene(120, 60, "a card and a word")
>>> s.pieces += [Card("QH", 10, 10, 28, 40), Text(50, 35, "queen", 14)]
>>> svg = to_svg(s)
>>> svg.startswith("<svg") and "queen" in svg and "♥" in svg
True
"""

from __future__ import annotations

import functools
import json
import math
import re
import textwrap
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from . import style
from .parts import Reference
from .svg import FONT, card_svg, document, escape
from .words import public_sentence

if TYPE_CHECKING:
    from collections.abc import Hashable, Iterable, Iterator

    from .core import Game, State

Point = tuple[float, float]
Dash = tuple[float, ...]


@dataclass(frozen=True, slots=True)
class Rect:
    """A rectangle, filled and/or stroked; ``radius`` rounds its corners (SVG only:
    the canvas draws it square). ``key`` names what a click on it means (optional)."""

    x: float
    y: float
    w: float
    h: float
    fill: str | None = None
    stroke: str | None = None
    width: float = 1.0
    dash: Dash = ()
    radius: float = 0.0
    key: Hashable | None = None


@dataclass(frozen=True, slots=True)
class Circle:
    """A circle (a pawn, a peg, a ring), filled and/or stroked."""

    cx: float
    cy: float
    r: float
    fill: str | None = None
    stroke: str | None = None
    width: float = 1.0
    dash: Dash = ()
    key: Hashable | None = None


@dataclass(frozen=True, slots=True)
class Line:
    """A straight line."""

    x1: float
    y1: float
    x2: float
    y2: float
    stroke: str = style.LINE
    width: float = 1.0
    dash: Dash = ()


@dataclass(frozen=True, slots=True)
class Polygon:
    """A closed polygon (``closed=False``: an open polyline, never filled)."""

    points: tuple[Point, ...]
    fill: str | None = None
    stroke: str | None = None
    width: float = 1.0
    dash: Dash = ()
    closed: bool = True
    key: Hashable | None = None


@dataclass(frozen=True, slots=True)
class Text:
    """A line of text; (x, y) is its baseline point, ``anchor`` start, middle or end;
    ``angle`` turns it that many degrees clockwise about (x, y) (a label along an edge)."""

    x: float
    y: float
    text: str
    size: float
    fill: str = style.TEXT
    anchor: str = "start"
    bold: bool = False
    angle: float = 0.0


@dataclass(frozen=True, slots=True)
class Card:
    """A playing card: face up, face down (``hidden``) or an empty place (``card`` None)."""

    card: str | None
    x: float
    y: float
    w: float
    h: float
    hidden: bool = False
    key: Hashable | None = None

    @property
    def rect(self) -> tuple[float, float, float, float]:
        return (self.x, self.y, self.w, self.h)


@dataclass(frozen=True, slots=True)
class Arrow:
    """A straight arrow from (x1, y1) to (x2, y2) with a filled head."""

    x1: float
    y1: float
    x2: float
    y2: float
    colour: str = style.ARROW
    width: float = 3.0

    def head(self) -> tuple[Point, Point, Point, Point]:
        """The shaft's end and the head's three corners (tip, left, right)."""
        angle = math.atan2(self.y2 - self.y1, self.x2 - self.x1)
        size = 5 + 3 * self.width
        base = (self.x2 - size * 0.8 * math.cos(angle), self.y2 - size * 0.8 * math.sin(angle))
        left = (self.x2 - size * math.cos(angle - 0.45), self.y2 - size * math.sin(angle - 0.45))
        right = (self.x2 - size * math.cos(angle + 0.45), self.y2 - size * math.sin(angle + 0.45))
        return base, (self.x2, self.y2), left, right


Shape = Rect | Circle | Line | Polygon | Text | Card | Arrow
LAYERS = ("background", "pieces", "overlay")


@dataclass
class Scene:
    """What to draw: a size in pixels, an accessible label and shapes on three layers,
    each drawn in order (later shapes over earlier ones)."""

    width: float
    height: float
    label: str = ""
    background: list[Shape] = field(default_factory=list)
    pieces: list[Shape] = field(default_factory=list)
    overlay: list[Shape] = field(default_factory=list)
    four_colour: bool = False

    def shapes(self) -> Iterator[Shape]:
        """Every shape, bottom layer first."""
        yield from self.background
        yield from self.pieces
        yield from self.overlay

    def key_at(self, px: float, py: float) -> Hashable | None:
        """The ``key`` of the topmost keyed shape under pixel (px, py), or None: the hit
        test a board gets for free when its scene names its places."""
        for s in reversed(list(self.shapes())):
            key: Hashable | None = getattr(s, "key", None)
            if key is not None and _contains(s, px, py):
                return key
        return None


def _contains(s: Shape, px: float, py: float) -> bool:
    if isinstance(s, Rect | Card):
        return s.x <= px <= s.x + s.w and s.y <= py <= s.y + s.h
    if isinstance(s, Circle):
        return (px - s.cx) ** 2 + (py - s.cy) ** 2 <= s.r**2
    if isinstance(s, Polygon):
        xs = [p[0] for p in s.points]
        ys = [p[1] for p in s.points]
        return min(xs) <= px <= max(xs) and min(ys) <= py <= max(ys)
    return False


# ---- the SVG renderer ----------------------------------------------------------------


def _paint(fill: str | None, stroke: str | None, width: float, dash: Dash) -> str:
    out = f" fill='{fill or 'none'}'"
    if stroke is not None:
        out += f" stroke='{stroke}' stroke-width='{width:g}'"
        if dash:
            out += f" stroke-dasharray='{' '.join(f'{d:g}' for d in dash)}'"
    return out


def shape_svg(s: Shape, four_colour: bool = False) -> str:
    """One shape as SVG markup."""
    if isinstance(s, Rect):
        rx = f" rx='{s.radius:g}'" if s.radius else ""
        return (
            f"<rect x='{s.x:.1f}' y='{s.y:.1f}' width='{s.w:.1f}' height='{s.h:.1f}'{rx}"
            f"{_paint(s.fill, s.stroke, s.width, s.dash)}/>"
        )
    if isinstance(s, Circle):
        return (
            f"<circle cx='{s.cx:.1f}' cy='{s.cy:.1f}' r='{s.r:.1f}'"
            f"{_paint(s.fill, s.stroke, s.width, s.dash)}/>"
        )
    if isinstance(s, Line):
        return (
            f"<line x1='{s.x1:.1f}' y1='{s.y1:.1f}' x2='{s.x2:.1f}' y2='{s.y2:.1f}'"
            f"{_paint(None, s.stroke, s.width, s.dash)} stroke-linecap='round'/>"
        )
    if isinstance(s, Polygon):
        pts = " ".join(f"{x:.1f},{y:.1f}" for x, y in s.points)
        tag = "polygon" if s.closed else "polyline"
        fill = s.fill if s.closed else None
        return f"<{tag} points='{pts}'{_paint(fill, s.stroke, s.width, s.dash)}/>"
    if isinstance(s, Text):
        weight = " font-weight='bold'" if s.bold else ""
        turn = f" transform='rotate({s.angle:g} {s.x:.1f} {s.y:.1f})'" if s.angle else ""
        return (
            f"<text x='{s.x:.1f}' y='{s.y:.1f}' font-size='{s.size:.1f}' "
            f"text-anchor='{s.anchor}' fill='{s.fill}'{weight}{turn} {FONT}>{escape(s.text)}</text>"
        )
    if isinstance(s, Card):
        return card_svg(s.card, s.rect, four_colour, hidden=s.hidden)
    base, tip, left, right = s.head()
    return (
        f"<line x1='{s.x1:.1f}' y1='{s.y1:.1f}' x2='{base[0]:.1f}' y2='{base[1]:.1f}' "
        f"stroke='{s.colour}' stroke-width='{s.width:g}' stroke-linecap='round'/>"
        f"<polygon points='{tip[0]:.1f},{tip[1]:.1f} {left[0]:.1f},{left[1]:.1f} "
        f"{right[0]:.1f},{right[1]:.1f}' fill='{s.colour}'/>"
    )


def to_svg(scene: Scene) -> str:
    """The scene as an SVG document (its label is the document's accessible name)."""
    parts = [shape_svg(s, scene.four_colour) for s in scene.shapes()]
    return document(scene.width, scene.height, scene.label, parts)


# ---- the cards a scene names --------------------------------------------------------------


@functools.cache
def card_words(deck: tuple[str, ...]) -> re.Pattern[str] | None:
    """A pattern finding the cards of ``deck`` as words in a text (None without cards)."""
    codes = sorted(set(deck), key=len, reverse=True)
    if not codes:
        return None
    alternatives = "|".join(map(re.escape, codes))
    return re.compile(rf"(?<![A-Za-z0-9])(?:{alternatives})(?![A-Za-z0-9])")


def named(texts: Iterable[str], deck: tuple[str, ...]) -> set[str]:
    """The cards of ``deck`` that ``texts`` name as words."""
    words = card_words(deck)
    return set() if words is None else {m.group(0) for t in texts for m in words.finditer(t)}


def drawn_cards(scene: Scene, deck: tuple[str, ...]) -> set[str]:
    """Every card ``scene`` shows: its face-up cards, and the cards its texts and label name."""
    faces = {s.card for s in scene.shapes() if isinstance(s, Card) and s.card and not s.hidden}
    texts = [s.text for s in scene.shapes() if isinstance(s, Text)]
    return faces | named([*texts, scene.label], deck)


# ---- a state's scene ---------------------------------------------------------------------


def text_scene(state: State, size: float = 14.0) -> Scene:
    """The fallback picture of a game without a ``scene`` module: its text board."""
    return _lines_scene(str(state).splitlines(), _describe(state), size)


#: Keys of an observation that the observation picture leaves out (not the position).
_NOT_DRAWN = frozenset({"game", "options", "seed", "viewer", "events"})


def observation_scene(state: State, viewer: int, size: float = 14.0) -> Scene:
    """What seat ``viewer`` may know, drawn as text: one line per key of its observation,
    hidden values as ``?``. The picture a seat gets of a game with hidden cards whose
    picture does not take the viewer: made of the observation alone, it cannot show
    what the observation hides."""
    lines = []
    for key, value in state.observation(viewer).items():
        if key not in _NOT_DRAWN:
            text = json.dumps(value, ensure_ascii=False).replace("null", "?")
            lines += textwrap.wrap(f"{key}: {text}", 72, subsequent_indent="  ") or [key]

    return _lines_scene(lines, public_sentence(state), size)


def _lines_scene(lines: list[str], label: str, size: float) -> Scene:
    lines = lines or [""]
    width = max(len(line) for line in lines) * size * 0.62 + 24
    height = len(lines) * size * 1.3 + 20
    scene = Scene(width, height, label)
    scene.background.append(Rect(2, 2, width - 4, height - 4, stroke=style.LINE, radius=6))
    scene.pieces += [
        Text(12, 12 + (k + 1) * size * 1.3 - size * 0.3, line, size) for k, line in enumerate(lines)
    ]
    return scene


def hides_cards(game: Game) -> bool:
    """Whether a seat of ``game`` may be kept from seeing anything (cards or roles)."""
    return bool(game.info.hidden_information or game.card_deck())


def _describe(state: State) -> str:
    try:
        return state.describe()
    except Exception:  # a plugin game without a text module: a picture still has a label
        return type(state).__name__


def scene_of(state: State, **settings: Any) -> Scene:
    """``state``'s picture: its game's :meth:`~tablegames.Game.scene` with those of
    ``settings`` it takes. Every board, preview and SVG draws through here. With a
    ``viewer`` (a seat's page), a picture is not trusted with a game that hides anything
    when it takes no viewer, nor, for a game drawn on the generic board (a plug-in),
    when it shows a card hidden from the viewer (``Game.hidden_cards``): that seat gets
    its observation as text instead (:func:`observation_scene`)."""
    scene = game_scene(state, **settings)
    viewer = settings.get("viewer")
    game = state.game
    if viewer is not None and game.parts.board is None and hides_cards(game):
        hidden = set(game.hidden_cards(state, viewer))
        if hidden and drawn_cards(scene, tuple(game.card_deck())) & hidden:
            return observation_scene(state, viewer)
    return scene


def game_scene(state: State, **settings: Any) -> Scene:
    """The game's own picture (:func:`scene_of` without its look for hidden cards, which
    would hide a leak from the conformance check that tells the author)."""
    scene: Scene = _seen_by(state, state.game.scene, settings)
    return scene


def declared_scene(state: State, viewer: int | None, settings: dict[str, Any]) -> Scene:
    """The default :meth:`~tablegames.Game.scene`: the scene the game declares
    (``parts.scene``), or its text board when it declares none (for a seat of a game
    that hides anything: its observation)."""
    draw = state.game.parts.scene
    if draw is None:
        draw = text_scene
    elif isinstance(draw, Reference):  # declared by name: the function, imported once
        draw = draw.load()
    return _seen_by(state, draw, {**settings, "viewer": viewer})  # type: ignore[no-any-return]


def _seen_by(state: State, draw: Any, settings: dict[str, Any]) -> Any:
    """``draw(state, ...)`` for ``settings["viewer"]``: the observation picture instead
    when a seat is set, the game hides anything and ``draw`` takes no viewer."""
    viewer = settings.get("viewer")
    if viewer is not None and hides_cards(state.game) and not _takes(draw, "viewer"):
        return observation_scene(state, viewer)
    return _call(draw, state, settings)


def state_svg(state: State, **settings: Any) -> str:
    """``state``'s picture as an SVG document (see :func:`scene_of`)."""
    return to_svg(scene_of(state, **settings))


def _call(draw: Any, state: State, settings: dict[str, Any]) -> Any:
    """``draw(state, ...)`` with those of ``settings`` that it takes as parameters (all of
    them when it takes ``**settings``)."""
    names, everything = _parameters(draw)
    if everything:
        return draw(state, **settings)
    return draw(state, **{n: v for n, v in settings.items() if n in names})


def _takes(draw: Any, name: str) -> bool:
    names, everything = _parameters(draw)
    return everything or name in names


@functools.lru_cache(maxsize=64)
def _parameters(draw: Any) -> tuple[frozenset[str], bool]:
    """The keyword parameters of a scene function, and whether it takes ``**settings``
    (looked up once, not at every redraw)."""
    import inspect

    params = list(inspect.signature(draw).parameters.values())[1:]
    return frozenset(p.name for p in params), any(p.kind is p.VAR_KEYWORD for p in params)
