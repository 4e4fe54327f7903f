"""The rules in force, told in a player's words, built from a ``Rules`` object.

The rules panel, the settings help and the score sheet's notes all show this text, so what a
player reads cannot disagree with what the engine does: each sentence is chosen by the very
option the engine reads, and the tests play a hand for each option and check that the text
predicted its outcome.
"""

from __future__ import annotations

from typing import Any

from .rules import BID_OUT, OPTION_META, PROFILES, Rules

PROFILE_TEXT: dict[str, tuple[str, str, str]] = {
    "standard": (
        "Kaiser Forum standard",
        'The "Standard Kaiser Rules" posted on the Kaiser Forum (2007).',
        "Lowest bid 5, one bid each; if all four pass, the hand is thrown in."),
    "tournament": (
        "Tournament",
        "The tournament style of the same Kaiser Forum post, used by its computer version.",
        "As the Kaiser Forum standard, with a lowest bid of 7."),
    "prairie": (
        "Prairie rules",
        "A Prairie partnerships rules page, with a worked example.",
        "Lowest bid 6; the dealer must bid if the others pass; a weak hand may ask for a "
        "redeal; if both teams reach the game on one hand, the bidders win."),
    "playingcards": (
        "PlayingCards.io",
        "The Kaiser rules of the PlayingCards.io online card table.",
        "Bidding goes round until one bidder is left; the dealer must bid if everyone passes; "
        "a weak hand may ask for a redeal; defenders at 45 still lose 3 for the 3 of spades."),
    "bidout": (
        "Wikipedia: bid-out",
        'The Wikipedia article "Kaiser (game)".',
        "If the others pass, the dealer is forced to bid 6; defenders stop scoring at the "
        "bid-out point; after a no-trump contract the game is 62; only bidders who make their "
        "bid can win."),
    "classic": (
        "Rules blog (classic)",
        "A card-game rules blog's Kaiser page.",
        "Lowest bid 6; the dealer must bid if the others pass; a weak hand may ask for a "
        "redeal; defenders at 45 still lose 3 for the 3 of spades."),
}

TOPICS = (("deal", "The deal"), ("bidding", "Bidding"), ("play", "The play"),
          ("scoring", "Scoring"), ("end", "End of the game"))


def value_words(name: str, value: Any) -> str:
    """An option's value as a player reads it: its words, else on/off or the number."""
    words = OPTION_META[name]["words"]
    if value in words and not isinstance(value, bool):
        return str(words[value])
    if value is True:
        return "on"
    if value is False:
        return "off"
    return str(value)


def changes(rules: Rules, profile: str) -> list[str]:
    """``Label: value`` for each option that differs from the profile's own value."""
    base = PROFILES[profile]
    out = []
    for name, meta in OPTION_META.items():
        value = getattr(rules, name)
        if value != getattr(base, name):
            out.append(f"{meta['label']}: {value_words(name, value)}")
    return out


def _threshold_words(rules: Rules) -> str:
    if rules.defender_threshold == BID_OUT:
        return (f"the bid-out point (the game minus {rules.minimum_bid}, so "
                f"{rules.threshold(rules.target)})")
    return f"{rules.defender_threshold}"


def _deal(rules: Rules) -> list[str]:
    out = [
        "Four players in two partnerships, partners sitting opposite: South and North "
        "against West and East.",
        "32 cards: 8 to ace in each suit, plus the 7 of clubs, the 7 of diamonds, the 5 of "
        "hearts and the 3 of spades. Ace is high; the 7, 7, 5 or 3 is the lowest of its suit.",
        "The dealer deals every card, one at a time, starting on the left: eight each. The deal "
        "passes to the left after every hand.",
    ]
    if rules.weak_hand_redeal:
        out.append("A player dealt no ace, king, queen, jack, 5 of hearts or 3 of spades may "
                   "ask for a new deal before the bidding; the same dealer deals again.")
    if rules.pass_to_partner:
        out.append("Before the bidding each player, in turn from the dealer's left, chooses one "
                   "card to pass to partner. The four cards change hands once everyone has "
                   "chosen, so you choose before you see the card you receive; only you and "
                   "your partner know either card.")
    return out


def _bidding(rules: Rules) -> list[str]:
    low = rules.minimum_bid
    out = [f"A bid promises a number of points, from {low} to 12, with a trump suit named "
           "later, or the same number in no trump: 7 no trump beats 7, and 8 beats 7 no trump."]
    if rules.auction == "single":
        out.append("Each player bids once or passes, starting on the dealer's left; the dealer "
                   "speaks last.")
    else:
        out.append("The bidding goes round and round: a player who passes is out, and it ends "
                   "when only one bidder is left or someone bids 12 no trump.")
    out.append("A bid must outrank the highest bid so far; only the dealer may take the bid "
               "by equalling it.")
    if rules.all_pass == "throw_in":
        out.append("If all four pass, the hand is thrown in and the next dealer deals.")
    elif rules.all_pass == "dealer_bids":
        out.append(f"If the other three pass, the dealer must bid at least {low}.")
    else:
        out.append(f"If the other three pass, the dealer is forced to bid exactly {low} or "
                   f"{low} no trump.")
    if rules.kaiser_bid:
        out.append("A bid of Kaiser outranks 12 no trump: the bidder names a trump suit or no "
                   "trump and plays alone while partner sits out, and must take all eight "
                   "tricks.")
        if rules.kaiser_bid_value == "game":
            out.append("A Kaiser bid is played for the game: made, it wins the game at once; "
                       "failed, it loses the game at once.")
        else:
            out.append("A Kaiser bid made scores 40; failed, it loses 40.")
        if rules.pass_to_partner:
            out.append("The cards passed between partners stay where they went: a Kaiser "
                       "bidder plays with the card partner passed, and the card it passed "
                       "sits out with partner's hand.")
    return out


