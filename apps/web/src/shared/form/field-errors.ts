import type { FormInstance } from 'antd';
import { Errors, type ErrorName } from '@cbo/contract';
import { ApiError } from '../request';
import { claimErrors } from './form-claims';

/**
 * Server refusals that are about one field of the form that sent them ("this user name is taken",
 * "this slot is empty"). A form shows such an answer under the field, where the person is looking
 * and can fix it, instead of in a toast that fades; every other refusal stays a toast.
 *
 * The names are the contract's field names, which the forms use as their Form.Item names. The
 * first name the submitting form holds is the one marked; a form without any of them leaves the
 * error to the toast.
 */
export const ERROR_FIELDS: Readonly<Partial<Record<ErrorName, readonly string[]>>> = {
  USERNAME_TAKEN: ['userName'],
  MOBILE_TAKEN: ['mobile'],
  MOBILE_FORMAT: ['mobile'],
  MOBILE_NEEDS_AREA_CODE: ['areaCode'],
  CODE_INVALID: ['code'],
  OLD_PASSWORD_WRONG: ['oldPassword'],
  ORG_UNKNOWN: ['orgId', 'parentId'],
  ORG_NAME_TAKEN: ['name'],
  ORG_PARENT_INVALID: ['parentId'],
  ROLE_NAME_TAKEN: ['name', 'roleName'],
  ROLE_UNKNOWN: ['roleIds'],
  MENU_PATH_TAKEN: ['path'],
  MENU_PARENT_INVALID: ['parentId'],
  MENU_PERM_UNKNOWN: ['perms'],
  PROBLEM_TYPE_NAME_TAKEN: ['name'],
  CABINET_OFFLINE: ['sn'],
  DEVICE_NOT_FOUND: ['sn'],
  SLOT_NOT_FOUND: ['slot'],
  SLOT_EMPTY: ['slot'],
  SLOT_BUSY: ['slot'],
  ORDER_REFUND_AMOUNT: ['amount'],
  // The agent form's ratio and level/parent, the outlet form's ratio: refused by the chain above or below.
  RATIO_ABOVE_PARENT: ['ratio'],
  RATIO_BELOW_CHILD: ['ratio'],
  AGENT_PARENT_LEVEL: ['parentId', 'level'],
  AGENT_PARENT_NONE: ['parentId', 'level'],
  OUTLET_RATIO_ABOVE_AGENT: ['ratio'],
  // The refund review's decision: the second approver, and never the requester (maker-checker).
  REFUND_SAME_APPROVER: ['approve'],
  REFUND_OWN_APPLICATION: ['approve'],
  ORDER_STOP_TIME_WRONG: ['endTime'],
  ORDER_SUSPEND_TOO_LONG: ['minutes'],
  // Pay settings → Payment companies: a key that does not parse, what enabling still needs.
  MERCHANT_PRIVATE_KEY_INVALID: ['merchantPrivateKey', 'appPrivateKey'],
  MERCHANT_PUBLIC_KEY_INVALID: ['platformPublicKey', 'alipayPublicKey'],
  MERCHANT_INCOMPLETE: ['enabled'],
  MERCHANT_NOTIFY_URL_REQUIRED: ['notifyBaseUrl', 'enabled'],
};

const fieldsByCode = new Map<number, readonly string[]>(
  (Object.entries(ERROR_FIELDS) as [ErrorName, readonly string[]][]).map(([name, fields]) => [
    Errors[name].code,
    fields,
  ]),
);

/** The form's own field an error belongs to, or null when the form holds none of its fields. */
export function fieldOfError(err: unknown, form: Pick<FormInstance, 'getFieldsValue'>): string | null {
  if (!(err instanceof ApiError) || err.kind !== 'api') return null;
  const fields = fieldsByCode.get(err.code);
  if (!fields) return null;
  // Without arguments antd answers every registered field, a field left empty included.
  const held = form.getFieldsValue() as Record<string, unknown>;
  return fields.find((f) => Object.prototype.hasOwnProperty.call(held, f)) ?? null;
}

export { isClaimedByForm } from './form-claims';

/**
 * Sends a form's call; a refusal about one of the form's fields is shown on that field (and not
 * as a toast), then rethrown so the form stays open. Every other failure goes on as before.
 */
export async function submitWithFieldErrors<T>(
  form: Pick<FormInstance, 'getFieldsValue' | 'setFields' | 'scrollToField'>,
  send: () => Promise<T>,
): Promise<T> {
  const unclaim = claimErrors((err) => fieldOfError(err, form) !== null);
  try {
    return await send();
  } catch (err) {
    const field = fieldOfError(err, form);
    if (field) {
      form.setFields([{ name: field, errors: [(err as ApiError).message] }]);
      form.scrollToField(field, { block: 'center' });
    }
    throw err;
  } finally {
    unclaim();
  }
}
