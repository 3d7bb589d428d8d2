import { describe, expect, it } from 'vitest';
import { LANGS } from '@cbo/contract';
// The menus the server seeds: their names and icons are shown by this console.
import { identityMenus } from '../../../server/src/modules/identity/menus';
import { systemMenus } from '../../../server/src/modules/system/menus';
import { fleetMenus } from '../../../server/src/modules/fleet/menus';
import { networkMenus } from '../../../server/src/modules/network/menus';
import { depositMenus } from '../../../server/src/modules/deposit/menus';
import { voucherMenus } from '../../../server/src/modules/voucher/menus';
import { payoutMenus } from '../../../server/src/modules/payout/menus';
import { couponMenus } from '../../../server/src/modules/coupon/menus';
import { separationMenus } from '../../../server/src/modules/separation/menus';
import { statsMenus } from '../../../server/src/modules/stats/menus';
import { iconKey, menuIcon } from './layout/menu-icon';
import { lazyView } from './view-registry';
import { storedNameKey } from '@/shared/i18n';

const bundles = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*/*.ts', { eager: true });
const seeded = [...identityMenus, ...systemMenus, ...fleetMenus, ...networkMenus, ...depositMenus, ...voucherMenus, ...payoutMenus, ...couponMenus, ...separationMenus, ...statsMenus];

describe('every menu the server seeds', () => {
  it.each(LANGS)('has its name translated in %s', (lang) => {
    const untranslated = seeded
      .filter((m) => {
        const found = storedNameKey(m.name);
        if (!found) return true;
        const path = found.key.slice(found.key.indexOf(':') + 1).split('.');
        const text = path.reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], bundles[`../locales/${lang}/${found.ns}.ts`]?.default);
        return typeof text !== 'string';
      })
      .map((m) => m.name);
    expect(untranslated).toEqual([]);
  });

  it('opens a screen of this console for every url it stores', () => {
    const missing = seeded.filter((m) => m.url && !lazyView(m.url)).map((m) => `${m.code}: ${m.url}`);
    expect(missing).toEqual([]);
  });

  it('names an icon the sidebar can draw', () => {
    const unknown = seeded.filter((m) => m.icon && !menuIcon(m.icon, false)).map((m) => `${m.code}: ${m.icon} (${iconKey(m.icon!)})`);
    expect(unknown).toEqual([]);
  });
});
