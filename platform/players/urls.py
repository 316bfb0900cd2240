from django.urls import include, path
from rest_framework.routers import DefaultRouter

from players import views

router = DefaultRouter()
router.register("auth/tokens", views.TokenViewSet, basename="token")
router.register("players", views.PlayerViewSet, basename="player")

urlpatterns = [
    path("auth/signup/", views.SignUpView.as_view(), name="signup"),
    path("auth/login/", views.LoginView.as_view(), name="login"),
    path("auth/logout/", views.LogoutView.as_view(), name="logout"),
    path("me/", views.MeView.as_view(), name="me"),
    path("me/notifications/", views.NotificationListView.as_view(), name="notifications"),
    path(
        "me/notifications/read/", views.NotificationsReadView.as_view(), name="notifications-read"
    ),
    path("me/password/", views.PasswordChangeView.as_view(), name="password-change"),
    path("", include(router.urls)),
]
