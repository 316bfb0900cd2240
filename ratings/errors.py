"""The error the ratings services raise when a challenge (to a bot or a person) is refused."""

from __future__ import annotations


class ChallengeRefused(Exception):
    """A challenge that cannot be played; ``status`` is the HTTP status to answer with."""

    def __init__(self, message: str, *, status: int = 400, field: str = "non_field_errors"):
        super().__init__(message)
        self.message = message
        self.status = status
        self.field = field