def _play(rules: Rules) -> list[str]:
    return [
        "The highest bidder names trump (unless the bid was no trump) and leads the first "
        "trick.",
        "You must follow the suit led if you can; otherwise play any card, a trump or not. "
        "The highest trump wins the trick, else the highest card of the suit led; the winner "
        "leads the next trick.",
    ]


def _scoring(rules: Rules) -> list[str]:
    out = ["Each trick won is worth 1 point; the 5 of hearts adds 5 and the 3 of spades takes "
           "away 3 for the team whose tricks hold it."]
    if rules.spade_three_needs_three_tricks:
        out.append("A team that takes the 3 of spades with only one or two tricks scores minus "
                   "3 for the hand, whatever else it took, and the 5 of hearts counts only for "
                   "a team with three tricks or more, so a hand is not always worth 10 points.")
    elif rules.kaiser_bid:
        out.append("A hand is worth 10 points in all, except after a Kaiser bid, when the 5 of "
                   "hearts or the 3 of spades may sit out with the partner's hand.")
    else:
        out.append("So a hand is worth 10 points in all.")
    out.append("The bidders add their points if they reach their bid, and lose the amount of "
               "the bid if they do not. At no trump the bidders' gain or loss is doubled; the "
               "defenders' never is.")
    thr = _threshold_words(rules)
    out.append(f"The defenders add their points, whether the bid was made or not, until their "
               f"score before the hand is {thr} or more.")
    if rules.defender_loss == "negative_raw":
        out.append(f"Defenders at {thr} or more gain nothing from a hand, but still lose "
                   "points when their tricks leave them below zero (the 3 of spades with "
                   "fewer than three tricks).")
    elif rules.defender_loss == "three_of_spades":
        out.append(f"Defenders at {thr} or more score nothing for a hand, except minus 3 "
                   "whenever their tricks hold the 3 of spades.")
    else:
        out.append(f"Defenders at {thr} or more score nothing at all for a hand, not even "
                   "for the 3 of spades.")
    return out


def _end(rules: Rules) -> list[str]:
    target = rules.target
    out = []
    if rules.winners == "any":
        out.append(f"The first team to reach {target} wins the game, bidding or defending.")
        if rules.both_cross == "higher_score":
            out.append(f"If both teams reach {target} on the same hand, the higher score wins; "
                       "a tie goes to the bidders.")
        else:
            out.append(f"If both teams reach {target} on the same hand, the bidding team wins.")
    else:
        out.append(f"Only a bidding team that makes its bid can win, by reaching {target}; "
                   f"defenders who pass {target} do not win, and play goes on.")
    nt = rules.no_trump_target
    if nt is not None:
        follows = (" The bid-out point rises with it." if rules.defender_threshold == BID_OUT
                   else "")
        if rules.no_trump_target_from == "any_contract":
            out.append(f"From the first no-trump contract of the game on, that hand included, "
                       f"the game is {nt}.{follows}")
        elif rules.no_trump_target_from == "made_contract":
            out.append(f"From the first no-trump contract that is made, that hand included, "
                       f"the game is {nt}.{follows}")
        else:
            out.append(f"A hand played at no trump is played to {nt}; the next hand is played "
                       f"to {target} again.{follows}")
    if rules.lose_at is not None:
        out.append(f"A team at {rules.lose_at} or below after a hand loses the game at once, "
                   f"whoever bid; if the other team reaches the game on the same hand, that "
                   "team wins.")
    else:
        out.append("Scores can go below zero; there is no losing score.")
    return out


_BUILDERS = {"deal": _deal, "bidding": _bidding, "play": _play, "scoring": _scoring,
             "end": _end}


def describe(rules: Rules, profile: str) -> dict[str, Any]:
    """``{"title", "origin", "summary", "sections": [{"topic", "title", "sentences"}]}``."""
    title, origin, summary = PROFILE_TEXT[profile]
    changed = changes(rules, profile)
    if changed:
        title = f"{title}, changed"
        summary = f"{summary} Changed here: {'; '.join(changed)}."
    return {
        "title": title,
        "origin": origin,
        "summary": summary,
        "sections": [{"topic": topic, "title": heading, "sentences": _BUILDERS[topic](rules)}
                     for topic, heading in TOPICS],
    }


def sheet_notes(rules: Rules) -> list[str]:
    """The score sheet's notes: how the game ends and when defenders stop scoring, the same
    sentences as the rules text."""
    return _end(rules) + _scoring(rules)[-2:]
