"""What a reader of the Card Chess pictures and options table must be able to read (issue
28's last reading): the options table's rows are sentences covering every choice, the
covered units of a stack are labelled large enough to read at the default size, and a
frame marking a cell shows on the blue card backs as on the pale cards."""

from __future__ import annotations

import pytest
from support.cardchess import position
from tablegames_widgets import CardChessBoard, FellowshipBoard, PlayWidget
from tablegames_widgets.static import OFFERED, frames_svg
from tablegames_widgets.teach.cardchess import pick
from tablegames_widgets.teach.common import options_table

import tablegames as tg
from tablegames.bots import GreedyBot
from tablegames.cardchess.layout import Layout
from tablegames.cardchess.scene import HALO, frames, state_scene
from tablegames.cardchess.text import unit_label
from tablegames.scene import Rect, Text

#: The smallest label a reader of the 594-pixel pictures reads without effort.
READABLE = 12.0
#: The blue of a card back, on which a frame must still show.
CARD_BACK = "#3949ab"


def test_terrain_option_row_describes_on_and_off_in_a_sentence() -> None:
    (doc,) = [d for name, _, _, d in options_table("cardchess").rows if name == "terrain"]
    assert doc.startswith("On: ") and "; off: " in doc and doc.endswith(".")
    assert "2s, 3s and 5s face up" in doc and "face down" in doc


@pytest.mark.parametrize("game", sorted(tg.GAMES))
def test_every_options_row_with_a_description_ends_with_a_full_stop(game: str) -> None:
    """Also a description ending in a parenthesis: the table's helper adds the stop."""
    docs = [d for _name, _d, _a, d in options_table(game).rows if d]
    assert docs and all(d[0].isupper() and d.endswith(".") for d in docs), docs


def test_covered_units_are_labelled_at_a_readable_size() -> None:
    """One to three units under the top one (the stacks play makes) get labels of at least
    12 px, and the top unit keeps one as large as theirs."""
    lay = Layout()
    for covered in (1, 2, 3):
        assert lay.fan_font(covered) >= READABLE
        assert lay.top_font(covered) >= lay.fan_font(covered)


def test_the_scene_writes_covered_units_at_the_fan_size() -> None:
    """The f6 stack of the walkthrough's section 7: 10♠ and Q♦ under the J♠."""
    state = position({"f6": "TS QD JS"})
    sizes = {t.text: t.size for t in state_scene(state).pieces if isinstance(t, Text)}
    assert sizes[unit_label("TS")] >= READABLE and sizes[unit_label("QD")] >= READABLE


def test_a_frame_lies_on_a_light_band_that_shows_on_card_backs() -> None:
    box = Layout().cell_rect(0)
    band, frame = frames([box], OFFERED, width=3, pad=-1.5)
    assert isinstance(band, Rect) and isinstance(frame, Rect)
    assert (band.x, band.y, band.w, band.h) == (frame.x, frame.y, frame.w, frame.h)
    assert band.stroke == HALO != CARD_BACK and frame.stroke == OFFERED
    assert band.width >= frame.width + 4 and band.fill is None


def test_the_stored_play_picture_frames_card_chess_cells_on_a_white_band() -> None:
    """Only Card Chess asks for the band: other boards have card indices near the edges."""
    play = PlayWidget(tg.make("cardchess"), seats=["human", GreedyBot(seed=1)], seed=3)
    pick(play, "c2")
    svg = play.static_svg()
    band = "fill='none' stroke='#ffffff' stroke-width='7'"
    assert svg.count(band) == svg.count(f"fill='none' stroke='{OFFERED}'") > 0
    assert CardChessBoard.frame_halo and not FellowshipBoard.frame_halo
    assert band not in "".join(frames_svg([], [(0.0, 0.0, 52.0, 80.0)]))
