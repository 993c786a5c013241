"""The play pages' index (tablegames_widgets.index): a picture, a line, the players, a
typical length and links to play, rules and puzzles for every game; the puzzles link
opens the Puzzles page on that game; a tap on a board plays as a click."""

from __future__ import annotations

import html
import io
import re
from pathlib import Path
from typing import Any

import pytest
from PIL import Image
from tablegames_widgets import index
from tablegames_widgets.pages import puzzles_from_query

import tablegames as tg

PLAY = Path(__file__).resolve().parents[2] / "notebooks" / "play"


@pytest.fixture(scope="module")
def outputs() -> list[Any]:
    return index.index_outputs(PLAY)


def cards(outputs: list[Any]) -> dict[str, str]:
    """Each game's card (HTML), by game name."""
    found = {}
    for out in outputs:
        data = getattr(out, "data", None)
        m = re.search(r"data-game='(\w+)'", data) if isinstance(data, str) else None
        if m:
            found[m.group(1)] = data
    return found


def test_every_game_has_a_picture_and_a_card_with_play_rules_and_puzzles(outputs) -> None:
    shown = cards(outputs)
    assert list(shown) == list(tg.GAMES)
    for name, card in shown.items():
        title = tg.GAMES[name].info.title
        assert f"<a href='{name}.ipynb'>{html.escape(title)}</a>" in card
        assert f"class='play' href='{name}.ipynb'" in card
        assert f"class='rules' href='../files/rules/{name}.html'" in card
        assert f"class='puzzles' href='puzzles.ipynb?game={name}'" in card
        assert index.what_it_is(name) and html.escape(index.what_it_is(name)) in card
    pictures = [o for o in outputs if type(o).__name__ == "Image"]
    assert len(pictures) == len(tg.GAMES)
    for picture in pictures:
        with Image.open(io.BytesIO(picture.data)) as image:
            assert max(image.size) == 2 * index.PICTURE_SIZE  # drawn at twice its size
        assert picture.width == image.width // 2


def test_the_index_says_players_and_a_typical_length_in_turns_and_minutes() -> None:
    assert index.facts("currents") == "2 to 4 players · a game: about 24 turns, 6 minutes"
    assert index.facts("cardchess") == "2 players · a game: about 35 turns, 9 minutes"
    assert all(index.typical(name) is not None for name in tg.GAMES)


def test_the_typical_length_is_the_one_the_benchmark_measures() -> None:
    """The figures come from benchmarks/game_lengths.py (200 games a game, minutes): its
    first 40 seeded greedy games of Fellowship (the steadiest game, at most 40 turns)
    land within 15 % of the index's median."""
    import sys
    from statistics import median

    sys.path.insert(0, str(PLAY.parents[1] / "benchmarks"))
    try:
        import game_lengths
    finally:
        sys.path.pop(0)
    lengths, unfinished = game_lengths.measure("fellowship", "greedy", 40, 3000)
    assert unfinished == 0
    assert abs(median(lengths) / index.typical("fellowship").turns - 1) < 0.15
    assert game_lengths.SECONDS_PER_TURN == index.SECONDS_PER_TURN


def test_the_picture_is_taken_halfway_through_a_game() -> None:
    state = index.mid_game("fellowship")
    assert not state.is_terminal
    assert state.to_json() != tg.make("fellowship").initial_state(index.PICTURE_SEED).to_json()


def test_the_puzzles_link_opens_the_puzzles_of_the_game_it_names() -> None:
    page = puzzles_from_query("game=resistor")
    assert page.chooser.value == "resistor"
    assert page.widget.state.game.name == "resistor"
    first = puzzles_from_query("")
    assert first.chooser.value == first.games[0]
    assert puzzles_from_query("game=nonsense").chooser.value == first.games[0]


def test_a_tap_on_the_board_plays_as_a_click_at_the_same_pixel() -> None:
    from tablegames_widgets.registry import board_for

    state = tg.make("resistor").initial_state(3)
    while not any(len(board_for(state).move_keys(m)) == 1 for m in state.legal_moves()):
        state = state.apply(state.legal_moves()[0])  # to the set-up: one click a piece
    board = board_for(state)
    (key,) = next(k for k in map(board.move_keys, state.legal_moves()) if len(k) == 1)
    x, y, w, h = board.key_rect(key)
    heard: list[Any] = []
    board.on_click(heard.append)
    assert board.tap_at([(x + w / 2, y + h / 2)]) == key
    assert board.tap_at([(x + w / 2, y + h / 2), (1.0, 1.0)]) is None  # two fingers: no click
    assert heard == [key]
