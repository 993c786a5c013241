"""tablegames_widgets: the Jupyter layer of tablegames (ipycanvas and ipywidgets).

Boards draw engine states on a layered canvas; a shared controls bar steps through
a game; the viewer, the editor and the play controller work for every game whose
board supplies its drawing and its click-to-move mapping.
"""

from .board import BoardWidget
from .cardchess.board import CardChessBoard
from .cardchess.editor import CardChessEditor
from .controls import Controls
from .currents.board import CurrentsBoard
from .currents.editor import CurrentsEditor
from .currents.inspector import CurrentsInspector
from .editor import CardGameEditor, PositionEditor
from .fellowship.board import FellowshipBoard
from .fellowship.editor import FellowshipEditor
from .play import PlayWidget
from .poohsticks.board import PoohsticksBoard
from .poohsticks.editor import PoohsticksEditor
from .puzzles import PuzzleWidget
from .registry import board_for
from .resistor.board import ResistorBoard
from .resistor.editor import ResistorEditor
from .viewer import GameViewer

__all__ = [
    "BoardWidget",
    "CardChessBoard",
    "CardChessEditor",
    "CardGameEditor",
    "Controls",
    "CurrentsBoard",
    "CurrentsEditor",
    "CurrentsInspector",
    "FellowshipBoard",
    "FellowshipEditor",
    "GameViewer",
    "PlayWidget",
    "PoohsticksBoard",
    "PoohsticksEditor",
    "PositionEditor",
    "PuzzleWidget",
    "ResistorBoard",
    "ResistorEditor",
    "board_for",
]
