"""Play pages: the Currents page's "Show currents" view and the links to the rules pages
(the walkthroughs exported to HTML by ``python -m tablegames_widgets.pages rules``)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from tablegames_widgets import pages
from tablegames_widgets.pages import PlayPage, build_rules_pages, page_index, rules_href

import tablegames as tg
from tablegames.bots import GreedyBot


@pytest.fixture(scope="module")
def currents_page() -> PlayPage:
    return PlayPage("currents")


def test_show_currents_is_off_by_default(currents_page: PlayPage) -> None:
    view = currents_page.view
    assert view is not None and view.toggle.description == "Show currents"
    assert view.toggle.value is False
    board = currents_page.play.board
    assert board.inspector is False and board.influence_lines is False
    assert view.panel.canvas.layout.display == "none"
    assert view.toggle in currents_page.button_row.children  # beside New game


def test_show_currents_draws_the_inspectors_lines_and_panel_and_follows_every_move() -> None:
    page = PlayPage("currents")
    view, play = page.view, page.play
    view.toggle.value = True
    board = play.board
    assert board.inspector is True and board.influence_lines is True
    assert view.panel.canvas.layout.display is None
    assert view.panel.drawn["vector"] == play.state.inspect().vector
    # a human move, then the bots' answers: the panel shows the position the board shows
    for _ in range(3):
        before = len(play.history)
        play.play(play.state.legal_moves()[0])
        if play.state.is_terminal:
            assert view.panel.drawn["vector"] is None  # "The game is over."
            break
        assert len(play.history) > before + 1  # the bots answered too
        inf = play.state.inspect()
        assert view.panel.drawn["vector"] == inf.vector
        assert view.panel.drawn["rows"] == [
            (si.slot, si.card, si.directions) for si in inf.currents
        ]
        assert board.drawn.get("influencing", ()) == tuple(si.slot for si in inf.currents)
    # stepping back through the game: the panel follows the board
    play.controls.slider.value = 1
    assert view.panel.drawn["vector"] == play.history[1].inspect().vector
    view.toggle.value = False
    assert board.inspector is False and view.panel.canvas.layout.display == "none"


def test_the_panel_sits_beside_the_board_and_survives_a_new_game() -> None:
    page = PlayPage("currents")
    view = page.view
    view.toggle.value = True
    page.controls["players"].value = 2
    page.start()
    board = page.play.board
    assert board.state.game.num_players == 2
    row = page.play.children[0]
    assert list(row.children) == [board, view.panel.canvas]
    assert board.inspector is True  # the toggle stays on for the new game
    assert view.panel.canvas.height == int(board.geometry.height)
    assert view.panel.drawn["vector"] == board.state.inspect().vector


def test_other_games_have_no_extra_view() -> None:
    assert PlayPage("poohsticks").view is None


def test_the_rules_link_points_at_the_static_file_beside_the_page(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("SCRIPT_NAME", "/voila/render/currents.ipynb")
    assert rules_href("currents") == "/voila/files/rules/currents.html"
    # behind a proxy (Binder, JupyterHub) the prefix and folder are kept
    monkeypatch.setenv("SCRIPT_NAME", "/user/x/voila/render/notebooks/play/currents.ipynb")
    assert rules_href("currents") == "/user/x/voila/files/notebooks/play/rules/currents.html"
    monkeypatch.delenv("SCRIPT_NAME")
    assert rules_href("currents") == "../files/rules/currents.html"


def test_pages_link_their_rules_in_a_new_tab_only_when_the_rules_page_exists(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("SCRIPT_NAME", "/voila/render/currents.ipynb")
    assert pages.rules_link("currents") == ""
    (tmp_path / "rules").mkdir()
    (tmp_path / "rules" / "currents.html").write_text("<title>Currents</title>")
    link = pages.rules_link("currents")
    assert "href='/voila/files/rules/currents.html'" in link
    assert "target='_blank'" in link and "rel='noopener'" in link
    assert "How to play Currents" in link
    (tmp_path / "currents.ipynb").write_text("{}")
    assert "/rules/" not in page_index(tmp_path).data  # the same whether built or not


def notebook(title: str) -> dict[str, Any]:
    text = f"Intro\n\n# {title}\n\nText"
    result = {"output_type": "execute_result", "execution_count": 1,
              "data": {"text/plain": "2"}, "metadata": {}}  # fmt: skip
    return {
        "cells": [
            {"cell_type": "markdown", "id": "a", "metadata": {}, "source": text},
            {"cell_type": "code", "id": "b", "metadata": {}, "source": "1 + 1",
             "execution_count": 1, "outputs": [result]},
        ],
        "metadata": {},
        "nbformat": 4,
        "nbformat_minor": 5,
    }  # fmt: skip


def test_rules_pages_are_the_walkthroughs_of_the_play_pages_titled_by_their_heading(
    tmp_path: Path,
) -> None:
    walk, play = tmp_path / "walkthroughs", tmp_path / "play"
    walk.mkdir()
    play.mkdir()
    (walk / "currents.ipynb").write_text(json.dumps(notebook("Currents, step by step")))
    (walk / "extra.ipynb").write_text(json.dumps(notebook("Not a game")))
    (play / "currents.ipynb").write_text("{}")
    (play / "index.ipynb").write_text("{}")
    built = build_rules_pages(walk, play)
    assert built == [play / "rules" / "currents.html"]  # only games with both notebooks
    assert sorted(p.name for p in (play / "rules").iterdir()) == [".gitignore", "currents.html"]
    assert (play / "rules" / ".gitignore").read_text().splitlines()[-1] == "*"
    text = built[0].read_text()
    assert "<title>Currents, step by step</title>" in text
    assert "Text" in text and "<pre>2</pre>" in text  # the stored output, not re-run
    # up to date: kept as is (make play restarts quickly)
    built[0].write_text("kept")
    build_rules_pages(walk, play)
    assert built[0].read_text() == "kept"


def test_the_make_play_target_builds_the_rules_pages_with_the_tests_command() -> None:
    from support.browser import RULES_COMMAND

    makefile = (Path(__file__).parents[2] / "Makefile").read_text()
    recipe = makefile.split("\nplay:", 1)[1].split("\n\n", 1)[0]
    assert "cd notebooks && ../$(PY) " + " ".join(RULES_COMMAND) in recipe
    assert recipe.index(" ".join(RULES_COMMAND)) < recipe.index("voila play")


def test_currents_is_registered(currents_page: PlayPage) -> None:
    assert currents_page.play.game == tg.make("currents")


def test_page_menus_offer_only_values_the_settings_allow_and_never_show_blank() -> None:
    """Poohsticks' bridge row: greyed without a bridge, then the rows of this river only;
    the default (None in the engine) reads "default", never a blank menu."""
    from tablegames_widgets.pages import DEFAULT

    page = PlayPage("poohsticks")
    menu = page.controls["bridge_row"]
    assert menu.disabled and menu.label == "default"
    page.controls["bridge"].value = True
    assert not menu.disabled
    assert [v for _label, v in menu.options] == [DEFAULT, 2, 3, 4, 5, 6]  # a 6-row river
    menu.value = 5
    page.start()
    assert page.error.value == ""
    assert page.chosen_options()["bridge_row"] == 5
    for name, control in page.controls.items():
        if hasattr(control, "options"):
            assert control.label, f"{name} shows a blank menu"


def test_new_game_with_the_same_settings_redraws_the_same_board() -> None:
    """New game with unchanged settings reuses the page's widgets (no forty new widget
    views to build in the browser): a fresh game from the next seed, bots reseeded."""
    page = PlayPage("poohsticks")
    play, board = page.play, page.play.board
    first = play.history[0]
    page.seat_box.children[1].value = "greedy"  # bots may change: the humans stay put
    page.start()
    assert page.play is play and page.play.board is board
    assert isinstance(play.seats[1], GreedyBot)
    assert play.history[0] != first and play.history[0] == play.game.initial_state(play.seed)
    assert board.state is play.state and play.controls.length == len(play.history)
    assert page.table.children == (play,)
    assert play.said.startswith("New game. ")


def test_new_game_with_other_settings_or_humans_builds_a_new_board() -> None:
    page = PlayPage("poohsticks")
    play = page.play
    page.seat_box.children[1].value = "human"  # two humans now: another viewpoint
    page.start()
    assert page.play is not play
    play = page.play
    page.controls["bridge"].value = True  # another game
    page.start()
    assert page.play is not play and page.play.game.options["bridge"] is True


def test_under_voila_a_play_page_carries_a_picture_of_its_board_for_the_loading_screen(
    monkeypatch,
) -> None:
    """Voila's front end takes a moment to load; the play template shows this SVG (the
    board as the live page will show it) on the loading screen meanwhile."""
    from tablegames_widgets.static import SVG, WIDGET_VIEW

    page = PlayPage("fellowship")
    assert SVG not in page._repr_mimebundle_(), "outside Voila pages carry no picture"
    monkeypatch.setenv("SERVER_SOFTWARE", "voila/0.5.13")
    data = page._repr_mimebundle_()
    assert WIDGET_VIEW in data  # the live page still renders the widget
    assert data[SVG] == page.play.board_picture()
    assert data[SVG].startswith("<svg")
    # the board and its message only: drawn buttons would look clickable while loading
    assert ">Hint<" in page.play.static_svg() and ">Hint<" not in data[SVG]


def test_a_page_deals_a_seed_nobody_can_predict(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 27 item 5: pages dealt seed 1, then 2, 3, ..., so anyone could compute the
    bots' hands from the public code. Now every deal (the first and each New game) comes
    from the system's randomness; the bots are seeded from it too."""
    from tablegames_widgets.pages import SEED_ENV

    monkeypatch.delenv(SEED_ENV, raising=False)
    a, b = PlayPage("poohsticks"), PlayPage("poohsticks")
    assert a.seed != b.seed
    assert min(a.seed, b.seed) > 2**20, "a seed a counter could reach"
    dealt = a.play.seed
    a.start()
    assert a.play.seed not in (dealt, dealt + 1) and a.play.seed > 2**20
    assert a.play.history[0] == a.play.game.initial_state(a.play.seed)
    seen = {PlayPage("poohsticks").seed for _ in range(5)}
    assert len(seen) == 5


def test_a_page_given_a_seed_deals_it_then_the_next(monkeypatch: pytest.MonkeyPatch) -> None:
    """Tests (and a replay) give the seed: that deal, then the next seeds on New game; the
    test server's environment may fix it for every page (TABLEGAMES_PAGE_SEED)."""
    from tablegames_widgets.pages import SEED_ENV

    page = PlayPage("poohsticks", seed=7)
    assert page.play.history[0] == page.play.game.initial_state(7)
    page.start()
    assert page.play.seed == 8
    monkeypatch.setenv(SEED_ENV, "5")
    assert PlayPage("poohsticks").play.seed == 5
    monkeypatch.setenv(SEED_ENV, "not a number")
    assert PlayPage("poohsticks").play.seed > 2**20
