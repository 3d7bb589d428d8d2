import { useState } from 'react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { api } from '@cbo/contract';
import { changeLanguage } from '@/shared/i18n';
import { fakeServer, renderView, setupI18n, setViewportWidth } from '@/test/list-page';
import { ScopePicker, scopeParams, type Scope, type ScopePickerProps } from './scope-picker';

/** The picker as a screen holds it: the scope in state, every change recorded. */
function Harness({
  initial,
  known,
  onScope,
}: {
  initial: Scope;
  known?: ScopePickerProps['known'];
  onScope?: (s: Scope) => void;
}) {
  const [scope, setScope] = useState(initial);
  return (
    <ScopePicker
      value={scope}
      known={known}
      testId="t-scope"
      onChange={(next) => {
        onScope?.(next);
        setScope(next);
      }}
    />
  );
}

const kinds = () =>
  within(screen.getByTestId('t-scope-kind'))
    .getAllByRole('radio')
    .map((r) => r.closest('label')!.textContent);
const shown = () =>
  screen
    .getByTestId('t-scope-pick')
    .querySelector('.ant-select-content, .ant-select-selection-item, .ant-select-selection-placeholder')?.textContent ??
  '';

beforeAll(async () => {
  await setupI18n('en_US');
});
beforeEach(async () => {
  setViewportWidth(1440);
  await changeLanguage('en_US');
});

describe('statistics scope picker', () => {
  it('offers the whole business and the three kinds; a kind asks for its one, and the one picked is the scope', async () => {
    const server = fakeServer({
      [api.outletQueryPage.path]: {
        list: [
          { id: 7, name: 'Central Station' },
          { id: 9, name: 'East Mall' },
        ],
        total: 2,
      },
    });
    const changes: Scope[] = [];
    renderView(<Harness initial={{ kind: 'all', id: null }} onScope={(s) => changes.push(s)} />);
    expect(kinds()).toEqual(['Whole business', 'Region', 'Agent', 'Outlet']);
    expect(screen.getByTestId('t-scope-kind').getAttribute('aria-label')).toBe('Scope');
    // The whole business needs no picker, and nothing was asked of the server.
    expect(screen.queryByTestId('t-scope-pick')).toBeNull();

    fireEvent.click(screen.getByText('Outlet'));
    expect(changes.at(-1)).toEqual({ kind: 'outlet', id: null });
    await waitFor(() => expect(shown()).toContain('Choose an outlet'));
    // The list is read when the picker opens, not before.
    expect(server.to(api.outletQueryPage.path)).toHaveLength(0);
    fireEvent.mouseDown(screen.getByTestId('t-scope-pick').querySelector('.ant-select')!);
    fireEvent.click(await screen.findByTitle('East Mall'));
    expect(changes.at(-1)).toEqual({ kind: 'outlet', id: 9 });
    await waitFor(() => expect(shown()).toBe('East Mall'));

    // Another kind forgets the outlet picked.
    fireEvent.click(screen.getByText('Agent'));
    expect(changes.at(-1)).toEqual({ kind: 'agent', id: null });
    await waitFor(() => expect(shown()).toContain('Choose an agent'));
    fireEvent.click(screen.getByText('Whole business'));
    expect(changes.at(-1)).toEqual({ kind: 'all', id: null });
    await waitFor(() => expect(screen.queryByTestId('t-scope-pick')).toBeNull());
  });

  it('names an id from the address once the answer names it, before the list was read; an answer of another scope is not taken', async () => {
    const server = fakeServer({});
    const { rerender } = renderView(<Harness initial={{ kind: 'agent', id: 5 }} known={null} />);
    // A region 5 is not agent 5: its name is not the picker's.
    rerender(<Harness initial={{ kind: 'agent', id: 5 }} known={{ kind: 'region', id: 5, name: 'North' }} />);
    expect(shown()).not.toContain('North');
    rerender(<Harness initial={{ kind: 'agent', id: 5 }} known={{ kind: 'agent', id: 5, name: 'East Agency' }} />);
    await waitFor(() => expect(shown()).toBe('East Agency'));
    expect(server.calls).toHaveLength(0);
  });

  it("speaks the console's language and takes the whole line on a phone", async () => {
    setViewportWidth(390);
    await changeLanguage('zh_CN');
    renderView(<Harness initial={{ kind: 'region', id: null }} />);
    expect(kinds()).toEqual(['全部业务', '区域', '代理商', '网点']);
    await waitFor(() => expect(shown()).toContain('选择区域'));
    expect(screen.getByTestId('t-scope').className).toContain('is-mobile');
  });

  it("turns a scope into the statistics calls' one parameter, none while the one is not picked", () => {
    expect(scopeParams({ kind: 'all', id: null })).toEqual({});
    expect(scopeParams({ kind: 'outlet', id: null })).toEqual({});
    expect(scopeParams({ kind: 'region', id: 3 })).toEqual({ regionId: 3 });
    expect(scopeParams({ kind: 'agent', id: 4 })).toEqual({ agentId: 4 });
    expect(scopeParams({ kind: 'outlet', id: 5 })).toEqual({ outletId: 5 });
  });
});
