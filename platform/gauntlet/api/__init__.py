"""Pieces shared by every REST endpoint: errors, parsing, pagination, strict serializers."""
