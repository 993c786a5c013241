"""A game from another package gets a board, a play widget and a play page with no widget
code: the generic SceneBoard draws the game's scene, a click means the keyed shape under
it, and the legal moves are offered in the move list (docs/example_game.py, "Race")."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest
from support.plugins import install_race
from tablegames_widgets import PlayWidget
from tablegames_widgets.pages import PlayPage, page_from_query, page_index
from tablegames_widgets.registry import board_class
from tablegames_widgets.scene_board import SceneBoard

import tablegames as tg
from tablegames.scene import to_svg


@pytest.fixture
def race(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Any:
    """The example game installed as a plugin (its entry point on sys.path) and the
    registry read again; both undone after the test."""
    monkeypatch.syspath_prepend(str(install_race(tmp_path)))
    # forget what the registry read, so it reads the entry points again; monkeypatch keeps
    # the values from before, and puts them back after the test (setting the dict the
    # registry had just loaded, Race and all, kept Race registered for later tests)
    monkeypatch.setattr(tg.GAMES, "_games", None)
    monkeypatch.setattr(tg.GAMES, "_installed_read", False)
    assert "race" in tg.GAMES
    return sys.modules["example_game"]


def test_a_game_without_a_board_widget_gets_the_scene_board(race: Any) -> None:
    assert board_class("race") is SceneBoard
    assert board_class("currents").__name__ == "CurrentsBoard"  # a game's own board wins
    with pytest.raises(ValueError, match="no game named 'nope'; registered games: currents"):
        board_class("nope")


def test_the_scene_board_draws_the_games_scene_and_redraws_on_a_move(race: Any) -> None:
    state = race.RaceGame(target=6).initial_state()
    board = SceneBoard(state, square=30)
    assert (board.geometry.width, board.geometry.height) == (30 * 7, 60)
    assert board.static_svg() == to_svg(race.state_scene(state, square=30))
    before = board.draw_count
    board.show(state.apply(state.legal_moves()[2]))
    assert board.draw_count == before + 1
    assert "total 3" in board.caption.value


def test_a_click_means_the_keyed_shape_under_it(race: Any, monkeypatch: Any) -> None:
    from dataclasses import replace

    from tablegames.scene import Rect

    original = race.state_scene

    def keyed(state: Any, square: float = 40.0) -> Any:
        scene = original(state, square)
        scene.pieces.append(Rect(0, 0, square / 2, square / 2, key=("corner", 0)))
        return scene

    monkeypatch.setattr(race.RaceGame, "parts", replace(race.RaceGame.parts, scene=keyed))
    board = SceneBoard(race.RaceGame().initial_state(), square=40)
    clicked: list[Any] = []
    board.on_click(clicked.append)
    assert board.click_at(5, 5) == ("corner", 0)
    assert board.click_at(300, 70) is None
    assert clicked == [("corner", 0)]


def test_the_play_widget_offers_every_legal_move_and_plays_it(race: Any) -> None:
    game = race.RaceGame(target=5)
    w = PlayWidget(game, seats=["human", "human"])
    assert [label for label, _ in w.moves.options] == ["1", "2", "3"]
    w.moves.value = w.moves.options[2][1]
    w.play_selected.click()
    assert w.state.total == 3 and w.state.current_player == 1
    w.play("2")
    assert w.state.is_terminal and w.state.winners == frozenset({1})


def test_the_generic_play_page_serves_the_game_the_address_names(race: Any) -> None:
    page = page_from_query("game=race")
    assert isinstance(page, PlayPage)
    unknown = page_from_query("game=chesss")
    assert "no game called “chesss”" in unknown.data and "game.ipynb?game=race" in unknown.data


def test_the_index_links_every_game_without_a_page_to_the_generic_page(
    race: Any, tmp_path: Path
) -> None:
    for name in ("index", "game", "currents"):
        (tmp_path / f"{name}.ipynb").write_text("{}")
    html = page_index(tmp_path).data
    assert "href='currents.ipynb'" in html and "href='game.ipynb?game=race'" in html
    assert "href='game.ipynb?game=currents'" not in html  # it has its own page
    assert "href='game.ipynb'" not in html and "href='index.ipynb'" not in html
