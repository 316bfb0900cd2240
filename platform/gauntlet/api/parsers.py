"""A JSON parser that refuses bodies over ``DATA_UPLOAD_MAX_MEMORY_SIZE`` before reading them,
and documents nested deeper than :data:`MAX_DEPTH` (no request of the API needs more)."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from rest_framework.exceptions import ParseError
from rest_framework.parsers import JSONParser

from gauntlet.api.errors import PayloadTooLarge

MAX_DEPTH = 32
"""Deepest nesting of arrays and objects accepted in a request body."""


def depth_of(document: Any) -> int:
    """How deeply arrays and objects nest in ``document`` (a scalar is 0), without recursion."""
    deepest, stack = 0, [(document, 1)]
    while stack:
        node, depth = stack.pop()
        if isinstance(node, dict):
            node = list(node.values())
        elif not isinstance(node, list):
            continue
        deepest = max(deepest, depth)
        if depth > MAX_DEPTH:
            break
        stack.extend((child, depth + 1) for child in node)
    return deepest


class LimitedJSONParser(JSONParser):
    def parse(self, stream, media_type=None, parser_context=None):
        limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
        request = (parser_context or {}).get("request")
        if limit is not None and request is not None:
            try:
                length = int(request.META.get("CONTENT_LENGTH") or 0)
            except ValueError:
                length = 0
            if length > limit:
                raise PayloadTooLarge(f"Request body of {length} bytes exceeds {limit} bytes.")
        too_deep = f"JSON parse error - arrays and objects nested deeper than {MAX_DEPTH} levels."
        try:
            document = super().parse(stream, media_type, parser_context)
        except RecursionError:
            raise ParseError(too_deep) from None
        if depth_of(document) > MAX_DEPTH:
            raise ParseError(too_deep)
        return document
