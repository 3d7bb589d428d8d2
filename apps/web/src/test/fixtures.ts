import type { MenuEntry, UserInfo } from '@cbo/contract';

/*
 * Records the console's tests build again and again: a menu entry of the account's routes and
 * the signed-in account. Each test names only what it is about; the rest is a plain default.
 */

let nextMenuId = 1000;

/** A menu entry (a screen by default: type 1, shown, no roles), with a fresh id unless given. */
export function menuEntry(p: Partial<MenuEntry> & Pick<MenuEntry, 'path'>): MenuEntry {
  return {
    id: nextMenuId++,
    parentId: 0,
    name: p.url ?? 'x',
    url: null,
    type: 1,
    hidden: false,
    roles: null,
    icon: null,
    orderNum: 0,
    perms: null,
    children: [],
    ...p,
  };
}

/** The signed-in account (userInfo), an operator that never signed in before unless told. */
export function userInfo(p: Partial<UserInfo> = {}): UserInfo {
  return {
    userId: 5,
    userName: 'li',
    nickName: 'Li Lei',
    img: null,
    roles: ['operations'],
    roleNames: ['Operations'],
    authCode: null,
    areaCode: '86',
    mobile: '13800000000',
    lastLoginTime: null,
    lastLoginIp: null,
    ...p,
  };
}
