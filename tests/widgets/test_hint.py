"""Hints and bot seats: the play widget asks MCTS for a move from the human's own view,
and the play pages seat random, greedy or MCTS bots."""

from __future__ import annotations

from tablegames_widgets.pages import SEAT_CHOICES, PlayPage
from tablegames_widgets.play import PlayWidget

import tablegames as tg
from tablegames.bots import GreedyBot, MCTSBot, RandomBot


def test_hint_selects_the_searched_move_and_highlights_it() -> None:
    game = tg.make("currents", players=2)
    w = PlayWidget(game, seats=["human", RandomBot(1)], seed=3, square=40)
    w.hint_iterations = 60
    analysis = w.hint()
    assert analysis is not None and analysis.iterations == 60
    best = analysis.best.move
    assert str(w.moves.value) == best
    assert w.board.targets == tuple(w.board.move_keys(w.moves.value))
    assert "Hint:" in w.message.value and "win chance" in w.message.value
    # The suggested move plays like any other.
    before = len(w.history)
    w._play_from_list()
    assert len(w.history) > before and w.history[before].last_move is not None


def test_hint_is_only_for_a_humans_turn() -> None:
    game = tg.make("currents", players=2)
    w = PlayWidget(game, seats=["human", "human"], seed=1, square=40)
    w.seats[w.state.current_player] = RandomBot(0)
    assert w.hint() is None and "human" in w.message.value


def test_hint_button_is_disabled_when_the_game_is_over() -> None:
    game = tg.make("currents", players=2, max_turns=1)
    w = PlayWidget(game, seats=[RandomBot(0), RandomBot(1)], seed=2, square=40)
    assert w.state.is_terminal and w.hint_button.disabled


def test_play_page_offers_greedy_and_mcts_seats() -> None:
    assert [v for _, v in SEAT_CHOICES] == ["human", "random", "greedy", "mcts:300"]
    page = PlayPage("poohsticks")
    seat = page.seat_box.children[1]
    seat.value = "mcts:300"
    page.seat_box.children[0].value = "greedy"
    page.start()
    kinds = [type(s) for s in page.play.seats]
    assert kinds == [GreedyBot, MCTSBot]
    assert page.play.state.is_terminal or len(page.play.history) > 1
