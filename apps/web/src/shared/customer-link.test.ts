import { describe, expect, it } from 'vitest';
import type { MenuEntry } from '@cbo/contract';
import { customerScreenPath } from './customer-link';
import { menuEntry } from '@/test/fixtures';

const entry = (p: Partial<MenuEntry> & Pick<MenuEntry, 'path'>): MenuEntry => menuEntry({ id: 1, name: 'x', ...p });

describe('customerScreenPath', () => {
  it("finds the customer screen's address in the account's menus, joined to its parents", () => {
    const menus = [
      entry({ path: '/dashboard', url: 'dashboard/index' }),
      entry({
        path: '/member',
        type: 0,
        children: [entry({ path: 'detail', url: '/network/customer', hidden: true })],
      }),
    ];
    expect(customerScreenPath(menus)).toBe('/member/detail');
  });

  it('answers null when the account does not hold it: a customer is then named, not linked', () => {
    expect(
      customerScreenPath([
        entry({ path: '/member', type: 0, children: [entry({ path: '/member/list', url: 'network/members' })] }),
      ]),
    ).toBeNull();
  });
});
