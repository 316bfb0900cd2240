"""Web views, grouped by audience: public pages, accounts, players' ladder actions and play,
decks, staff audit; the tournament pages split by audience in :mod:`web.views.tournaments`."""
