import { describe, expect, it, vi } from 'vitest';
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

describe('a stored name from a screen not opened yet', () => {
  it('loads its namespace and is translated once it arrives', async () => {
    await initI18n('en_US');
    expect(i18n.hasLoadedNamespace('personnel')).toBe(false);
    expect(translateName(i18n, 'personnel.btnAdd')).toBe('personnel.btnAdd');
    await vi.waitFor(() => expect(i18n.hasLoadedNamespace('personnel')).toBe(true));
    expect(translateName(i18n, 'personnel.btnAdd')).not.toBe('personnel.btnAdd');
  });
});
