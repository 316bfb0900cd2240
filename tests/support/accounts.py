"""Credentials shared by the tests."""

STRONG = "correct-Horse-battery-9"
"""A password every validator accepts."""
