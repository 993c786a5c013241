"""The play pages' index (``notebooks/play/index.ipynb``, the server's front page): for
each game a small picture of its board in the middle of a game, one line on what the
game is, its players and typical length, and links to play it, to its rules and to its
puzzles.

The page is static output (no widget): it shows before any kernel connects and reads
the same in a stored notebook. Each game is two outputs, its picture as ``image/png``
(nbval does not compare PNGs, so a change to a game's drawing does not make the stored
index stale) and its card as ``text/html`` (compared: it depends only on this module and
the games installed). The style of the first output lays the pairs out side by side, and
a smaller picture beside each card on a phone.
"""

from __future__ import annotations

import html
import io
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import tablegames as tg


@dataclass(frozen=True)
class Length:
    """A typical game: the median number of turns (a turn is one player's go: a move, or
    a Poohsticks turn's steps) and the minutes it takes at :data:`SECONDS_PER_TURN`."""

    turns: int

    @property
    def minutes(self) -> int:
        return max(1, round(self.turns * SECONDS_PER_TURN / 60))


#: A person's turn at a casual pace (look, choose, tap), in seconds.
SECONDS_PER_TURN = 15
#: The typical lengths are each board's ``typical_turns``: the median turns of 200 seeded
#: games between greedy bots (one ply of look-ahead), with the play pages' default options:
#: ``python benchmarks/game_lengths.py --games 200`` (docs/play-pages.md gives the full
#: table, random games too). Greedy play, not random: random play wanders in the racing
#: games (Poohsticks and Card Chess run 3 to 5 times longer, and a random Resistor match
#: never ends).


def typical(name: str) -> Length | None:
    """A typical game of ``name``, if its board gives one."""
    from .registry import board_class

    turns = board_class(name).typical_turns
    return Length(turns) if turns else None


#: How far into a greedy game (seeded) each picture is taken: about half a typical game.
PICTURE_SEED = 7
#: The pictures' largest side on the page, in CSS pixels (stored at twice that, so that
#: they stay sharp on a phone's screen).
PICTURE_SIZE = 200

CSS = """<style>
.jp-OutputArea:has(.tablegames-index) {
  display: grid; grid-template-columns: 210px minmax(0, 1fr); column-gap: 16px; row-gap: 14px;
  align-items: center; max-width: 900px;
}
.jp-OutputArea:has(.tablegames-index) > .jp-OutputArea-child:first-child { grid-column: 1 / -1; }
.jp-OutputArea:has(.tablegames-index) > .jp-OutputArea-child:last-child { grid-column: 1 / -1; }
.jp-OutputArea:has(.tablegames-index) > .jp-OutputArea-child { min-width: 0; }
.jp-OutputArea:has(.tablegames-index) .jp-OutputPrompt { display: none; }
.jp-OutputArea:has(.tablegames-index) .jp-RenderedImage img { max-width: 100%; height: auto; }
.game-card h2 { font-size: 1.3em; margin: 0 0 0.2em 0; }
.game-card p { margin: 0.15em 0; }
.game-card .facts { color: #555; }
.game-card .links a { margin-right: 1.2em; font-weight: bold; }
@media (max-width: 600px) {
  .jp-OutputArea:has(.tablegames-index) {
    grid-template-columns: 128px minmax(0, 1fr); column-gap: 10px; align-items: start;
  }
  .game-card h2 { font-size: 1.15em; }
  .game-card .links a { margin-right: 0.9em; }
  .jp-RenderedMarkdown h1 { font-size: 1.5em; }
}
</style>"""


def what_it_is(name: str) -> str:
    """The index's line on a game."""
    from .registry import board_class

    board = board_class(name)
    if board.summary:
        return board.summary
    first = board.how_to.split(". ")[0].rstrip(".")
    return f"{first}." if first else ""


def facts(name: str) -> str:
    """Players and a typical length, e.g. "2 to 4 players · a game: about 15 turns, 4 minutes"."""
    info = tg.GAMES[name].info
    low, high = info.min_players, info.max_players
    players = f"{low} players" if low == high else f"{low} to {high} players"
    length = typical(name)
    if length is None:
        return players
    return f"{players} · a game: about {length.turns} turns, {length.minutes} minutes"


