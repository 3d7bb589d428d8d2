import { describe, expect, it } from 'vitest';
import { changeLanguage, i18n, initI18n, loadNamespacesOf, SHELL_NAMESPACES, translateName } from './i18n';

describe('namespaces load on demand', () => {
  it('starts with the shell only, loads what menu names point at, and keeps it across languages', async () => {
    await initI18n('en_US');
    for (const ns of SHELL_NAMESPACES) expect(i18n.hasLoadedNamespace(ns), ns).toBe(true);
    expect(i18n.hasLoadedNamespace('loginLog')).toBe(false);
    expect(translateName(i18n, 'loginLog.title')).toBe('loginLog.title');

    await loadNamespacesOf(['loginLog.title', 'menu.loginLog', 'typed by an operator', 'nosuchns.key']);
    expect(i18n.hasLoadedNamespace('loginLog')).toBe(true);
    const english = translateName(i18n, 'loginLog.title');
    expect(english).not.toBe('loginLog.title');

    await changeLanguage('zh_TW');
    const traditional = translateName(i18n, 'loginLog.title');
    expect(traditional).not.toBe('loginLog.title');
    expect(traditional).not.toBe(english);
  });
});
