"""PlayWidget with bots thinking in the background (play pages): the move is searched in a
worker thread and applied on the event loop after the handler returns; meanwhile the page
says who is thinking, refuses clicks and moves, still steps through the history, and a
new game drops the stale answer. MCTS seats on play pages stop at their time limit."""

from __future__ import annotations

import asyncio
import random
import threading
import time
from collections.abc import Awaitable, Callable
from typing import Any

import tablegames_widgets.play as play_module
from support.widgets import centre, click, key, message
from tablegames_widgets.play import PlayWidget, time_bounded

import tablegames as tg
from tablegames.bots import GuidedMCTSBot, MCTSBot, RandomBot


class Gated:
    """A bot that plays the first legal move, but only once ``go`` is set (so a test
    decides when its search ends)."""

    def __init__(self) -> None:
        self.go = threading.Event()
        self.answered = threading.Event()
        self.threads: list[str] = []

    def choose(self, state: Any) -> Any:
        self.threads.append(threading.current_thread().name)
        assert self.go.wait(10), "the test never let the bot answer"
        self.answered.set()
        return state.legal_moves()[0]


async def until(condition: Callable[[], bool], timeout: float = 10.0) -> None:
    """Let the event loop run until ``condition()`` holds."""
    end = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < end, "timed out waiting"
        await asyncio.sleep(0.01)


def in_fresh_thread(body: Callable[[], object]) -> None:
    """Run ``body`` in a thread of its own and re-raise what it raised: the test process may
    already run an event loop in its main thread (Playwright's sync API, started by a browser
    test earlier in the same pytest worker), and these tests need their own or none."""
    failure: list[BaseException] = []

    def target() -> None:
        try:
            body()
        except BaseException as e:  # re-raised in the test's thread
            failure.append(e)

    thread = threading.Thread(target=target, name="test-main")
    thread.start()
    thread.join(60)
    assert not thread.is_alive(), "the test did not finish in 60 s"
    if failure:
        raise failure[0]


def run(test: Callable[[], Awaitable[None]]) -> None:
    in_fresh_thread(lambda: asyncio.run(asyncio.wait_for(test(), 30)))


def table(bot: Gated, seed: int = 5) -> PlayWidget:
    """Currents for two: P0 human, P1 the gated bot, who places the first ace (seed 5)."""
    w = PlayWidget(tg.make("currents", players=2), ["human", bot], seed=seed,
                   background=True, square=40)  # fmt: skip
    assert w.state.current_player == 1, "the bot should move first with this seed"
    return w


def test_a_bot_seat_moves_after_the_handler_returns_in_background_mode():
    async def test() -> None:
        bot = Gated()
        w = table(bot)
        # Built (the handler returned) with the bot still searching, in the worker thread.
        assert len(w.history) == 1 and w.thinking == 1
        assert message(w) == "Player 1 (Gated) is thinking…"
        assert w.moves.disabled and w.play_selected.disabled and not w.buttons.children
        bot.go.set()
        await until(lambda: w.state.current_player == 0)  # P1 placed two aces, P0 one
        assert len(w.history) == 3 and bot.threads == ["tablegames-bot_0"] * 2
        assert w.thinking is None and w.board.state is w.state
        assert message(w).startswith("Player 0 (human):")
        assert w.controls.index == 2 and not w.moves.disabled

    run(test)


def test_without_a_running_event_loop_bots_answer_at_once():
    def body() -> None:
        bot = Gated()
        bot.go.set()
        w = PlayWidget(tg.make("currents", players=2), ["human", bot], seed=5, background=True)
        assert w.thinking is None and w.state.current_player == 0 and len(w.history) == 3
        assert bot.threads == [threading.current_thread().name] * 2

    in_fresh_thread(body)


