"""The shipped puzzle sets, one JSON file a game (read by
:func:`tablegames.puzzles.load_set`): a package of its own so that setuptools ships the
folder as listed data, not as an unlisted importable folder it warns about."""
