import { z } from 'zod';

/**
 * No text field takes control characters: U+0000-U+001F and U+007F are refused, except tab,
 * line feed and carriage return in the few fields marked multi-line (remarks, descriptions,
 * reasons). They cannot be typed in the console, PostgreSQL cannot store U+0000 at all, and
 * the others break logs, exports and the screens that show them.
 */
export const CONTROL_CHAR_RE = /[\u0000-\u001F\u007F]/;
const CONTROL_CHAR_EXCEPT_LINES_RE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

const multilineStrings = new WeakSet<z.ZodType>();

/** Marks a text field where tabs and line breaks are allowed (a text area in the console). */
export function multiline<T extends z.ZodString>(schema: T): T {
  multilineStrings.add(schema);
  return schema;
}

const noControl = z.refine((v: unknown) => typeof v !== 'string' || !CONTROL_CHAR_RE.test(v), { error: 'rule.noControl' });
const noControlButLines = z.refine((v: unknown) => typeof v !== 'string' || !CONTROL_CHAR_EXCEPT_LINES_RE.test(v), { error: 'rule.noControl' });

type Def = Record<string, unknown> & { type: string; checks?: unknown[] };

/**
 * The same schema with the control-character rule on every string inside it, checked before
 * the string's own rules so the answer names the real problem. Every call's query and body pass
 * through this (call.ts), so each text field of the contract inherits the rule without
 * repeating it. Parts that are not changed keep their identity.
 */
export function withTextRule<T extends z.ZodType>(schema: T): T {
  return walk(schema, new Map()) as T;
}

function walk(schema: z.ZodType, seen: Map<z.ZodType, z.ZodType>): z.ZodType {
  const done = seen.get(schema);
  if (done) return done;
  const def = schema._zod.def as unknown as Def;
  const rebuild = (changes: Record<string, unknown>) => {
    const changed = Object.entries(changes).some(([k, v]) => v !== def[k]);
    return changed ? (schema.clone({ ...def, ...changes } as never) as z.ZodType) : schema;
  };
  const sub = (s: unknown) => walk(s as z.ZodType, seen);
  let out: z.ZodType;
  switch (def.type) {
    case 'string': {
      const check = multilineStrings.has(schema) ? noControlButLines : noControl;
      out = schema.clone({ ...def, checks: [check, ...(def.checks ?? [])] } as never) as z.ZodType;
      break;
    }
    case 'object': {
      const shape = def.shape as Record<string, z.ZodType>;
      const next = Object.fromEntries(Object.entries(shape).map(([k, v]) => [k, sub(v)]));
      const same = Object.keys(shape).every((k) => next[k] === shape[k]);
      out = same && !def.catchall ? schema : rebuild({ shape: same ? shape : next, ...(def.catchall ? { catchall: sub(def.catchall) } : {}) });
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
