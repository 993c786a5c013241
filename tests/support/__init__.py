"""Helpers shared by the tests, one module per game (``support.currents``,
``support.cardchess``...) plus the widget, browser, JupyterLab and variant helpers.

pytest puts ``tests/`` on ``sys.path`` (``pythonpath`` in pyproject.toml), so tests import
``from support.resistor import position`` wherever they live; no conftest edits sys.path.
"""
