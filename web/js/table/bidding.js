// @ts-check
// The decision panel: bidding box, trump choice and the weak-hand redeal
// prompt. It offers exactly the engine's legal actions, in the engine's order.
import { bidLabel, bidWords, seatName } from "./words.js";
import { suitName, suitSymbol } from "./cards.js";

/** @typedef {import("../types.js").Action} Action */

/** @param {Action} action @param {string} text @param {string} [aria] @param {string} [extraClass] */
function button(action, text, aria, extraClass = "") {
  const b = document.createElement("button");
  b.type = "button";
  b.className = `btn act ${extraClass}`.trim();
  b.textContent = text;
  if (aria) b.setAttribute("aria-label", aria);
  b.dataset.action = JSON.stringify(action);
  b.dataset.testid = `act-${action.type}`;
  return b;
}

/** @param {string} text */
function heading(text) {
  const h = document.createElement("h2");
  h.className = "panel-title";
  h.id = "panel-title";
  h.textContent = text;
  return h;
}

/**
 * Render the panel for `seat` given the legal non-play actions.
 * Returns true when something was shown.
 * @param {HTMLElement} panel
 * @param {number} seat
 * @param {Action[]} legal
 * @param {(action: Action) => void} onChoose
 * @param {{view?: import("../types.js").View | null, own?: number}} [opts] own: the seat of
 *   the person at this device ("You"; at a shared table it need not be South)
 */
export function renderActionPanel(panel, seat, legal, onChoose, { view = null, own = 0 } = {}) {
  const actions = legal.filter((a) => a.card == null);
  panel.replaceChildren();
  if (!actions.length) { panel.hidden = true; return false; }
  const who = seat === own ? "You" : `${seatName(seat)} (you play it)`;
  const types = new Set(actions.map((a) => a.type));
  const grid = document.createElement("div");
  grid.className = "act-grid";
  let kind = "bid";
  if (types.has("redeal") || types.has("keep")) {
    kind = "redeal";
    panel.append(heading(`${who}: weak hand`));
    const p = document.createElement("p");
    p.className = "panel-note";
    p.textContent = "This hand has no ace, king, queen, jack, 5 of hearts or 3 of spades. You may ask for a redeal (the same dealer deals again) or keep it.";
    panel.append(p);
    for (const a of actions) grid.append(button(a, bidLabel(a), a.type === "redeal" ? "Ask for a redeal" : "Keep this hand", a.type === "redeal" ? "primary" : ""));
  } else if (types.has("trump")) {
    kind = "trump";
    panel.append(heading(`${who}: name trump`));
    for (const a of actions) {
      if (a.type !== "trump") { grid.append(button(a, bidLabel(a))); continue; }
      const b = button(a, "", a.suit == null ? "No trump" : `Trump ${suitName(a.suit)}`, `trump suit-${a.suit ?? "NT"}`);
      b.innerHTML = a.suit == null
        ? `<span class="sym" aria-hidden="true">NT</span><span>No trump</span>`
        : `<span class="sym" aria-hidden="true">${suitSymbol(a.suit)}</span><span>${suitName(a.suit)}</span>`;
      b.dataset.testid = `trump-${a.suit ?? "none"}`;
      grid.append(b);
    }
  } else {
    panel.append(heading(`${who}: your bid`));
    const p = document.createElement("p");
    p.className = "panel-note";
    const st = view?.standing;
    const standing = st ? `${seatName(st.seat)}'s ${bidWords(st.action)}` : null;
    p.textContent = !standing ? "No bid yet. NT = no trump."
      : view?.may_equal ? `Bid to take: ${standing} (as dealer you may equal it). NT = no trump.`
        : `Bid to beat: ${standing}. NT = no trump.`;
    panel.append(p);
    for (const a of actions) {
      const cls = a.type === "pass" ? "pass" : a.type === "kaiser" ? "kaiser" : a.no_trump ? "nt" : "";
      const aria = a.type === "pass" ? "Pass" : `Bid ${bidWords(a)}`;
      const b = button(a, bidLabel(a), aria, cls);
      if (a.type === "bid") b.dataset.testid = `bid-${a.points}${a.no_trump ? "nt" : ""}`;
      grid.append(b);
    }
  }
  grid.classList.add(`grid-${kind}`);
  grid.addEventListener("click", (e) => {
    const b = /** @type {HTMLButtonElement | null} */ (/** @type {Element} */ (e.target).closest("button[data-action]"));
    if (!b || b.disabled) return;
    for (const x of grid.querySelectorAll("button")) x.disabled = true;
    onChoose(JSON.parse(/** @type {string} */ (b.dataset.action)));
  });
  installArrows(grid);
  panel.append(grid);
  panel.setAttribute("aria-labelledby", "panel-title");
  panel.dataset.kind = kind;
  panel.hidden = false;
  revealPanel(panel);
  return true;
}

/**
 * On a short screen the bidding box can end below its bottom edge (a phone at the opening bid:
 * seventeen choices): scroll just enough to show the whole box, once the table has been laid
 * out. The scores and the auction stay in view (the status strip is sticky on a phone) and so
 * does the hand, just above the box. @param {HTMLElement} panel
 */
function revealPanel(panel) {
  requestAnimationFrame(() => {
    if (panel.hidden || !panel.isConnected) return;
    const box = panel.getBoundingClientRect();
    if (box.bottom > window.innerHeight + 0.5 && box.top > 0) panel.scrollIntoView({ block: "end" });
  });
}

/** Put the focus on the panel's first choice (a bid rather than a pass). Returns true if it did. @param {HTMLElement} panel */
export function focusPanel(panel) {
  const buttons = [.../** @type {NodeListOf<HTMLButtonElement>} */ (panel.querySelectorAll("button[data-action]:not([disabled])"))];
  const first = buttons.find((b) => JSON.parse(/** @type {string} */ (b.dataset.action)).type !== "pass") ?? buttons[0];
  first?.focus({ preventScroll: true });
  return !!first;
}

/** Arrow keys move between the panel's choices (Home and End to the first and last). @param {HTMLElement} grid */
function installArrows(grid) {
  grid.addEventListener("keydown", (e) => {
    const buttons = [.../** @type {NodeListOf<HTMLButtonElement>} */ (grid.querySelectorAll("button:not([disabled])"))];
    const i = buttons.findIndex((b) => b === document.activeElement);
    if (i < 0) return;
    const across = Math.max(1, Math.round(grid.clientWidth / (buttons[0].offsetWidth || 1)));
    /** @type {Record<string, number>} */
    const moves = { ArrowRight: 1, ArrowLeft: -1, ArrowDown: across, ArrowUp: -across };
    let j = null;
    if (e.key in moves) j = Math.min(buttons.length - 1, Math.max(0, i + moves[e.key]));
    else if (e.key === "Home") j = 0;
    else if (e.key === "End") j = buttons.length - 1;
    if (j == null) return;
    e.preventDefault();
    buttons[j].focus();
  });
}
