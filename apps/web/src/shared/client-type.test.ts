import { expect, it } from 'vitest';
import { CONSOLE_CLIENT_TYPE } from '@cbo/contract';
import { CLIENT_TYPE } from './client-type';

it('is the contract’s console client type', () => {
  expect(CLIENT_TYPE).toBe(CONSOLE_CLIENT_TYPE);
});
