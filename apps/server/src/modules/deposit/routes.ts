import type { FastifyInstance } from 'fastify';
import { pageOf } from '../../platform/db/paging.js';
import { AnswerWithError, registerCall } from '../../platform/http/routes.js';
import type { DepositServices } from './index.js';

/** Thin routes: each validates through the contract and calls one service method. */
export function depositRoutes(app: FastifyInstance, s: DepositServices): void {
  const staff = (p: { userName: string }) => p.userName;
  // Reading lists changes nothing: not in the operation log.
  registerCall(app, 'depositQueryPage', ({ body }) => pageOf(s.deposits, body), { audit: false });
  registerCall(app, 'depositRuleList', ({ body }) => pageOf(s.rules, body), { audit: false });
  registerCall(app, 'depositStatistics', ({ body }) => s.deposits.statistics(body), { audit: false });
  registerCall(app, 'depositRefundApply', ({ query, body, principal }) =>
    s.deposits.apply(query.id, body.reason, staff(principal)),
  );
  registerCall(app, 'depositAudit', ({ query, body, principal }) => s.deposits.audit(query.id, body, staff(principal)));

  registerCall(app, 'depositRuleSave', ({ body, principal }) => s.rules.save(body, staff(principal)));
  registerCall(app, 'depositRuleDetail', ({ query }) => s.rules.detail(query.id));
  // A GET that changes a rule (the spec's path): logged like every change.
  registerCall(app, 'depositRuleEditStatus', ({ query }) => s.rules.editStatus(query.id, query.status), {
    audit: true,
  });

  registerCall(app, 'depositIgnoreAdd', ({ body, principal }) => s.rules.ignoreAdd(body, staff(principal)));
  registerCall(app, 'depositIgnoreBatch', async ({ body, principal, req }) => {
    const report = await s.rules.ignoreBatch(body, staff(principal), req.lang);
    if (!report.failed.length) return report;
    // Some lines skipped: who was added stays added; the answer is a refusal carrying the report (spec 8).
    return new AnswerWithError('REJECTED', report, {
      name: 'IGNORE_BATCH_PARTIAL',
      params: { total: report.total, succeeded: report.succeeded, failed: report.failed.length },
    });
  });
  registerCall(app, 'depositIgnoreDel', async ({ body }) => {
    await s.rules.ignoreDel(body.id);
    return null;
  });
}
