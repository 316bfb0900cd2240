"""AracKhan Wars: the card catalogue and the deck format (the rules engine comes later).

No ``GAME`` yet, so the game is not in :mod:`engines.registry`; its deck format is reachable
through :func:`engines.decks.get_deck_format`.
"""
