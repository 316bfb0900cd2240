"""The internal words no person-facing page may show, and the check that finds them.

Used by the internal-token crawl (``test_web_internal_tokens.py``) and by page tests that read a
page without JavaScript. :data:`TOKENS` are matched case-insensitively as whole words,
:data:`PROGRAM_WORDS` as programs spell them (the English "none" is fine, Python's ``None`` is
not).
"""

from __future__ import annotations

import re

# The internal words no person-facing page may show (case-insensitive, whole words).
TOKENS = [
    r"\bseats? \d",  # "seat 0", "seats 0, 1": players are named
    r"\bowner\b",
    r"\bcontroller\b",
    r"\bcard id\b",
    r"\bchooser\b",
    r"\bn seats\b",
    r"\bto act \d",
    r"\b[a-z]+_[a-z0-9_]+\b",  # snake_case field names (to_act, face_up)
]
PROGRAM_WORDS = [r"\bNone\b", r"\bnull\b", r"\bundefined\b", r"\bNaN\b", r"\[object Object\]"]
TOKEN = re.compile("|".join(TOKENS), re.IGNORECASE)
PROGRAM_WORD = re.compile("|".join(PROGRAM_WORDS))


def leaks(text: str, codes: set[str] = frozenset()) -> list[str]:
    """The internal tokens (and codes of ``codes``) found in ``text``."""
    found = [m.group(0) for m in TOKEN.finditer(text)]
    found += [m.group(0) for m in PROGRAM_WORD.finditer(text)]
    for code in codes:
        if re.search(rf"(?<![\w:#/-]){re.escape(code)}(?![\w:#/-])", text):
            found.append(code)
    return found


def named(text: str, names: set[str]) -> list[str]:
    """The ``names`` (of cards) that ``text`` mentions as whole words."""
    return [n for n in names if re.search(rf"\b{re.escape(n)}\b", text)]
