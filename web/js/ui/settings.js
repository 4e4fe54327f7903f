// @ts-check
// Settings dialog (Rules, Players, Table) and the rules panel. Options are rendered
// generically from api.options_schema(), whose labels and sentences come from the engine.
import { LEVEL_NAMES, seatName } from "../table/words.js";
import { renderRules } from "./rulestext.js";
import { el } from "./dom.js";
import { DEFAULT_LEVEL } from "./constants.js";

/** @typedef {import("../types.js").SchemaOption} SchemaOption */

const BOT_LEVELS = ["random", "basic", "strong", "expert"]; // never "oracle": it sees all hands
const PERSON = "person";
/** @type {Record<string, {label: string, anim: number, pause: number, think: number}>} */
export const SPEEDS = {
  slow: { label: "Slow", anim: 480, pause: 2200, think: 900 },
  normal: { label: "Normal", anim: 280, pause: 1300, think: 500 },
  fast: { label: "Fast", anim: 140, pause: 700, think: 150 },
  off: { label: "Off (no animation)", anim: 0, pause: 500, think: 0 },
};

export function prefersReducedMotion() {
  return window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;
}

/**
 * The speed in force: the saved choice, else off for reduced motion, else normal.
 * @param {import("../types.js").Settings} settings
 */
export function effectiveSpeed(settings) {
  if (settings.speed && SPEEDS[settings.speed]) return settings.speed;
  return prefersReducedMotion() ? "off" : "normal";
}


/*
 * options_schema() entries: {name, label, help, type, allowed, choices?, special?, profiles}.
 * type "bool"; "choice" (choices = [{value, label}]); "int" (allowed = [min, max]);
 * "int_or_bid_out" / "int_or_null" (a number in allowed, or special = {value, label}).
 * Every word a player reads (label, help, each value's label) comes from the engine.
 */
/** @param {SchemaOption} opt @param {unknown} v */
export function valueText(opt, v) {
  if (v === true) return "on";
  if (v === false) return "off";
  const choice = opt.choices?.find((c) => JSON.stringify(c.value) === JSON.stringify(v));
  if (choice) return choice.label;
  if (opt.special && JSON.stringify(opt.special.value) === JSON.stringify(v)) return opt.special.label;
  return String(v);
}

/**
 * An option's value under a profile (null for a profile this engine does not know).
 * @param {SchemaOption} opt @param {string} profile
 */
function profileDefault(opt, profile) {
  return opt.profiles[profile] ?? null;
}

/** How to read each option's control back: its value as the engine takes it. */
const READERS = /** @type {WeakMap<Element, () => unknown>} */ (new WeakMap());

/**
 * The control for one option, showing `value`; READERS tells how to read it back.
 * @param {SchemaOption} opt @param {unknown} value @param {string} id
 * @returns {HTMLElement}
 */
function optionControl(opt, value, id) {
  const t = opt.type;
  if (t === "bool") {
    const box = el("input", { type: "checkbox", id, name: opt.name, checked: !!value, "data-kind": "bool" });
    READERS.set(box, () => box.checked);
    return box;
  }
  if (t === "choice") {
    const sel = el("select", { id, name: opt.name, "data-kind": "choice" });
    opt.allowed.forEach((c, i) => {
      sel.append(el("option", { value: String(i), selected: JSON.stringify(c) === JSON.stringify(value) }, valueText(opt, c)));
    });
    READERS.set(sel, () => opt.allowed[Number(sel.value)]);
    return sel;
  }
  // A number from allowed = [min, max], or that or a special word (special = {value, label}).
  const [min, max] = opt.allowed;
  const special = opt.special;
  const num = el("input", { type: "number", id, name: opt.name, inputmode: "numeric", min, max, step: 1 });
  if (!special) {
    num.dataset.kind = "int";
    num.value = value == null ? "" : String(value);
    READERS.set(num, () => (num.value === "" ? null : Number(num.value)));
    return num;
  }
  // A number, or the special word (bid-out point / none): a switch plus the number.
  const isSpecial = value === special.value;
  const word = special.label;
  const sw = el("select", { id: `${id}-mode`, "aria-label": `${opt.label}: a score or ${word}` },
    el("option", { value: "num", selected: !isSpecial }, "a score"),
    el("option", { value: "special", selected: isSpecial }, word));
  num.setAttribute("aria-label", `${opt.label}: score`);
  num.value = isSpecial ? "" : String(value);
  num.disabled = isSpecial;
  sw.addEventListener("change", () => { num.disabled = sw.value === "special"; });
  const box = el("span", { class: "compound", "data-kind": "compound", name: opt.name }, sw, num);
  READERS.set(box, () => (sw.value === "special" ? special.value : Number(num.value)));
  box.focus = () => sw.focus();
  return box;
}

/** @type {Record<string, string>} */
const LEVEL_HELP = {
  random: "Random: plays any legal card and bids at random; for learning the rules.",
  basic: "Basic: bids and plays by a club player's rules of thumb, counting cards and voids.",
  strong: "Strong: thinks ahead by sampling the hidden cards and playing each choice out.",
  expert: "Expert: the strong player with several times more thinking per card; slower.",
};

