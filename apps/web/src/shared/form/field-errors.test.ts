import { describe, expect, it } from 'vitest';
import { Errors, type ErrorName } from '@cbo/contract';
import { ApiError } from '../request';
import { fieldOfError } from './field-errors';

/** A form holding these fields, as antd answers getFieldsValue() (an empty field included). */
const formWith = (...fields: string[]) => ({
  getFieldsValue: () => Object.fromEntries(fields.map((f) => [f, undefined])),
});
const refusal = (name: ErrorName) => new ApiError(Errors[name].code, 'refused');

describe('server refusals shown under their field', () => {
  it("the agent form's ratio and parent, the outlet form's ratio", () => {
    const agent = formWith('name', 'level', 'parentId', 'ratio', 'regionId');
    expect(fieldOfError(refusal('RATIO_ABOVE_PARENT'), agent)).toBe('ratio');
    expect(fieldOfError(refusal('RATIO_BELOW_CHILD'), agent)).toBe('ratio');
    expect(fieldOfError(refusal('AGENT_PARENT_LEVEL'), agent)).toBe('parentId');
    // A level A agent's form holds no parent field: the level is marked.
    expect(fieldOfError(refusal('AGENT_PARENT_NONE'), formWith('name', 'level', 'ratio'))).toBe('level');
    expect(fieldOfError(refusal('OUTLET_RATIO_ABOVE_AGENT'), formWith('name', 'agentId', 'ratio'))).toBe('ratio');
  });

  it("the refund review's decision: the second approver and the requester's own refund", () => {
    const review = formWith('approve', 'reason');
    expect(fieldOfError(refusal('REFUND_SAME_APPROVER'), review)).toBe('approve');
    expect(fieldOfError(refusal('REFUND_OWN_APPLICATION'), review)).toBe('approve');
  });

  it('leaves to the toast what the form holds no field of, and what is not about a field', () => {
    expect(fieldOfError(refusal('RATIO_ABOVE_PARENT'), formWith('name'))).toBeNull();
    expect(fieldOfError(refusal('REFUND_NOT_PENDING'), formWith('approve'))).toBeNull();
    expect(fieldOfError(new ApiError(Errors.RATIO_ABOVE_PARENT.code, 'x', 'network'), formWith('ratio'))).toBeNull();
  });
});
