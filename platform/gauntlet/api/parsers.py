"""A JSON parser that refuses bodies over ``DATA_UPLOAD_MAX_MEMORY_SIZE`` before reading them,
and documents nested deeper than :data:`MAX_DEPTH` (no request of the API needs more)."""

from __future__ import annotations

from django.conf import settings
from rest_framework.exceptions import ParseError
from rest_framework.parsers import JSONParser

from gauntlet.api.depth import MAX_DEPTH, depth_of
from gauntlet.api.errors import PayloadTooLarge


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
