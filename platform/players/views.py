"""The players API: sign-up, log-in/out, profile, password change, API tokens, the directory."""

from __future__ import annotations

from django.contrib.auth import login, logout, update_session_auth_hash
from drf_spectacular.utils import extend_schema, inline_serializer
from knox.models import get_token_model
from rest_framework import generics, mixins, permissions, serializers, status, viewsets
from rest_framework.exceptions import NotAuthenticated, PermissionDenied
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from players import inbox
from players.models import Notification, Player
from players.serializers import (
    CredentialsSerializer,
    NotificationSerializer,
    NotificationsReadSerializer,
    PasswordChangeSerializer,
    PlayerSerializer,
    ProfileSerializer,
    SignUpSerializer,
    TokenCreateSerializer,
    TokenSerializer,
)
from players.tokens import TokenLimitReached, issue_token

ApiToken = get_token_model()


class SignUpView(generics.CreateAPIView):
    """Create a player account."""

    serializer_class = SignUpSerializer
    permission_classes = [permissions.AllowAny]
    throttle_scope = "signup"

    def create(self, request: Request, *args, **kwargs) -> Response:
        serializer = self.get_serializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        player = serializer.save()
        return Response(ProfileSerializer(player).data, status=status.HTTP_201_CREATED)


class LoginView(APIView):
    """Start a browser session with a user name and password."""

    permission_classes = [permissions.AllowAny]
    throttle_scope = "login"

    @extend_schema(request=CredentialsSerializer, responses=ProfileSerializer)
    def post(self, request: Request) -> Response:
        serializer = CredentialsSerializer(data=request.data, context={"request": request})
        serializer.is_valid(raise_exception=True)
        login(request._request, serializer.validated_data["user"])
        return Response(ProfileSerializer(serializer.validated_data["user"]).data)


class LogoutView(APIView):
    """End the browser session (and, with a token, nothing else: revoke tokens explicitly)."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(request=None, responses={204: None})
    def post(self, request: Request) -> Response:
        logout(request._request)
        return Response(status=status.HTTP_204_NO_CONTENT)


class MeView(generics.RetrieveUpdateAPIView):
    """The signed-in player's profile."""

    serializer_class = ProfileSerializer
    permission_classes = [permissions.IsAuthenticated]
    http_method_names = ["get", "patch", "put", "head", "options"]

    def get_object(self) -> Player:
        return self.request.user


class NotificationListView(generics.ListAPIView):
    """The signed-in player's own notifications, newest first (``?unread=true``: unread only)."""

    serializer_class = NotificationSerializer
    permission_classes = [permissions.IsAuthenticated]

    def get_queryset(self):
        rows = Notification.objects.filter(player=self.request.user).order_by("-created", "-pk")
        flag = self.request.query_params.get("unread", "")
        if flag not in ("", "true", "false"):
            raise serializers.ValidationError({"unread": ["true or false."]})
        return rows.filter(read_at=None) if flag == "true" else rows


class NotificationsReadView(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(
        request=NotificationsReadSerializer,
        responses=inline_serializer(
            "NotificationsRead",
            {"marked": serializers.IntegerField(), "unread": serializers.IntegerField()},
        ),
    )
    def post(self, request: Request) -> Response:
        """Mark the player's notifications read (``ids``, or all); returns how many."""
        serializer = NotificationsReadSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        marked = inbox.mark_read(request.user.pk, serializer.validated_data.get("ids"))
        return Response({"marked": marked, "unread": inbox.unread_count(request.user.pk)})


class PasswordChangeView(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(request=PasswordChangeSerializer, responses={204: None})
    def post(self, request: Request) -> Response:
        """Change the password (the old one is required); the session stays valid."""
        serializer = PasswordChangeSerializer(data=request.data, context={"request": request})
        serializer.is_valid(raise_exception=True)
        request.user.set_password(serializer.validated_data["new_password"])
        request.user.save(update_fields=["password"])
        if request.user.is_authenticated and hasattr(request, "session"):
            update_session_auth_hash(request._request, request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)


class TokenViewSet(mixins.ListModelMixin, mixins.DestroyModelMixin, viewsets.GenericViewSet):
    """Named API tokens for scripts and bots.

    ``POST`` creates one and returns its key once; signed-in players give a name, scripts give
    ``username`` and ``password`` too. ``DELETE /api/auth/tokens/<token_key>/`` revokes one.
    """

    serializer_class = TokenSerializer
    lookup_field = "token_key"
    throttle_scope = "login"

    def get_permissions(self):
        if self.action == "create":
            return [permissions.AllowAny()]
        return [permissions.IsAuthenticated()]

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):  # schema generation: no user
            return ApiToken.objects.none()
        return ApiToken.objects.filter(user=self.request.user)

    @extend_schema(
        request=TokenCreateSerializer,
        responses={
            201: inline_serializer(
                "NewToken",
                {
                    "token": serializers.CharField(),
                    "token_key": serializers.CharField(),
                    "name": serializers.CharField(),
                    "expiry": serializers.DateTimeField(),
                },
            )
        },
    )
    def create(self, request: Request) -> Response:
        serializer = TokenCreateSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        if "username" in data or "password" in data:
            credentials = CredentialsSerializer(
                data={"username": data.get("username", ""), "password": data.get("password", "")},
                context={"request": request},
            )
            credentials.is_valid(raise_exception=True)
            user = credentials.validated_data["user"]
        elif request.user.is_authenticated:
            user = request.user
        else:
            raise NotAuthenticated("Sign in, or give username and password, to create a token.")
        try:
            instance, token = issue_token(user, data["name"])
        except TokenLimitReached as exc:
            raise PermissionDenied(str(exc)) from None
        return Response(
            {
                "token": token,
                "token_key": instance.token_key,
                "name": instance.name,
                "expiry": instance.expiry,
            },
            status=status.HTTP_201_CREATED,
        )


class PlayerViewSet(viewsets.ReadOnlyModelViewSet):
    """The public directory of players and bots."""

    queryset = Player.objects.filter(is_active=True).order_by("username")
    serializer_class = PlayerSerializer
    lookup_field = "username"
    lookup_value_regex = r"[\w.@+-]+"
