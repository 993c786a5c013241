"""Play pages: what a Voila page under ``notebooks/play/`` shows, built for any game.

A page is a title, a short how-to, the game's options as controls (made from the
game's declared option table, so a new game needs no page code), the seats (human
or bot), a New game button and the board with its controls. ``page_index`` lists
every play page present in a folder.

Every page links to its rules: the game's walkthrough exported to static HTML by
:func:`build_rules_pages` into ``play/rules/`` (git-ignored), which ``make play`` runs
before starting Voila (``python -m tablegames_widgets.pages rules`` from ``notebooks/``)
and Voila serves under ``/voila/files/rules/`` (allowed in ``notebooks/voila.json``).
A game's board may add a view to its page (:meth:`BoardWidget.page_view
<tablegames_widgets.board.BoardWidget.page_view>`): Currents adds "Show currents", the
inspector's influence lines and vector cancellation.
"""

from __future__ import annotations

import html
import os
import re
import secrets
import sys
from pathlib import Path
from typing import Any

from ipywidgets import HTML, Button, Checkbox, Dropdown, HBox, Layout, VBox

import tablegames as tg
from tablegames.bots import make_bot
from tablegames.options import Option

from . import guard
from .play import PlayWidget
from .registry import board_class
from .request import request_query
from .rows import close_dropped, fit_menus, shown_widgets
from .static import SVG, under_voila
from .tables.panel import OthersPanel

#: Options not offered on play pages (simulation settings and lists).
HIDDEN_OPTIONS = {"max_turns", "obstacles"}
#: Who may sit in a seat: a human, or a bot by its spec (tablegames.bots.make_bot);
#: the MCTS bot searches 300 playouts per move (a fraction of a second).
SEAT_CHOICES = [
    ("Human", "human"),
    ("Random bot", "random"),
    ("Greedy bot", "greedy"),
    ("MCTS bot", "mcts:300"),
]
PAGE_CSS = """
<style>
.tablegames-page { max-width: 1000px; font-family: 'DejaVu Sans', Arial, sans-serif; }
.tablegames-page h1 { font-size: 1.6em; margin: 0.2em 0; }
.tablegames-page .howto { color: #444; max-width: 760px; }
.tablegames-page .rules-link a { font-weight: bold; }
/* A phone: the title, then the game (board, hand, its buttons), then the how-to and the
   settings; the board scales down to the screen's width (the template's phone style). */
@media (max-width: 600px) {
  .tablegames-page > .tablegames-page-heading { order: -3; }
  .tablegames-page > .tablegames-page-error { order: -2; }
  .tablegames-page > .tablegames-page-game { order: -1; }
  .tablegames-page h1 { font-size: 1.25em; }
}
</style>
"""


def option_control(option: Option, players: int) -> Any | None:
    """A widget for one declared option, or None when it has no page control."""
    label = option.name.replace("_", " ").capitalize()
    if option.name in HIDDEN_OPTIONS:
        return None
    if isinstance(option.default, bool):
        return Checkbox(
            value=option.default, description=label, tooltip=option.doc or option.allowed
        )
    values = option.choices
    if values is None:
        return None
    return Dropdown(options=menu_items(values), value=to_control(option.default),
                    description=label, tooltip=option.allowed, layout=Layout(width="260px"),
                    style={"description_width": "initial"})  # fmt: skip


#: What a menu holds for an option's None (ipywidgets shows a None value as a blank menu).
DEFAULT = "(default)"


def to_control(value: Any) -> Any:
    """An option value as a menu value (None becomes :data:`DEFAULT`)."""
    return DEFAULT if value is None else value


def from_control(value: Any) -> Any:
    """A menu value as the option value it stands for."""
    return None if value == DEFAULT else value


def menu_items(values: tuple[Any, ...] | list[Any]) -> list[tuple[str, Any]]:
    """(label, value) pairs for a menu: None reads as "default" (the game picks)."""
    return [("default", DEFAULT) if v is None else (str(v), v) for v in values]


#: For tests only: when the server's environment sets it, every play page deals this
#: seed first, then the next ones (as a page given ``seed=`` does). Never on a public
#: server: its deals, and so the bots' hands, would be known to anyone.
SEED_ENV = "TABLEGAMES_PAGE_SEED"


def new_seed() -> int:
    """A deal nobody can predict: 48 bits of the system's randomness (a page's bots are
    seeded from it too, so their hands and choices cannot be computed from the code)."""
    return secrets.randbits(48)


