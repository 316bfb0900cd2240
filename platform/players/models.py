"""The player account (the site's user model), its named API tokens, its stored notifications
and its requests to become an organiser."""

from __future__ import annotations

from django.contrib.auth.models import AbstractUser
from django.db import models
from django_countries.fields import CountryField
from knox.models import AbstractAuthToken


class Role(models.TextChoices):
    PLAYER = "player", "Player"
    ORGANISER = "organiser", "Organiser"
    ADMIN = "admin", "Admin"


class Player(AbstractUser):
    """A person (or a bot account) on Gauntlet.

    ``role`` says what they may do: players play, organisers also run tournaments, admins also
    audit matches and reach the Django admin (an admin is always staff).
    """

    display_name = models.CharField(max_length=60, blank=True)
    country = CountryField(blank=True)
    role = models.CharField(max_length=16, choices=Role.choices, default=Role.PLAYER)
    is_bot = models.BooleanField(default=False, help_text="A bot account, played by a worker.")
    time_zone = models.CharField(
        max_length=64, blank=True, help_text="IANA zone times are shown in (blank: the browser's)."
    )

    class Meta:
        ordering = ["username"]

    def __str__(self) -> str:
        return self.public_name

    @property
    def public_name(self) -> str:
        return self.display_name or self.username

    @property
    def is_organiser(self) -> bool:
        return self.role in (Role.ORGANISER, Role.ADMIN) or self.is_superuser

    @property
    def is_admin(self) -> bool:
        return self.role == Role.ADMIN or self.is_superuser

    def has_perm(self, perm: str, obj=None) -> bool:
        # The admin role may do everything in the Django admin, like a superuser.
        return (self.is_active and self.role == Role.ADMIN) or super().has_perm(perm, obj)

    def has_module_perms(self, app_label: str) -> bool:
        return (self.is_active and self.role == Role.ADMIN) or super().has_module_perms(app_label)

    def save(self, *args, **kwargs) -> None:
        # The admin role and staff status are one thing; a superuser is an admin.
        if self.is_superuser:
            self.role = Role.ADMIN
        self.is_staff = self.role == Role.ADMIN
        super().save(*args, **kwargs)


class ApiToken(AbstractAuthToken):
    """A named, revocable token for scripts and bots (stored hashed; shown once at creation)."""

    name = models.CharField(max_length=60, default="default")
    last_used = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created"]

    def __str__(self) -> str:
        return f"{self.user} / {self.name} ({self.token_key}…)"


class NotificationKind(models.TextChoices):
    PAIRED = "paired", "Paired"
    YOUR_TURN = "your_turn", "Your turn"
    CHALLENGE = "challenge", "Challenge"
    TO_CONFIRM = "to_confirm", "Result to confirm"
    DISPUTE_ANSWERED = "dispute_answered", "Dispute answered"
    ORGANISER_REQUEST = "organiser_request", "Organiser request"
    ORGANISER_ANSWER = "organiser_answer", "Organiser request answered"
    # To an event's organiser: what needs them now (tournaments.organiser_notifications).
    DISPUTE = "dispute", "Dispute to settle"
    REPORT_WAITING = "report_waiting", "Report waiting for confirmation"
    GUEST_CLAIM = "guest_claim", "Guest entry claimed"
    LATE_ENTRY = "late_entry", "Late entry"
    DECK_CHANGED = "deck_changed", "Deck changed"
    DECK_PROBLEM = "deck_problem", "Deck missing or illegal"


class Notification(models.Model):
    """Something a player is told, in words, with the place to act (``url``); unread until
    ``read_at`` (the list was opened or its link followed)."""

    player = models.ForeignKey(
        Player, on_delete=models.CASCADE, related_name="notifications", db_index=False
    )
    kind = models.CharField(max_length=20, choices=NotificationKind.choices)
    text = models.CharField(max_length=300)
    url = models.CharField(max_length=200, help_text="A path on the site: where to act.")
    created = models.DateTimeField(auto_now_add=True)
    read_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created", "-pk"]
        indexes = [models.Index(fields=["player", "-created"], name="notification_newest")]

    def __str__(self) -> str:
        return f"{self.kind} for {self.player_id}: {self.text}"


class RequestState(models.TextChoices):
    PENDING = "pending", "Waiting for staff"
    APPROVED = "approved", "Approved"
    REFUSED = "refused", "Refused"


class Venue(models.TextChoices):
    STORE = "store", "A games shop"
    CLUB = "club", "A club"
    ONLINE = "online", "Online"


class OrganiserRequest(models.Model):
    """A person asking to become an organiser, and staff's decision (:mod:`players.organisers`).

    At most one request per person waits at a time; a refused person may ask again. A decision
    with no ``decided_by`` was taken at the server's command line (``manage.py organisers``).
    """

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="organiser_requests")
    reason = models.TextField(max_length=1000)
    venue = models.CharField(
        max_length=10, choices=Venue.choices, blank=True, help_text="Where they run events."
    )
    state = models.CharField(
        max_length=10, choices=RequestState.choices, default=RequestState.PENDING
    )
    decided_by = models.ForeignKey(
        Player, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    decided_at = models.DateTimeField(null=True, blank=True)
    answer = models.TextField(max_length=1000, blank=True, help_text="Staff's answer.")
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created", "-pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["player"],
                condition=models.Q(state="pending"),
                name="one_pending_organiser_request",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.player_id} asks to organise ({self.state})"
