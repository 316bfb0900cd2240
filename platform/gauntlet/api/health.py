from django.db import connection
from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.decorators import api_view, permission_classes, throttle_classes
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response


@extend_schema(
    responses=inline_serializer(
        "Health", {"ok": serializers.BooleanField(), "database": serializers.CharField()}
    )
)
@api_view(["GET"])
@permission_classes([AllowAny])
@throttle_classes([])
def health(request: Request) -> Response:
    """Liveness for load balancers: the process answers and reaches its database."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
    return Response({"ok": True, "database": connection.vendor})
