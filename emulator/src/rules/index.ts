// Public API of the rules language library (knows nothing of any app or transport).
export { parseRules, parseExpression, RulesParseError } from './parser.js';
export { compileRules, evaluateRules, ANY_ONE, ANY_MANY } from './ruleset.js';
export type {
  CompiledRuleset,
  RuleRequest,
  RuleDecision,
  ServiceName,
  PathSeg,
} from './ruleset.js';
export { AccessBudget, evaluate, Scope } from './evaluator.js';
export type { RulesServices, EvalEnv } from './evaluator.js';
export * from './values.js';
export type { QueryFacts, FieldFacts } from './symbolic.js';
export { factsFromQuery } from './query-facts.js';
export type { QueryShape, QueryFilter, FilterOp } from './query-facts.js';

import { AccessBudget, evaluate, Scope, type RulesServices } from './evaluator.js';
import { parseExpression } from './parser.js';
import { fromJs, RulesEvalError, type Value } from './values.js';

/**
 * Evaluates one expression with the given variables (plain JS values are converted with fromJs;
 * rules values pass through). Returns the value, or the RulesEvalError. For tests and tools.
 */
export function evaluateExpression(
  src: string,
  vars: Record<string, unknown> = {},
  services: RulesServices = {},
): Value | RulesEvalError {
  const expr = parseExpression(src);
  const m = new Map<string, Value>();
  for (const [k, v] of Object.entries(vars)) m.set(k, fromJs(v));
  try {
    return evaluate(expr, new Scope(null, m), {
      services,
      budget: new AccessBudget(10),
      symbolic: false,
      debug: () => {},
    });
  } catch (e) {
    if (e instanceof RulesEvalError) return e;
    throw e;
  }
}
