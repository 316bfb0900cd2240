"""What every view of the tournaments API shares: running a service with its refusal turned into
the API's one error body, reading a request body through a serializer, the URL parts of an
event's entries and tables."""

from __future__ import annotations

from typing import Any

from rest_framework.exceptions import NotFound, PermissionDenied, ValidationError
from rest_framework.request import Request

from gauntlet.api.errors import Conflict
from tournaments.errors import TournamentError

ENTRY = r"entries/(?P<entry_id>[0-9]+)"
TABLE = r"tables/(?P<table_id>[0-9]+)"
ROUND = r"rounds/(?P<number>[0-9]+)"


def call(func: Any, *args: Any, **kwargs: Any) -> Any:
    """Run a service; its refusal becomes the API's one error body."""
    try:
        return func(*args, **kwargs)
    except TournamentError as exc:
        if exc.status == 409:
            raise Conflict(exc.message) from None
        if exc.status == 403:
            raise PermissionDenied(exc.message) from None
        if exc.status == 404:
            raise NotFound(exc.message) from None
        raise ValidationError({exc.field: [exc.message]}) from None


def body(serializer_class: Any, request: Request) -> dict[str, Any]:
    """The request's body, checked by ``serializer_class`` (a 400 naming each bad field)."""
    s = serializer_class(data=request.data)
    s.is_valid(raise_exception=True)
    return dict(s.validated_data)
