import { describe, expect, it } from 'vitest';
import { parseSnList, rangePreview, snListProblem, snRangeEndSchema } from './sn-rules';
import { describeIssue } from '@cbo/contract';

const problemOfEnd = (start: string, end: string) => {
  const r = snRangeEndSchema(start).safeParse(end);
  return r.success ? null : describeIssue(r.error.issues[0]!, 'en_US');
};

describe('batch storage rules in the form', () => {
  it('reads a pasted list by lines, commas, semicolons and spaces, upper-cased', () => {
    expect(parseSnList(' chgb000000000001\nCHGB000000000002,CHGB000000000003； CHGB0000000000004 \n\n')).toEqual([
      'CHGB000000000001',
      'CHGB000000000002',
      'CHGB000000000003',
      'CHGB0000000000004',
    ]);
    expect(parseSnList('')).toEqual([]);
  });

  it('accepts 16- and 17-character SNs and names every non-standard one as typed', () => {
    expect(snListProblem('CHGB000000000001\nCHGB0000000000002', 'en_US')).toBeNull();
    expect(snListProblem('chgb000000000001\nCHGB0000000000002', 'en_US')).toBeNull();
    const problem = snListProblem('CHGB000000000001\nchg1000000000002\nXx\nchg1000000000002', 'en_US');
    expect(problem).toMatch(/^chg1000000000002, Xx: .*non-standard device code/);
    expect(problem).not.toContain('CHG1000000000002');
    expect(snListProblem('CHGB00000000001', 'zh_CN')).toContain('设备编码不规范');
  });

  it('refuses an empty list and more than 500 SNs', () => {
    expect(snListProblem('  ', 'en_US')).toBeTruthy();
    const many = Array.from({ length: 501 }, (_, i) => `CHGB${String(i + 1).padStart(12, '0')}`).join('\n');
    expect(snListProblem(many, 'en_US')).toMatch(/500/);
    const max = Array.from({ length: 500 }, (_, i) => `CHGB${String(i + 1).padStart(12, '0')}`).join('\n');
    expect(snListProblem(max, 'en_US')).toBeNull();
  });

  it('checks a range: same length, same letters, start not above end, at most 500', () => {
    expect(problemOfEnd('CHGB000000000001', 'CHGB000000000500')).toBeNull();
    expect(problemOfEnd('CHGB000000000001', 'CHGB000000000501')).toMatch(/500/);
    expect(problemOfEnd('CHGB000000000010', 'CHGB000000000009')).toMatch(/below start/);
    expect(problemOfEnd('CHGB000000000001', 'CHGB0000000000002')).toMatch(/same length/);
    expect(problemOfEnd('CHGB000000000001', 'ABCD000000000002')).toMatch(/same letters/);
    expect(problemOfEnd('CHGB000000000001', 'CHGB00000000000X')).toMatch(/non-standard/);
  });

  it('previews how many cabinets a valid range holds', () => {
    expect(rangePreview('chgb000000000008', 'CHGB000000000012')).toEqual({
      count: 5,
      first: 'CHGB000000000008',
      last: 'CHGB000000000012',
    });
    expect(rangePreview('CHGB000000000012', 'CHGB000000000008')).toBeNull();
    expect(rangePreview(undefined, 'CHGB000000000008')).toBeNull();
  });
});
