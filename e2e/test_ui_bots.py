"""Print (not assert) each bot level's time per decision inside Pyodide."""

from __future__ import annotations

from ui_helpers import open_app

MEASURE = """
async ([level, n, cap]) => {
  const e = window.kaiser.engine;
  let state = await e.call('new_game', {profile: 'standard', seed: 'timing-' + level, dealer: 0});
  const times = [];
  for (let i = 0; i < n; i++) {
    const s = await e.call('summary', state);
    if (s.phase === 'game_over') break;
    const t0 = performance.now();
    const a = cap ? await e.call('bot_action', state, level, 'seed:' + i, cap)
                  : await e.call('bot_action', state, level, 'seed:' + i);
    times.push(performance.now() - t0);
    state = await e.call('apply', state, a);
  }
  times.sort((x, y) => x - y);
  const at = (q) => times[Math.min(times.length - 1, Math.floor(q * times.length))];
  return {n: times.length, median: at(0.5), p90: at(0.9), max: times[times.length - 1]};
}
"""


def test_print_bot_decision_times(page, base_url_sub):
    open_app(page, base_url_sub)
    # Whole hands (a hand is about 36 decisions: the calls, trump and 32 cards), so that the
    # auction's dearer decisions count in their real share.
    # strong's median sits where its decisions' times climb steeply (the first tricks' playouts
    # against the last tricks' exact solves), so it is read over six hands.
    for level, n, cap in (("random", 40, 0), ("basic", 72, 0), ("strong", 216, 0),
                          ("expert", 72, 0), ("strong", 216, 800), ("expert", 72, 800)):
        label = f"{level} (the page's {cap} ms cap)" if cap else level
        try:
            r = page.evaluate(MEASURE, [level, n, cap])
            print(f"bot {label}: {r['n']} decisions, median {r['median']:.1f} ms, "
                  f"p90 {r['p90']:.1f} ms, slowest {r['max']:.1f} ms")
        except Exception as exc:  # printed, not asserted
            print(f"bot {label}: could not measure ({exc})")
