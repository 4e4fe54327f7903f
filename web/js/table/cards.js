// @ts-check
// Card strings from the engine ("QH", "TD", "5H", "3S") rendered for people:
// names in words, rank/suit glyphs and the card element. No rules here.

/** @typedef {import("../types.js").Card} Card */

// Rank words for the table painted from storage before the engine answers; once it does, the
// names are the engine's own (card_names), given through useCardNames by whoever holds them: the
// engine here, or the host of a shared table for a guest that runs none.
/** @type {Record<string, string>} */
const RANK_WORDS = {
  A: "ace", K: "king", Q: "queen", J: "jack", T: "ten",
  9: "nine", 8: "eight", 7: "seven", 5: "five", 3: "three",
};
/** @type {Object<string, string> | null} */
let engineNames = null;

/** The engine's card names, {"QH": "queen of hearts", ...}. @param {Object<string, string>} names */
export function useCardNames(names) {
  engineNames = names && typeof names === "object" ? { ...names } : null;
}
/** @type {Record<string, string>} */
const RANK_SHORT = { T: "10" };

/** @type {Record<string, {word: string, one: string, symbol: string}>} */
const SUITS = {
  C: { word: "clubs", one: "club", symbol: "\u2663" },
  D: { word: "diamonds", one: "diamond", symbol: "\u2666" },
  H: { word: "hearts", one: "heart", symbol: "\u2665" },
  S: { word: "spades", one: "spade", symbol: "\u2660" },
};

/** Cards that carry points beyond the trick: shown as a badge. */
/** @type {Record<string, string>} */
const BADGES = { "5H": "+5", "3S": "\u22123" };

/** @param {Card} card */
const rankOf = (card) => card.slice(0, -1);
/** @param {Card} card */
export const suitOf = (card) => card.slice(-1);

/** "QH" -> "queen of hearts" @param {Card} card */
export function cardName(card) {
  if (engineNames?.[card]) return engineNames[card];
  const r = RANK_WORDS[rankOf(card)] ?? rankOf(card);
  const s = SUITS[suitOf(card)]?.word ?? suitOf(card);
  return `${r} of ${s}`;
}

/** @param {Card} card */
export const rankLabel = (card) => RANK_SHORT[rankOf(card)] ?? rankOf(card);

/** "H" -> "hearts"; null -> "no trump" @param {string | null | undefined} suit */
export function suitName(suit) {
  return suit == null ? "no trump" : (SUITS[suit]?.word ?? suit);
}

/** "H" -> "\u2665"; null -> "NT" @param {string | null | undefined} suit */
export function suitSymbol(suit) {
  return suit == null ? "NT" : (SUITS[suit]?.symbol ?? suit);
}

/**
 * Build a card element. Playable cards are <button>s; others are plain
 * elements with role="img". The suit is shown by symbol and letter, and by
 * a colour that is never the only cue.
 * @param {Card} card
 * @param {{button?: boolean, small?: boolean}} [how]
 */
export function cardElement(card, { button = false, small = false } = {}) {
  const el = document.createElement(button ? "button" : "div");
  const suit = suitOf(card);
  el.className = `card suit-${suit}${small ? " small" : ""}`;
  el.dataset.card = card;
  el.dataset.testid = `card-${card}`;
  if (el instanceof HTMLButtonElement) {
    el.type = "button";
  } else {
    el.setAttribute("role", "img");
  }
  const badge = BADGES[card];
  el.setAttribute("aria-label", cardName(card) + (badge ? ` (${badge === "+5" ? "plus 5" : "minus 3"} points)` : ""));
  const sym = SUITS[suit]?.symbol ?? suit;
  el.innerHTML =
    `<span class="corner" aria-hidden="true"><span class="rank">${rankLabel(card)}</span>` +
    `<span class="pip">${sym}</span><span class="sl">${suit}</span></span>` +
    `<span class="face" aria-hidden="true">${sym}</span>` +
    (badge ? `<span class="badge" aria-hidden="true">${badge}</span>` : "");
  return el;
}

/** A face-down card (a bot's hand). @param {{small?: boolean}} [how] */
export function cardBack({ small = true } = {}) {
  const el = document.createElement("div");
  el.className = `card back${small ? " small" : ""}`;
  el.setAttribute("aria-hidden", "true");
  return el;
}
