// Settings dialog (rule profile, every rule option, bot levels, speed) and the
// rules help panel. Options are rendered generically from api.options_schema().
import { LEVEL_NAMES, seatName } from "./words.js";

export const BOT_LEVELS = ["random", "basic", "strong", "expert"]; // never "oracle": it sees all hands
export const SPEEDS = {
  slow: { label: "Slow", anim: 480, pause: 2200, think: 900 },
  normal: { label: "Normal", anim: 280, pause: 1300, think: 500 },
  fast: { label: "Fast", anim: 140, pause: 700, think: 150 },
  off: { label: "Off (no animation)", anim: 0, pause: 500, think: 0 },
};

export function prefersReducedMotion() {
  return window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;
}

/** The speed in force: the saved choice, else off for reduced motion, else normal. */
export function effectiveSpeed(settings) {
  if (settings.speed && SPEEDS[settings.speed]) return settings.speed;
  return prefersReducedMotion() ? "off" : "normal";
}

function el(tag, attrs = {}, ...kids) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v == null || v === false) continue;
    if (k === "class") e.className = v; else e.setAttribute(k, v === true ? "" : v);
  }
  for (const k of kids) if (k != null) e.append(k instanceof Node ? k : String(k));
  return e;
}

const label = (s) => s.replace(/_/g, " ").replace(/^./, (c) => c.toUpperCase());

/*
 * options_schema() entries: {name, type, allowed, help, profiles: {profile: default}}.
 * type "bool"; "choice" (allowed = the values); "int" (allowed = [min, max]);
 * "int_or_<word>" (a number in allowed, or the word: "int_or_bid_out" -> "bid_out",
 * "int_or_null" -> null). Unknown types fall back to a text field holding JSON.
 */
function helpOf(opt) {
  return opt.help ?? opt.description ?? "";
}
function valueText(v) {
  if (v === true) return "on";
  if (v === false) return "off";
  if (v == null) return "none";
  return String(v).replace(/_/g, " ");
}
function specialOf(type) {
  const m = /^int_or_(\w+)$/.exec(type ?? "");
  if (!m) return undefined;
  return m[1] === "null" || m[1] === "none" ? null : m[1];
}

/** Default value of an option under a profile. */
export function profileDefault(profiles, schemaOpt, profile) {
  const p = profiles[profile]?.options ?? {};
  if (schemaOpt.name in p) return p[schemaOpt.name];
  return schemaOpt.profiles?.[profile] ?? schemaOpt.default ?? null;
}

function optionControl(opt, value, id) {
  const t = opt.type;
  const range = Array.isArray(opt.allowed) && opt.allowed.length === 2 && opt.allowed.every(Number.isInteger) ? opt.allowed : [null, null];
  if (t === "bool" || typeof value === "boolean") {
    return el("input", { type: "checkbox", id, name: opt.name, checked: !!value, "data-kind": "bool" });
  }
  if (t === "choice" && Array.isArray(opt.allowed)) {
    const sel = el("select", { id, name: opt.name, "data-kind": "choice" });
    opt.allowed.forEach((c, i) => {
      sel.append(el("option", { value: String(i), selected: JSON.stringify(c) === JSON.stringify(value) }, valueText(c)));
    });
    sel._choices = opt.allowed;
    return sel;
  }
  const special = specialOf(t);
  const num = el("input", { type: "number", id, name: opt.name, inputmode: "numeric", min: range[0], max: range[1], step: 1 });
  if (special === undefined) {
    num.dataset.kind = "int";
    num.value = value ?? "";
    return num;
  }
  // A number, or the special word (bid-out point / none): a switch plus the number.
  const isSpecial = value === special;
  const word = special === null ? "none" : valueText(special);
  const sw = el("select", { id: `${id}-mode`, "aria-label": `${opt.name.replace(/_/g, " ")}: number or ${word}` },
    el("option", { value: "num", selected: !isSpecial }, "number"),
    el("option", { value: "special", selected: isSpecial }, word));
  num.setAttribute("aria-label", `${opt.name.replace(/_/g, " ")}: number`);
  num.value = isSpecial ? "" : value;
  num.disabled = isSpecial;
  sw.addEventListener("change", () => { num.disabled = sw.value === "special"; });
  const box = el("span", { class: "compound", "data-kind": "compound", name: opt.name }, sw, num);
  box.name = opt.name;
  box._read = () => (sw.value === "special" ? special : Number(num.value));
  box.focus = () => sw.focus();
  return box;
}

