"""Web views, grouped by audience: public pages, accounts, players' ladder actions, staff audit."""