def first_seed() -> int | None:
    """The seed :data:`SEED_ENV` fixes for every page (None when unset or not a number)."""
    fixed = os.environ.get(SEED_ENV, "")
    return int(fixed) if fixed.isdigit() else None


class PlayPage(VBox):  # type: ignore[misc]
    """A whole play page for ``game_name`` (see the module docstring).

    Each game is dealt from a seed nobody can predict (:func:`new_seed`); a page given
    ``seed`` (tests, a replay) deals that seed, then the next ones on New game."""

    def __init__(self, game_name: str, seed: int | None = None, **board_options: Any) -> None:
        guard.install()  # the visitor's widget messages are checked before any work
        cls = tg.GAMES[game_name]
        self.game_name = game_name
        if seed is None:
            seed = first_seed()
        #: the seeds follow one another from a given seed; otherwise each is new
        self.counted = seed is not None
        self.seed = seed if seed is not None else new_seed()
        self.board_options = board_options
        self.controls = {}
        for option in cls.option_table:
            control = option_control(option, cls.info.max_players)
            if control is not None:
                self.controls[option.name] = control
        self.seat_box = HBox(layout=Layout(flex_flow="row wrap"))
        for control in self.controls.values():
            control.observe(lambda _c: self._settings_changed(), names="value")
        self.new_game = Button(description="New game", button_style="primary",
                               tooltip="Start a new game with these settings")  # fmt: skip
        self.new_game.on_click(lambda _b: self.start())
        self.error = HTML()
        # The title, then the how-to; on a phone the board comes between them (PAGE_CSS)
        heading = HTML(PAGE_CSS + f"<h1>{html.escape(cls.info.title)}</h1>")
        intro = HTML(
            f"<p class='howto'>{html.escape(how_to(game_name))}</p>" + rules_link(game_name)
        )
        settings = HBox(list(self.controls.values()), layout=Layout(flex_flow="row wrap"))
        #: the game's own view of its page, if its board offers one (Show currents)
        self.view = board_class(game_name).page_view()
        view_controls = self.view.controls if self.view is not None else []
        self.table = VBox()
        # "Play with others": a table for people on their own devices (tables/panel.py)
        self.others = OthersPanel(game_name, self.chosen_options)
        #: New game, the game's views (Show currents) and Play with others
        self.button_row = HBox([self.new_game, *view_controls, self.others.open_button],
                               layout=Layout(flex_flow="row wrap"))  # fmt: skip
        super().__init__([heading, intro, settings, self.seat_box, self.button_row,
                          self.others, self.error, self.table])  # fmt: skip
        for part, role in ((heading, "heading"), (self.error, "error"), (self.table, "game")):
            part.add_class(f"tablegames-page-{role}")
        self.add_class("tablegames-page")
        self._settings_changed()
        self.start()

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        """The page's widget view; under Voila also an SVG picture of the board, which the
        play pages' template shows on the loading screen while the browser loads Voila's
        front end (about 1.5 s after the page arrives), so the board is seen at once."""
        data = super()._repr_mimebundle_(**kwargs)
        play = getattr(self, "play", None)
        if data is not None and play is not None and under_voila():
            data[SVG] = play.board_picture()
        return data

    def _settings_changed(self) -> None:
        """Refresh the seats, and grey out choices that cannot differ with these settings
        (asking the engine: e.g. Currents' p0_edges exists for two players only)."""
        self._seat_controls()
        cls = tg.GAMES[self.game_name]
        for option in cls.option_table:
            control = self.controls.get(option.name)
            if control is None or option.choices is None:
                continue
            chosen = self.chosen_options()
            usable = []
            for value in option.choices:
                try:
                    tg.make(self.game_name, **{**chosen, option.name: value})
                    usable.append(value)
                except ValueError:
                    pass
            # Offer only the values these settings allow (Poohsticks' bridge rows follow
            # the river's length); the default stays, so the menu is never empty.
            offered = usable if option.default in usable else [option.default, *usable]
            current = from_control(control.value)
            keep = current if current in offered else option.default
            items = menu_items(offered)
            if list(control.options) != items:
                control.options = items
            control.value = to_control(keep)
            control.disabled = len(usable) < 2 and keep == option.default
        self.others.settings_changed()

    def chosen_options(self) -> dict[str, Any]:
        """The options as the controls set them now."""
        return {name: from_control(c.value) for name, c in self.controls.items()}

    def _seat_controls(self) -> None:
        n = int(self.controls["players"].value) if "players" in self.controls else 2
        name = board_class(self.game_name).player_name
        fit_menus(self.seat_box, n, lambda p: Dropdown(
            options=SEAT_CHOICES, value="human" if p == 0 else "random", description=name(p),
            layout=Layout(width="200px")))  # fmt: skip

    def start(self) -> None:
        """A new game with the chosen options and seats (refusals shown, old game kept)."""
        options = self.chosen_options()
        try:
            game = tg.make(self.game_name, **options)
        except ValueError as exc:
            self.error.value = (
                f"<div role='alert' style='color:#c62828'>{html.escape(str(exc))}</div>"
            )
            return
        self.error.value = ""
        seats = [
            "human" if d.value == "human" else make_bot(d.value, f"{self.seed}:{p}")
            for p, d in enumerate(self.seat_box.children)
        ]
        old = getattr(self, "play", None)
        if old is not None and old.game == game and old.restart(seats, self.seed):
            self._next_seed()
            return
        before = shown_widgets(self)
        self.play = PlayWidget(game, seats, seed=self.seed, **self.board_options)
        if self.view is not None:
            self.view.attach(self.play)
        self.table.children = [self.play]
        close_dropped(self, before)  # the old game's widgets
        self._next_seed()

    def _next_seed(self) -> None:
        """The seed of the next New game: the next number after a given seed, else new."""
        self.seed = self.seed + 1 if self.counted else new_seed()

    def __repr__(self) -> str:
        return f"<PlayPage: {self.game_name}>"


