"""Card Chess in the widget family: the surface board and its editor."""