function readControl(c) {
  switch (c.dataset.kind) {
    case "bool": return c.checked;
    case "choice": return c._choices[Number(c.value)];
    case "int": return c.value === "" ? null : Number(c.value);
    case "compound": return c._read();
    default: return c.value;
  }
}

/**
 * Fill the settings dialog. Returns {read()} giving the new settings object.
 */
export function renderSettings(body, { profiles, schema, settings }) {
  body.replaceChildren();
  // --- Rules
  const rules = el("fieldset", { class: "fs" }, el("legend", {}, "Rules"));
  const profGroup = el("div", { class: "profiles", role: "radiogroup", "aria-label": "Rule profile" });
  for (const [name, p] of Object.entries(profiles)) {
    const id = `prof-${name}`;
    profGroup.append(el("div", { class: "prof" },
      el("input", { type: "radio", name: "profile", id, value: name, checked: name === settings.profile, "data-testid": `profile-${name}` }),
      el("label", { for: id }, el("b", {}, name), el("span", { class: "desc" }, p.description ?? ""))));
  }
  rules.append(profGroup);
  const optsBox = el("div", { class: "options", "data-testid": "options" });
  rules.append(el("p", { class: "note" }, "Each option starts at the profile's value; change any of them. Rule changes take effect in a new game."), optsBox);
  body.append(rules);

  const drawOptions = (profile, overrides) => {
    optsBox.replaceChildren();
    for (const opt of schema) {
      const def = profileDefault(profiles, opt, profile);
      const value = opt.name in overrides ? overrides[opt.name] : def;
      const id = `opt-${opt.name}`;
      const ctl = optionControl(opt, value, id);
      ctl.dataset.testid = `option-${opt.name}`;
      ctl.dataset.default = JSON.stringify(def ?? null);
      const helpId = `${id}-help`;
      for (const c of ctl.dataset.kind === "compound" ? ctl.children : [ctl]) c.setAttribute("aria-describedby", helpId);
      const row = el("div", { class: `opt ${ctl.dataset.kind}` },
        el("label", { for: ctl.dataset.kind === "compound" ? `${id}-mode` : id }, opt.label ?? label(opt.name)), ctl,
        el("p", { class: "help", id: helpId }, helpOf(opt), el("span", { class: "def" }, ` (${profile}: ${valueText(def)})`)));
      optsBox.append(row);
    }
  };
  drawOptions(settings.profile, settings.options ?? {});
  profGroup.addEventListener("change", (e) => {
    if (e.target.name === "profile") drawOptions(e.target.value, {});
  });

  // --- Players
  const players = el("fieldset", { class: "fs" }, el("legend", {}, "Players"));
  for (const seat of [1, 2, 3]) {
    const id = `bot-${seat}`;
    const s = el("select", { id, "data-testid": `bot-level-${seat}` });
    for (const lvl of BOT_LEVELS) s.append(el("option", { value: lvl, selected: settings.bots[seat] === lvl }, LEVEL_NAMES[lvl] ?? lvl));
    players.append(el("div", { class: "opt choice" }, el("label", { for: id }, `${seatName(seat)} plays at`), s));
  }
  players.append(el("div", { class: "opt bool" },
    el("label", { for: "human-north" }, "I play North's cards too (partner's hand shown)"),
    el("input", { type: "checkbox", id: "human-north", checked: !!settings.humanNorth, "data-testid": "human-north" })));
  body.append(players);

  // --- Display
  const disp = el("fieldset", { class: "fs" }, el("legend", {}, "Display"));
  const sp = el("select", { id: "speed", "data-testid": "speed" });
  const cur = effectiveSpeed(settings);
  for (const [k, v] of Object.entries(SPEEDS)) sp.append(el("option", { value: k, selected: k === cur }, v.label));
  disp.append(el("div", { class: "opt choice" }, el("label", { for: "speed" }, "Animation speed"), sp));
  if (prefersReducedMotion()) disp.append(el("p", { class: "note" }, "Your system asks for reduced motion, so animation starts off."));
  body.append(disp);

  return {
    read() {
      const profile = body.querySelector("input[name=profile]:checked")?.value ?? settings.profile;
      const options = {};
      for (const c of optsBox.querySelectorAll("[data-kind]")) {
        const v = readControl(c);
        const name = c.name ?? c.getAttribute("name");
        if (JSON.stringify(v) !== c.dataset.default) options[name] = v;
      }
      const bots = {};
      for (const seat of [1, 2, 3]) bots[seat] = body.querySelector(`#bot-${seat}`).value;
      return {
        ...settings, profile, options, bots,
        humanNorth: body.querySelector("#human-north").checked,
        speed: sp.value,
      };
    },
  };
}

