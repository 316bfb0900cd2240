from django.urls import include, path
from rest_framework.routers import DefaultRouter

from decks import views

router = DefaultRouter()
router.register("decks", views.DeckViewSet, basename="deck")
router.register("catalogues", views.CatalogueViewSet, basename="catalogue")

urlpatterns = [
    path("deck-versions/<int:pk>/", views.DeckVersionView.as_view(), name="deck-version"),
    path("deck-rechecks/", views.DeckRecheckList.as_view(), name="deck-rechecks"),
    path("cards/", views.CardList.as_view(), name="cards"),
    path("", include(router.urls)),
]
