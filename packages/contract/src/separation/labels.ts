import { tr, type LabelGroup } from '../platform/labels.js';
import type { Translations } from '../platform/lang.js';
import type { separationCalls } from './calls.js';
import type { SEPARATION_ORDER_STATUSES, SEPARATION_RULE_STATUSES, SEPARATION_TYPES } from './separation.js';

/** Words of order separation that both the console and the server show. */
export const separationLabels = {
  type: {
    allPartners: tr('全部合作方分润', '全部合作方分潤', "Every partner's share"),
    outlet: tr('网点分润', '網點分潤', "The outlet's share"),
    agents: tr('代理商分润', '代理商分潤', "The agents' shares"),
  } satisfies LabelGroup<(typeof SEPARATION_TYPES)[number]>,
  ruleStatus: {
    running: tr('运行中', '運行中', 'Running'),
    paused: tr('已暂停', '已暫停', 'Paused'),
    restored: tr('已恢复', '已恢復', 'Restored'),
    deleted: tr('已删除', '已刪除', 'Deleted'),
  } satisfies LabelGroup<(typeof SEPARATION_RULE_STATUSES)[number]>,
  orderStatus: {
    separated: tr('已分单', '已分單', 'Separated'),
    restored: tr('已恢复', '已恢復', 'Restored'),
  } satisfies LabelGroup<(typeof SEPARATION_ORDER_STATUSES)[number]>,
} as const;

/** Names of the separation fields, for messages that name one. */
export const separationFieldLabels = {
  deviceSns: tr('设备范围', '設備範圍', 'Devices'),
  orderBeginTime: tr('订单开始时间', '訂單開始時間', 'Orders from'),
  orderEndTime: tr('订单结束时间', '訂單結束時間', 'Orders until'),
  startAmount: tr('起始金额', '起始金額', 'Start amount'),
  capAmount: tr('封顶金额', '封頂金額', 'Cap amount'),
  countStart: tr('起始单数', '起始單數', 'Order-count start'),
  countCap: tr('单设备封顶单数', '單設備封頂單數', 'Per-device count cap'),
  totalCap: tr('总分单金额上限', '總分單金額上限', 'Total cap'),
} as const;

/** What each change of order separation is called in the operation log, keyed by its call. */
export const separationActions = {
  separationRuleSave: tr('保存分单规则', '儲存分單規則', 'Save separation rule'),
  separationRuleEditStatus: tr('修改分单规则状态', '修改分單規則狀態', 'Change separation rule status'),
  separationRuleDelete: tr('删除分单规则', '刪除分單規則', 'Delete separation rule'),
  separationOrderRestore: tr('恢复分单订单', '恢復分單訂單', 'Restore separated order'),
} as const satisfies { [K in keyof typeof separationCalls]?: Translations };

/** What each call of the separation domain that changes nothing is named (interfaces screen); a change is named by its action above. */
export const separationReads = {
  separationRuleQueryPage: tr('查询分单规则', '查詢分單規則', 'Query separation rules'),
  separationRuleDetail: tr('分单规则详情', '分單規則詳情', 'Separation rule details'),
  separationOrderQueryPage: tr('查询分单订单', '查詢分單訂單', 'Query separated orders'),
} as const satisfies { [K in keyof typeof separationCalls]?: Translations };
