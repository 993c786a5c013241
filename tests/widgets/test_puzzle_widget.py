"""PuzzleWidget: a right answer (clicked or from the list) says right, a wrong one says
wrong and why, longer lines go on move by move, Next advances, and a hidden-card puzzle
shows the solver's own view only (no other seat's hidden card in its drawing or state)."""

from __future__ import annotations

from typing import Any

import pytest
from tablegames_widgets.puzzles import PuzzlePage, PuzzleWidget

import tablegames as tg
from tablegames.cards import pretty
from tablegames.puzzles import load_set, puzzle_state
from tablegames.scene import Card


def click_move(w: PuzzleWidget, move: Any) -> None:
    """Answer ``move`` by clicking its places on the board, as a page would (buttons for
    what clicks leave open)."""
    board = w.board
    for key in board.move_keys(move):
        if w.done or w.verdict is not None:
            break
        board._click_handlers[0](key)
    if w.verdict is None and w.state is not None:
        for button in w.buttons.children:
            if button.tooltip == str(move):
                button.click()
                return


def test_right_answer_clicked_on_the_board_says_right() -> None:
    w = PuzzleWidget("cardchess")
    solution = w.state.parse_move(w.puzzle["solution"][0])
    click_move(w, solution)
    assert w.verdict is not None and w.verdict.solved
    assert w.said.startswith("Right!") and w.puzzle["theme"][1:] in w.said
    assert w.done and w.move_list.disabled


def test_right_answer_from_the_move_list_says_right() -> None:
    w = PuzzleWidget("currents")
    w.move_list.value = w.state.parse_move(w.puzzle["solution"][0])
    w.answer_button.click()
    assert w.verdict is not None and w.verdict.solved and w.said.startswith("Right!")


def test_wrong_answer_says_wrong_and_why_with_the_opponents_punishing_line() -> None:
    """Resistor's defence puzzles: a wrong move is answered by the engine's search with
    the line by which the opponent then scores."""
    puzzles = load_set("resistor")["puzzles"]
    start = next(i for i, p in enumerate(puzzles) if p["kind"] == "save")
    w = PuzzleWidget(puzzles, start=start)
    wrong = next(m for m in w.state.legal_moves() if str(m) != w.puzzle["solution"][0])
    verdict = w.answer(wrong)
    assert not verdict.right
    assert w.said.startswith("Wrong:") and "reaches their goal" in w.said
    assert "Player" in w.said.split("After it,")[1]  # the opponent named as the board does
    w.retry()
    assert w.verdict is None and not w.done and w.state is w._start
    assert w.answer(w.puzzle["solution"][0]).solved


def test_currents_answer_draws_the_inspectors_influence_lines_for_the_push() -> None:
    w = PuzzleWidget("currents", start=3)  # K♥ turns the compass: the pawn crosses north
    before = w.state
    assert not w.board.influence_lines
    w.answer(w.puzzle["solution"][0])
    board = w.board
    assert board.influence_lines, "the solution is not explained with the inspector's lines"
    assert board.state.pawn == before.pawn  # the card down, the pawn about to move
    assert board.drawn["crossings"] == ("N",) and "arrow" in board.drawn
    wrong = PuzzleWidget("currents", start=3)
    move = next(m for m in wrong.state.legal_moves() if str(m) != wrong.puzzle["solution"][0])
    wrong.answer(move)
    assert wrong.board.influence_lines and wrong.board.drawn["crossings"] == ()
    assert "The currents push the pawn to" in wrong.said


def test_a_longer_line_is_right_so_far_then_solved() -> None:
    w = PuzzleWidget("poohsticks", start=1)  # three moves: A5, A6, exit
    first, *rest = w.puzzle["solution"]
    assert w.answer(first).right and not w.done
    assert w.said.startswith("Right so far")
    for move in rest:
        w.answer(move)
    assert w.done and w.verdict is not None and w.verdict.solved


