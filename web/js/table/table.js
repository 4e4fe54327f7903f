// @ts-check
// Rendering of the table: seats, the trick in the middle, the status lines
// and the person's hand. Everything shown comes from the engine's view.
import { cardElement, cardBack, suitName, suitSymbol } from "./cards.js";
import { seatName, SEAT_SHORT, bidLabel, bidWords, contractWords, teamOf, scoreText } from "./words.js";
import { $ } from "../ui/dom.js";

/** @typedef {import("../types.js").Action} Action */
/** @typedef {import("../types.js").Trick} Trick */
/** @typedef {import("../types.js").View} View */

const DIRS = ["s", "w", "n", "e"];

/**
 * Turn the table so that `seat` sits at the bottom of the screen (the person holding the device,
 * or a shared table's own seat): the seats and the trick's slots keep their numbers, the layout
 * places them by their place class.
 * @param {number} seat
 */
export function orientTable(seat) {
  for (let s = 0; s < 4; s++) {
    const place = DIRS[(s - seat + 4) % 4];
    const box = $(`seat-${s}`);
    if (box && !box.classList.contains(`seat-${place}`)) {
      box.classList.remove(...DIRS.map((p) => `seat-${p}`));
      box.classList.add(`seat-${place}`);
    }
    const slot = document.querySelector(`#trick .slot[data-slot="${s}"]`);
    if (slot && !slot.classList.contains(`slot-${place}`)) {
      slot.classList.remove(...DIRS.map((p) => `slot-${p}`));
      slot.classList.add(`slot-${place}`);
    }
  }
  document.body.dataset.facing = String(seat);
}

/** The place on screen of a seat's trick slot ("s", "w", "n", "e"). @param {HTMLElement} slot */
function placeOf(slot) {
  return DIRS.find((p) => slot.classList.contains(`slot-${p}`)) ?? DIRS[Number(slot.dataset.slot)];
}

/**
 * The trump in force, one test for every place that shows it: named once the engine's phase is
 * past "trump" (the declarer naming it), or as the contract says; a null suit is no trump.
 * @param {View} v @returns {{named: boolean, suit: string | null}}
 */
export function trumpOf(v) {
  const c = v.contract;
  if (!c) return { named: false, suit: null };
  return { named: c.no_trump || c.trump != null || v.phase !== "trump", suit: c.no_trump ? null : c.trump ?? null };
}

/** Status strip: scores, target, contract, trump, auction. @param {View} v */
export function renderStatus(v) {
  $("score-0").textContent = scoreText(v.scores[0]);
  $("score-1").textContent = scoreText(v.scores[1]);
  $("target").textContent = String(v.target);
  const c = v.contract;
  const line = $("contract");
  line.replaceChildren();
  if (c) {
    const { named: trumpKnown, suit: trump } = trumpOf(v);
    const badge = document.createElement("span");
    badge.className = `trump-badge suit-${trump ?? "NT"}`;
    badge.dataset.testid = "trump";
    // The symbol alone: a letter beside "Contract: North 6" read as a seat ("♠ S": South).
    badge.textContent = trumpKnown ? suitSymbol(trump) : "…";
    badge.setAttribute("aria-label", trumpKnown ? `Trump: ${suitName(trump)}` : "Trump not named yet");
    badge.title = trumpKnown ? (trump ? `Trump: ${suitName(trump)}` : "No trump") : `Trump not named yet: ${seatName(c.seat)} names it`;
    const text = document.createElement("span");
    text.innerHTML = `<span class="lbl-long">Contract: </span>`;
    text.append(contractWords(c));
    line.append(badge, text);
    if (v.raw && v.phase === "play") {
      const raw = document.createElement("span");
      raw.className = "raw";
      raw.innerHTML = `· <span class="lbl-long">points this hand: </span>`;
      raw.append(`us ${scoreText(v.raw[0])}, them ${scoreText(v.raw[1])}`);
      line.append(raw);
    }
  } else if (v.phase === "redeal") {
    line.append(handNo(v), "A weak hand may ask for a redeal");
  } else if (v.phase === "bidding") {
    line.append(handNo(v), `${seatName(v.dealer)} deals · bidding`);
  } else {
    line.textContent = "";
  }
  const auc = $("auction-line");
  auc.replaceChildren();
  if (v.auction && v.auction.length) {
    const label = document.createElement("span");
    label.className = "auc-label";
    label.textContent = "Auction:";
    auc.append(label);
    const won = v.contract && v.standing ? v.standing.index : -1;
    v.auction.forEach(([seat, action], i) => {
      const item = document.createElement("span");
      item.className = `auc-item${action.type === "pass" ? " pass" : ""}${i === won ? " won" : ""}`;
      item.textContent = `${SEAT_SHORT[seat]} ${bidLabel(action)}`;
      item.setAttribute("aria-label", `${seatName(seat)}: ${bidLabel(action)}${i === won ? " (the contract)" : ""}`);
      auc.append(item);
    });
  }
}

