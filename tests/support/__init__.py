"""Helpers shared by the tests, in one place.

One module per game (``support.currents``, ``support.cardchess``, ``support.fellowship``,
``support.poohsticks``, ``support.resistor``: hand-built positions, and the move helpers
of ``support.moves`` re-exported), the checks the random-play property tests share
(``support.properties``), JSON corruption for the bad-input tests (``support.corrupt``),
the canvas recorder and page events of the widget tests (``support.widgets``), Voila,
JupyterLab and browser pages (``support.browser``, ``support.lab``), every game's option
variants (``support.variants``), the example game installed as a plugin
(``support.plugins``) and loose Python files loaded as modules (``support.scripts``).

pytest puts ``tests/`` on ``sys.path`` (``pythonpath`` in pyproject.toml), so a test
imports ``from support.resistor import position`` wherever it lives; no conftest edits
``sys.path``.
"""
