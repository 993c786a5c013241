"""Play pages: what a Voila page under ``notebooks/play/`` shows, built for any game.

A page is a title, a short how-to, the game's options as controls (made from the
game's declared option table, so a new game needs no page code), the seats (human
or bot), a New game button and the board with its controls. ``page_index`` lists
every play page present in a folder.
"""

from __future__ import annotations

import html
from pathlib import Path
from typing import Any

from ipywidgets import HTML, Button, Checkbox, Dropdown, HBox, Layout, VBox

import tablegames as tg
from tablegames.analysis import make_bot
from tablegames.options import Option

from .play import PlayWidget
from .registry import board_class

#: Options not offered on play pages (simulation settings and lists).
HIDDEN_OPTIONS = {"max_turns", "obstacles"}
#: Who may sit in a seat: a human, or a bot by its spec (tablegames.analysis.make_bot);
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
    return Dropdown(options=list(values), value=option.default, description=label,
                    tooltip=option.allowed, layout=Layout(width="260px"),
                    style={"description_width": "initial"})  # fmt: skip


class PlayPage(VBox):  # type: ignore[misc]
    """A whole play page for ``game_name`` (see the module docstring)."""

    def __init__(self, game_name: str, seed: int = 1, **board_options: Any) -> None:
        cls = tg.GAMES[game_name]
        self.game_name = game_name
        self.seed = seed
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
        title = HTML(
            PAGE_CSS + f"<h1>{html.escape(cls.info.title)}</h1>"
            f"<p class='howto'>{html.escape(how_to(game_name))}</p>"
        )
        settings = HBox(list(self.controls.values()), layout=Layout(flex_flow="row wrap"))
        self.table = VBox()
        super().__init__([title, settings, self.seat_box, HBox([self.new_game]), self.error,
                          self.table])  # fmt: skip
        self.add_class("tablegames-page")
        self._settings_changed()
        self.start()

    def _settings_changed(self) -> None:
        """Refresh the seats, and grey out choices that cannot differ with these settings
        (asking the engine: e.g. Currents' p0_edges exists for two players only)."""
        self._seat_controls()
        chosen = {name: c.value for name, c in self.controls.items()}
        cls = tg.GAMES[self.game_name]
        for option in cls.option_table:
            control = self.controls.get(option.name)
            if control is None or option.choices is None:
                continue
            usable = 0
            for value in option.choices:
                try:
                    tg.make(self.game_name, **{**chosen, option.name: value})
                    usable += 1
                except ValueError:
                    pass
            control.disabled = usable < 2 and control.value == option.default

    def _seat_controls(self) -> None:
        n = int(self.controls["players"].value) if "players" in self.controls else 2
        name = board_class(self.game_name).player_name
        old = [d.value for d in self.seat_box.children]
        seats = []
        for p in range(n):
            default = old[p] if p < len(old) else ("human" if p == 0 else "random")
            seats.append(Dropdown(options=SEAT_CHOICES,
                                  value=default, description=name(p),
                                  layout=Layout(width="200px")))  # fmt: skip
        self.seat_box.children = seats

    def start(self) -> None:
        """A new game with the chosen options and seats (refusals shown, old game kept)."""
        options = {name: c.value for name, c in self.controls.items()}
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
        self.play = PlayWidget(game, seats, seed=self.seed, **self.board_options)
        self.table.children = [self.play]
        self.seed += 1

    def __repr__(self) -> str:
        return f"<PlayPage: {self.game_name}>"


def how_to(game_name: str) -> str:
    """The short how-to a game's board widget gives for its play page ('' if none)."""
    try:
        return board_class(game_name).how_to
    except ValueError:
        return ""


def page_index(folder: str | Path = ".") -> Any:
    """Links to every play page (``*.ipynb`` other than the index) in ``folder``.

    Plain HTML output, not a widget: the list shows before any kernel connects.
    """
    from IPython.display import HTML as StaticHTML

    folder = Path(folder)
    pages = sorted(p for p in folder.glob("*.ipynb") if p.stem != "index")
    items = []
    for p in pages:
        name = p.stem
        title = tg.GAMES[name].info.title if name in tg.GAMES else name.replace("-", " ").title()
        blurb = how_to(name).split(". ")[0].rstrip(".")
        line = f" — {html.escape(blurb)}." if blurb else ""
        items.append(f"<li><a href='{html.escape(p.name)}'>{html.escape(title)}</a>{line}</li>")
    body = "".join(items) or "<li>No play pages yet.</li>"
    return StaticHTML(
        PAGE_CSS + f"<div class='tablegames-page'><ul class='page-list'>{body}</ul></div>"
    )
