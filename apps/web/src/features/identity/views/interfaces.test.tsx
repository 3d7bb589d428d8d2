import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { api, type ApiItem } from '@cbo/contract';
import { fakeServer, renderView, setupI18n, setViewportWidth } from '@/test/list-page';
import { changeLanguage } from '@/shared/i18n';
import InterfacesView from './interfaces';

const LIST = api.apiQueryPage.path;
const BUTTONS = api.menuGetButton.path;

// The server answers a route's name in the caller's language; the screen names it by its call.
const rows: ApiItem[] = [
  {
    id: 1,
    method: 'GET',
    path: api.roleQueryPage.path,
    call: 'roleQueryPage',
    name: 'Query roles',
    module: 'identity',
    access: 'sys:role:query',
    present: true,
    menus: [],
  },
  {
    id: 2,
    method: 'POST',
    path: api.outletSaveOrUpdate.path,
    call: 'outletSaveOrUpdate',
    name: 'Save outlet',
    module: 'outlet',
    access: 'outlet:edit',
    present: true,
    menus: [],
  },
  {
    id: 3,
    method: 'GET',
    path: '/user/api/v1/gone/list',
    call: null,
    name: 'Gone list',
    module: 'system',
    access: 'authenticated',
    present: false,
    menus: [],
  },
];

beforeAll(async () => {
  await setupI18n('zh_CN');
});
beforeEach(async () => {
  setViewportWidth(1440);
  await changeLanguage('zh_CN');
});

const row = (id: number) => document.querySelector<HTMLElement>(`tr[data-row-key="${id}"]`)!;

describe('interfaces screen', () => {
  it("names each route and its module in the reader's language, and switches with the language; a removed route by its stored name", async () => {
    fakeServer({ [LIST]: { list: rows, total: 3 }, [BUTTONS]: [] });
    renderView(<InterfacesView />);
    expect(await screen.findByText('查询角色')).toBeTruthy();
    expect(within(row(1)).getByText('账号与权限')).toBeTruthy();
    expect(within(row(2)).getByText('保存网点')).toBeTruthy();
    expect(within(row(2)).getByText('网点')).toBeTruthy();
    expect(within(row(3)).getByText('Gone list')).toBeTruthy();

    await changeLanguage('zh_TW');
    expect(await screen.findByText('查詢角色')).toBeTruthy();
    expect(within(row(2)).getByText('儲存網點')).toBeTruthy();
    await changeLanguage('en_US');
    expect(await screen.findByText('Query roles')).toBeTruthy();
    expect(within(row(1)).getByText('Accounts and permissions')).toBeTruthy();
  });
});
