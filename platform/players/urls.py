from django.urls import include, path
from rest_framework.routers import DefaultRouter

from players import organiser_views, views

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
    path(
        "me/organiser-request/",
        organiser_views.MyOrganiserRequestView.as_view(),
        name="organiser-request",
    ),
    path(
        "staff/organiser-requests/",
        organiser_views.StaffOrganiserRequestList.as_view(),
        name="staff-organiser-requests",
    ),
    path(
        "staff/organiser-requests/<int:pk>/approve/",
        organiser_views.StaffOrganiserApprove.as_view(),
        name="staff-organiser-approve",
    ),
    path(
        "staff/organiser-requests/<int:pk>/refuse/",
        organiser_views.StaffOrganiserRefuse.as_view(),
        name="staff-organiser-refuse",
    ),
    path("", include(router.urls)),
]