/**
 * Fill the settings dialog: Rules (profile, each rule with its sentence, the rules in force
 * told by the engine), Players, Table. `describe(config)` asks the engine for the rules text.
 * Returns {read()} giving the new settings object.
 * @param {HTMLElement} body
 * @param {{profiles: Object<string, import("../types.js").Profile>, schema: SchemaOption[],
 *   settings: import("../types.js").Settings,
 *   describe?: ((config: import("../types.js").GameConfig) => Promise<import("../types.js").RulesText>) | null}} what
 */
export function renderSettings(body, { profiles, schema, settings, describe = null }) {
  body.replaceChildren();
  // --- Rules
  const rules = el("fieldset", { class: "fs", "data-testid": "section-rules" }, el("legend", {}, "Rules"));
  const profGroup = el("div", { class: "profiles", role: "radiogroup", "aria-label": "House rules to play" });
  for (const [name, p] of Object.entries(profiles)) {
    const id = `prof-${name}`;
    profGroup.append(el("div", { class: "prof" },
      el("input", { type: "radio", name: "profile", id, value: name, checked: name === settings.profile, "data-testid": `profile-${name}` }),
      el("label", { for: id }, el("b", {}, p.title),
        el("span", { class: "origin" }, p.origin),
        el("span", { class: "desc" }, p.summary))));
  }
  rules.append(profGroup);
  const optsBox = el("div", { class: "options", "data-testid": "options" });
  const more = el("details", { class: "more-rules" },
    el("summary", {}, "Change single rules"),
    el("p", { class: "note" }, "Each rule starts as the chosen rules have it; change any of them. Rule changes take effect in a new game."),
    optsBox);
  const preview = el("div", { class: "rules-preview", "data-testid": "rules-preview", "aria-live": "polite" });
  rules.append(more, el("details", { class: "rules-told" }, el("summary", {}, "The rules in force, in full"), preview));
  body.append(rules);

  /** @param {string} selector */
  const input = (selector) => /** @type {HTMLInputElement | null} */ (body.querySelector(selector));
  const currentProfile = () => input("input[name=profile]:checked")?.value ?? settings.profile;
  const readOptions = () => {
    /** @type {Object<string, unknown>} */
    const options = {};
    for (const c of /** @type {NodeListOf<HTMLElement>} */ (optsBox.querySelectorAll("[data-kind]"))) {
      const read = READERS.get(c);
      const name = c.getAttribute("name");
      if (!read || name == null) continue;
      const v = read();
      if (JSON.stringify(v) !== c.dataset.default) options[name] = v;
    }
    return options;
  };
  let asked = 0;
  const refreshPreview = async () => {
    if (!describe) return;
    const ticket = ++asked;
    try {
      const told = await describe({ profile: currentProfile(), options: readOptions() });
      if (ticket === asked) renderRules(preview, told, { headingLevel: 4 });
    } catch (e) {
      if (ticket === asked) preview.textContent = e instanceof Error ? e.message : String(e);
    }
  };

  /** @param {string} profile @param {Object<string, unknown>} overrides */
  const drawOptions = (profile, overrides) => {
    optsBox.replaceChildren();
    const title = profiles[profile]?.title ?? profile;
    for (const opt of schema) {
      const def = profileDefault(opt, profile);
      const value = opt.name in overrides ? overrides[opt.name] : def;
      const id = `opt-${opt.name}`;
      const ctl = optionControl(opt, value, id);
      ctl.dataset.testid = `option-${opt.name}`;
      ctl.dataset.default = JSON.stringify(def ?? null);
      const helpId = `${id}-help`;
      for (const c of ctl.dataset.kind === "compound" ? ctl.children : [ctl]) c.setAttribute("aria-describedby", helpId);
      const row = el("div", { class: `opt ${ctl.dataset.kind}` },
        el("label", { for: ctl.dataset.kind === "compound" ? `${id}-mode` : id }, opt.label), ctl,
        el("p", { class: "help", id: helpId }, opt.help, el("span", { class: "def" }, ` (${title}: ${valueText(opt, def)})`)));
      optsBox.append(row);
    }
  };
  drawOptions(settings.profile, settings.options ?? {});
  profGroup.addEventListener("change", (e) => {
    const input = /** @type {HTMLInputElement} */ (e.target);
    if (input.name === "profile") { drawOptions(input.value, {}); refreshPreview(); }
  });
  optsBox.addEventListener("change", refreshPreview);
  refreshPreview();

  // --- Players
  const players = el("fieldset", { class: "fs", "data-testid": "section-players" }, el("legend", {}, "Players"));
  // Each seat: a person at this device, or a bot of a level. Two or more people: pass and play.
  for (const seat of [0, 1, 2, 3]) {
    const id = `bot-${seat}`;
    const person = (settings.people ?? [0]).includes(seat);
    const s = el("select", { id, "data-testid": `bot-level-${seat}` });
    s.append(el("option", { value: PERSON, selected: person }, "A person at this device"));
    for (const lvl of BOT_LEVELS) s.append(el("option", { value: lvl, selected: !person && (settings.bots[seat] ?? DEFAULT_LEVEL) === lvl }, `Bot: ${(LEVEL_NAMES[lvl] ?? lvl).split(" (")[0]}`)); // the list below says what each plays like
    players.append(el("div", { class: "opt choice" }, el("label", { for: id }, `${seatName(seat)} is played by`), s));
  }
  players.append(el("p", { class: "help", id: "people-help" }, "With two or more people at this device, the table asks for the device to be passed before each person's turn and hides every hand until that person continues. With nobody chosen, you play South."));
  players.append(el("ul", { class: "level-help", "data-testid": "level-help" }, ...BOT_LEVELS.map((l) => el("li", {}, LEVEL_HELP[l]))));
  body.append(players);

  // --- Table
  const disp = el("fieldset", { class: "fs", "data-testid": "section-table" }, el("legend", {}, "Table"));
  const sp = el("select", { id: "speed", "data-testid": "speed" });
  const cur = effectiveSpeed(settings);
  for (const [k, v] of Object.entries(SPEEDS)) sp.append(el("option", { value: k, selected: k === cur }, v.label));
  disp.append(el("div", { class: "opt choice" }, el("label", { for: "speed" }, "Animation speed"), sp));
  if (prefersReducedMotion()) disp.append(el("p", { class: "note" }, "Your system asks for reduced motion, so animation starts off."));
  body.append(disp);

  return {
    read() {
      const bots = { ...settings.bots };
      const people = [];
      for (const seat of [0, 1, 2, 3]) {
        const value = /** @type {HTMLSelectElement} */ (body.querySelector(`#bot-${seat}`)).value;
        if (value === PERSON) people.push(seat); else bots[seat] = value;
      }
      return {
        ...settings, profile: currentProfile(), options: readOptions(), bots,
        people: people.length ? people : [0],
        speed: sp.value,
      };
    },
  };
}

