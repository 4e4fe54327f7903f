"""The Content-Security-Policy: strict, in force, and never violated by a game, a replay or a link."""

from __future__ import annotations

from ui_helpers import FAST, dialog_open, open_app, play_short_game_to_the_end, preset_settings, wait_turn

from conftest import wait_engine_ready

# Collects every violation the page reports, from the first script on.
WATCH = """
window.__csp = [];
document.addEventListener("securitypolicyviolation", (e) => {
  window.__csp.push(`${e.violatedDirective} blocked ${e.blockedURI || "inline"} (${e.sourceFile}:${e.lineNumber})`);
});
"""


def _violations(page, console: list[str]) -> list[str]:
    return page.evaluate("() => window.__csp") + [m for m in console if "Content Security Policy" in m]


def _watched_page(context, console: list[str]):
    page = context.new_page()
    page.add_init_script(WATCH)
    page.on("console", lambda m: console.append(m.text))
    return page


def test_the_policy_is_strict_and_in_force(page, base_url_sub):
    console: list[str] = []
    page.add_init_script(WATCH)
    page.on("console", lambda m: console.append(m.text))
    open_app(page, base_url_sub)
    policy = page.evaluate(
        "() => document.querySelector('meta[http-equiv=\"Content-Security-Policy\"]').content"
    )
    directives = {d.split()[0]: d.split()[1:] for d in policy.split(";") if d.strip()}
    assert directives["default-src"] == ["'self'"]
    assert sorted(directives["script-src"]) == ["'self'", "'wasm-unsafe-eval'"]
    assert directives["object-src"] == ["'none'"]
    assert directives["base-uri"] == ["'none'"]
    assert "unsafe-inline" not in policy and "'unsafe-eval'" not in policy
    assert page.locator("script:not([src])").count() == 0  # no inline script left to allow
    assert _violations(page, console) == []
    # In force: an injected inline script does not run, and the page reports it.
    page.evaluate("() => { const s = document.createElement('script'); s.textContent = 'window.__ran = 1';"
                  " document.head.append(s); }")
    page.wait_for_function("() => window.__csp.length > 0")
    assert page.evaluate("() => window.__ran") is None


def test_no_violation_in_a_whole_game_a_replay_and_shared_links(browser, base_url_sub):
    context = browser.new_context()
    preset_settings(context, FAST)
    console: list[str] = []
    page = _watched_page(context, console)
    open_app(page, base_url_sub)
    assert page.evaluate("() => document.body.dataset.boot") in ("fresh", "snapshot")
    play_short_game_to_the_end(page, "short-axe")  # a seed known to end within the helper's hands
    page.get_by_test_id("over-share").click()  # the game-over dialog's "Share with moves"
    page.wait_for_function("() => document.getElementById('share-url').value.includes('#g=')")
    with_moves = page.get_by_test_id("share-url").input_value()
    page.get_by_test_id("share-deal").click()
    page.wait_for_function("(old) => document.getElementById('share-url').value !== old", arg=with_moves)
    deal = page.get_by_test_id("share-url").input_value()
    assert _violations(page, console) == []

    replay = _watched_page(context, console)
    replay.goto(with_moves)
    wait_engine_ready(replay)
    replay.wait_for_selector("[data-testid=replay-bar]:not([hidden])")
    replay.get_by_test_id("replay-forward").click()
    replay.get_by_test_id("replay-end").click()
    replay.wait_for_function("() => /^Move (\\d+) of \\1/.test(document.getElementById('replay-pos').textContent)")
    replay.get_by_test_id("replay-start").click()
    replay.wait_for_function("() => document.getElementById('replay-pos').textContent.startsWith('Move 0 ')")
    assert _violations(replay, console) == []

    shared = _watched_page(context, console)
    shared.goto(deal)
    wait_engine_ready(shared)
    wait_turn(shared)
    assert not dialog_open(shared, "dlg-over")
    assert _violations(shared, console) == []
    assert [m for m in console if "Content Security Policy" in m] == []
    context.close()