def test_a_click_while_a_bot_thinks_is_refused_with_a_message_and_changes_nothing():
    async def test() -> None:
        bot = Gated()
        w = table(bot)
        before = w.state
        click(w.board.layers.multi, *centre(w.board.geometry.hand_rect(0, 0)))
        assert message(w) == "Player 1 is thinking… wait for their move."
        w.play(w.state.legal_moves()[0])  # the move list's Play button, a choice button
        assert message(w) == "Player 1 is thinking… wait for their move."
        assert w.history == [before] and w.board.state is before and w.input.picked == ()
        bot.go.set()
        await until(lambda: w.state.current_player == 0)
        assert len(w.history) == 3

    run(test)


def test_stepping_back_while_a_bot_thinks_works_and_the_answer_keeps_the_view():
    async def test() -> None:
        bot = Gated()
        bot.go.set()
        w = table(bot)
        await until(lambda: w.state.current_player == 0)
        bot.go.clear()
        while w.thinking is None:  # the human plays until the bot must answer
            w.play(w.state.legal_moves()[0])
        n = len(w.history)
        multi = w.board.layers.multi
        key(multi, "Home")
        assert w.controls.index == 0 and w.board.state is w.history[0]
        assert f"Position 0 of {n - 1}" in message(w)
        key(multi, "ArrowRight")
        assert w.controls.index == 1 and w.board.state is w.history[1]
        bot.go.set()
        await until(lambda: w.thinking is None)
        # The answer lands in the history; the person still looks at position 1.
        assert len(w.history) == n + 1 and w.controls.length == n + 1
        assert w.controls.index == 1 and w.board.state is w.history[1]
        assert "(press End to return to the game)" in message(w)
        key(multi, "End")
        assert w.controls.index == n and w.board.state is w.state

    run(test)


def test_new_game_while_a_bot_thinks_ignores_the_stale_move():
    async def test() -> None:
        bot = Gated()
        w = table(bot)
        assert w.thinking == 1
        w.new_game(seed=2)  # the bot to move first again: its new search waits its turn
        first = w.history[0]
        assert w.thinking == 1 and first == w.game.initial_state(2) != w.game.initial_state(5)
        bot.go.set()
        await until(lambda: w.state.current_player == 0)
        # Three answers (one stale, dropped); the game holds only the new game's two.
        assert len(bot.threads) == 3
        reference = PlayWidget(w.game, ["human", bot], seed=2)  # no loop: at once
        assert w.history == reference.history and w.history[0] is first
        assert w.board.state is w.state and message(w).startswith("Player 0 (human):")

    run(test)


def test_a_play_pages_mcts_seat_stops_at_its_time_limit():
    slow = MCTSBot(iterations=100_000, seed=1)
    w = PlayWidget(tg.make("poohsticks", players=2), ["human", slow], background=True,
                   bot_seconds=0.3)  # fmt: skip
    bounded = w.seats[1]
    assert isinstance(bounded, MCTSBot) and bounded.seconds == 0.3
    assert bounded.iterations == 100_000 and bounded.seed == 1
    state = tg.make("poohsticks", players=2).initial_state(3)
    start = time.perf_counter()
    analysis = bounded.analyse(state)
    assert time.perf_counter() - start < 2.0  # generous: the machine may be loaded
    assert 1 <= analysis.iterations < 100_000


def test_time_bounds_apply_to_mcts_seats_without_one_only():
    quick = MCTSBot(iterations=50, seconds=0.1)
    rnd = RandomBot(0)
    assert time_bounded(quick, 0.8) is quick and time_bounded(rnd, 0.8) is rnd
    assert time_bounded("human", 0.8) == "human"
    assert time_bounded(MCTSBot(iterations=50), None).seconds is None
    w = PlayWidget(tg.make("poohsticks", players=2), ["human", MCTSBot(iterations=50)])
    assert w.seats[1].seconds is None  # not in the background: iterations only


