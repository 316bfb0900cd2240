"""A small bot study in headless chromium: an organiser starts it from the form, its progress
bar follows the batches live, and its results fill the matchup heat map, at 390 px too."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from insights import receivers
from insights.signals import study_batches_ready
from insights.studies import start_study
from insights.tasks import play_study_batch
from players.models import Player
from tests.support.accounts import STRONG
from tests.web.board_play import page_fits
from tests.web.conftest import screenshot
from tests.web.test_web_browser import log_in

pytestmark = pytest.mark.browser
AKW = "arackhan-wars"


def test_a_study_runs_with_a_live_progress_bar_and_fills_the_matrix(page, live_server):
    organiser = Player.objects.create_user("orla", password=STRONG, role="organiser")
    base = live_server.url
    log_in(page, base, "orla")
    # From the form: the embedded mode plays it at once (eager tasks), the page says so.
    page.goto(f"{base}/insights/studies/")
    page.get_by_label("Game").select_option(AKW)
    page.get_by_label("Decks").fill("lightning-strike, blight-prebuilt")
    page.get_by_label("Bot").fill("random")
    page.get_by_label("Matches").fill("4")
    page.get_by_role("button", name="Start the study").click()
    expect(page.get_by_test_id("study-state")).to_have_text("finished")
    expect(page.get_by_test_id("study-done")).to_have_text("4")
    # Live: a study whose batches this test plays one by one while the page watches.
    study_batches_ready.disconnect(dispatch_uid="insights.queue_study")
    try:
        study = start_study(
            organiser, AKW, ["the-power-of-ice", "lightning-strike"], "random", 4, batch_size=2
        )
    finally:
        study_batches_ready.connect(
            receivers.on_study_batches_ready, dispatch_uid="insights.queue_study"
        )
    page.goto(f"{base}/insights/studies/{study.pk}/")
    bar = page.locator("#study-bar")
    expect(bar).to_have_attribute("value", "0")
    play_study_batch.delay(study.pk, 0).get()
    expect(page.get_by_test_id("study-done")).to_have_text("2")
    expect(bar).to_have_js_property("value", 2)
    play_study_batch.delay(study.pk, 1).get()
    expect(page.get_by_test_id("study-state")).to_have_text("finished")
    # The matrix of bot play, by faction, at a phone's width.
    page.set_viewport_size({"width": 390, "height": 800})
    page.get_by_test_id("study-matrix").click()
    matrix = page.get_by_test_id("matchup-matrix")
    expect(matrix).to_contain_text("vs Whitelands")
    expect(matrix.locator("thead")).to_contain_text("vs Blight")
    assert matrix.locator("td.small-sample").count() >= 1  # 8 matches: too few to judge
    assert page_fits(page)
    screenshot(page, "matchups-390")