/** "Hand 3 · ", hidden in a challenge, where each deal is scored alone. @param {View} v */
function handNo(v) {
  const s = document.createElement("span");
  s.className = "hand-count";
  s.textContent = `Hand ${(v.hand_number ?? 0) + 1} · `;
  return s;
}

/** Last auction action of each seat (for the bubbles). @param {View} v */
function lastBids(v) {
  /** @type {Object<number, Action>} */
  const out = {};
  for (const [seat, action] of v.auction ?? []) out[seat] = action;
  return out;
}


/**
 * Seats around the table. opts: {roles: [label per seat], thinking: seat|null,
 * faceUp: {seat: [cards]} (replay, or North played by the person), person: the seat whose hand
 * is drawn below the table instead of backs (South, but a shared table's own seat)}.
 * @param {View} v
 * @param {{roles?: string[], thinking?: number | null, faceUp?: Object<number, string[]> | null, person?: number}} [opts]
 */
export function renderSeats(v, opts = {}) {
  const bids = lastBids(v);
  const won = v.seat_tricks ?? [0, 0, 0, 0];
  const declarer = v.contract ? v.contract.seat : null;
  for (let seat = 0; seat < 4; seat++) {
    const el = $(`seat-${seat}`);
    el.replaceChildren();
    const toAct = v.phase !== "game_over" && v.to_act === seat;
    el.classList.toggle("to-act", toAct);
    el.classList.toggle("team-us", teamOf(seat) === 0);
    el.classList.toggle("out", v.out_seat === seat);
    const head = document.createElement("div");
    head.className = "seat-head";
    const name = document.createElement("span");
    name.className = "seat-name";
    name.textContent = seatName(seat);
    head.append(name);
    if (opts.roles?.[seat]) {
      const role = document.createElement("span");
      role.className = "seat-role";
      role.textContent = opts.roles[seat];
      head.append(role);
    }
    if (v.dealer === seat) {
      const d = document.createElement("span");
      d.className = "dealer-chip";
      d.textContent = "D";
      d.title = "Dealer";
      d.setAttribute("aria-label", "dealer");
      head.append(d);
    }
    el.append(head);
    const info = document.createElement("div");
    info.className = "seat-info";
    if (bids[seat]) {
      const b = document.createElement("span");
      const contract = declarer === seat;
      b.className = `bid-chip${bids[seat].type === "pass" ? " pass" : ""}${contract ? " contract" : ""}`;
      b.dataset.testid = `bid-${seat}`;
      b.textContent = bidLabel(bids[seat]);
      if (contract) b.setAttribute("aria-label", `${bidLabel(bids[seat])}, the contract`);
      info.append(b);
    }
    if (v.phase === "play" || (v.tricks && v.tricks.length)) {
      const t = document.createElement("span");
      t.className = "tricks-chip";
      t.textContent = `${won[seat]} ${won[seat] === 1 ? "trick" : "tricks"}`;
      info.append(t);
    }
    if (v.out_seat === seat) {
      const o = document.createElement("span");
      o.className = "out-chip";
      o.textContent = "sits out";
      info.append(o);
    }
    el.append(info);
    // The "thinking" line keeps its place when hidden, so nothing moves when it comes and goes.
    const th = document.createElement("div");
    th.className = "thinking";
    th.textContent = "thinking…";
    const busy = toAct && opts.thinking === seat;
    th.classList.toggle("on", busy);
    if (!busy) th.setAttribute("aria-hidden", "true");
    el.append(th);
    if (seat !== (opts.person ?? 0)) {
      const cards = document.createElement("div");
      cards.className = "mini-hand";
      const face = opts.faceUp?.[seat];
      if (face) {
        for (const c of face) cards.append(cardElement(c, { small: true }));
        cards.setAttribute("aria-label", `${seatName(seat)}'s cards`);
        cards.setAttribute("role", "group");
      } else {
        const n = v.hand_sizes?.[seat] ?? 0;
        for (let i = 0; i < n; i++) cards.append(cardBack());
        const count = document.createElement("span");
        count.className = "visually-hidden";
        count.textContent = `${n} cards`;
        cards.append(count);
      }
      el.append(cards);
    }
  }
}

/** Text under the trick: whose turn it is (a highlighted pill when it is the person's). */
/** @param {string} text @param {boolean} [mine] */
export function renderTurn(text, mine = false) {
  const t = $("turn");
  t.textContent = text;
  t.classList.toggle("mine", !!mine);
}

/**
 * Sweep the finished trick's cards toward the winner's seat (ms = 0: no animation).
 * Resolves when done; the cards stay hidden until the table is drawn again.
 */
