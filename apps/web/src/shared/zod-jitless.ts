/**
 * The page's security policy allows no eval: zod must not even try compiling its fast paths (the
 * attempt alone is reported as a policy violation). zod reads its settings from this global when
 * it first loads, so setting it here (imported first by main.tsx) covers every schema without
 * loading zod on the sign-in screen. The shell also calls `z.config({ jitless: true })`, the
 * documented way, once zod is loaded; the test in zod-jitless.test.ts checks the two agree.
 */
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
// The same object zod keeps (it adopts an existing one), so the order of loading does not matter.
(holder.__zod_globalConfig ??= {}).jitless = true;
export {};
