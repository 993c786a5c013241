"""Resistor on the widget family: the circuit board and its position editor."""