/** The keys app.js answers to, as the Rules dialog lists them. */
const SHORTCUTS = [["H", "a hint for your turn"], ["L", "the last trick"], ["S", "the score sheet"]];

/**
 * The rules panel: the rules in force told by the engine (describe_rules of the game being
 * played), how to use this table, then each set of house rules and how they differ.
 * @param {HTMLElement} body
 * @param {{profiles: Object<string, import("../types.js").Profile>, schema: SchemaOption[],
 *   rules: import("../types.js").RulesText}} what
 */
export function renderHelp(body, { profiles, schema, rules }) {
  body.replaceChildren();
  const told = el("div", { class: "rules-text", "data-testid": "rules-text" });
  renderRules(told, rules);
  body.append(told,
    el("h3", {}, "At this table"),
    el("ul", {},
      el("li", {}, "You play South with North as partner, against West and East; in Settings any seat can be a person at this device instead of a bot (pass and play)."),
      el("li", {}, "The cards you may play are raised and outlined; the others are dimmed. Use the arrow keys to move between cards and Enter or Space to play."),
      el("li", { "data-testid": "legend-trick" }, "In the trick, a yellow dot marks the card led and a yellow ring the card taking the trick so far; once all four are down, the cards that did not win it are dimmed."),
      el("li", { "data-testid": "legend-badges" }, "By the scores, the chip names the rules of this game (tap it to read them). Beside the contract, the trump suit; \u201c\u2026\u201d while the bidder has not named it yet."),
      el("li", {}, "Play with friends (in the menu): the host's device holds the deal, as a dealer would. The game runs in the host's browser, and each player's device receives only its own cards and what the whole table sees.")),
    el("h3", {}, "Keyboard shortcuts"),
    el("dl", { class: "help-keys", "data-testid": "help-keys" },
      ...SHORTCUTS.flatMap(([key, what]) => [el("dt", {}, el("kbd", {}, key)), el("dd", {}, what)])),
    el("h3", {}, "House rules to choose from"));
  const dl = el("dl", { class: "help-profiles" });
  for (const p of Object.values(profiles)) {
    dl.append(el("dt", {}, p.title), el("dd", {}, `${p.origin} ${p.summary}`));
  }
  body.append(dl, el("h3", {}, "Each rule, by house rules"));
  const names = Object.keys(profiles);
  const table = el("table", { class: "help-options" });
  table.append(el("tr", {}, el("th", { scope: "col" }, "Rule"), ...names.map((n) => el("th", { scope: "col" }, profiles[n].title))));
  for (const opt of schema) {
    table.append(el("tr", {},
      el("th", { scope: "row" }, el("b", {}, opt.label), el("br"), el("small", {}, opt.help)),
      ...names.map((n) => el("td", {}, valueText(opt, profileDefault(opt, n))))));
  }
  body.append(el("div", { class: "sheet-wrap", tabindex: "0", role: "region", "aria-label": "Rules by house rules" }, table));
}
