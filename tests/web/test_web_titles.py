"""Page titles come from one place (web.titles): "<page> · Gauntlet", or "Gauntlet" alone.

Every page of the site crawl is checked in test_web_demo.py and test_web_empty_site.py; these
pin the rule itself and the crawl's check.
"""

import pytest

from tests.web.site_crawl import title_problem
from web.titles import page_title

pytestmark = pytest.mark.django_db


def test_a_page_title_names_the_page_then_the_site_once():
    assert page_title("Ladders") == "Ladders · Gauntlet"
    assert page_title("  Match   12 \n") == "Match 12 · Gauntlet"
    assert page_title("") == "Gauntlet"
    assert page_title("Gauntlet") == "Gauntlet"
    assert page_title("Decks · Gauntlet") == "Decks · Gauntlet"
    # A name that merely contains the site's name is a page's name like any other.
    assert page_title("Gauntlet Demo Open") == "Gauntlet Demo Open · Gauntlet"


def test_the_crawl_check_catches_a_repeated_site_name():
    assert title_problem("Gauntlet · Gauntlet") is not None
    assert title_problem("Ladders · Gauntlet · Gauntlet") is not None
    assert title_problem("Ladders") is not None
    assert title_problem(" · Gauntlet") is not None
    assert title_problem("Ladders · Gauntlet") is None
    assert title_problem("Gauntlet") is None


def test_the_home_page_is_titled_gauntlet_and_a_missing_page_is_named(client):
    home = client.get("/").content.decode()
    assert "<title>Gauntlet</title>" in home
    missing = client.get("/players/nobody-at-all/")
    assert missing.status_code == 404
    html = missing.content.decode()
    assert "<title>Page not found · Gauntlet</title>" in html
    assert 'class="brand"' in html  # the site's own page, with its header to go on from
