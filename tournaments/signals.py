"""The life of an event as signals: what happened, sent by the services as it happens.

The services (lifecycle, registration, teams, rounds, pairings_edit, tables, results) send these
inside the transaction that made the change, with ``sender=Tournament``;
:mod:`tournaments.receivers` (connected in ``TournamentsConfig.ready``) turns them into the side
effects at the edge: public
live events (:mod:`tournaments.live`), personal notifications (:mod:`tournaments.notifications`)
and the task that pairs the next round. Both send only once the transaction commits, so a
rolled-back change announces nothing.

- ``state_changed`` ``tournament``: registration or check-in opened, the event started, finished
  or was cancelled.
- ``round_paired`` ``tournament, round, tables, entries``: a round's tables exist (``entries``:
  entry id -> entry of everyone in the event).
- ``pairings_changed`` ``tournament, round, tables, entries``: the organiser changed the players of
  some tables of the running round (``tables``: those tables, with their new players).
- ``table_final`` ``table``: a table's result became final, or the table void.
- ``result_reported`` ``table, reports``: some, not all, players of a table reported.
- ``dispute_opened`` ``tournament, table``: the reports of a table disagree.
- ``round_finished`` ``tournament, round``: every table of a round is final or void.
- ``standings_changed`` ``tournament, reason``: the standings changed other than by a table of
  the running round (``correction``, ``drop``, ``disqualification``).
- ``tournament_finished`` ``tournament, entries``: the event is over (sent after
  ``state_changed``).
- ``team_invited`` ``tournament, entry``: a captain named a partner, who is to answer.
- ``guest_claimed`` ``tournament, entry, by``: ``by`` pressed "This is me" on a guest's entry
  (the organiser approves or refuses).
- ``late_entry`` ``tournament, entry, by``: an entry came in while the event runs (paired from
  the next round).
- ``deck_changed`` ``tournament, entry, by``: an entry's deck changed (never the list itself).
- ``decks_locked`` ``tournament, missing``: the deck deadline passed; ``missing``: the active
  entries without a legal deck then.
"""

from django.dispatch import Signal

state_changed = Signal()
round_paired = Signal()
pairings_changed = Signal()
table_final = Signal()
result_reported = Signal()
dispute_opened = Signal()
round_finished = Signal()
standings_changed = Signal()
tournament_finished = Signal()
team_invited = Signal()
guest_claimed = Signal()
late_entry = Signal()
deck_changed = Signal()
decks_locked = Signal()
closing_run_started = Signal()
"""A bot event's closing run froze its contenders (``run``): its first round, on commit."""
