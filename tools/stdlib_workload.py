"""What the page asks of the engine, run inside Pyodide by tools/trace_stdlib.mjs so that every
module of the standard library the product needs gets imported and kept in the shipped zip.

Everything goes through ``webcall.call``, the worker's one door, as JSON text: each profile and
house rule, a hand at each level a player can choose, the review, the hints, every code (share,
hand, challenge) and the errors a player can cause (a card not in hand, a damaged link, a corrupt
saved game, an unknown call), since an error's path imports modules a happy path never does.
"""

import json

from kaiser_core.bridge import webcall


def ask(fn, *args):
    """The reply's result, or its error object for a call meant to fail."""
    reply = json.loads(webcall.call(fn, json.dumps(list(args))))
    return reply.get("result", reply.get("error"))


def play_hand(state, level):
    """Play ``state`` through a table until the first hand is over; the table's game."""
    table = ask("open_table", state, [0, 1, 2, 3])["table"]
    ask("table_view", table, 0)
    for seat in range(4):
        ask("table_hint", table, seat, "w")
    for turn in range(200):
        reply = ask("table_bot_step", table, level, f"w{turn}", 800)
        if reply.get("hands_played") or "moves" not in reply:
            break
    ask("table_undo", table, 0)
    ask("table_summary", table)
    finished = ask("table_state", table)
    ask("close_table", table)
    return finished


webcall.warm()
for fn in ("profiles", "options_schema", "card_names"):
    ask(fn)
profiles = ask("profiles")
houses = [{"pass_to_partner": True}, {"kaiser_bid": True, "kaiser_bid_value": "game"},
          {"spade_three_needs_three_tricks": True, "lose_at": -52}]
for i, profile in enumerate(profiles):
    config = {"profile": profile, "seed": f"trace-{profile}", "options": houses[i % len(houses)]}
    ask("describe_rules", config)
    state = ask("new_game", config)
    for fn, args in (("legal_actions", [state]), ("view", [state, 0]), ("summary", [state]),
                     ("bot_action", [state, "basic", "w"]),
                     ("bot_step", [state, "basic", "w", 0]), ("load", [state])):
        ask(fn, *args)
    for seat in range(4):
        ask("hint", state, seat, "w")

for level in ("random", "basic", "strong", "expert"):
    state = play_hand(ask("new_game", {"profile": "prairie", "seed": f"trace-{level}"}), level)
    ask("summary", state)
    share = ask("encode_share", state, True)
    ask("decode_share", share)
    ask("encode_hand", state, 0)

while not (step := ask("analyze_step", state, 0))["done"]:
    pass
challenge = ask("encode_challenge", state, {"1": "basic", "2": "basic", "3": "basic"}, "Ann", 0)
deal = ask("decode_challenge", challenge)
ask("challenge_par", challenge, 0)
replay = ask("new_game", deal["deals"][0]["config"])
ask("reply_challenge", challenge, [play_hand(replay, "basic")], "Bob")

fresh = ask("new_game", {"profile": "standard", "seed": "errors"})
table = ask("open_table", fresh)["table"]
for fn, args in (("apply", [fresh, {"type": "play", "card": "5H"}]),
                 ("apply", [fresh, {"type": "nonsense"}]),
                 ("table_step", [table, {"type": "bid", "value": 99}, 1, 0]),
                 ("table_step", ["no-such-table", {"type": "pass"}, 0]),
                 ("load", [{"config": {"profile": "nope"}, "actions": "x"}]),
                 ("load", ["not a saved game"]),
                 ("decode_share", ["k1-damaged"]),
                 ("decode_challenge", ["c1-damaged"]),
                 ("new_game", [{"profile": "standard", "options": {"target": "many"}}]),
                 ("no_such_call", [])):
    ask(fn, *args)
webcall.call("profiles", "[not json")
