"""The shapes of the insights API's answers, for the OpenAPI schema (the views build them from
:mod:`insights.matrix` and :mod:`insights.studies`)."""

from __future__ import annotations

from rest_framework import serializers


class CellSchema(serializers.Serializer):
    key = serializers.CharField(help_text="A faction, Khan, Hero, army or deck; or a seat.")
    opponent = serializers.CharField()
    games = serializers.IntegerField()
    wins = serializers.IntegerField()
    draws = serializers.IntegerField()
    rate = serializers.FloatField(allow_null=True, help_text="Win rate, draws counting half.")
    low = serializers.FloatField(help_text="95 % Wilson interval, lower end.")
    high = serializers.FloatField(help_text="95 % Wilson interval, upper end.")
    small = serializers.BooleanField(help_text="Too few games to judge.")


class MatrixSchema(serializers.Serializer):
    game = serializers.CharField()
    kind = serializers.CharField(help_text="What the keys are: faction, Khan, Hero, army, deck.")
    catalogue = serializers.CharField(allow_null=True)
    sources = serializers.ListField(child=serializers.CharField())
    min_games = serializers.IntegerField()
    keys = serializers.ListField(child=serializers.CharField())
    cells = CellSchema(many=True)
    overall = CellSchema(many=True)
    seats = CellSchema(many=True)


class ProgressSchema(serializers.Serializer):
    study = serializers.IntegerField()
    state = serializers.CharField()
    done = serializers.IntegerField()
    total = serializers.IntegerField()
    percent = serializers.IntegerField()
