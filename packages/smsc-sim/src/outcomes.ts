/** What becomes of a submitted message part: a final receipt state, or no receipt at all. */
export const OUTCOMES = ['delivered', 'undeliverable', 'expired', 'rejected', 'none'] as const;
export type Outcome = (typeof OUTCOMES)[number];

/** Relative weights (need not add up to 100); outcomes left out never happen. */
export type OutcomeMix = Partial<Record<Outcome, number>>;

/**
 * A destination rule, checked before the mix, first match wins. `match` is `8613*` (starts
 * with), `*0000` (ends with), `*` (everything) or an exact number; a leading `+` of the
 * destination is ignored.
 */
export interface OutcomeRule {
  match: string;
  outcome: Outcome;
}

export const DEFAULT_MIX: OutcomeMix = { delivered: 1 };

export function isOutcome(value: string): value is Outcome {
  return (OUTCOMES as readonly string[]).includes(value);
}

export function validateMix(mix: OutcomeMix): OutcomeMix {
  let total = 0;
  for (const [name, weight] of Object.entries(mix)) {
    if (!isOutcome(name)) throw new Error(`unknown outcome "${name}" (one of ${OUTCOMES.join(', ')})`);
    if (typeof weight !== 'number' || !Number.isFinite(weight) || weight < 0) {
      throw new Error(`outcome weight of "${name}" must be a number >= 0, got ${String(weight)}`);
    }
    total += weight;
  }
  if (total <= 0) throw new Error('the outcome weights add up to 0: give at least one outcome a weight');
  return { ...mix };
}

/** `delivered=90,undeliverable=5,expired=3,rejected=1,none=1` */
export function parseOutcomeMix(text: string): OutcomeMix {
  const mix: OutcomeMix = {};
  for (const item of text.split(',')) {
    const trimmed = item.trim();
    if (!trimmed) continue;
    const [name = '', weight, ...rest] = trimmed.split('=');
    if (weight === undefined || rest.length > 0 || !isOutcome(name.trim())) {
      throw new Error(
        `bad outcome "${trimmed}": expected <outcome>=<weight>, outcome one of ${OUTCOMES.join(', ')}`,
      );
    }
    const value = Number(weight);
    if (weight.trim() === '' || !Number.isFinite(value)) throw new Error(`bad weight in "${trimmed}"`);
    mix[name.trim() as Outcome] = value;
  }
  return validateMix(mix);
}

/** `*0000=undeliverable` */
export function parseRule(text: string): OutcomeRule {
  const at = text.lastIndexOf('=');
  const match = text.slice(0, at).trim();
  const outcome = text.slice(at + 1).trim();
  if (at <= 0 || !match || !isOutcome(outcome)) {
    throw new Error(`bad rule "${text}": expected <pattern>=<outcome>, e.g. *0000=undeliverable`);
  }
  return validateRule({ match, outcome });
}

export function validateRule(rule: OutcomeRule): OutcomeRule {
  if (!isOutcome(rule.outcome)) throw new Error(`unknown outcome "${rule.outcome}" in rule ${rule.match}`);
  const inner = rule.match.replace(/^\*/, '').replace(/\*$/, '');
  if (inner.includes('*')) throw new Error(`rule pattern "${rule.match}": '*' only at the start or the end`);
  return { match: rule.match, outcome: rule.outcome };
}

export function ruleMatches(pattern: string, destination: string): boolean {
  const number = destination.replace(/^\+/, '');
  if (pattern === '*') return true;
  const starts = pattern.startsWith('*');
  const ends = pattern.endsWith('*');
  const core = pattern.replace(/^\*/, '').replace(/\*$/, '').replace(/^\+/, '');
  if (starts && ends) return number.includes(core);
  if (starts) return number.endsWith(core);
  if (ends) return number.startsWith(core);
  return number === core;
}

/** mulberry32: a small seeded generator; the same seed gives the same sequence. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Picks outcomes: a matching rule first, otherwise a weighted draw from the mix. Draws happen in
 * the order submits are handled, one per part, so a seeded simulator fed the same submits in the
 * same order gives the same outcomes.
 */
export class OutcomePicker {
  private mix: [Outcome, number][] = [];
  private total = 0;
  private rules: OutcomeRule[] = [];

  constructor(
    mix: OutcomeMix,
    rules: OutcomeRule[],
    private readonly random: () => number,
  ) {
    this.setMix(mix);
    this.setRules(rules);
  }

  setMix(mix: OutcomeMix): void {
    const valid = validateMix(mix);
    this.mix = OUTCOMES.filter((o) => (valid[o] ?? 0) > 0).map((o) => [o, valid[o] ?? 0]);
    this.total = this.mix.reduce((sum, [, w]) => sum + w, 0);
  }

  setRules(rules: OutcomeRule[]): void {
    this.rules = rules.map(validateRule);
  }

  pick(destination: string): Outcome {
    for (const rule of this.rules) if (ruleMatches(rule.match, destination)) return rule.outcome;
    if (this.mix.length === 1) return this.mix[0]![0];
    let draw = this.random() * this.total;
    for (const [outcome, weight] of this.mix) {
      if (draw < weight) return outcome;
      draw -= weight;
    }
    return this.mix[this.mix.length - 1]![0];
  }
}
