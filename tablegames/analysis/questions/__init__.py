"""The runs behind the explore notebooks' answers, one module per game.

Each game module holds functions that play the games a question needs and return one
small row per game (:mod:`.common` holds what they share), and ``RUNS``: the full runs
by name, whose tables ``make explore-data`` stores under ``notebooks/explore/data/``.
"""
