"""The organiser requests API: a person asks to become an organiser (and reads the state of
their request); staff list the requests and approve or refuse them. Every rule is
:mod:`players.organisers`'s."""

from __future__ import annotations

from typing import Any

from django.http import Http404
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import exceptions, generics, permissions, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from gauntlet.api.errors import Conflict
from players import organisers
from players.models import OrganiserRequest, RequestState
from players.serializers import (
    OrganiserAnswerSerializer,
    OrganiserRequestCreateSerializer,
    OrganiserRequestSerializer,
)


def call(func: Any, *args: Any, **kwargs: Any) -> Any:
    """Run a service; its refusal becomes the API's one error body."""
    try:
        return func(*args, **kwargs)
    except organisers.OrganiserRequestError as exc:
        if exc.status == 409:
            raise Conflict(exc.message) from None
        if exc.status == 403:
            raise exceptions.PermissionDenied(exc.message) from None
        if exc.status == 404:
            raise exceptions.NotFound(exc.message) from None
        raise exceptions.ValidationError({exc.field: [exc.message]}) from None


class MyOrganiserRequestView(APIView):
    """The signed-in person's request to become an organiser."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(responses=OrganiserRequestSerializer)
    def get(self, request: Request) -> Response:
        """Your latest request (waiting, approved or refused, with staff's answer); 404 when
        you have never asked."""
        latest = organisers.latest_for(request.user)
        if latest is None:
            raise Http404("You have not asked to become an organiser.")
        return Response(OrganiserRequestSerializer(latest).data)

    @extend_schema(
        request=OrganiserRequestCreateSerializer, responses={201: OrganiserRequestSerializer}
    )
    def post(self, request: Request) -> Response:
        """Ask to become an organiser; staff are told. 409 when you are one already or a
        request of yours is waiting."""
        body = OrganiserRequestCreateSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        data = body.validated_data
        made = call(organisers.request_role, request.user, data["reason"], data.get("venue", ""))
        return Response(OrganiserRequestSerializer(made).data, status=status.HTTP_201_CREATED)


class StaffOrganiserRequestList(generics.ListAPIView):
    """Staff only: the requests to become an organiser, oldest first (``?state=``: pending by
    default; approved, refused or all)."""

    serializer_class = OrganiserRequestSerializer
    permission_classes = [permissions.IsAdminUser]

    def get_queryset(self):
        state = self.request.query_params.get("state", RequestState.PENDING)
        rows = OrganiserRequest.objects.select_related("player", "decided_by").order_by(
            "created", "pk"
        )
        if state == "all":
            return rows
        if state not in RequestState.values:
            raise exceptions.ValidationError(
                {"state": [f"One of {', '.join(RequestState.values)} or all."]}
            )
        return rows.filter(state=state)

    @extend_schema(
        parameters=[
            OpenApiParameter(
                "state",
                OpenApiTypes.STR,
                enum=[*RequestState.values, "all"],
                description="Which requests (default: pending).",
            )
        ]
    )
    def get(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        return super().get(request, *args, **kwargs)


class StaffOrganiserDecision(APIView):
    """Staff only: approve or refuse a waiting request (a refusal needs an ``answer``)."""

    permission_classes = [permissions.IsAdminUser]
    decide: Any = None  # the service: organisers.approve or organisers.refuse

    @extend_schema(request=OrganiserAnswerSerializer, responses=OrganiserRequestSerializer)
    def post(self, request: Request, pk: int) -> Response:
        body = OrganiserAnswerSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        decided = call(self.decide, pk, request.user, body.validated_data["answer"])
        return Response(OrganiserRequestSerializer(decided).data)


class StaffOrganiserApprove(StaffOrganiserDecision):
    """Approve the request: the person becomes an organiser and is told (with the answer)."""

    decide = staticmethod(organisers.approve)


class StaffOrganiserRefuse(StaffOrganiserDecision):
    """Refuse the request, saying why (``answer``): the person is told and may ask again."""

    decide = staticmethod(organisers.refuse)
