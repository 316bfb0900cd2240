from rest_framework.routers import SimpleRouter

from tournaments import views

router = SimpleRouter()
router.register("tournaments", views.TournamentViewSet, basename="tournament")

urlpatterns = router.urls
