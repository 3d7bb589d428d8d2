import { accountTypeIn, actionLabel, auditTargetIn, extensionOfPermission, label, terminalIn } from '@cbo/contract';
import { defineList, definePage } from '../../platform/list-kit.js';
import { defineModule, type Late, type Platform } from '../../platform/module.js';
import { formatInZone } from '../../platform/time-zone.js';
import { SecretBox } from '../../platform/crypto/secret-box.js';
import { ConfigService, type BrokerLookup, type CodeIssuer } from './config.service.js';
import { MerchantAccountService } from './merchant-accounts.js';
import { ExtensionService } from './extension.service.js';
import { systemFileRefs } from './file-refs.js';
import { systemMenus } from './menus.js';
import { ParamsService } from './params.service.js';
import { ProblemTypeService } from './problem-type.service.js';
import { systemRoutes } from './routes.js';
import { SceneService } from './scene.service.js';
import { seedSystem } from './seed.js';
import * as tables from './tables.js';

/** What the system module uses of modules built before it: SMS codes and tickets (the identity module's `codes`). */
export interface SystemNeeds {
  codes: CodeIssuer;
}

/** What the system module needs of modules built after it, bound in app.ts's bind phase. */
export interface SystemLate {
  /** Where the fleet's broker listens (the fleet module's gateway), shown beside the saved device server address. */
  broker: BrokerLookup;
}

/** The system module's services: parameters, global config, extended functions, device scenes, problem types. */
function createSystem({ db, config: settings, log }: Platform, needs: SystemNeeds, late: Late<SystemLate>) {
  const params = new ParamsService(db);
  const config = new ConfigService(db, needs.codes, { endpoint: () => late.broker.endpoint() });
  // Merchant accounts of the payment companies: for the console, and for the server's adapters
  // (merchantAccount, notifyBaseUrl, merchantVersion), which src/wiring/order.ts hands to the order module's router.
  const merchant = new MerchantAccountService(
    db,
    SecretBox.fromEnv(settings.MERCHANT_SECRET_KEY, settings.MERCHANT_SECRET_KEY_PREVIOUS),
    config,
    log,
  );
  const extensions = new ExtensionService(db, config);
  const scenes = new SceneService(db);
  const problemTypes = new ProblemTypeService(db);
  /**
   * Which menus are open now: a closed extended function's screens and buttons leave the menus
   * the console is served (by the permission they carry; EXTENSION_GATES). The identity module's late need.
   */
  const openMenus = async (): Promise<(perms: string | null) => boolean> => {
    const active = await extensions.activeCodes();
    return (perms) => {
      const of = extensionOfPermission(perms);
      return !of || active.has(of);
    };
  };
  return { params, config, extensions, scenes, problemTypes, merchant, openMenus };
}

export type SystemServices = ReturnType<typeof createSystem>;
export type { MerchantAccount } from './merchant-accounts.js';

/**
 * The system module. It also shows two platform services as screens: the export centre's list
 * and the operation log the guard writes.
 */
export const system = defineModule({
  name: 'system',
  tables,
  menus: systemMenus,
  fileRefs: systemFileRefs,
  late: { broker: true },
  services: createSystem,
  lists: (s, { audit }) => [
    defineList({
      page: 'operationLogQueryPage',
      export: 'operationLogExport',
      source: audit,
      // Words in the reader's language: the action, the target by the name it had, kinds and outcome.
      cells: (r, { timeZone, lang }) => ({
        accountType: accountTypeIn(r.accountType, lang),
        terminal: r.terminal ? terminalIn(r.terminal, lang) : '',
        behaviour: actionLabel(r.call, lang) ?? r.behaviour,
        request: `${r.method} ${r.path}`,
        target: r.targetName ? auditTargetIn(r.targetName, lang) : r.target,
        result:
          r.resultCode === 0
            ? label('system', 'operationResult', 'success', lang)
            : `${label('system', 'operationResult', 'fail', lang)} (${r.resultCode})`,
        createTime: formatInZone(r.createTime, timeZone),
      }),
      widths: { accountType: 12, terminal: 14, behaviour: 40, request: 40, result: 10, durationMs: 12, createTime: 20 },
    }),
    defineList({
      page: 'problemTypeQueryPage',
      export: 'problemTypeExport',
      source: s.problemTypes,
      cells: (r, { lang, timeZone }) => ({
        status: label('system', 'problemTypeStatus', r.status, lang),
        createTime: formatInZone(r.createTime, timeZone),
      }),
      widths: { sort: 8, remark: 30, status: 10, createTime: 20 },
    }),
    definePage({ page: 'extensionQueryPage', source: s.extensions }),
  ],
  routes: systemRoutes,
  seed: async (s) => {
    await seedSystem(s.params);
    await s.config.seedDefaults();
    await s.extensions.seed();
    // Rotation: secrets sealed with MERCHANT_SECRET_KEY_PREVIOUS are sealed again under the new key.
    await s.merchant.resealAll();
  },
});
