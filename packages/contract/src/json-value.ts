import { z } from 'zod';

/** A JSON value, as stored in a jsonb column. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** Deepest nesting of arrays and objects a stored JSON value may have. */
export const JSON_VALUE_MAX_DEPTH = 64;
/** Largest stored JSON value, in characters of its JSON text. */
export const JSON_VALUE_MAX_CHARACTERS = 100_000;

export const JsonMessages = {
  required: 'JSON is required',
  invalid: 'JSON is not valid',
  tooDeep: `JSON is nested too deeply (at most ${JSON_VALUE_MAX_DEPTH} levels)`,
  tooLarge: `JSON is too large (at most ${JSON_VALUE_MAX_CHARACTERS} characters)`,
  nul: 'JSON must not contain a NUL character (\\u0000)',
} as const;

/**
 * What is wrong with a value meant to be stored as JSON, or null when nothing is. Walks the value
 * without recursion, so a value nested thousands deep is refused, not a stack overflow.
 */
export function findJsonValueProblem(value: unknown): string | null {
  if (value === null || value === undefined) return JsonMessages.required;
  const stack: { item: unknown; depth: number }[] = [{ item: value, depth: 0 }];
  while (stack.length > 0) {
    const { item, depth } = stack.pop()!;
    if (typeof item === 'string') {
      if (item.includes('\u0000')) return JsonMessages.nul;
    } else if (typeof item === 'number') {
      if (!Number.isFinite(item)) return JsonMessages.invalid;
    } else if (typeof item === 'object' && item !== null) {
      if (!Array.isArray(item) && Object.getPrototypeOf(item) !== Object.prototype) return JsonMessages.invalid;
      if (depth >= JSON_VALUE_MAX_DEPTH) return JsonMessages.tooDeep;
      for (const [key, child] of Object.entries(item)) {
        if (key.includes('\u0000')) return JsonMessages.nul;
        stack.push({ item: child, depth: depth + 1 });
      }
    } else if (item !== null && typeof item !== 'boolean') {
      return JsonMessages.invalid;
    }
  }
  // Safe now: the depth is bounded.
  return JSON.stringify(value).length > JSON_VALUE_MAX_CHARACTERS ? JsonMessages.tooLarge : null;
}

/**
 * A JSON value with limits: not null at the top, at most {@link JSON_VALUE_MAX_DEPTH} levels deep, at
 * most about {@link JSON_VALUE_MAX_CHARACTERS} characters, no NUL character. Replaces `z.json()`, whose
 * recursive check overflows the stack on deep values.
 */
export const JsonValueSchema = z
  .unknown()
  .superRefine((value, ctx) => {
    const problem = findJsonValueProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .meta({ description: `Any JSON value but null, at most ${JSON_VALUE_MAX_DEPTH} levels deep` }) as unknown as z.ZodType<JsonValue>;
