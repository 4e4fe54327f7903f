// @ts-check
// Seats, teams and engine actions in plain words (for labels and the
// aria-live announcements). Pure formatting: no rules.
import { cardName, suitName, suitSymbol } from "./cards.js";
import { SEAT_NAMES, DEFAULT_LEVEL } from "../ui/constants.js";

/** @typedef {import("../types.js").Action} Action */
/** @typedef {import("../types.js").Card} Card */


export const SEAT_SHORT = ["S", "W", "N", "E"];

/** @param {number | null | undefined} seat */
export const seatName = (seat) => (seat == null ? "" : SEAT_NAMES[seat] ?? "");
/** @param {number} seat */
export const teamOf = (seat) => seat % 2; // documented by the bridge: team 0 = seats 0 and 2
/** The seat across the table. @param {number} seat */
export const partnerOf = (seat) => (seat + 2) % 4;

/** Short label for a bid button or an auction entry: "8", "8 NT", "Kaiser", "Pass". @param {Action} action */
export function bidLabel(action) {
  switch (action.type) {
    case "pass": return "Pass";
    case "bid": return `${action.points}${action.no_trump ? " NT" : ""}`;
    case "kaiser": return "Kaiser";
    case "redeal": return "Redeal";
    case "keep": return "Keep";
    case "trump": return action.suit == null ? "No trump" : `${suitSymbol(action.suit)} ${suitName(action.suit)}`;
    case "play": return cardName(/** @type {Card} */ (action.card));
    case "pass_card": return `Pass ${cardName(/** @type {Card} */ (action.card))} to partner`;
    default: return action.type;
  }
}

/** Words for a bid, as spoken: "8 no trump", "pass". @param {Action} action */
export function bidWords(action) {
  switch (action.type) {
    case "pass": return "pass";
    case "bid": return `${action.points}${action.no_trump ? " no trump" : ""}`;
    case "kaiser": return "Kaiser";
    default: return bidLabel(action);
  }
}

/**
 * Sentence for an action taken by a seat: "North bids 8 no trump".
 * @param {number | null} seat @param {Action} action
 */
export function describeAction(seat, action) {
  const who = seatName(seat);
  switch (action.type) {
    case "pass": return `${who} passes`;
    case "bid": return `${who} bids ${bidWords(action)}`;
    case "kaiser": return `${who} bids Kaiser`;
    case "trump": return action.suit == null ? `${who} chooses no trump` : `${who} names ${suitName(action.suit)} trump`;
    case "play": return `${who} plays ${cardName(/** @type {Card} */ (action.card))}`;
    case "redeal": return `${who} asks for a redeal`;
    case "keep": return `${who} keeps the hand`;
    case "pass_card": return `${who} passes a card to partner`; // never which: only the two partners know
    default: return `${who}: ${action.type}`;
  }
}

/**
 * A finished trick in words, from the engine's trick event: "West wins the trick (worth 6)."
 * @param {import("../types.js").Trick} trick
 */
export function trickWords(trick) {
  const pts = trick.points;
  const worth = pts == null || pts === 1 ? "" : ` (worth ${pts < 0 ? "\u2212" + -pts : pts})`;
  return `${seatName(trick.winner)} wins the trick${worth}.`;
}

/** An engine refusal as a sentence: "must follow suit: you hold a club" -> "Must follow suit: you hold a club." */
/** @param {string} message */
export function playerWords(message) {
  const text = String(message ?? "").trim();
  if (!text) return "That move is not allowed now.";
  const first = text[0].toUpperCase() + text.slice(1);
  return /[.!?]$/.test(first) ? first : `${first}.`;
}

/** Contract in words: "North 8 no trump", "East 7, trump hearts". @param {import("../types.js").Contract | null} contract */
export function contractWords(contract) {
  if (!contract) return "No contract";
  const who = seatName(contract.seat);
  if (contract.kaiser) {
    const t = contract.trump ? `, trump ${suitName(contract.trump)}` : (contract.no_trump ? ", no trump" : "");
    return `${who} Kaiser${t}`;
  }
  const pts = `${contract.points}${contract.no_trump ? " no trump" : ""}`;
  const t = contract.no_trump ? "" : contract.trump ? `, trump ${suitName(contract.trump)}` : ", trump not named yet";
  return `${who} ${pts}${t}`;
}

/** A score as a player writes it, with a true minus sign: "−6", "0", "12". @param {number} n */
export const scoreText = (n) => String(n).replace(/^-/, "\u2212");
/** A change of score: "+6", "−3", "0". @param {number} n */
export const signedScore = (n) => (n > 0 ? `+${n}` : scoreText(n));

/** @type {Record<string, string>} */
export const LEVEL_NAMES = {
  random: "Random (plays any legal card)",
  basic: "Basic",
  strong: "Strong",
  expert: "Expert",
};

/**
 * Who plays each seat, in words: "South: you · West: strong bot · ...", or with several people
 * at this device "South: a person here · North: a person here · ...".
 * @param {number[]} people the seats a person plays @param {Object<number, string>} bots levels
 */
export function playersWords(people, bots) {
  const alone = people.length === 1;
  return [0, 1, 2, 3].map((s) => `${seatName(s)}: ${people.includes(s) ? (alone ? "you" : "a person here")
    : `${(LEVEL_NAMES[bots[s] ?? DEFAULT_LEVEL] ?? bots[s]).split(" (")[0].toLowerCase()} bot`}`).join(" · ");
}
