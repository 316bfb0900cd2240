"""The tournament pages, split by audience as Tabbycat splits its URLs.

- :mod:`~web.views.tournaments.public`: anyone (the list, an event's page with its live region,
  a table's page); a refusal anywhere is shown there again with its status code.
- :mod:`~web.views.tournaments.player`: entrants, captains and partners (register, withdraw or
  drop, check in, report a table, answer a team invitation).
- :mod:`~web.views.tournaments.organiser`: the event's organiser and staff (create, edit, the
  lifecycle steps, drops and disqualifications, corrections and timeouts, entering a team) and
  :mod:`~web.views.tournaments.organiser_rounds` (their round pages: a pairing changed, the
  results grid); an action that is not undone with a click is confirmed on a page first
  (:mod:`~web.views.tournaments.confirm`, its texts in :mod:`~web.views.tournaments.consequences`).
- Staff's own pages (the match audit) are :mod:`web.views.staff`.

Every view is thin over the tournaments app's services; the shared pieces are
:mod:`~web.views.tournaments.access` (finding the event, the table, the user's entry),
:mod:`~web.views.tournaments.display` (names, scores, legends, paging) and
:mod:`~web.views.tournaments.entry_forms` (the forms the event page offers to enter).
"""
