"""The rulebook's optional modes: the 2v2 Strategy phase, Event mode and Objective mode.

Each mode is an engine option (``modes/options.py``, checked against the rulebook's mode
compatibility table); with every mode off ``State.modes`` is None and play is exactly the plain
game's. ``hooks`` is what the round calls; ``strategy``, ``events`` and ``objectives`` play one
mode each; ``auras`` adds their effects to the characteristics; ``view`` shows them per seat.
"""
