"""Start-up from the engine's memory snapshot, the painted table, and every fallback to a fresh boot."""

from __future__ import annotations

import re
import shutil

import pytest
from boot_helpers import (
    RECORD_PAINT, boot_mode, damage_shipped_snapshot, damage_snapshot, snapshot_keys,
    snapshot_source, table_now, visible_errors, wait_controlled, wait_snapshot,
)
from conftest import StaticServer, wait_engine_ready
from ui_helpers import game_state, human_step_mouse, moves, open_app, step_until_south_plays, wait_turn


def _played_game(context, url):
    """A page with a game where South has played, the snapshot stored and the site precached.
    The first visit starts Python afresh (the build's snapshot would cost 7 MB more before the
    table is playable) and makes a snapshot in this browser for the next; the service worker
    keeps the build's snapshot too, fetched in the background once the table is playable."""
    page = context.new_page()
    open_app(page, url)
    assert (boot_mode(page), snapshot_source(page)) == ("fresh", None)
    step_until_south_plays(page, min_moves=6)
    human_step_mouse(page)
    wait_snapshot(page)
    wait_controlled(page)
    return page


def _revisit(page):
    page.reload()
    wait_engine_ready(page)
    wait_turn(page)


def test_second_visit_restores_the_snapshot_paints_first_and_plays_on(browser, base_url_sub):
    context = browser.new_context()
    page = _played_game(context, base_url_sub)
    before = game_state(page)
    table = table_now(page)
    page.add_init_script(RECORD_PAINT)
    _revisit(page)
    assert (boot_mode(page), snapshot_source(page)) == ("snapshot", "stored")
    painted = page.evaluate("() => window.__painted")
    # The saved table was on screen before the engine answered: inert, with the notice.
    assert painted["paint"] == "painted" and painted["engine"] == "loading", painted
    assert painted["appShown"] and painted["inert"] and painted["note"] == "Starting the engine…"
    assert painted["enabled"] == 0
    assert painted["hand"] == table["hand"] and painted["scores"] == table["scores"]
    # Live now: the engine's table is the painted one, and the game goes on.
    assert page.evaluate("() => document.body.dataset.paint") == "matched"
    assert table_now(page) == table
    assert not page.evaluate("() => document.getElementById('app').inert")
    assert page.locator("#engine-starting").count() == 0
    assert game_state(page) == before
    n = moves(page)
    human_step_mouse(page)
    assert moves(page) > n
    assert visible_errors(page) == []
    context.close()


@pytest.mark.parametrize("how", ["corrupt", "truncate", "garbage"])
def test_a_damaged_stored_snapshot_gives_way_to_the_shipped_one_with_the_game_intact(browser, base_url_sub, how):
    context = browser.new_context()
    page = _played_game(context, base_url_sub)
    before = game_state(page)
    damage_snapshot(page, how)
    _revisit(page)
    assert (boot_mode(page), snapshot_source(page)) == ("snapshot", "shipped")
    assert game_state(page) == before
    assert visible_errors(page) == []
    # The damaged copy is replaced by a good one, which the next visit restores.
    wait_snapshot(page)
    _revisit(page)
    assert (boot_mode(page), snapshot_source(page)) == ("snapshot", "stored")
    assert game_state(page) == before
    context.close()


def test_with_both_snapshots_damaged_python_boots_afresh_and_makes_its_own(browser, base_url_sub):
    context = browser.new_context()
    page = _played_game(context, base_url_sub)
    before = game_state(page)
    damage_snapshot(page, "corrupt")
    damage_shipped_snapshot(page)
    _revisit(page)
    assert boot_mode(page) == "fresh" and snapshot_source(page) is None
    assert game_state(page) == before
    assert visible_errors(page) == []
    n = moves(page)
    human_step_mouse(page)
    assert moves(page) > n
    # The fresh boot makes a snapshot in this browser; the next visit restores it.
    wait_snapshot(page)
    _revisit(page)
    assert (boot_mode(page), snapshot_source(page)) == ("snapshot", "stored")
    assert moves(page) > n
    context.close()


def test_offline_warm_visit_boots_from_the_snapshot(browser, base_url_sub):
    context = browser.new_context()
    page = _played_game(context, base_url_sub)
    before = game_state(page)
    context.set_offline(True)
    _revisit(page)
    assert boot_mode(page) == "snapshot"
    assert game_state(page) == before
    n = moves(page)
    human_step_mouse(page)
    assert moves(page) > n
    context.set_offline(False)
    context.close()


def test_a_new_build_never_restores_the_old_builds_snapshot(browser, dist_dir, tmp_path):
    site = tmp_path / "site"
    shutil.copytree(dist_dir, site)
    server = StaticServer(site).start()
    try:
        context = browser.new_context()
        page = _played_game(context, server.url)
        before = game_state(page)
        old_key = wait_snapshot(page)
        old_id = re.search(r'const BUILD_ID = "([^"]+)"', (site / "worker.js").read_text()).group(1)
        assert old_key == old_id + ".snapshot"
        # A "new build": a new hash in worker.js and sw.js, as build.py writes it.
        new_id = old_id + "-next"
        for name in ("worker.js", "sw.js"):
            path = site / name
            path.write_text(path.read_text().replace(old_id, new_id))
        page.evaluate("""async () => {
            const reg = await navigator.serviceWorker.getRegistration();
            await reg.update();
            const sw = reg.installing || reg.waiting;
            if (sw && sw.state !== "installed") {
              await new Promise((ok) => sw.addEventListener("statechange", () => sw.state === "installed" && ok()));
            }
            const waiting = reg.waiting;
            const changed = new Promise((ok) => navigator.serviceWorker.addEventListener("controllerchange", ok));
            waiting.postMessage({ type: "skip-waiting" });
            await changed;
        }""")
        _revisit(page)
        assert (boot_mode(page), snapshot_source(page)) == ("snapshot", "shipped")
        assert game_state(page) == before
        new_key = wait_snapshot(page, not_key=old_key)
        assert new_key == new_id + ".snapshot"
        assert old_key not in snapshot_keys(page)
        _revisit(page)
        assert (boot_mode(page), snapshot_source(page)) == ("snapshot", "stored")
        context.close()
    finally:
        server.stop()
