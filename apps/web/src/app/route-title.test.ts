import { beforeAll, describe, expect, it } from 'vitest';
import { changeLanguage, i18n, initI18n } from '@/shared/i18n';
import { pageTitle, translateTitle } from './route-title';

beforeAll(async () => {
  await initI18n('en_US');
});

describe('route titles', () => {
  it('translates a menu key and shows other names as they are', async () => {
    expect(translateTitle(i18n, 'menu.dashboard')).toBe('Data analysis');
    expect(translateTitle(i18n, 'menu.loginLog')).toBe('Login log');
    expect(translateTitle(i18n, 'Cabinet map')).toBe('Cabinet map');
    expect(translateTitle(i18n, 'menu.somethingNew')).toBe('menu.somethingNew');
    await changeLanguage('zh_TW');
    expect(translateTitle(i18n, 'menu.dashboard')).toBe('數據分析');
    await changeLanguage('en_US');
  });

  it('puts the brand name first', () => {
    expect(pageTitle('Acme Power', 'Login log')).toBe('Acme Power - Login log');
    expect(pageTitle('', 'Login log')).toBe('Login log');
    expect(pageTitle('Acme Power', '')).toBe('Acme Power');
  });
});
