import { PLUGIN_KEYS } from '@chat/contract';
import { evaluate, ExpressionError, formatNumber } from './expression.js';
import { stringArg, type PluginDefinition } from './types.js';

/** Arithmetic the model should not do in its head (spec: a safe evaluator, never eval). */
export const calculatorPlugin: PluginDefinition = {
  key: PLUGIN_KEYS.calculator,
  name: 'Calculator',
  description: 'Perform simple and complex mathematical calculations.',
  toolDescription:
    'Evaluates an arithmetic expression exactly: + - * / % ^, parentheses, sqrt, abs, sin, cos, tan, ' +
    'asin, acos, atan, ln, log (base 10), log2, exp, floor, ceil, round, min, max, pow, pi, e. ' +
    'Use it for any calculation.',
  icon: '/assets/plugins/calculator.svg',
  authConfig: [],
  parameters: {
    type: 'object',
    properties: { input: { type: 'string', description: 'The expression, e.g. "sqrt(2) * (3 + 4)^2"' } },
    required: ['input'],
    additionalProperties: false,
  },
  async run(args) {
    const input = stringArg(args, 'input', 1000);
    try {
      return { output: formatNumber(evaluate(input)) };
    } catch (err) {
      if (err instanceof ExpressionError) throw new Error(`Cannot calculate "${input}": ${err.message}`);
      throw err;
    }
  },
};
