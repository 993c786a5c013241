"""Colours and card faces shared by every drawing of every game (SVG and canvas widgets).

Two suit colours by default; ``four_colour=True`` gives each suit its own colour
(clubs green, diamonds blue, hearts red, spades black) for colour-blind players.
"""

from __future__ import annotations

from .cards import JOKERS, SUIT_SYMBOLS

TWO_COLOURS = {"C": "#1b1b1b", "S": "#1b1b1b", "D": "#c62828", "H": "#c62828"}
FOUR_COLOURS = {"C": "#2e7d32", "S": "#1b1b1b", "D": "#1565c0", "H": "#c62828"}

PAPER = "#fbf8f0"  #: page background
CARD_FACE = "#ffffff"
CARD_EDGE = "#666666"
CARD_BACK = "#3949ab"
CARD_BACK_EDGE = "#1a237e"
CARD_BACK_PATTERN = "#c5cae9"
EMPTY_PLACE = "#b0a27e"  #: dashed outline of an empty card place
TEXT = "#333333"
MUTED = "#8a7a5a"
HIGHLIGHT = "#1e88e5"  #: influence lines, selected and legal targets
ARROW = "#d84315"  #: the net vector
WARNING = "#c62828"
FONT = "DejaVu Sans, Arial, sans-serif"
BOARD_LIGHT = "#f3ead3"  #: board squares
BOARD_DARK = "#e2d2ad"
LINE = "#8a7a5a"  #: board lines
PAWN = "#263238"
OBSTACLE = "#6d4c41"
#: one colour per seat (P0, P1, ...): goal-edge marks and hand labels
PLAYER_COLOURS = ("#00897b", "#8e24aa", "#ef6c00", "#3949ab")


def suit_colour(card: str, four_colour: bool = False) -> str:
    """Ink colour of a card's rank and suit symbol (a plug-in's card that is not a rank
    and a suit, such as Kuhn poker's ``K``, is inked in the text colour)."""
    if card == "RJ":
        return TWO_COLOURS["H"]
    if card == "BJ":
        return TWO_COLOURS["S"]
    colours = FOUR_COLOURS if four_colour else TWO_COLOURS
    return colours.get(card[1:], TEXT) if len(card) == 2 else TEXT


def face(card: str) -> tuple[str, str]:
    """(rank label, symbol) printed on a card: ``('10', '♥')``; jokers ``('JKR', '★')``;
    a plug-in's card that is not a rank and a suit, its code and no symbol (``('K', '')``)."""
    if card in JOKERS:
        return "JKR", "★"
    if len(card) != 2 or card[1] not in SUIT_SYMBOLS:
        return card, ""
    return ("10" if card[0] == "T" else card[0]), SUIT_SYMBOLS[card[1]]