/** @param {number} winner @param {number} ms */
export function gatherTrick(winner, ms) {
  const cards = [.../** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll("#trick .card"))];
  const seat = document.getElementById(`seat-${winner}`);
  if (!ms || !cards.length || !seat || typeof cards[0].animate !== "function") return Promise.resolve();
  const to = seat.getBoundingClientRect();
  const tx = to.left + to.width / 2;
  const ty = to.top + to.height / 2;
  return Promise.all(cards.map((c, i) => {
    const r = c.getBoundingClientRect();
    const dx = tx - (r.left + r.width / 2);
    const dy = ty - (r.top + r.height / 2);
    c.classList.add("gather");
    const anim = c.animate([
      { transform: "none", opacity: 1 },
      { transform: `translate(${dx}px, ${dy}px) scale(.45)`, opacity: 0 },
    ], { duration: ms, delay: i * Math.round(ms / 12), easing: "ease-in", fill: "forwards" });
    return anim.finished.catch(() => {});
  }));
}

/**
 * The cards in the middle. trick = {seats, cards, winner?}. Cards that were not on the table
 * before slide in from their seat when animMs > 0. The lead card is marked, and the card taking
 * the trick: `winner` once it is complete, else `winning` as the engine's view says. When the
 * 5♥ or 3♠ is down, `points` (the engine's worth of the trick so far, null when the hand's end
 * decides it) is shown by the cards.
 * @param {Trick | null} trick
 * @param {{animMs?: number, winner?: number | null, winning?: number | null, points?: number | null}} [opts]
 */
export function renderTrick(trick, { animMs = 0, winner = null, winning = null, points = null } = {}) {
  const slots = /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll("#trick .slot"));
  /** @type {Object<number, string>} */
  const bySeat = {};
  if (trick) trick.seats.forEach((s, i) => { bySeat[s] = trick.cards[i]; });
  const leader = trick?.seats?.[0] ?? null;
  const taking = winner ?? winning;
  for (const slot of slots) {
    const seat = Number(slot.dataset.slot);
    const card = bySeat[seat];
    const first = /** @type {HTMLElement | null} */ (slot.firstElementChild);
    const current = first && !first.classList.contains("gather") ? first.dataset.card : null;
    if (!card) { slot.replaceChildren(); continue; }
    if (current !== card) {
      const el = cardElement(card);
      el.dataset.label = `${seatName(seat)}: ${el.getAttribute("aria-label")}`;
      if (animMs > 0) {
        el.classList.add("enter", `from-${placeOf(slot)}`);
        el.style.animationDuration = `${animMs}ms`;
      }
      slot.replaceChildren(el);
    }
    const el = /** @type {HTMLElement} */ (slot.firstElementChild);
    el.classList.toggle("winner", winner === seat);
    el.dataset.winning = String(taking === seat);
    el.dataset.lead = String(leader === seat);
    const marks = [leader === seat ? "led" : "", taking === seat ? (winner === seat ? "won the trick" : "winning so far") : ""].filter(Boolean);
    el.setAttribute("aria-label", el.dataset.label + (marks.length ? ` (${marks.join(", ")})` : ""));
    // The marks in words on hover: the yellow dot is the card led, the ring the card taking it.
    el.title = `${seatName(seat)}${leader === seat ? " led this card (yellow dot)" : " played this card"}${
      taking === seat ? (winner === seat ? "; it won the trick" : "; it takes the trick so far (yellow ring)") : winner != null ? "; dimmed: it did not win" : ""}`;
  }
  $("trick").classList.toggle("complete", winner != null);
  renderWorth(trick, points);
}

/** The worth of a trick holding the 5♥ or 3♠, as the engine counts it. @param {Trick | null} trick @param {number | null} points */
function renderWorth(trick, points) {
  const box = $("trick-worth");
  const special = (trick?.cards ?? []).some((c) => c === "5H" || c === "3S");
  box.classList.toggle("on", special);
  if (!special) { box.textContent = ""; box.removeAttribute("aria-label"); return; }
  const signed = (/** @type {number} */ n) => (n < 0 ? `\u2212${-n}` : String(n));
  box.textContent = points == null ? "Worth: end of hand" : `Worth ${signed(points)}`;
  box.setAttribute("aria-label", points == null ? "What this trick is worth is decided at the end of the hand"
    : `This trick is worth ${signed(points)} ${Math.abs(points) === 1 ? "point" : "points"}`);
}

/**
 * The person's hand (or North's when the person plays it). byCard: Map card -> the engine's
 * legal action made with that card (a play, or a card passed to partner); onPlay(action) is
 * called for those, onRefuse(card) for any other card (the table then says why).
 */
/**
 * @param {HTMLElement} container
 * @param {string[]} cards
 * @param {Map<string, Action>} byCard
 * @param {{onPlay?: (action: Action) => void, onRefuse?: (card: string) => void, active?: boolean,
 *   label?: string}} [opts]
 */
export function renderHand(container, cards, byCard, { onPlay = () => {}, onRefuse = () => {}, active = false, label = "Your cards" } = {}) {
  const focusedEl = /** @type {HTMLElement | null} */ (document.activeElement);
  const focused = focusedEl?.closest?.(".hand") === container ? focusedEl.dataset.card : null;
  container.replaceChildren();
  const verb = [...byCard.values()].some((a) => a.type === "pass_card") ? "pass to your partner" : "play";
  container.setAttribute("aria-label", active ? `${label}: choose a card to ${verb}` : label);
  container.classList.toggle("active", active);
  const buttons = cards.map((card) => {
    const b = cardElement(card, { button: true });
    const ok = active && byCard.has(card);
    b.setAttribute("aria-disabled", ok ? "false" : "true");
    b.classList.toggle("legal", ok);
    b.tabIndex = -1;
    b.addEventListener("click", () => {
      const action = byCard.get(card);
      if (b.getAttribute("aria-disabled") === "true" || !action) onRefuse(card);
      else onPlay(action);
    });
    container.append(b);
    return b;
  });
  // Roving tab stop: the previously focused card (a refused card keeps the focus, so a second
  // Enter is refused again rather than playing another card), else the first legal card, else
  // the first. When the turn comes, Game.focusTurn moves the focus to a card that can be played.
  const kept = buttons.find((b) => b.dataset.card === focused);
  const firstLegal = buttons.find((b) => b.classList.contains("legal"));
  const start = kept ?? firstLegal ?? buttons[0];
  if (start) start.tabIndex = 0;
  if (focused && start) start.focus({ preventScroll: true });
  return buttons;
}

/**
 * The contract by the trick: bidder, bid and trump while the hand is played; the bid to beat
 * (or to take, when the dealer may equal it) during the auction.
 */
/** @param {View} v */
export function renderPlate(v) {
  const plate = $("plate");
  plate.replaceChildren();
  const c = v.contract;
  /** @param {string} cls @param {string} text */
  const add = (cls, text) => {
    const s = document.createElement("span");
    s.className = cls;
    s.textContent = text;
    plate.append(s);
    return s;
  };
  plate.className = "plate";
  if (c) {
    const { named, suit: trump } = trumpOf(v);
    const sym = add(`plate-trump suit-${trump ?? "NT"}`, named ? suitSymbol(trump) : "?");
    sym.setAttribute("aria-hidden", "true");
    add("plate-who", `${seatName(c.seat)} ${c.kaiser ? "Kaiser" : c.points}`);
    add("plate-trump-words", named ? (trump ? `${suitName(trump)} trump` : "no trump") : "trump not named yet");
    plate.classList.add(teamOf(c.seat) === 0 ? "ours" : "theirs");
    plate.setAttribute("aria-label", `Contract: ${contractWords(c)}`);
  } else if (v.phase === "bidding" && v.standing) {
    const st = v.standing;
    add("plate-who", `${seatName(st.seat)} ${bidWords(st.action)}`);
    add("plate-trump-words", v.may_equal ? `to take (${seatName(v.to_act)} deals and may equal)` : "to beat");
    plate.setAttribute("aria-label", `High bid: ${seatName(st.seat)} ${bidWords(st.action)}, ${v.may_equal ? "to take" : "to beat"}`);
  } else if (v.phase === "bidding" || v.phase === "redeal" || v.phase === "passing") {
    add("plate-who", "No bid yet");
    plate.setAttribute("aria-label", "No bid yet");
  } else {
    plate.setAttribute("aria-label", "No contract");
  }
}

/** Arrow keys, Home and End move focus within a hand (roving tabindex). @param {HTMLElement} container */
export function installHandKeys(container) {
  container.addEventListener("keydown", (e) => {
    const cards = [.../** @type {NodeListOf<HTMLElement>} */ (container.querySelectorAll(".card"))];
    const i = cards.indexOf(/** @type {HTMLElement} */ (document.activeElement));
    if (i < 0) return;
    let j = null;
    if (e.key === "ArrowRight" || e.key === "ArrowDown") j = (i + 1) % cards.length;
    else if (e.key === "ArrowLeft" || e.key === "ArrowUp") j = (i - 1 + cards.length) % cards.length;
    else if (e.key === "Home") j = 0;
    else if (e.key === "End") j = cards.length - 1;
    if (j == null) return;
    e.preventDefault();
    cards[i].tabIndex = -1;
    cards[j].tabIndex = 0;
    cards[j].focus();
  });
}
