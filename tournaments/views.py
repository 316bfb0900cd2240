"""The tournaments API. Views stay thin: every rule lives in the service modules.

Public: list and read events, entries, rounds with tables, standings, bracket, export, the
public decklists.
Players: register, change their deck, withdraw/drop, check in, report their table's result.
Organiser of the event and staff: settings, lifecycle, pairing, corrections, timeouts,
no-shows, drops and disqualifications, the audit log.
"""

from __future__ import annotations

from typing import Any

from django.db.models import Q
from drf_spectacular.utils import extend_schema
from rest_framework import mixins, status, viewsets
from rest_framework.decorators import action
from rest_framework.exceptions import NotFound, PermissionDenied, ValidationError
from rest_framework.request import Request
from rest_framework.response import Response

from players.models import Player
from tournaments import decklists, lifecycle, registration, results, rounds, summary, teams
from tournaments.api import ENTRY, TABLE, body, call
from tournaments.correction_views import CorrectionActions
from tournaments.entry_decks import change_deck
from tournaments.models import Entry, Tournament
from tournaments.serializers import (
    TournamentCorrectSerializer,
    TournamentDecklistSerializer,
    TournamentDeckSerializer,
    TournamentEntrySerializer,
    TournamentNoShowSerializer,
    TournamentOptionalReasonSerializer,
    TournamentPairSerializer,
    TournamentPartnerSerializer,
    TournamentReasonSerializer,
    TournamentRegisterSerializer,
    TournamentReportSerializer,
    TournamentSerializer,
    TournamentTeamSerializer,
    TournamentTimeoutSerializer,
    TournamentWriteSerializer,
)


