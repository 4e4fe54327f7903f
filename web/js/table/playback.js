// @ts-check
// One move played back on a screen, the same at every table (solo, pass and play, a friends
// table's host and its guests): the card lands with the trick counts as they were, the finished
// trick shows its winner and worth, then is swept to the winner; at a hand's end the table stays
// as the engine recorded the hand until the next deal is shown. What a screen draws, and what it
// does with a finished hand, are its own.
import { gatherTrick } from "./table.js";
import { describeAction, trickWords } from "./words.js";
import { announce } from "../ui/announce.js";
import { prefersReducedMotion } from "../ui/settings.js";

/** @typedef {import("../types.js").View} View */
/** @typedef {import("../types.js").Trick} Trick */
/** @typedef {import("../types.js").StepEvent} StepEvent */
/** @typedef {import("../types.js").HandEvent} HandEvent */
/** @typedef {import("../types.js").GameOverEvent} GameOverEvent */
/** @typedef {{view: View, trick?: Trick}} Frame what the table shows while a move is played back */

/**
 * @typedef {object} Screen
 * @property {(frame: Frame | null) => void} hold what the table shows until told otherwise (null: the live view)
 * @property {() => void} draw draw the table as held
 * @property {(ms: number, skippable?: boolean) => Promise<void>} delay
 * @property {{anim: number, pause: number}} speed a card's flight, and how long a won trick stays
 * @property {() => boolean} gone the screen has moved on (another game): stop
 * @property {(line: string) => void} [remember] a line of the table's story
 * @property {(trick: Trick) => void} [onTrick] a trick was won (its winner and worth)
 */

/**
 * Play one move's events over the view drawn before it. Ends holding the hand's end (when the
 * move ended one) or the live view.
 * @param {StepEvent[]} events @param {View} prev @param {View} after the view after the move
 * @param {Screen} screen
 * @returns {Promise<{hand: HandEvent | null, over: GameOverEvent | null} | null>} null: the screen moved on
 */
export async function playMove(events, prev, after, screen) {
  const trick = /** @type {import("../types.js").TrickEvent | undefined} */ (events.find((e) => e.type === "trick"));
  const hand = /** @type {HandEvent | undefined} */ (events.find((e) => e.type === "hand")) ?? null;
  const over = /** @type {GameOverEvent | undefined} */ (events.find((e) => e.type === "game_over")) ?? null;
  for (const e of events) {
    if (e.type !== "action") continue;
    const words = describeAction(e.seat, e.action);
    announce(words);
    screen.remember?.(`${words}.`);
  }
  // What the table shows until the next hand: its end as the engine recorded it.
  /** @type {View | null} */
  const endView = hand ? {
    ...prev, to_act: null, legal: [], hand: [], hand_sizes: [0, 0, 0, 0],
    trick: { leader: null, seats: [], cards: [] }, winning: null, trick_points: null,
    auction: hand.record.auction, contract: hand.record.contract, tricks: hand.record.tricks,
    raw: hand.record.raw, tricks_won: hand.record.tricks_won, seat_tricks: hand.record.seat_tricks,
    scores: hand.record.scores, phase: hand.record.contract ? "play" : prev.phase,
  } : null;
  const speed = screen.speed;
  if (trick) {
    const target = endView ?? after;
    // The last card lands first, with the counts as they were; then the winner and the counts.
    /** @type {Trick} */
    const cards = { leader: trick.leader, seats: trick.seats, cards: trick.cards, winner: null };
    screen.hold({ view: { ...target, seat_tricks: prev.seat_tricks, tricks_won: prev.tricks_won, raw: prev.raw, to_act: null }, trick: cards });
    screen.draw();
    await screen.delay(speed.anim);
    if (screen.gone()) return null;
    const won = { ...cards, winner: trick.winner, points: trick.points };
    screen.onTrick?.(won);
    announce(trickWords(won));
    screen.remember?.(trickWords(won));
    screen.hold({ view: target, trick: won });
    screen.draw();
    await screen.delay(speed.pause, true);
    if (screen.gone()) return null;
    if (!prefersReducedMotion()) await gatherTrick(trick.winner, speed.anim);
    if (screen.gone()) return null;
    screen.hold(endView ? { view: endView } : null);
  } else if (endView) {
    screen.hold({ view: endView });
    screen.draw();
  } else {
    screen.hold(null);
    screen.draw();
    // The first event is always the action itself.
    const first = /** @type {import("../types.js").ActionEvent | undefined} */ (events[0]);
    if (first?.action.type === "play") await screen.delay(speed.anim);
    if (first?.action.type === "redeal") announce("The same dealer deals again.");
  }
  return { hand, over };
}
