// @ts-check
// The aria-live region (plays and bids read out) and the message banners.
import { $ } from "./dom.js";

/** @type {ReturnType<typeof setTimeout> | undefined} */
let clearTimer;

/** Read a short sentence to screen-reader users (and keep a visible log for tests). @param {string} text */
export function announce(text) {
  const live = document.getElementById("live");
  if (!live) return;
  const p = document.createElement("p");
  p.textContent = text;
  live.append(p);
  while (live.childElementCount > 8) live.firstElementChild?.remove();
  clearTimeout(clearTimer);
  clearTimer = setTimeout(() => { while (live.childElementCount > 1) live.firstElementChild?.remove(); }, 15000);
}

/** @type {Record<string, number>} */
const RANK = { info: 0, update: 1, error: 2 };

/**
 * Show a banner message. kind: "error" | "info" | "update".
 * actions: [{label, onClick, testid}]. Returns the element (remove() to dismiss).
 * One status line at most, so banners never pile up and push the hand off the screen: a new
 * banner takes the old one's place, except that news never hides a standing error or update
 * (the news is then only read out).
 * @param {string} text
 * @param {{kind?: "info" | "update" | "error", testid?: string, dismiss?: boolean,
 *   actions?: {label: string, onClick: (ev: MouseEvent) => void, testid?: string}[]}} [opts]
 */
export function banner(text, { kind = "info", actions = [], testid = "banner", dismiss = true } = {}) {
  const box = $("banners");
  const b = document.createElement("div");
  const shown = /** @type {HTMLElement | null} */ (box.querySelector(".banner"));
  const outranked = shown && RANK[shown.dataset.kind ?? ""] > RANK[kind];
  if (outranked) {
    announce(text);
    return b; // never attached: remove() is harmless
  }
  box.replaceChildren();
  b.dataset.kind = kind;
  b.className = `banner ${kind}`;
  b.setAttribute("role", kind === "error" ? "alert" : "status");
  b.dataset.testid = testid;
  const t = document.createElement("p");
  t.textContent = text;
  b.append(t);
  for (const a of actions) {
    const btn = document.createElement("button");
    btn.type = "button";
    btn.className = "btn primary";
    btn.textContent = a.label;
    if (a.testid) btn.dataset.testid = a.testid;
    btn.addEventListener("click", a.onClick);
    b.append(btn);
  }
  if (dismiss) {
    const x = document.createElement("button");
    x.type = "button";
    x.className = "btn close";
    x.setAttribute("aria-label", "Dismiss message");
    x.textContent = "✕";
    x.addEventListener("click", () => b.remove());
    b.append(x);
  }
  box.append(b);
  return b;
}

/**
 * An error as a person sees it: a sentence in a card player's words, never a class name or a
 * code ("InvalidAction: ...", "(it should start with 'k1')"); the details stay in the console.
 * @param {unknown} e
 */
export function errorText(e) {
  if (e == null) return "Something unexpected happened.";
  const err = /** @type {{type?: string, name?: string, message?: string}} */ (typeof e === "object" ? e : { message: String(e) });
  const msg = String(err.message || e);
  if (/RTCPeerConnection|WebRTC/i.test(msg)) {
    return "This browser cannot connect to other players' browsers. Open the page in a recent Chrome, Firefox, Edge or Safari.";
  }
  if (err.name === "SyntaxError" || err.type === "SyntaxError") return "It is damaged: it is not a game this page can read.";
  let text = msg.replace(/^\s*[A-Z][A-Za-z]*(Error|Action|Exception|Found): /, "");
  text = text.replace(/\s*\([^()]*'[^()]*'\)/g, "").trim(); // "(it should start with 'k1')"
  if (!text) return "Something unexpected happened.";
  const first = text[0].toUpperCase() + text.slice(1);
  return /[.!?]$/.test(first) ? first : `${first}.`;
}
