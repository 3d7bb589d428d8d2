import { describe, expect, it, vi } from 'vitest';
import { changeLanguage, i18n, initI18n, loadNamespacesOf, SHELL_NAMESPACES, translateName } from './i18n';

describe('namespaces load on demand', () => {
  it('starts with the shell only, loads what menu names point at, and keeps it across languages', async () => {
    await initI18n('en_US');
    for (const ns of SHELL_NAMESPACES) expect(i18n.hasLoadedNamespace(ns), ns).toBe(true);
    expect(i18n.hasLoadedNamespace('system')).toBe(false);
    expect(translateName(i18n, 'system.operationLog.title')).toBe('system.operationLog.title');

    await loadNamespacesOf(['system.operationLog.title', 'menu.loginLog', 'typed by an operator', 'nosuchns.key']);
    expect(i18n.hasLoadedNamespace('system')).toBe(true);
    const english = translateName(i18n, 'system.operationLog.title');
    expect(english).not.toBe('system.operationLog.title');

    await changeLanguage('zh_TW');
    const traditional = translateName(i18n, 'system.operationLog.title');
    expect(traditional).not.toBe('system.operationLog.title');
    expect(traditional).not.toBe(english);
  });
});

describe('a stored name from a screen not opened yet', () => {
  it('loads its namespace and is translated once it arrives', async () => {
    await initI18n('en_US');
    // 'personnel' names a screen, now a group of the identity namespace.
    expect(i18n.hasLoadedNamespace('identity')).toBe(false);
    expect(translateName(i18n, 'personnel.btnAdd')).toBe('personnel.btnAdd');
    await vi.waitFor(() => expect(i18n.hasLoadedNamespace('identity')).toBe(true));
    expect(translateName(i18n, 'personnel.btnAdd')).not.toBe('personnel.btnAdd');
    expect(translateName(i18n, 'personnel.btnAdd')).toBe(translateName(i18n, 'identity.personnel.btnAdd'));
  });
});
