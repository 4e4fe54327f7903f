// @ts-check
// The rules in force at a glance, by the scores: the profile's title and each switch the game
// changed from it ("Prairie rules · Pass a card to partner · Kaiser bid"). Every word is the
// engine's (profiles(), options_schema()); pressing the badge opens the Rules dialog.
import { valueText } from "./settings.js";

/** @typedef {import("../types.js").SchemaOption} SchemaOption */

/**
 * @param {{profile?: string, options?: Record<string, unknown>} | null | undefined} config
 * @param {Record<string, {title?: string}>} profiles
 * @param {SchemaOption[]} schema
 */
export function rulesBadgeText(config, profiles, schema) {
  const profile = config?.profile ?? "standard";
  const parts = [profiles[profile]?.title ?? ""];
  for (const opt of schema) {
    const v = config?.options?.[opt.name];
    if (v === undefined || JSON.stringify(v) === JSON.stringify(opt.profiles[profile])) continue;
    parts.push(v === true ? opt.label : `${opt.label}: ${valueText(opt, v)}`);
  }
  return parts.filter(Boolean).join(" · ");
}

/**
 * Draw the badge for `config` (hidden until the engine has listed the rules).
 * @param {Parameters<typeof rulesBadgeText>[0]} config
 * @param {{profiles: Record<string, {title?: string}> | null, schema: SchemaOption[] | null}} meta
 */
export function showRulesBadge(config, { profiles, schema }) {
  const badge = /** @type {HTMLButtonElement} */ (document.getElementById("rules-badge"));
  if (!profiles || !schema || !config) { badge.hidden = true; return; }
  const text = rulesBadgeText(config, profiles, schema);
  badge.textContent = text;
  badge.title = `The rules of this game: ${text}. Tap to read them.`;
  badge.setAttribute("aria-label", `Rules in force: ${text}. Open the rules`);
  badge.hidden = false;
}
