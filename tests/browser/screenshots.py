"""Screenshots of the play pages and the Currents inspector, for the README:
docs/img/<game>-play-page.png and docs/img/currents-inspector.png.

Run from the repository root: ``PYTHONPATH=tests .venv/bin/python -m browser.screenshots
[game ...]`` (tests/ on the path for the ``support`` helpers, as pytest puts it; default:
every play page; needs Debian's chromium, which ``make test`` installs). It starts Voila
as ``make play`` does, opens each game's play page at 1100x900, plays the move the page's
move list offers first (so the board shows a move, as the README's captions say), and
saves the window. The inspector picture is the widget's own static picture (the PNG a
stored notebook carries) of a mid-game Currents position with a slot's lines pinned.
Look at the pictures before committing them (the walkthroughs' are tests/lab/screenshots.py).
"""

from __future__ import annotations

import argparse
import random
import tempfile
from pathlib import Path

from support.browser import CHROMIUM, FLAGS, ROOT, new_page, open_board, start_voila, stop

#: The play pages' Play button (plays the move chosen in the list).
PLAY = ".tablegames-play button[title='Play the move chosen in the list']"

#: How many times the human plays the list's first move before the picture: Resistor's
#: set-up takes 16 placements and a few turns before the circuit shows play.
MOVES = {"resistor": 24}

#: Scroll the board's top to the window's top (the click scrolled to the move list).
TOP = """() => {
  const board = document.querySelector('.tablegames-play');
  board.scrollIntoView({block: "start"});
}"""


def inspector_picture(out: Path) -> Path:
    """The Currents inspector's static picture: seed 3, twelve random moves in, slot S2's
    influence lines pinned."""
    from tablegames_widgets.currents.inspector import CurrentsInspector

    import tablegames as tg
    from tablegames.svg import svg_to_png

    rng = random.Random(1)
    state = tg.make("currents").initial_state(3)
    for _ in range(12):
        state = state.apply(rng.choice(state.legal_moves()))
    inspector = CurrentsInspector(state)
    inspector.select_slot(10)
    png = svg_to_png(inspector.static_svg())
    if png is None:
        raise SystemExit("no SVG rasteriser: pip install resvg-py (the static extra)")
    target = out / "currents-inspector.png"
    target.write_bytes(png)
    return target


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help="games (default: all)")
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "img")
    args = parser.parse_args()
    games = args.games or ["cardchess", "currents", "fellowship", "poohsticks", "resistor"]
    from playwright.sync_api import sync_playwright

    if "currents" in games:
        print(inspector_picture(args.out))
    proc, url = start_voila(Path(tempfile.mkdtemp(prefix="tablegames-play-shots-")))
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
            for game in games:
                page = new_page(browser, 1100, 900)
                open_board(page, url, f"{game}.ipynb")
                play = page.locator(PLAY)
                for _ in range(MOVES.get(game, 1)):
                    if play.count() and play.first.is_enabled():
                        play.first.click()
                        page.wait_for_timeout(600)  # the bot's answer
                page.mouse.move(5, 890)  # no hover preview on the board
                page.wait_for_timeout(2500)  # the move drawn (and a bot's answer)
                page.evaluate(TOP)
                target = args.out / f"{game}-play-page.png"
                page.screenshot(path=str(target))
                print(target)
                page.context.close()
            browser.close()
    finally:
        stop(proc, timeout=20)


if __name__ == "__main__":
    main()