def mid_game(name: str, seed: int = PICTURE_SEED, cap: int = 3000) -> tg.State:
    """A position halfway through a seeded game between greedy bots (random bots for a
    game without a measured length): the game is played to its end (or ``cap``
    decisions), then the position that starts its middle turn is taken."""
    from tablegames.bots import GreedyBot, RandomBot

    game = tg.make(name)
    greedy = typical(name) is not None
    bots = [
        GreedyBot(seed=f"{seed}:{p}") if greedy else RandomBot(f"{seed}:{p}")
        for p in range(game.num_players)
    ]
    state = game.initial_state(seed)
    starts: list[tg.State] = []  # the position at the start of each turn
    last = None
    for _ in range(cap):
        if state.is_terminal:
            break
        if state.current_player != last:
            starts.append(state)
            last = state.current_player
        state = state.apply(bots[state.current_player].choose(state))
    return starts[len(starts) // 2] if starts else state


def picture_png(state: tg.State, size: int = 2 * PICTURE_SIZE) -> bytes | None:
    """``state`` drawn from player 0's seat (the others' cards face down), as a PNG that
    fits a square of ``size`` pixels; None without the rasteriser (the ``static`` extra) or when the
    game draws no picture."""
    from tablegames.scene import state_svg
    from tablegames.svg import svg_to_png

    try:
        svg = state_svg(state, viewer=0)
    except Exception:  # a game from another package without a picture: the card alone
        return None
    png = svg_to_png(svg)
    if png is None:
        return None
    from PIL import Image

    with Image.open(io.BytesIO(png)) as image:
        scale = size / max(image.width, image.height)
        shape = (round(image.width * scale), round(image.height * scale))
        small = image.convert("RGBA").resize(shape, Image.Resampling.LANCZOS)
        out = io.BytesIO()
        small.quantize(128, method=Image.Quantize.FASTOCTREE).save(out, "PNG", optimize=True)
    return out.getvalue()


def card_html(name: str, href: str, rules: str | None, puzzles: str | None) -> str:
    """One game's card: title (linked to its page), what it is, facts, links."""
    title = html.escape(tg.GAMES[name].info.title)
    links = [f"<a class='play' href='{html.escape(href)}'>Play</a>"]
    if rules:
        links.append(
            f"<a class='rules' href='{html.escape(rules)}' target='_blank' rel='noopener'>Rules</a>"
        )
    if puzzles:
        links.append(f"<a class='puzzles' href='{html.escape(puzzles)}'>Puzzles</a>")
    return (
        f"<div class='tablegames-index game-card' data-game='{html.escape(name)}'>"
        f"<h2 class='page-list'><a href='{html.escape(href)}'>{title}</a></h2>"
        f"<p class='what'>{html.escape(what_it_is(name))}</p>"
        f"<p class='facts'>{html.escape(facts(name))}</p>"
        f"<p class='links'>{' '.join(links)}</p></div>"
    )


def game_pages(folder: Path) -> list[tuple[str, str]]:
    """(game, page address) for every game: its own page in ``folder``, else the generic
    page (``game.ipynb?game=NAME``), so a game from another package is listed too."""
    from .pages import GENERIC_PAGE

    own = {p.stem for p in folder.glob("*.ipynb")}
    out = []
    for name in tg.GAMES:
        if name in own:
            out.append((name, f"{name}.ipynb"))
        elif (folder / f"{GENERIC_PAGE}.ipynb").is_file():
            out.append((name, f"{GENERIC_PAGE}.ipynb?game={name}"))
    return out


def index_outputs(folder: str | Path = ".") -> list[Any]:
    """The index's outputs for the play pages in ``folder`` (see the module docstring):
    the style, then a picture and a card per game, then the other pages."""
    from IPython.display import HTML, Image

    from .pages import TABLE_PAGE, rules_href

    folder = Path(folder)
    puzzle_games = _puzzle_games() if (folder / "puzzles.ipynb").is_file() else set()
    out: list[Any] = [HTML(CSS + "<div class='tablegames-index intro'></div>")]
    for name, href in game_pages(folder):
        walkthrough = folder.resolve().parent / "walkthroughs" / f"{name}.ipynb"
        # the rules page make play builds, linked whether or not it is built yet (the
        # stored index stays the same): relative, as nbval runs it; Voila's address
        rules = rules_href(name) if walkthrough.is_file() else None
        puzzles = f"puzzles.ipynb?game={name}" if name in puzzle_games else None
        png = picture_png(mid_game(name))
        if png is not None:
            out.append(Image(data=png, format="png", width=_shown_width(png)))
        else:
            out.append(HTML("<div class='tablegames-index no-picture'></div>"))
        out.append(HTML(card_html(name, href, rules, puzzles)))
    others = []
    if puzzle_games:
        others.append(
            "<li><a href='puzzles.ipynb'>Puzzles</a>: positions from real games where one "
            "move wins, for every game.</li>"
        )
    if (folder / f"{TABLE_PAGE}.ipynb").is_file():
        others.append(
            "<li>A table for several devices: open a game, press <b>Play with others</b>, "
            "and send each player their seat's link.</li>"
        )
    out.append(HTML(f"<div class='tablegames-index more'><ul class='page-list'>"
                    f"{''.join(others)}</ul></div>"))  # fmt: skip
    return out


def show_index(folder: str | Path = ".") -> None:
    """Display the index of the play pages in ``folder`` (:func:`index_outputs`)."""
    from IPython.display import display

    display(*index_outputs(folder))


def _shown_width(png: bytes) -> int:
    """The CSS width of a stored picture: half its pixels (it is stored at twice)."""
    from PIL import Image

    with Image.open(io.BytesIO(png)) as image:
        return int(image.width // 2)


def _puzzle_games() -> set[str]:
    """The games with a shipped puzzle set."""
    from tablegames.puzzles import GAMES as PUZZLE_GAMES

    return {g for g in PUZZLE_GAMES if g in tg.GAMES}