def how_to(game_name: str) -> str:
    """The short how-to a game's board widget gives for its play page ('' if none)."""
    try:
        return board_class(game_name).how_to
    except ValueError:
        return ""


def page_index(folder: str | Path = ".") -> Any:
    """Links to every play page (``*.ipynb`` other than the index) in ``folder``, and to
    the generic page (``game.ipynb?game=NAME``) for every registered game without a page
    of its own, so a game installed from another package is listed with no edit here.

    Plain HTML output, not a widget: the list shows before any kernel connects.
    """
    from IPython.display import HTML as StaticHTML

    folder = Path(folder)
    special = {"index", GENERIC_PAGE, TABLE_PAGE}
    pages = sorted(p.stem for p in folder.glob("*.ipynb") if p.stem not in special)
    links = [(name, f"{name}.ipynb") for name in pages]
    if (folder / f"{GENERIC_PAGE}.ipynb").is_file():
        links += [(n, f"{GENERIC_PAGE}.ipynb?game={n}") for n in tg.GAMES if n not in pages]
    items = []
    for name, href in links:
        title = tg.GAMES[name].info.title if name in tg.GAMES else name.replace("-", " ").title()
        blurb = how_to(name).split(". ")[0].rstrip(".")
        line = f" — {html.escape(blurb)}." if blurb else ""
        items.append(f"<li><a href='{html.escape(href)}'>{html.escape(title)}</a>{line}</li>")
    body = "".join(items) or "<li>No play pages yet.</li>"
    return StaticHTML(
        PAGE_CSS + f"<div class='tablegames-page'><ul class='page-list'>{body}</ul></div>"
    )


#: The play page of any registered game, chosen by the address: ``game.ipynb?game=NAME``.
GENERIC_PAGE = "game"
#: The page of a shared table, opened by a seat's link (tables/page.py): not a game page.
TABLE_PAGE = "table"


def page_from_query(query: str | None = None) -> Any:
    """The play page the address asks for (``?game=NAME``), or a short list of the games
    to choose from when the address names none or an unknown one.

    Voila passes the query string to the kernel as ``QUERY_STRING``. A preheated kernel
    (``preheat_kernel`` in ``notebooks/voila.json``) runs the notebook before any visitor
    asks for it, so it waits here until Voila hands it a visitor's request."""
    from urllib.parse import parse_qs

    from IPython.display import HTML as StaticHTML

    guard.install()
    if query is None:
        query = request_query()
    name = parse_qs(query).get("game", [""])[0]
    if name in tg.GAMES:
        return PlayPage(name)
    links = "".join(
        f"<li><a href='{GENERIC_PAGE}.ipynb?game={html.escape(n)}'>"
        f"{html.escape(tg.GAMES[n].info.title)}</a></li>"
        for n in tg.GAMES
    )
    said = f"There is no game called “{html.escape(name)}”. " if name else ""
    return StaticHTML(
        PAGE_CSS + f"<div class='tablegames-page'><p>{said}Choose a game:</p>"
        f"<ul class='page-list'>{links}</ul></div>"
    )


