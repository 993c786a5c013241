"""Currents in the widget family: its board, influence inspector and editor."""
