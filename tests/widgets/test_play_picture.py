"""The play widget's static picture shows what the live widget shows at display time: the
board with its framed places, the board's caption, the message line and the controls."""

from __future__ import annotations

import html

import tablegames_widgets as tw
from tablegames_widgets.static import OFFERED, PICKED
from tablegames_widgets.status import ERROR

import tablegames as tg
from tablegames.bots import GreedyBot


def text_in(text: str, svg: str) -> bool:
    """Whether ``text`` is written in ``svg`` (escaped as the picture escapes it)."""
    return html.escape(text, quote=False) in svg


def frames(svg: str, colour: str) -> int:
    return svg.count(f"fill='none' stroke='{colour}'")


def test_play_picture_draws_the_message_caption_and_every_control():
    play = tw.PlayWidget(tg.make("poohsticks"))
    svg = play.static_svg()
    assert text_in(play.said.split(":")[0], svg)
    assert text_in(play.board.describe(play.state).split(":")[0], svg)
    for label in ("End the turn", "Move", "Play", "Hint", "Repeat", "Speed", "Step 0"):
        assert f">{label}<" in svg or f"{label} ▾" in svg, label
    assert text_in(play.moves.options[0][0], svg)  # the move list shows its first move


def test_play_picture_frames_the_cells_a_single_click_takes():
    """Resistor's set-up: the human places resistors; the rows offered are framed green."""
    play = tw.PlayWidget(tg.make("resistor"), seats=["human", GreedyBot(seed=1)], seed=3)
    offered = play.board.drawn["offered"]
    assert offered and play.state.phase == "setup"
    assert frames(play.static_svg(), OFFERED) == len(offered)
    assert frames(play.static_svg(), PICKED) == 0


def test_play_picture_frames_the_picked_piece_and_its_targets():
    play = tw.PlayWidget(tg.make("cardchess"), seats=["human", GreedyBot(seed=1)], seed=2)
    while play.state.current_player != 0 or not play.board.move_keys(play.state.legal_moves()[0]):
        play.play(play.state.legal_moves()[0])
    key = play.board.move_keys(play.state.legal_moves()[0])[0]
    play._clicked(key)
    svg = play.static_svg()
    assert play.board.selected == (key,)
    assert frames(svg, PICKED) == 1 and frames(svg, OFFERED) == len(play.board.targets) > 0


def test_play_picture_writes_a_refusal_in_red():
    play = tw.PlayWidget(tg.make("poohsticks"))
    play.play("no such move")
    assert f"fill='{ERROR}'" in play.static_svg()


def test_play_picture_greys_out_disabled_buttons():
    play = tw.PlayWidget(tg.make("poohsticks"), seats=[GreedyBot(seed=1), GreedyBot(seed=2)])
    assert play.state.is_terminal and play.hint_button.disabled
    assert "fill='#9e9e9e'" in play.static_svg()


def test_puzzle_picture_draws_its_move_list_and_buttons():
    w = tw.PuzzleWidget("resistor")
    svg = w.static_svg()
    for label in ("Answer", "Try again", "Show solution", "Next puzzle"):
        assert f">{label}<" in svg, label
    assert (
        "fill='#9e9e9e' font-family" in svg.split(">Previous<")[0][-120:]
    )  # none before the first
    assert text_in(f"{w.move_list.options[0][0]} ▾", svg)


def test_puzzle_question_reads_as_one_sentence():
    for game in ("cardchess", "resistor"):
        question = tw.PuzzleWidget(game).question_text
        assert question.startswith("As ") and question.count(":") <= 1, question
