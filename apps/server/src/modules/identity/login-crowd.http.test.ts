import { describe, expect, it } from 'vitest';
import { api, Errors } from '@cbo/contract';
import { ADMIN, engines, useServer } from '../../test/helper.js';

/** Right passwords arriving together: the sign-in guard never answers them with failures that did not happen. */
describe.each(engines)('sign-ins at once (%s)', (engine) => {
  const s = useServer(engine);

  it('50 right passwords at once from one address: never told of failures that did not happen, and the address stays open', async () => {
    const signIn = () =>
      s.current.inject({
        method: 'POST',
        url: api.login.path,
        payload: { userName: ADMIN.userName, password: ADMIN.password, clientType: 'MANAGE_PC' },
        remoteAddress: '10.61.0.1',
      });
    const answers = await Promise.all(Array.from({ length: 50 }, signIn));
    expect(answers.map((a) => a.statusCode).filter((c) => c >= 500)).toEqual([]);
    const codes = answers.map((a) => a.json().code as number);
    // At most the limit of checks run at once; the rest came too fast (100005), never "wait" or "locked".
    expect(codes.filter((c) => c === 0).length).toBeGreaterThanOrEqual(1);
    expect(codes.filter((c) => c !== 0 && c !== Errors.TOO_FREQUENT.code)).toEqual([]);
    expect((await signIn()).json().code).toBe(0);
  });

  it('50 right passwords at once from 50 addresses all sign in', async () => {
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        s.current.inject({
          method: 'POST',
          url: api.login.path,
          payload: { userName: ADMIN.userName, password: ADMIN.password, clientType: 'MANAGE_PC' },
          remoteAddress: `10.62.0.${i + 1}`,
        }),
      ),
    );
    expect(answers.map((a) => a.json().code).filter((c) => c !== 0)).toEqual([]);
  });
});
