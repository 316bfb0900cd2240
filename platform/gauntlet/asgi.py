"""The one ASGI application: HTTP (Django) and websockets (Channels)."""

import os

from gauntlet import paths

paths.ensure()
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "gauntlet.settings")

from django.core.asgi import get_asgi_application  # noqa: E402

django_asgi_app = get_asgi_application()

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402

from gauntlet.routing import websocket_urlpatterns  # noqa: E402
from players.ws_auth import OriginUnlessToken, TokenAuthMiddleware  # noqa: E402

application = ProtocolTypeRouter(
    {
        "http": django_asgi_app,
        "websocket": OriginUnlessToken(
            AuthMiddlewareStack(TokenAuthMiddleware(URLRouter(websocket_urlpatterns)))
        ),
    }
)