def test_a_time_bounded_guided_seat_stays_guided_with_its_settings():
    """A background page bounds an MCTS seat's time on a copy of the seat: a guided bot
    (or any subclass) keeps its class and settings; before, it became plain MCTS."""
    guided = GuidedMCTSBot(iterations=400, seed=7, epsilon=0.2, exploration=0.5)
    twin = time_bounded(guided, 0.8)
    assert type(twin) is GuidedMCTSBot and twin is not guided
    settings = (twin.seconds, twin.iterations, twin.epsilon, twin.exploration, twin.seed)
    assert settings == (0.8, 400, 0.2, 0.5, 7)
    assert guided.seconds is None, "the seat handed in is left as it was"
    assert twin.rng is not guided.rng and twin.rng.random() == random.Random(7).random()


async def idle() -> None:
    """Wait until the bots' worker thread has finished what it was given, and let the
    loop run the callbacks that brings."""
    await asyncio.get_running_loop().run_in_executor(play_module._thinker(), lambda: None)
    await asyncio.sleep(0.05)


def hotseat() -> PlayWidget:
    return PlayWidget(tg.make("poohsticks", players=2), ["human", "human"], seed=3,
                      background=True)  # fmt: skip


def test_a_hint_in_background_mode_is_searched_off_the_handler_then_shown():
    async def test() -> None:
        w = hotseat()
        w.hint_iterations = 20
        assert w.hint() is None
        assert message(w) == "Searching for a hint…" and w.hint_button.disabled
        await until(lambda: w.last_hint is not None)
        assert w.last_hint is not None and message(w).startswith("Hint: ")
        assert str(w.moves.value) == w.last_hint.best.move and not w.hint_button.disabled

    run(test)


def test_a_hint_found_after_the_human_moved_is_dropped():
    async def test() -> None:
        w = hotseat()
        w.hint_iterations = 20
        w.hint()
        w.play(w.state.legal_moves()[0])
        shown = message(w)
        await idle()
        assert w.last_hint is None and message(w) == shown

    run(test)


def test_a_bots_turn_of_several_decisions_shares_one_time_budget():
    """Each later decision of a turn is given what is left of ``bot_seconds`` (at least
    MIN_SLICE), checked on the budgets handed to the bot, not on wall time, so a loaded
    machine cannot make it fail."""

    async def test() -> None:
        calls: list[tuple[float, float, float]] = []  # (budget, start, end) of each decision

        class Recorded(MCTSBot):  # a subclass: the compiled bot's methods are read-only
            def choose(self, state: Any) -> Any:
                start = time.perf_counter()
                move = super().choose(state)
                calls.append((self.seconds, start, time.perf_counter()))
                return move

        game = tg.make("poohsticks", players=2)
        w = PlayWidget(game, ["human", Recorded(iterations=100_000)], seed=4,
                       background=True, bot_seconds=0.5)  # fmt: skip
        human = MCTSBot(iterations=30, seed=1)  # plays the human's moves, quickly
        turns = []  # the decisions of each bot turn
        while len(turns) < 40 and not w.state.is_terminal:
            if w.state.current_player == 0:
                move = human.choose(w.state)
                done = len(calls)
                w.play(move)
                await until(lambda: w.thinking is None)
                if len(calls) > done:  # the human's turn may go on (more decisions)
                    turns.append(calls[done:])
            if max(map(len, turns), default=0) >= 2:
                break
        several = [turn for turn in turns if len(turn) >= 2]
        assert several, f"no bot turn of several decisions: {turns}"
        for turn in turns:
            assert turn[0][0] == 0.5, turn  # a turn starts with the whole budget
            first_start = turn[0][1]
            for (budget, _start, _end), (_b, _s, end_before) in zip(turn[1:], turn):
                # the turn began before the first decision started, and each later
                # decision began after the one before it ended
                left = 0.5 - (end_before - first_start)
                assert play_module.MIN_SLICE <= budget <= max(left, play_module.MIN_SLICE), turn

    run(test)
