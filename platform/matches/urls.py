from rest_framework.routers import DefaultRouter

from matches import views

router = DefaultRouter()
router.register("matches", views.MatchViewSet, basename="match")
router.register("audit/matches", views.AuditMatchViewSet, basename="audit-match")
router.register("audit/log", views.AuditLogViewSet, basename="audit-log")

urlpatterns = router.urls