def puzzles_from_query(query: str | None = None) -> Any:
    """The Puzzles page on the game the address names (``puzzles.ipynb?game=NAME``, as
    the index links it), else on the first game. The page is built before the wait for
    the visitor's request (see :func:`page_from_query`), so a preheated kernel has the
    work done; only a named game's set is swapped in after."""
    from urllib.parse import parse_qs

    from .puzzles import PuzzlePage

    page = PuzzlePage()
    if query is None:
        query = request_query()
    name = parse_qs(query).get("game", [""])[0]
    if name in page.games and name != page.chooser.value:
        page.chooser.value = name  # its observer serves that game's set
    return page


# ---- rules pages ----------------------------------------------------------------------------

#: The folder, inside the play folder, that holds the rules pages (one HTML file per game).
RULES_DIR = "rules"


def rules_href(game_name: str) -> str:
    """The URL of a game's rules page as Voila serves it.

    Voila gives each page's kernel the request path (``SCRIPT_NAME``, e.g.
    ``/voila/render/currents.ipynb``, or with a prefix behind a proxy); the rules page
    is the static file beside it: ``/voila/files/rules/currents.html``.
    """
    page = os.environ.get("SCRIPT_NAME", "")
    if "/voila/render/" in page:
        folder = page.replace("/voila/render/", "/voila/files/", 1).rsplit("/", 1)[0]
        return f"{folder}/{RULES_DIR}/{game_name}.html"
    return f"../files/{RULES_DIR}/{game_name}.html"  # relative to /voila/render/<page>


def rules_link(game_name: str) -> str:
    """A link to the game's rules page, opening in a new tab ('' when the page does not
    exist beside the running notebook: outside ``make play``, e.g. on Binder, rather
    than a link that fails). The index shows none, so its stored output stays the same
    whether or not the rules pages were built."""
    if not (Path(RULES_DIR) / f"{game_name}.html").is_file():
        return ""
    href = html.escape(rules_href(game_name))
    title = tg.GAMES[game_name].info.title if game_name in tg.GAMES else game_name
    text = f"How to play {title}: the rules, step by step (opens in a new tab)"
    return (
        f"<p class='rules-link'><a href='{href}' target='_blank' rel='noopener'>"
        f"{html.escape(text)}</a></p>"
    )


def notebook_title(nb: Any) -> str:
    """The first level-1 heading of a notebook's markdown ('' if none)."""
    for cell in nb.cells:
        if cell.cell_type == "markdown":
            m = re.search(r"^# +(.+?)\s*$", cell.source, re.MULTILINE)
            if m:
                return m.group(1)
    return ""


def build_rules_pages(walkthroughs: Path, play: Path) -> list[Path]:
    """Export the walkthrough of every game with a play page in ``play`` to static HTML
    in ``play/rules/`` (as stored, not re-executed: their stored pictures show), titled
    with the walkthrough's heading. Up-to-date pages are kept; the folder carries its
    own ``.gitignore``. Returns the rules pages present."""
    out = play / RULES_DIR
    out.mkdir(exist_ok=True)
    (out / ".gitignore").write_text("# built by make play (tablegames_widgets.pages)\n*\n")
    code = Path(__file__).stat().st_mtime
    pages = []
    for page in sorted(play.glob("*.ipynb")):
        source = walkthroughs / page.name
        if not source.is_file():
            continue
        target = out / f"{page.stem}.html"
        pages.append(target)
        if target.is_file() and target.stat().st_mtime >= max(source.stat().st_mtime, code):
            continue
        import nbformat  # here: importing nbconvert takes seconds, needed only on a change
        from nbconvert import HTMLExporter

        nb = nbformat.read(source, as_version=4)
        nb.metadata["title"] = notebook_title(nb) or page.stem
        exporter = HTMLExporter(template_name="lab", exclude_input_prompt=True,
                                exclude_output_prompt=True)  # fmt: skip
        body, _ = exporter.from_notebook_node(nb)
        partial = target.with_suffix(f".{os.getpid()}.part")  # two builders never share one
        partial.write_text(body, encoding="utf-8")
        partial.replace(target)  # atomic: a server never sends half a page
    return pages


def main(argv: list[str] | None = None) -> int:
    """``python -m tablegames_widgets.pages rules`` (from ``notebooks/``): build the rules
    pages that ``make play`` serves beside the play pages."""
    args = sys.argv[1:] if argv is None else argv
    if args != ["rules"]:
        print("usage (from notebooks/): python -m tablegames_widgets.pages rules", file=sys.stderr)
        return 2
    pages = build_rules_pages(Path("walkthroughs"), Path("play"))
    print(f"rules pages: {', '.join(p.name for p in pages)} in play/{RULES_DIR}/")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
