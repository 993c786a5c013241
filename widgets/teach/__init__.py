"""Helpers the walkthroughs import, one module per game (``teach.currents``, ...), so a
walkthrough's code cells stay short and each does one visible thing: drawing a rule's
picture, setting up a position, printing a sum the way a person writes it.

They are public and documented because readers see them called; they build on the
engine's public API and the widgets, never on a game's internals."""
