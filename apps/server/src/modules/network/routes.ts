import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../platform/module.js';
import { registerCall } from '../../platform/http/routes.js';
import { exportLabels, labels, type PartnerStatementQuery, type StatementFigures } from '@cbo/contract';
import { AppError } from '../../platform/http/app-error.js';
import type { Principal } from '../../platform/http/routes.js';
import { timeZoneOf } from '../../platform/time-zone.js';
import type { NetworkServices } from './index.js';
import type { PartnerScope } from './partner.service.js';
import { yuan } from '../../platform/money.js';

/** Pictures of agents and pushers: whole PNG or JPEG, up to 2 MB. */
const IMAGE_MAX_BYTES = 2 * 1024 * 1024;

export function networkRoutes(app: FastifyInstance, s: NetworkServices, { uploads, exports }: Platform): void {
  // The partner tree and statements: staff with the agent list's permission read every partner;
  // an agent's app account only its own subtree (another app account kind reads none).
  const all: PartnerScope = { all: true };
  const appScope = async (p: Principal): Promise<PartnerScope> => {
    if (p.accountType !== 'agent') throw new AppError('PARTNER_OUT_OF_SCOPE');
    return { all: false, agentId: (await s.appAccounts.me(p)).id };
  };
  const zoneOf = (req: { headers: Record<string, string | string[] | undefined> }) =>
    timeZoneOf(req.headers['x-time-zone']);
  registerCall(app, 'agentTree', ({ query }) => s.partners.tree(query, all));
  registerCall(app, 'appAgentTree', async ({ query, principal }) => s.partners.tree(query, await appScope(principal)));
  registerCall(app, 'partnerStatement', ({ query, req }) => s.partners.statement(query, zoneOf(req), all));
  registerCall(app, 'appPartnerStatement', async ({ query, principal, req }) =>
    s.partners.statement(query, zoneOf(req), await appScope(principal)),
  );
  // The export: its rows are the statement's opening, its days and its totals, in the asker's zone.
  // The statement is read once before the job starts, so bad input is refused at once, not in the file.
  const figureCells = (f: StatementFigures) => ({
    orders: f.orders,
    shares: yuan(f.shares),
    reversals: yuan(f.reversals),
    withdrawals: yuan(f.withdrawals),
    returned: yuan(f.returned),
    owed: yuan(f.owed),
    other: yuan(f.other),
  });
  const sheet = exportLabels.partnerStatementExport;
  const widths: Record<string, number> = { date: 24 };
  exports.register<PartnerStatementQuery & { timeZone?: string }>('partnerStatementExport', {
    title: sheet.title,
    columns: Object.entries(sheet.columns).map(([key, header]) => ({ key, header, width: widths[key] ?? 16 })),
    count: async (f) => (await s.partners.statement(f, f.timeZone ?? 'UTC', all)).days.length + 2,
    rows: async (f, offset, limit, { lang, timeZone }) => {
      const st = await s.partners.statement(f, f.timeZone ?? timeZone, all);
      const words = labels.network.statementRow;
      const lines = [
        { date: `${words.opening[lang]} (${st.beginDate})`, closing: yuan(st.opening) },
        ...st.days.map((d) => ({ date: d.date, ...figureCells(d), closing: yuan(d.closing) })),
        {
          date: `${words.total[lang]} (${st.beginDate} – ${st.endDate})`,
          ...figureCells(st),
          closing: yuan(st.closing),
        },
      ];
      return lines.slice(offset, offset + limit);
    },
  });
  registerCall(app, 'partnerStatementExport', async ({ body, principal, req }) => {
    await s.partners.statement(body, zoneOf(req), all);
    // The zone goes with the filter: the file's count and rows cut the same days.
    return exports.start(
      principal.accountId,
      'partnerStatementExport',
      { ...body, timeZone: zoneOf(req) },
      req.lang,
      zoneOf(req),
    );
  });

  registerCall(app, 'regionSaveOrUpdate', ({ body }) => s.regions.save(body));
  registerCall(app, 'regionDelete', ({ query }) => s.regions.delete(query.id));
  registerCall(app, 'regionOptions', () => s.regions.options());
  registerCall(app, 'teamSaveOrUpdate', ({ body }) => s.regions.saveTeam(body));
  registerCall(app, 'teamDelete', ({ query }) => s.regions.deleteTeam(query.id));
  registerCall(app, 'teamOptions', () => s.regions.teamOptions());
  registerCall(app, 'teamDirect', ({ principal }) => s.regions.directTeams(principal));

  registerCall(app, 'agentDetail', ({ query }) => s.agents.detail(query.id));
  registerCall(app, 'agentSaveOrUpdate', ({ body }) => s.agents.save(body));
  registerCall(app, 'agentUpdateStatus', ({ body }) => s.agents.setStatus(body));
  const image = async (req: Parameters<typeof uploads.acceptImage>[0], accountId: number) => ({
    url: (await uploads.acceptImage(req, accountId, { kind: 'image', maxBytes: IMAGE_MAX_BYTES })).url,
  });
  registerCall(app, 'agentUploadImage', ({ principal, req }) => image(req, principal.accountId));
  registerCall(app, 'pusherUploadImage', ({ principal, req }) => image(req, principal.accountId));
  registerCall(app, 'pusherSaveOrUpdate', ({ body }) => s.pushers.save(body));
  registerCall(app, 'pusherUpdateStatus', ({ body }) => s.pushers.setStatus(body));
  registerCall(app, 'providerSaveOrUpdate', ({ body }) => s.providers.save(body));
  registerCall(app, 'providerUpdateStatus', ({ body }) => s.providers.setStatus(body));

  registerCall(app, 'memberUpdateStatus', ({ body, principal }) => s.members.setStatus(body, principal.accountId));
  registerCall(app, 'memberDetail', ({ query }) => s.members.detail(query.id));
  registerCall(app, 'memberSignInQueryPage', ({ query }) => s.members.signIns(query));
  registerCall(app, 'memberFreezeQueryPage', ({ query }) => s.members.freezes(query));
  registerCall(app, 'memberUpdateLevel', ({ body }) => s.members.setLevel(body));
  registerCall(app, 'cooperationHandle', ({ body, principal }) => s.cooperation.handle(principal.accountId, body));
  registerCall(app, 'selectUserByType', ({ query }) => s.picker.page(query));

  // Customers sign in with a code, agent app accounts with a password (the contract takes one of the two).
  registerCall(app, 'appLogin', ({ body, req }) =>
    body.code
      ? s.customers.signIn(
          { areaCode: body.areaCode!, mobile: body.mobile!, code: body.code, clientType: body.clientType },
          req,
        )
      : s.appAccounts.login(body, req),
  );
  registerCall(
    app,
    'appSendCode',
    ({ body, req }) => s.customers.sendCode(body.areaCode, body.mobile, { ip: req.ip }),
    { audit: false },
  );
  registerCall(app, 'appMe', ({ principal }) => s.appAccounts.me(principal));
  registerCall(app, 'appLogout', ({ principal }) =>
    principal.accountType === 'user' ? s.customers.logout(principal) : s.appAccounts.logout(principal),
  );
  registerCall(app, 'appCooperationApply', ({ body, principal, req }) =>
    s.cooperation.apply(principal, body, { ip: req.ip }),
  );
}
