import { z } from 'zod';
import { withPhone } from '../platform/phone.js';
import { multiline } from '../platform/text-rule.js';
import { pageQuery, sortQuery } from '../platform/envelope.js';
import * as r from '../platform/rules.js';
import { adminPassword, adminUserName } from './rules.js';
import { manageInfo, updateProfileRequest } from './profile.js';

/**
 * System management of the identity domain: admin accounts ("sys managers"), the organization
 * tree, roles, menu management and the interface routes.
 */

const id = z.coerce.number().int().positive();
const optionalText = (s: z.ZodString) => z.union([s, z.literal('')]).optional();

/** Account status: 0 normal, 1 frozen. */
export const MANAGE_STATUS = { normal: 0, frozen: 1 } as const;
export const manageStatus = z.union([z.literal(0), z.literal(1)]);

/** Role weight: 1-10 digits. */
export const roleWeight = z.number().int().min(0).max(9_999_999_999);

// ---- personnel --------------------------------------------------------------------------

export const MANAGE_SORTS = ['createTime', 'loginCount', 'lastLoginTime', 'userName'] as const;
export const manageFilter = z.object({
  /** Matches the user name or the nickname. */
  userName: z.string().trim().max(32).optional(),
  mobile: z.string().trim().max(20).optional(),
  status: z.coerce.number().int().min(0).max(1).optional(),
  roleId: id.optional(),
  /** A department: its accounts and those of every department below it. */
  orgId: id.optional(),
});
export type ManageFilter = z.infer<typeof manageFilter>;
export const manageListQuery = pageQuery.extend(manageFilter.shape).extend({
  orderBy: z.enum(MANAGE_SORTS).optional(),
  order: sortQuery.shape.order,
});
/** A row of the personnel list: the same account shape the personal center reads. */
export const manageItem = manageInfo;
export type ManageItem = z.infer<typeof manageItem>;

const roleIds = z.array(z.number().int().positive()).min(1).max(20);

/** POST /user/api/v1/sys/manage: a new admin account. */
export const manageCreateRequest = withPhone(
  z.object({
    userName: adminUserName,
    nickName: r.nickName,
    password: adminPassword,
    roleIds,
    orgId: z.number().int().positive().nullable().optional(),
    areaCode: optionalText(r.areaCode),
    mobile: optionalText(r.mobile),
    email: optionalText(r.email),
    idCard: r.idCard.optional(),
    address: r.address.optional(),
    note: r.note.optional(),
  }),
);
export type ManageCreateRequest = z.infer<typeof manageCreateRequest>;

/** PUT updateSysManageStatus: freeze (1) or unfreeze (0). */
export const manageStatusRequest = z.object({ manageId: z.number().int().positive(), status: manageStatus });
/** PUT resetPassword: an administrator sets another account's password. */
export const manageResetPasswordRequest = z.object({ manageId: z.number().int().positive(), password: adminPassword });
/** GET loginLocks: active sign-in lockouts of one account, or of every account without manageId. */
export const loginLocksQuery = z.object({ manageId: z.coerce.number().int().positive().optional() });
/** One lockout: the account from one address, or (ip null) from every address it never signed in from. */
export const loginLock = z.object({
  manageId: z.number().int(),
  ip: z.string().nullable(),
  failures: z.number().int(),
  lockedUntil: z.string(),
});
export type LoginLock = z.infer<typeof loginLock>;
/** PUT unlockLogin: lifts every lockout and wait of the account. */
export const unlockLoginRequest = z.object({ manageId: z.number().int().positive() });
export const unlockLoginResult = z.object({ lifted: z.number().int() });
export const manageCreated = z.object({ manageId: z.number().int() });

// ---- organization ------------------------------------------------------------------------

export interface OrgNode {
  id: number;
  parentId: number;
  name: string;
  orderNum: number;
  accountCount: number;
  children: OrgNode[];
}
// A recursive tree: its id makes it one named component of the OpenAPI document.
export const orgNode: z.ZodType<OrgNode> = z
  .lazy(() =>
    z.object({
      id: z.number().int(),
      parentId: z.number().int(),
      name: z.string(),
      orderNum: z.number().int(),
      /** Accounts in this department itself (not below it). */
      accountCount: z.number().int(),
      children: z.array(orgNode),
    }),
  )
  .meta({ id: 'OrgNode' });
export const orgSaveRequest = z.object({
  id: z.number().int().positive().optional(),
  /** 0 for a first-level department. */
  parentId: z.number().int().min(0),
  name: z.string().trim().min(1).max(32),
  orderNum: z.number().int().min(0).max(9999).default(0),
});
export type OrgSaveRequest = z.infer<typeof orgSaveRequest>;
export const savedId = z.object({ id: z.number().int() });

// ---- roles -------------------------------------------------------------------------------

export const roleQuery = pageQuery.extend({ name: z.string().trim().max(32).optional() });
export const roleItem = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  remark: z.string().nullable(),
  weight: z.number().int(),
  isSuper: z.boolean(),
  creator: z.string().nullable(),
  accountCount: z.number().int(),
  menuCount: z.number().int(),
  createTime: z.string(),
});
export type RoleItem = z.infer<typeof roleItem>;
export const roleDetail = roleItem.extend({ menuIds: z.array(z.number().int()) });
export type RoleDetail = z.infer<typeof roleDetail>;
export const roleOption = z.object({ id: z.number().int(), name: z.string(), isSuper: z.boolean() });
export const roleSaveRequest = z.object({
  id: z.number().int().positive().optional(),
  name: z.string().trim().min(1).max(32),
  remark: multiline(z.string().trim().max(64)).optional(),
  weight: roleWeight,
  /** Menus the role holds; the parents of each are added by the server (half-checked in the tree). */
  menuIds: z.array(z.number().int().positive()).max(2000),
});
export type RoleSaveRequest = z.infer<typeof roleSaveRequest>;

