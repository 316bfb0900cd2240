"""Page titles in one place: "<page> · Gauntlet", or "Gauntlet" alone (the home page).

A template names its page in ``{% block title %}`` (nothing on the home page); ``base.html``
passes that through :func:`page_title` (the ``page_title`` filter), so no page adds the site's
name itself.
"""

from __future__ import annotations

SITE_NAME = "Gauntlet"
SEPARATOR = " · "


def page_title(page: str = "") -> str:
    """The ``<title>`` of the page named ``page``: ``"<page> · Gauntlet"``, or the site's name
    alone when ``page`` is empty or is the site's name (a trailing " · Gauntlet" is dropped)."""
    name = " ".join(str(page).split())
    suffix = SEPARATOR + SITE_NAME
    while name.endswith(suffix):
        name = name[: -len(suffix)].rstrip()
    if not name or name == SITE_NAME:
        return SITE_NAME
    return f"{name}{SEPARATOR}{SITE_NAME}"