class TournamentViewSet(
    CorrectionActions,
    mixins.ListModelMixin,
    mixins.RetrieveModelMixin,
    mixins.CreateModelMixin,
    mixins.UpdateModelMixin,
    viewsets.GenericViewSet,
):
    """Tournaments: anyone reads; organisers create; the organiser of an event and staff run it."""

    serializer_class = TournamentSerializer
    http_method_names = ["get", "post", "patch", "head", "options"]

    def get_queryset(self):
        qs = Tournament.objects.select_related("organiser", "ladder", "winner__player")
        params = self.request.query_params
        if params.get("state"):
            qs = qs.filter(state=params["state"])
        if params.get("game"):
            qs = qs.filter(game=params["game"])
        user = self.request.user
        # Drafts are visible to their organiser and staff only.
        if not (user.is_authenticated and user.is_admin):
            visible = ~Q(state="draft")
            if user.is_authenticated:
                visible |= Q(organiser=user)
            qs = qs.filter(visible)
        return qs.order_by("-created")

    def _out(self, t: Tournament, code: int = status.HTTP_200_OK) -> Response:
        t = Tournament.objects.select_related("organiser", "ladder", "winner__player").get(pk=t.pk)
        return Response(TournamentSerializer(t).data, status=code)

    @extend_schema(request=TournamentWriteSerializer, responses=TournamentSerializer)
    def create(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        data = body(TournamentWriteSerializer, request)
        t = call(lifecycle.create, request.user, **data)
        return self._out(t, status.HTTP_201_CREATED)

    @extend_schema(request=TournamentWriteSerializer, responses=TournamentSerializer)
    def update(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        t = self._manager(request)
        s = TournamentWriteSerializer(data=request.data, partial=True)
        s.is_valid(raise_exception=True)
        t = call(lifecycle.update, t, request.user, **s.validated_data)
        return self._out(t)

    # -- lifecycle --------------------------------------------------------------------------
    @extend_schema(request=None, responses=TournamentSerializer)
    @action(detail=True, methods=["post"], url_path="open-registration")
    def open_registration(self, request: Request, pk: str | None = None) -> Response:
        return self._out(call(lifecycle.open_registration, self._manager(request), request.user))

    @extend_schema(request=None, responses=TournamentSerializer)
    @action(detail=True, methods=["post"], url_path="open-check-in")
    def open_check_in(self, request: Request, pk: str | None = None) -> Response:
        return self._out(call(lifecycle.open_check_in, self._manager(request), request.user))

    @extend_schema(request=None, responses=TournamentSerializer)
    @action(detail=True, methods=["post"])
    def start(self, request: Request, pk: str | None = None) -> Response:
        return self._out(call(lifecycle.start, self._manager(request), request.user))

    @extend_schema(request=TournamentReasonSerializer, responses=TournamentSerializer)
    @action(detail=True, methods=["post"])
    def cancel(self, request: Request, pk: str | None = None) -> Response:
        t = self._manager(request)
        data = body(TournamentReasonSerializer, request)
        return self._out(call(lifecycle.cancel, t, request.user, data["reason"]))

    @extend_schema(request=TournamentPairSerializer)
    @action(detail=True, methods=["post"])
    def pair(self, request: Request, pk: str | None = None) -> Response:
        """Pair the next round by hand (events that do not advance by themselves)."""
        t = self._manager(request)
        data = body(TournamentPairSerializer, request)
        rnd = call(rounds.pair_next_round, t.pk, by=request.user, expected=data["round"])
        t.refresh_from_db()
        return Response(
            {"round": rnd.number if rnd else None, "state": t.state},
            status=status.HTTP_201_CREATED,
        )

    # -- players ----------------------------------------------------------------------------
    @extend_schema(request=TournamentRegisterSerializer, responses=TournamentEntrySerializer)
    @action(detail=True, methods=["post"])
    def register(self, request: Request, pk: str | None = None) -> Response:
        t = self.get_object()
        data = body(TournamentRegisterSerializer, request)
        if not request.user.is_authenticated:
            raise PermissionDenied("Sign in to register.")
        player = request.user
        if data.get("player"):
            player = Player.objects.filter(username=data["player"]).first()
            if player is None:
                raise ValidationError({"player": ["No such player."]})
        entry = call(
            registration.register,
            t,
            player,
            request.user,
            deck=data.get("deck"),
            deck_version=data.get("deck_version"),
            team=data.get("team", ""),
        )
        return Response(TournamentEntrySerializer(entry).data, status=status.HTTP_201_CREATED)

    # -- teams (tournaments.teams) ---------------------------------------------------------
    @extend_schema(request=TournamentTeamSerializer, responses=TournamentEntrySerializer)
    @action(detail=True, methods=["post"], url_path="register-team")
    def register_team(self, request: Request, pk: str | None = None) -> Response:
        """Register a team of two: it waits for the partner (an organiser may give both decks)."""
        t = self.get_object()
        data = body(TournamentTeamSerializer, request)
        if not request.user.is_authenticated:
            raise PermissionDenied("Sign in to register.")
        found = {}
        for field in ("player", "partner"):
            if data.get(field):
                found[field] = Player.objects.filter(username=data[field]).first()
                if found[field] is None:
                    raise ValidationError({field: ["No such player."]})
        entry = call(
            teams.register_team,
            t,
            found.get("player", request.user),
            found["partner"],
            request.user,
            deck=data.get("deck"),
            deck_version=data.get("deck_version"),
            partner_deck=data.get("partner_deck"),
            partner_deck_version=data.get("partner_deck_version"),
            team_name=data.get("team_name", ""),
            team=data.get("team", ""),
        )
        return Response(TournamentEntrySerializer(entry).data, status=status.HTTP_201_CREATED)

    @extend_schema(request=TournamentPartnerSerializer, responses=TournamentEntrySerializer)
    @action(detail=True, methods=["post"], url_path=ENTRY + "/confirm-partner")
    def confirm_partner(
        self, request: Request, pk: str | None = None, entry_id: str = ""
    ) -> Response:
        """The partner joins the team with their own deck."""
        t = self.get_object()
        data = body(TournamentPartnerSerializer, request)
        entry = call(
            teams.confirm_partner,
            t,
            int(entry_id),
            request.user,
            deck=data.get("deck"),
            deck_version=data.get("deck_version"),
        )
        return Response(TournamentEntrySerializer(entry).data)

    @extend_schema(request=None, responses=TournamentEntrySerializer)
    @action(detail=True, methods=["post"], url_path=ENTRY + "/decline-partner")
    def decline_partner(
        self, request: Request, pk: str | None = None, entry_id: str = ""
    ) -> Response:
        """The partner declines (or the captain calls the team off) before confirming."""
        t = self.get_object()
        entry = call(teams.decline_partner, t, int(entry_id), request.user)
        return Response(TournamentEntrySerializer(entry).data)

    @extend_schema(request=TournamentDeckSerializer, responses=TournamentEntrySerializer)
    @action(detail=True, methods=["post"], url_path=ENTRY + "/deck")
    def deck(self, request: Request, pk: str | None = None, entry_id: str = "") -> Response:
        """Change your deck (a guest's: the organiser) until the deck deadline or the start."""
        data = body(TournamentDeckSerializer, request)
        entry = call(change_deck, self.get_object(), int(entry_id), request.user, **data)
        return Response(TournamentEntrySerializer(entry).data)

    def _own_entry(self, request: Request, t: Tournament, entry_id: int | None) -> Entry:
        if entry_id is not None:
            return call(lifecycle.entry_for, t, entry_id)
        entry = Entry.objects.filter(tournament=t, player=request.user).first()
        if entry is None:
            raise NotFound("You are not registered in this tournament.")
        return entry

    @extend_schema(request=None, responses=TournamentEntrySerializer)
    @action(detail=True, methods=["post"])
    def withdraw(self, request: Request, pk: str | None = None) -> Response:
        """Leave (before the start) or drop (once running) — your own entry."""
        t = self.get_object()
        entry = self._own_entry(request, t, None)
        return Response(
            TournamentEntrySerializer(call(registration.withdraw, t, entry, request.user)).data
        )

    @extend_schema(request=None, responses=TournamentEntrySerializer)
    @action(detail=True, methods=["post"], url_path="check-in")
    def check_in(self, request: Request, pk: str | None = None) -> Response:
        t = self.get_object()
        entry = self._own_entry(request, t, None)
        return Response(
            TournamentEntrySerializer(call(registration.check_in, t, entry, request.user)).data
        )

    @extend_schema(request=TournamentReportSerializer)
    @action(detail=True, methods=["post"], url_path=TABLE + "/report")
    def report(self, request: Request, pk: str | None = None, table_id: str = "") -> Response:
        """Report your table's result; when every player agrees it is final, else disputed."""
        t = self.get_object()
        data = body(TournamentReportSerializer, request)
        entry_id = data.pop("entry", None)
        table = call(results.report, t, int(table_id), request.user, data, entry_id)
        return Response({"table": table.pk, "state": table.state, "result": table.result})

    # -- organiser --------------------------------------------------------------------------
    @extend_schema(request=TournamentCorrectSerializer)
    @action(detail=True, methods=["post"], url_path=TABLE + "/correct")
    def correct(self, request: Request, pk: str | None = None, table_id: str = "") -> Response:
        """Set a table's result (settles a dispute; corrects any result), with a reason."""
        t = self._manager(request)
        data = body(TournamentCorrectSerializer, request)
        reason = data.pop("reason")
        table = call(results.correct, t, int(table_id), request.user, data, reason)
        return Response({"table": table.pk, "state": table.state, "result": table.result})

    @extend_schema(request=TournamentTimeoutSerializer)
    @action(detail=True, methods=["post"], url_path=TABLE + "/timeout")
    def timeout(self, request: Request, pk: str | None = None, table_id: str = "") -> Response:
        """A stuck table: award it to one player or void it."""
        t = self._manager(request)
        data = body(TournamentTimeoutSerializer, request)
        table = call(
            results.timeout,
            t,
            int(table_id),
            request.user,
            data["action"],
            data["reason"],
            data.get("winner"),
        )
        return Response({"table": table.pk, "state": table.state, "result": table.result})

    @extend_schema(request=TournamentNoShowSerializer)
    @action(detail=True, methods=["post"], url_path=TABLE + "/no-show")
    def no_show(self, request: Request, pk: str | None = None, table_id: str = "") -> Response:
        t = self._manager(request)
        data = body(TournamentNoShowSerializer, request)
        table = call(results.no_show, t, int(table_id), request.user, data["entry"], data["reason"])
        return Response({"table": table.pk, "state": table.state, "result": table.result})

    @extend_schema(request=TournamentReasonSerializer, responses=TournamentEntrySerializer)
    @action(detail=True, methods=["post"], url_path=ENTRY + "/disqualify")
    def disqualify(self, request: Request, pk: str | None = None, entry_id: str = "") -> Response:
        t = self._manager(request)
        data = body(TournamentReasonSerializer, request)
        entry = call(lifecycle.entry_for, t, int(entry_id))
        entry = call(registration.disqualify, t, entry, request.user, data["reason"])
        return Response(TournamentEntrySerializer(entry).data)

    @extend_schema(request=TournamentOptionalReasonSerializer, responses=TournamentEntrySerializer)
    @action(detail=True, methods=["post"], url_path=ENTRY + "/drop")
    def drop(self, request: Request, pk: str | None = None, entry_id: str = "") -> Response:
        t = self._manager(request)
        data = body(TournamentOptionalReasonSerializer, request)
        entry = call(lifecycle.entry_for, t, int(entry_id))
        entry = call(registration.drop, t, entry, request.user, data.get("reason", ""))
        return Response(TournamentEntrySerializer(entry).data)

    # -- read side --------------------------------------------------------------------------
    @extend_schema(responses=TournamentEntrySerializer(many=True))
    @action(detail=True, methods=["get"])
    def entries(self, request: Request, pk: str | None = None) -> Response:
        t = self.get_object()
        qs = t.entries.select_related("player", "partner").order_by("pk")
        return Response(TournamentEntrySerializer(qs, many=True).data)

    @extend_schema(responses=TournamentDecklistSerializer(many=True))
    @action(detail=True, methods=["get"])
    def decklists(self, request: Request, pk: str | None = None) -> Response:
        """The decklists the caller may see, by player name (the event's ``decklists``
        setting; the organiser and staff see all): cards by name with their counts."""
        shown = decklists.decklists(self.get_object(), request.user)
        return Response(TournamentDecklistSerializer(shown, many=True).data)

    @action(detail=True, methods=["get"])
    def rounds(self, request: Request, pk: str | None = None) -> Response:
        """Every round with its tables: players, why they were paired, state and result."""
        t = self.get_object()
        return Response(summary.with_team_tables(t, summary.rounds_json(t)))

    @action(detail=True, methods=["get"])
    def standings(self, request: Request, pk: str | None = None) -> Response:
        """Rank, points, each tiebreaker, record and opponents (plus the bracket, if any)."""
        t = self.get_object()
        rows = summary.with_teams(t, summary.standings_rows(t))
        return Response({"standings": rows, "bracket": summary.bracket_json(t)})

    @action(detail=True, methods=["get"])
    def bracket(self, request: Request, pk: str | None = None) -> Response:
        tree = summary.bracket_json(self.get_object())
        if tree is None:
            raise NotFound("This tournament has no bracket (yet).")
        return Response(tree)

    @action(detail=True, methods=["get"])
    def export(self, request: Request, pk: str | None = None) -> Response:
        """The whole event as one JSON document."""
        t = self.get_object()
        return Response(summary.export_teams(t, summary.export(t)))

    @action(detail=True, methods=["get"])
    def paper(self, request: Request, pk: str | None = None) -> Response:
        """A Swiss event in the paper format that ``manage.py tournament_standings`` reads."""
        event = summary.paper_event(self.get_object())
        if event is None:
            raise NotFound("Only Swiss events have a paper form.")
        return Response(event)
