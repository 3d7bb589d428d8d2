import { z } from 'zod';

/**
 * No text field takes control characters: U+0000-U+001F and U+007F are refused, except tab,
 * line feed and carriage return in the few fields marked multi-line (remarks, descriptions,
 * reasons). They cannot be typed in the console, PostgreSQL cannot store U+0000 at all, and
 * the others break logs, exports and the screens that show them. Lone UTF-16 surrogates are
 * refused the same way (LONE_SURROGATE_RE).
 */
export const CONTROL_CHAR_RE = /[\u0000-\u001F\u007F]/;
const CONTROL_CHAR_EXCEPT_LINES_RE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
/**
 * A UTF-16 surrogate without its other half (`"x\ud800y"` in JSON): no character at all. No
 * keyboard types one; UTF-8 cannot encode it, so a text column silently stores U+FFFD instead and
 * a jsonb column refuses the whole statement. Refused in every text field like a control character.
 */
export const LONE_SURROGATE_RE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const multilineStrings = new WeakSet<z.ZodType>();

/** Marks a text field where tabs and line breaks are allowed (a text area in the console). */
export function multiline<T extends z.ZodString>(schema: T): T {
  multilineStrings.add(schema);
  return schema;
}

const noControl = z.refine((v: unknown) => typeof v !== 'string' || !CONTROL_CHAR_RE.test(v), {
  error: 'rule.noControl',
});
const noControlButLines = z.refine((v: unknown) => typeof v !== 'string' || !CONTROL_CHAR_EXCEPT_LINES_RE.test(v), {
  error: 'rule.noControl',
});
const wellFormed = z.refine((v: unknown) => typeof v !== 'string' || !LONE_SURROGATE_RE.test(v), {
  error: 'rule.loneSurrogate',
});

type Def = Record<string, unknown> & { type: string; checks?: unknown[] };

/**
 * The same schema with the control-character rule on every string inside it, checked before
 * the string's own rules so the answer names the real problem. Every call's query and body pass
 * through this (call.ts), so each text field of the contract inherits the rule without
 * repeating it. Parts that are not changed keep their identity.
 */
export function withTextRule<T extends z.ZodType>(schema: T, part?: 'query' | 'body'): T {
  return walk(schema, new Map(), part) as T;
}

/**
 * Numbers are numbers, nothing else. A JSON body carries real numbers, so a number field of a
 * body takes only a number: `true`, `"1"`, `[5]` or `null` are the wrong type, where
 * `z.coerce.number()` made them 1, 1, 5 and 0 (`{"voucherId":true}` bought voucher 1). A query
 * string carries only text, so a number field of a query takes the decimal digits of a number
 * (`12`, `-3`, `1.5` where fractions are allowed) and nothing else: not `""` (which was 0), `0x10`,
 * `1e3`, ` 7 ` or `+1`. A whole-number field refuses a fraction with its own message, and also
 * `1.0`. Applied by `call()` to every number field of every call, declared with z.coerce or not.
 */
const INTEGER_TEXT = /^-?\d{1,16}$/;
const DECIMAL_TEXT = /^-?\d{1,16}\.\d{1,16}$/;

function isWhole(def: Def): boolean {
  return (def.checks ?? []).some((c) => {
    const d = (c as { _zod?: { def?: { check?: string; format?: string } } })._zod?.def;
    return d?.check === 'number_format' && (d.format === 'safeint' || d.format === 'int32' || d.format === 'uint32');
  });
}

function strictNumber(schema: z.ZodType, def: Def, part: 'query' | 'body' | undefined): z.ZodType {
  const strict = def.coerce ? (schema.clone({ ...def, coerce: false } as never) as z.ZodType) : schema;
  if (part !== 'query') return strict;
  const whole = isWhole(def);
  // Text that is not a number's digits is told so ("must be a whole number" where the field is
  // whole); a fraction reaches the number schema, so a whole-number field answers with its own message.
  const read = z
    .string()
    .check(noControl, wellFormed)
    .transform((v, ctx) => {
      if (INTEGER_TEXT.test(v)) return Number(v);
      if (DECIMAL_TEXT.test(v) && !(whole && Number.isInteger(Number(v)))) return Number(v);
      ctx.issues.push({ code: 'custom', message: whole ? 'notInteger' : 'invalidType', input: v });
      return z.NEVER;
    });
  // A number itself is taken too (a service or the console parsing a query object it built).
  return z.union([read.pipe(strict as unknown as z.ZodType<number, number>), strict]);
}

function walk(schema: z.ZodType, seen: Map<z.ZodType, z.ZodType>, part?: 'query' | 'body'): z.ZodType {
  const done = seen.get(schema);
  if (done) return done;
  const def = schema._zod.def as unknown as Def;
  const rebuild = (changes: Record<string, unknown>) => {
    const changed = Object.entries(changes).some(([k, v]) => v !== def[k]);
    return changed ? (schema.clone({ ...def, ...changes } as never) as z.ZodType) : schema;
  };
  const sub = (s: unknown) => walk(s as z.ZodType, seen, part);
  let out: z.ZodType;
  switch (def.type) {
    case 'string': {
      const check = multilineStrings.has(schema) ? noControlButLines : noControl;
      out = schema.clone({ ...def, checks: [check, wellFormed, ...(def.checks ?? [])] } as never) as z.ZodType;
      break;
    }
    case 'number':
      out = part ? strictNumber(schema, def, part) : schema;
      break;
    case 'object': {
      const shape = def.shape as Record<string, z.ZodType>;
      const next = Object.fromEntries(Object.entries(shape).map(([k, v]) => [k, sub(v)]));
      const same = Object.keys(shape).every((k) => next[k] === shape[k]);
      out =
        same && !def.catchall
          ? schema
          : rebuild({ shape: same ? shape : next, ...(def.catchall ? { catchall: sub(def.catchall) } : {}) });
      break;
    }
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'nonoptional':
    case 'readonly':
    case 'catch':
      out = rebuild({ innerType: sub(def.innerType) });
      break;
    case 'array':
      out = rebuild({ element: sub(def.element) });
      break;
    case 'record':
      out = rebuild({ keyType: sub(def.keyType), valueType: sub(def.valueType) });
      break;
    case 'pipe':
      out = rebuild({ in: sub(def.in), out: sub(def.out) });
      break;
    case 'union':
      out = rebuild({ options: (def.options as z.ZodType[]).map(sub) });
      break;
    case 'intersection':
      out = rebuild({ left: sub(def.left), right: sub(def.right) });
      break;
    case 'tuple':
      out = rebuild({ items: (def.items as z.ZodType[]).map(sub), rest: def.rest ? sub(def.rest) : def.rest });
      break;
    default:
      // Numbers, enums, literals, booleans, transforms: nothing textual to check. Loosely typed
      // parts (z.unknown) are covered by the server's NUL guard on the raw request.
      out = schema;
  }
  seen.set(schema, out);
  return out;
}
