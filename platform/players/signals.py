"""What the players services announce, for :mod:`players.receivers` to react to.

Both are sent inside the transaction that writes the request, with ``sender=OrganiserRequest``
and ``request`` (the row as saved):

- ``organiser_requested``: a person asked to become an organiser (staff are told);
- ``organiser_request_decided``: staff (or the command line) approved or refused a request (the
  person is told, with the answer).
"""

from django.dispatch import Signal

organiser_requested = Signal()  # sender=OrganiserRequest, request=<OrganiserRequest>
organiser_request_decided = Signal()  # sender=OrganiserRequest, request=<OrganiserRequest>
