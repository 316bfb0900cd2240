"""The re-check task: one batch per task, each queuing the next, in-process and on a worker."""

from __future__ import annotations

import time
import uuid

import pytest

from decks import recheck, services
from decks.models import DeckRecheck, DeckVersion, RecheckRun
from decks.tasks import recheck_decks
from engines.arackhan_wars.catalogue import DATA_DIR

V2 = (
    (DATA_DIR / "cards-v1.csv")
    .read_text()
    .replace("1113,Phalanx,Grey Order,Creature,3,,", "1113,Phalanx,Grey Order,Creature,3,4,")
)
FULL = "3 Phalanx\n4 Titan\n12 Infantryman\n4 Senior Mercenary\n"  # 125, then 128


def _decks(owner, n_full: int, n_fine: int) -> None:
    for i in range(n_full):
        services.create_deck(owner, "arackhan-wars", f"full {i}", text=FULL)
    for i in range(n_fine):
        services.create_deck(owner, "arackhan-wars", f"fine {i}", text="23 Drunk Knight")


@pytest.mark.django_db
def test_the_task_chains_batches_in_process(alice, monkeypatch) -> None:
    _decks(alice, 5, 4)
    version, _ = services.load_catalogue("arackhan-wars", text=V2, path="v2.csv", recheck=False)
    monkeypatch.setattr(recheck, "RECHECK_BATCH", 2)
    recheck_decks.delay(version.pk)
    run = RecheckRun.objects.get()
    assert (run.checked, run.now_illegal, run.finished is not None) == (9, 5, True)
    assert DeckRecheck.objects.count() == 5
    assert DeckVersion.objects.filter(catalogue=version).count() == 9
    assert recheck_decks.delay(10**9).get() == {"last": None}  # a vanished version: no-op


@pytest.mark.services
@pytest.mark.django_db(transaction=True)
def test_the_task_chains_batches_on_a_real_worker(alice) -> None:
    from gauntlet.celery_app import app
    from tests.support.workers import Worker

    _decks(alice, 3, 4)
    version, _ = services.load_catalogue("arackhan-wars", text=V2, path="v2.csv", recheck=False)
    queue = f"test-decks-{uuid.uuid4().hex[:8]}"
    worker = Worker(queue, "decks", extra_env={"DECKS_RECHECK_BATCH": "2"})
    try:
        worker.wait_ready(app)
        recheck_decks.apply_async((version.pk,), queue=queue)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            run = RecheckRun.objects.filter(finished__isnull=False).first()
            if run is not None:
                break
            time.sleep(0.2)
        else:
            raise AssertionError("the re-check did not finish within 60 s")
    finally:
        worker.stop()
    assert (run.checked, run.now_illegal) == (7, 3)
    assert set(DeckRecheck.objects.values_list("version__deck__name", flat=True)) == {
        "full 0",
        "full 1",
        "full 2",
    }
