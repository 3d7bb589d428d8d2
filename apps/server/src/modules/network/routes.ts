import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../platform/module.js';
import { registerCall } from '../../platform/http/routes.js';
import type { NetworkServices } from './index.js';

/** Pictures of agents and pushers: whole PNG or JPEG, up to 2 MB. */
const IMAGE_MAX_BYTES = 2 * 1024 * 1024;

export function networkRoutes(app: FastifyInstance, s: NetworkServices, { uploads }: Platform): void {
  registerCall(app, 'regionSaveOrUpdate', ({ body }) => s.regions.save(body));
  registerCall(app, 'regionDelete', ({ query }) => s.regions.delete(query.id));
  registerCall(app, 'regionOptions', () => s.regions.options());
  registerCall(app, 'teamSaveOrUpdate', ({ body }) => s.regions.saveTeam(body));
  registerCall(app, 'teamDelete', ({ query }) => s.regions.deleteTeam(query.id));
  registerCall(app, 'teamOptions', () => s.regions.teamOptions());

  registerCall(app, 'agentDetail', ({ query }) => s.agents.detail(query.id));
  registerCall(app, 'agentSaveOrUpdate', ({ body }) => s.agents.save(body));
  registerCall(app, 'agentUpdateStatus', ({ body }) => s.agents.setStatus(body));
  const image = async (req: Parameters<typeof uploads.acceptImage>[0], accountId: number) => ({ url: (await uploads.acceptImage(req, accountId, { kind: 'image', maxBytes: IMAGE_MAX_BYTES })).url });
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
    body.code ? s.customers.signIn({ areaCode: body.areaCode!, mobile: body.mobile!, code: body.code, clientType: body.clientType }, req) : s.appAccounts.login(body, req),
  );
  registerCall(app, 'appSendCode', ({ body, req }) => s.customers.sendCode(body.areaCode, body.mobile, { ip: req.ip }), { audit: false });
  registerCall(app, 'appMe', ({ principal }) => s.appAccounts.me(principal));
  registerCall(app, 'appLogout', ({ principal }) => (principal.accountType === 'user' ? s.customers.logout(principal) : s.appAccounts.logout(principal)));
  registerCall(app, 'appCooperationApply', ({ body, principal, req }) => s.cooperation.apply(principal, body, { ip: req.ip }));
}
