"""Players: accounts, profiles, roles and API tokens."""
