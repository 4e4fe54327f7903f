// @ts-check
// The rules in a player's words, as the engine tells them (api.describe_rules and the
// summary's notes). Rendering only: every sentence comes from Python, so the rules panel,
// the settings help and the score sheet cannot disagree with the engine.
import { el } from "./dom.js";


/**
 * Render describe_rules(config) = {title, origin, summary, sections: [{topic, title,
 * sentences}]} into `container`. `headingLevel` is the level of each section's heading.
 * @param {HTMLElement} container
 * @param {import("../types.js").RulesText} rules
 * @param {{headingLevel?: number, withTitle?: boolean}} [how]
 */
export function renderRules(container, rules, { headingLevel = 3, withTitle = true } = {}) {
  container.replaceChildren();
  if (withTitle) {
    container.append(
      el(/** @type {"h2"} */ (`h${headingLevel}`), { class: "rules-title", "data-testid": "rules-title" }, rules.title),
      el("p", { class: "rules-origin" }, rules.origin),
      el("p", { class: "rules-summary", "data-testid": "rules-summary" }, rules.summary));
  }
  for (const section of rules.sections) {
    container.append(
      el(/** @type {"h2"} */ (`h${headingLevel + (withTitle ? 1 : 0)}`), { class: "rules-topic" }, section.title),
      el("ul", { class: "rules-sentences", "data-topic": section.topic },
        ...section.sentences.map((s) => el("li", {}, s))));
  }
}

/**
 * The score sheet's notes (summary.notes): how the game ends and when defenders stop.
 * @param {import("../types.js").Summary} summary
 */
export function rulesNotes(summary) {
  return (summary.notes ?? []).map((s) => `${s} `);
}