// ---- menus -------------------------------------------------------------------------------

export const BUTTON_TYPES = ['add', 'edit', 'delete', 'query', 'export', 'status', 'other'] as const;

export interface ManageMenu {
  id: number;
  parentId: number;
  code: string;
  name: string;
  type: 0 | 1 | 2;
  path: string;
  breadcrumb: string | null;
  url: string | null;
  icon: string | null;
  orderNum: number;
  hidden: boolean;
  perms: string | null;
  buttonType: string | null;
  description: string | null;
  builtIn: boolean;
  apiCount: number;
  children: ManageMenu[];
}
// A recursive tree: its id makes it one named component of the OpenAPI document.
export const manageMenu: z.ZodType<ManageMenu> = z
  .lazy(() =>
    z.object({
      id: z.number().int(),
      parentId: z.number().int(),
      code: z.string(),
      name: z.string(),
      type: z.union([z.literal(0), z.literal(1), z.literal(2)]),
      path: z.string(),
      breadcrumb: z.string().nullable(),
      url: z.string().nullable(),
      icon: z.string().nullable(),
      orderNum: z.number().int(),
      hidden: z.boolean(),
      perms: z.string().nullable(),
      buttonType: z.string().nullable(),
      description: z.string().nullable(),
      /** Seeded by a module: may be edited and hidden, not deleted (a restart would bring it back). */
      builtIn: z.boolean(),
      apiCount: z.number().int(),
      children: z.array(manageMenu),
    }),
  )
  .meta({ id: 'ManageMenu' });
export const menuListQuery = z.object({ name: z.string().trim().max(64).optional() });
export const menuSaveRequest = z.object({
  id: z.number().int().positive().optional(),
  parentId: z.number().int().min(0),
  type: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  name: z.string().trim().min(1).max(64),
  /** Hash route of a directory or menu, such as /system/roles. */
  path: z
    .string()
    .trim()
    .max(200)
    .regex(/^(\/[\w\-/:]*)?$/, { error: 'rule.menuPath' })
    .optional(),
  breadcrumb: z.string().trim().max(200).optional(),
  /** View of a menu, 'feature/view'. */
  url: z
    .union([
      z
        .string()
        .trim()
        .regex(/^[\w-]+\/[\w-]+$/, { error: 'rule.menuUrl' }),
      z.literal(''),
    ])
    .optional(),
  icon: z.string().trim().max(255).optional(),
  orderNum: z.number().int().min(0).max(9999).default(0),
  hidden: z.boolean().default(false),
  /** A permission code declared by interface routes (`area:resource:action`). */
  perms: z.string().trim().max(100).optional(),
  buttonType: z.union([z.enum(BUTTON_TYPES), z.literal('')]).optional(),
  description: multiline(z.string().trim().max(200)).optional(),
});
export type MenuSaveRequest = z.infer<typeof menuSaveRequest>;
export const menuInfoQuery = z.object({ id: id.optional(), parentId: z.coerce.number().int().min(0).optional() });
const menuRef = z.object({ id: z.number().int(), name: z.string(), type: z.number().int(), path: z.string() });
export const menuInfo = z.object({ menu: manageMenu.nullable(), parent: menuRef.nullable() });
export const menuName = z.object({
  id: z.number().int(),
  parentId: z.number().int(),
  name: z.string(),
  type: z.number().int(),
  path: z.string(),
});

// ---- interface routes --------------------------------------------------------------------

export const apiRoute = z.object({
  id: z.number().int(),
  method: z.string(),
  path: z.string(),
  /** The contract call this route is (its name in every language: callNames); null for a route this version no longer has. */
  call: z.string().nullable(),
  /** The call's name in the caller's language; a removed route's name as it was stored. */
  name: z.string(),
  module: z.string(),
  /** public, authenticated, or the permission code. */
  access: z.string(),
  present: z.boolean(),
});
export type ApiRoute = z.infer<typeof apiRoute>;
export const boundRoute = apiRoute.extend({
  /** Bound because it declares the menu's permission code; changes only with the code. */
  fixed: z.boolean(),
});
export const urlListQuery = z.object({ nameOrPath: z.string().trim().max(100).optional() });
export const bindingRequest = z.object({
  menuId: z.number().int().positive(),
  apiIds: z.array(z.number().int().positive()).max(500),
});
export const ACCESS_KINDS = ['public', 'authenticated', 'permission'] as const;
export const apiFilter = z.object({
  nameOrPath: z.string().trim().max(100).optional(),
  module: z.string().trim().max(32).optional(),
  accessKind: z.enum(ACCESS_KINDS).optional(),
  method: z.enum(['GET', 'POST', 'PUT', 'DELETE']).optional(),
});
export const apiQuery = pageQuery.extend(apiFilter.shape);
export const apiItem = apiRoute.extend({ menus: z.array(z.object({ id: z.number().int(), name: z.string() })) });
export type ApiItem = z.infer<typeof apiItem>;
export const iconUploaded = z.object({ url: z.string() });

/**
 * PUT updateSysManage: the personal center sends the profile fields of its own account; personnel
 * management may also send roles, department and mobile, which need sys:manage:edit (also on
 * one's own account), as does any change to another account.
 */
export const manageUpdateRequest = withPhone(
  updateProfileRequest.extend({
    roleIds: roleIds.optional(),
    orgId: z.number().int().positive().nullable().optional(),
    areaCode: optionalText(r.areaCode),
    mobile: optionalText(r.mobile),
  }),
);
export type ManageUpdateRequest = z.infer<typeof manageUpdateRequest>;