def test_next_puzzle_advances_the_counter_and_resets_the_answer() -> None:
    w = PuzzleWidget("fellowship")
    count = len(load_set("fellowship")["puzzles"])
    assert f"Puzzle 1 of {count}" in w.header.value and w.previous_button.disabled
    w.answer(w.puzzle["solution"][0])
    w.next_button.click()
    assert w.index == 1 and f"Puzzle 2 of {count}" in w.header.value
    assert not w.done and w.verdict is None and w.moves == []
    assert w.state == puzzle_state(w.puzzle) or w.puzzle["view"] == "own"
    w.go(count - 1)
    assert w.next_button.disabled and "difficulty" in w.header.value
    with pytest.raises(ValueError, match=f"{count} puzzles"):
        w.go(count)


def test_show_solution_plays_the_stored_line_and_says_why() -> None:
    w = PuzzleWidget("resistor", start=1)  # a two-move line
    w.show_solution()
    assert w.done and w.said.startswith("The solution:") and ", then " in w.said


def face_up_cards(w: PuzzleWidget) -> set[str]:
    return {
        s.card
        for s in w.board.current_scene().shapes()
        if isinstance(s, Card) and s.card and not s.hidden
    }


def widget_texts(w: Any) -> str:
    """Every piece of state the widget tree sends to the page, as one string."""
    out = []
    stack = [w]
    while stack:
        x = stack.pop()
        state = x.get_state()
        out.append(repr(state))
        stack.extend(getattr(x, "children", ()))
    return "\n".join(out)


@pytest.mark.parametrize("game", ["currents", "fellowship", "poohsticks"])
def test_own_view_only_no_other_seats_hidden_cards(game: str) -> None:
    """The real hidden cards (the other hands and the draw pile) appear nowhere face up,
    neither at the posed position nor after a wrong answer (played on a sampled deal), and
    in no text the widget sends (move list, messages, captions) nor its static picture."""
    w = PuzzleWidget(game)
    real = puzzle_state(w.puzzle).to_json()
    hidden = {c for p, hand in enumerate(real["hands"]) if p != w.solver for c in hand}
    hidden |= set(real.get("draw_pile", []))
    assert hidden and w.puzzle["view"] == "own"
    assert not face_up_cards(w) & hidden
    texts = widget_texts(w) + w.static_svg()
    assert not [c for c in hidden if pretty(c) in texts or f"'{c}'" in texts]
    wrong = next(m for m in w.state.legal_moves() if str(m) != w.puzzle["solution"][0])
    w.answer(wrong)
    shown = w.board.state.observation(w.solver)
    drawn_by_solver = set(shown["hands"][w.solver]) - set(real["hands"][w.solver])
    assert not (face_up_cards(w) - drawn_by_solver) & hidden


def test_full_view_puzzles_show_every_card() -> None:
    w = PuzzleWidget("cardchess")
    assert w.board.viewer is None and w.puzzle["view"] == "full"


def test_puzzle_page_serves_the_set_of_every_game() -> None:
    page = PuzzlePage()
    games = [v for _label, v in page.chooser.options]
    assert sorted(games) == sorted(g for g in tg.GAMES if g in games) and len(games) == 5
    for g in games:
        page.chooser.value = g
        assert page.widget.board.state.game.name == g
        assert len(page.widget.puzzles) == len(load_set(g)["puzzles"]) >= 6
    assert "page-list" in page.footer.value


def test_static_picture_shows_counter_question_and_verdict() -> None:
    w = PuzzleWidget("cardchess", start=2)
    w.answer(w.puzzle["solution"][0])
    svg = w.static_svg()
    assert "Puzzle 3 of 12" in svg and "Right!" in svg and "#2e7d32" in svg
    assert repr(w).startswith("<PuzzleWidget: puzzle 3 of 12 (cardchess-0-3); Right!")


def test_the_move_list_opens_on_no_move_and_answer_asks_for_one() -> None:
    """No move is preselected (one shipped set had its answer first in the list): Answer
    with nothing chosen asks for a move and judges nothing."""
    w = PuzzleWidget("poohsticks")
    assert w.move_list.index == 0 and w.move_list.value is None
    assert w.move_list.options[0][0] == "(choose a move)" and len(w.move_list.options) > 1
    w._answer_from_list()
    assert "Choose a move" in w.said and not w.done
