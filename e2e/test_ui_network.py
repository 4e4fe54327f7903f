"""No request leaves the site's origin while playing and opening every panel."""

from __future__ import annotations

from ui_helpers import human_step_mouse, wait_turn


def test_no_request_leaves_the_origin(app_page, offsite_requests):
    page = app_page
    wait_turn(page)
    human_step_mouse(page)
    for tid, dlg in (("btn-score", "dlg-score"), ("btn-settings", "dlg-settings"),
                     ("btn-help", "dlg-help"), ("btn-last-trick", "dlg-last")):
        page.get_by_test_id(tid).click()
        page.wait_for_selector(f"#{dlg}[open]")
        page.keyboard.press("Escape")
    assert offsite_requests == []
