"""Poohsticks in the widget family: the river board."""
