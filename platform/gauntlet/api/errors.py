"""One error body for every API failure.

Every 4xx answer looks like::

    {"error": {"status": 400, "code": "invalid", "message": "...", "fields": {"name": ["..."]}}}

``fields`` names each bad field (``non_field_errors`` for the whole document) and is present only
for validation errors.
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import PermissionDenied, RequestDataTooBig, SuspiciousOperation
from django.http import Http404
from rest_framework import exceptions, status
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler


class PayloadTooLarge(exceptions.APIException):
    status_code = status.HTTP_413_REQUEST_ENTITY_TOO_LARGE
    default_detail = "Request body too large."
    default_code = "too_large"


def _message_of(detail: Any) -> str:
    if isinstance(detail, dict):
        for key, value in detail.items():
            text = _message_of(value)
            return text if key == "non_field_errors" else f"{key}: {text}"
        return "Invalid input."
    if isinstance(detail, list):
        return _message_of(detail[0]) if detail else "Invalid input."
    return str(detail)


def _codes_of(exc: exceptions.APIException) -> str:
    codes = exc.get_codes()
    while isinstance(codes, dict | list):
        if not codes:
            return exc.default_code
        codes = next(iter(codes.values())) if isinstance(codes, dict) else codes[0]
    return str(codes)


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    """DRF's handler, reshaped into the single error body above."""
    if isinstance(exc, RequestDataTooBig):
        exc = PayloadTooLarge()
    elif isinstance(exc, SuspiciousOperation):
        exc = exceptions.ParseError(str(exc) or "Bad request.")
    elif isinstance(exc, Http404):
        exc = exceptions.NotFound(str(exc) or "Not found.")
    elif isinstance(exc, PermissionDenied):
        exc = exceptions.PermissionDenied(str(exc) or None)
    response = drf_exception_handler(exc, context)
    if response is None:
        return None
    body: dict[str, Any] = {"status": response.status_code, "code": "error"}
    if isinstance(exc, exceptions.APIException):
        body["code"] = _codes_of(exc)
        if isinstance(exc, exceptions.ValidationError):
            detail = (
                exc.detail if isinstance(exc.detail, dict) else {"non_field_errors": exc.detail}
            )
            body["code"] = "invalid"
            body["message"] = _message_of(detail)
            body["fields"] = detail
        else:
            body["message"] = _message_of(exc.detail)
    response.data = {"error": body}
    return response


class Conflict(exceptions.APIException):
    status_code = status.HTTP_409_CONFLICT
    default_detail = "Conflict with the current state."
    default_code = "conflict"
