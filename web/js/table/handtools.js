// @ts-check
// The two buttons in the line above the hand: "Claim the rest" (offered when the engine says the
// claim holds) and "Undo". Both only forward:
// the engine checks a claim exactly (the action {"type": "claim"}) and decides whether a move
// can still be taken back (table_undo); a refusal is shown in its words by the hand.
import { playerWords, seatName, partnerOf } from "./words.js";
import { cardName, suitSymbol, suitOf, rankLabel } from "./cards.js";
import { announce, banner, errorText } from "../ui/announce.js";
import { LocalTable } from "./table-client.js";
import { EngineError } from "../worker-client/client.js";
import { $ } from "../ui/dom.js";

/** How long the engine may look for whether a claim holds (docs/bridge.md, table_claim). */
const CLAIM_CHECK_MS = 100;


/**
 * @param {{game: import("./game.js").Game | null, replay: unknown}} app
 */
export function installHandTools(app) {
  const claim = $("btn-claim");
  const undo = $("btn-undo");

  let told = "";
  /**
   * The card passed to partner and the one received, from the view (passed_card, received_card):
   * a line above the hand, the received card marked, and both read out once they are known.
   * @param {import("../types.js").View | null | undefined} v
   */
  function passNote(v) {
    const note = $("pass-note");
    const passed = v?.passed_card ?? null;
    const got = v?.received_card ?? null;
    note.hidden = !passed;
    if (!passed || !v) return;
    const short = (/** @type {string} */ c) => `${rankLabel(c)}${suitSymbol(suitOf(c))}`;
    const b = (/** @type {string} */ c) => Object.assign(document.createElement("b"), { className: `suit-${suitOf(c)}`, textContent: short(c) });
    note.replaceChildren("Passed ", b(passed), ...(got ? [" · received ", b(got)] : []));
    const partner = seatName(partnerOf(v.seat ?? 0));
    note.setAttribute("aria-label", `You passed the ${cardName(passed)} to ${partner}${got ? ` and received the ${cardName(got)}` : ""}.`);
    const card = got ? document.querySelector(`#hand button.card[data-card="${got}"]`) : null;
    if (card) card.setAttribute("data-received", "true");
    const key = `${v.hand_number}:${passed}:${got}`;
    if (got && key !== told) {
      told = key;
      announce(`You passed the ${cardName(passed)} to ${partner} and received the ${cardName(got)}.`);
    }
  }

  let asked = "";
  /**
   * "Claim the rest" is offered only when the claim holds: the engine checks it (table_claim,
   * within a time cap) at each of the person's turns in the play.
   * @param {import("./game.js").Game | null} g the game, when a person here is to play
   */
  function offerClaim(g) {
    const v = g?.view;
    const seat = v?.to_act;
    if (!g || !v || seat == null) {
      claim.hidden = true;
      asked = "";
      return;
    }
    const key = `${g.gen}:${document.body.dataset.moves}:${seat}`;
    if (key === asked) return;
    asked = key;
    claim.hidden = true;
    const table = /** @type {LocalTable} */ (g.table);
    table.call("table_claim", seat, CLAIM_CHECK_MS).then((r) => {
      if (asked === key && document.body.dataset.turn === "human") claim.hidden = !r?.holds;
    }, () => {});
  }

  /** Show each button when it can be used, from the table's view of the person's seat. */
  function update() {
    const g = app.game;
    const v = g?.view;
    const b = document.body.dataset;
    // A table this device holds: never a shared table, whose moves are the host's to take back.
    const live = g?.table instanceof LocalTable && !!v && !app.replay && b.mode !== "replay";
    const seat = g?.people()[0] ?? 0;
    offerClaim(live && b.turn === "human" && v.phase === "play" && g.isHuman(v.to_act) ? g : null);
    // Against bots only, never in a challenge: while the person's last card is in the trick
    // still being played, or their bid in the auction still going.
    const mine = v?.phase === "play" ? v.trick?.seats?.includes(seat)
      : v?.phase === "bidding" && (v.auction ?? []).some(([s]) => s === seat);
    undo.hidden = !(live && mine && !g.passAndPlay() && b.challenge == null && b.turn !== "handoff");
    passNote(b.turn === "handoff" ? null : v);
  }

  claim.addEventListener("click", () => {
    const g = app.game;
    const seat = g?.view?.to_act;
    if (g && seat != null) g.human(seat, { type: "claim" });
  });

  undo.addEventListener("click", async () => {
    const g = app.game;
    const table = g?.table;
    if (!g || !(table instanceof LocalTable)) return;
    const seat = g.people()[0];
    g.stop(); // no bot moves on while the table takes the moves back
    try {
      const reply = await table.call("table_undo", seat);
      // The table as it now stands (with its marked hands) restarts the loop from the person's turn.
      const state = await table.call("table_state");
      announce(reply.undone === 1 ? "Your last move is taken back." : `Your last move and the ${reply.undone - 1} after it are taken back.`);
      await g.start(state);
    } catch (e) {
      g.retry();
      if (e instanceof EngineError && e.type === "IllegalAction") g.message(playerWords(e.message));
      else banner(`The move could not be taken back: ${errorText(e)}`, { kind: "error", testid: "error-banner" });
    }
  });

  new MutationObserver(update).observe(document.body, {
    attributes: true, attributeFilter: ["data-turn", "data-phase", "data-moves", "data-challenge", "data-mode"],
  });
  update();
}