/** The rules help: plain words, then every profile and option from the engine. */
export function renderHelp(body, { profiles, schema }) {
  body.replaceChildren();
  body.append(
    el("h3", {}, "The game in plain words"),
    el("ul", {},
      el("li", {}, "Four players in two teams: you (South) with North against West and East. 32 cards: 8 to ace in each suit, plus the 7 of clubs, 7 of diamonds, 5 of hearts and 3 of spades."),
      el("li", {}, "Each trick is worth 1 point. The 5 of hearts is worth +5 and the 3 of spades −3 to the team that wins it. Each hand is worth 10 points in all."),
      el("li", {}, "Bidding: each player in turn passes or promises a number of points, with a trump suit to be named later or in no trump (NT). 7 NT beats 7, 8 beats 7 NT. The dealer alone may equal the highest bid and take it."),
      el("li", {}, "The highest bidder names trump (unless no trump) and leads. You must follow the suit led if you can; otherwise play anything. Highest trump wins, else the highest card of the suit led."),
      el("li", {}, "Scoring: the bidders add their points if they reach the bid, otherwise lose the bid. No trump doubles the bidders' gain or loss. Defenders always add their points, unless they are already at the defender threshold (usually 45)."),
      el("li", {}, "The first team to reach the target (usually 52) wins. Scores may go below zero."),
      el("li", {}, "On this screen the cards you may play are raised and outlined; the others are dimmed. Use the arrow keys to move between cards and Enter or Space to play.")),
    el("h3", {}, "Rule profiles"));
  const dl = el("dl", { class: "help-profiles" });
  for (const [name, p] of Object.entries(profiles)) {
    dl.append(el("dt", {}, name), el("dd", {}, p.description ?? ""));
  }
  body.append(dl, el("h3", {}, "Options"));
  const names = Object.keys(profiles);
  const table = el("table", { class: "help-options" });
  table.append(el("tr", {}, el("th", { scope: "col" }, "Option"), ...names.map((n) => el("th", { scope: "col" }, n))));
  for (const opt of schema) {
    table.append(el("tr", {},
      el("th", { scope: "row" }, el("b", {}, opt.label ?? label(opt.name)), el("br"), el("small", {}, helpOf(opt))),
      ...names.map((n) => el("td", {}, valueText(profileDefault(profiles, opt, n))))));
  }
  body.append(el("div", { class: "sheet-wrap", tabindex: "0", role: "region", "aria-label": "Options by profile" }, table));
}
