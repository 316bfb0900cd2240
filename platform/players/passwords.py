"""The longest password accepted: anything longer is refused before it is hashed (a 900 KB
password once cost a full PBKDF2 run per request)."""

from __future__ import annotations

from django.core.exceptions import ValidationError

PASSWORD_MAX_LENGTH = 128
"""Characters; pass phrases fit, and hashing never sees more."""


class MaximumLengthValidator:
    """A password validator (``AUTH_PASSWORD_VALIDATORS``): at most ``max_length`` characters."""

    def __init__(self, max_length: int = PASSWORD_MAX_LENGTH) -> None:
        self.max_length = max_length

    def validate(self, password: str, user: object = None) -> None:
        if len(password) > self.max_length:
            raise ValidationError(
                f"This password is too long: at most {self.max_length} characters.",
                code="password_too_long",
            )

    def get_help_text(self) -> str:
        return f"Your password can be at most {self.max_length} characters."
