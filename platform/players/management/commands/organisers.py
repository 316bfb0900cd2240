"""``manage.py organisers``: the requests to become an organiser, from the server's shell.

``--list`` prints the waiting requests (id, user name, date, venue, reason); ``--approve ID``
(with an optional ``--answer``) and ``--refuse ID --answer "..."`` decide one, as staff do on
``/staff/organisers/``; ``--grant USERNAME`` makes someone an organiser directly, recorded as
an approved request with no member of staff and the answer "granted from the command line".
The person is told of each decision (a notification).
"""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError

from players import organisers
from players.models import Player


class Command(BaseCommand):
    help = "List, approve or refuse the requests to become an organiser, or grant the role."

    def add_arguments(self, parser) -> None:
        what = parser.add_mutually_exclusive_group(required=True)
        what.add_argument("--list", action="store_true", help="Print the waiting requests.")
        what.add_argument("--approve", type=int, metavar="ID", help="Approve request ID.")
        what.add_argument("--refuse", type=int, metavar="ID", help="Refuse request ID.")
        what.add_argument(
            "--grant", metavar="USERNAME", help="Make USERNAME an organiser directly."
        )
        parser.add_argument(
            "--answer", default="", help="Your words for the person (required with --refuse)."
        )

    def handle(self, *args, **options) -> None:
        if options["list"]:
            self.list_pending()
            return
        try:
            if options["approve"] is not None:
                done = organisers.approve(options["approve"], None, options["answer"])
            elif options["refuse"] is not None:
                done = organisers.refuse(options["refuse"], None, options["answer"])
            else:
                done = organisers.grant(self.person(options["grant"]))
        except organisers.OrganiserRequestError as exc:
            field = "" if exc.field == "non_field_errors" else f"--{exc.field}: "
            raise CommandError(f"{field}{exc.message}") from None
        verb = "organiser request" if not options["grant"] else "organiser role"
        self.stdout.write(f"{done.player.username}: {verb} {done.state} (request {done.pk})")

    def person(self, username: str) -> Player:
        person = Player.objects.filter(username=username).first()
        if person is None:
            raise CommandError(f"no account named {username!r}")
        return person

    def list_pending(self) -> None:
        rows = list(organisers.pending())
        if not rows:
            self.stdout.write("No request is waiting.")
            return
        for r in rows:
            venue = r.get_venue_display() if r.venue else "-"
            reason = " ".join(r.reason.split())
            self.stdout.write(
                f"{r.pk}\t{r.player.username}\t{r.created:%Y-%m-%d}\t{venue}\t{reason}"
            )
